"""``sudoku-workbench rate FILE|-``: per puzzle: level (or SE or HoDoKu rating), hardest rule, step count."""

from __future__ import annotations

import argparse
import functools
from typing import Any

from sudoku_workbench.cli._batch import Refusal, for_each_puzzle
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._unique import add_assume_unique, solution_count, unique_refusal
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import Rule, rate
from sudoku_workbench.logic.rating.hodoku_scale import hodoku_refusal, rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.search.sat import sat_search

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``rate`` subcommand."""
    parser = subparsers.add_parser(
        "rate",
        help="rate puzzles by the hardest logic rule they need",
        description=(
            "Print, per puzzle, the level (easy, medium, hard, very_hard, forcing or needs_search), the id "
            "of the hardest rule used and the number of steps; with --scale se the rating on Sudoku "
            "Explainer's 1.0-11 scale instead of the level; with --scale hodoku HoDoKu 2.2's score and "
            "level (easy, medium, hard, unfair, extreme) before the rule id."
        ),
    )
    parser.add_argument("file", help="puzzle file (any supported format), or - for standard input")
    add_jobs_option(parser)
    parser.add_argument(
        "--scale",
        choices=("level", "se", "hodoku"),
        default="level",
        help="level (default); se: Sudoku Explainer's scale (the hardest step's difficulty); hodoku: "
        "HoDoKu's score (its steps' base scores summed along its path) and level",
    )
    add_assume_unique(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def rate_record(
    scale: str, rules: tuple[Rule, ...], assume_unique: bool, _number: int, grid: Grid
) -> list[str] | Refusal:
    """Worker: the output line for one puzzle on ``scale``, or why it is refused."""
    refusal = unique_refusal(grid, assume_unique)
    if refusal is not None:
        return refusal
    if scale == "se":
        # --assume-unique has counted one solution already (unique_refusal refuses any other puzzle).
        rated = rate_se(grid, rules, one_solution=assume_unique or solution_count(grid) == 1)
        return [f"{rated.difficulty:.1f} {rated.hardest_rule or '-'} {rated.step_count}"]
    if scale == "hodoku":
        refused = hodoku_refusal(grid.geometry)
        return [_hodoku_line(grid, rules)] if refused is None else Refusal(refused)
    rating = rate(grid, rules)
    return [f"{rating.level.name.lower()} {rating.hardest_rule or '-'} {rating.step_count}"]


def _hodoku_line(grid: Grid, rules: tuple[Rule, ...]) -> str:
    """``1362 hard naked_tuple 78``: score, level, hardest rule id (``guess``: HoDoKu guessed), steps.

    The solution, when the puzzle has one, lets the path take HoDoKu's uniqueness steps and guess as
    it does; a puzzle without one solution is rated on the rules alone (``stuck`` where they end).
    """
    found, solutions = sat_search(grid.geometry).search(grid.puzzle(), 2, keep=1)
    solution = solutions[0].values if found == 1 else None
    rated = rate_hodoku(grid, rules, solution=solution)
    level = rated.level.name.lower() if rated.status == "solved" else rated.status
    hardest = rated.hardest_rule or ("guess" if rated.guesses else "-")
    return f"{rated.score} {level} {hardest} {rated.step_count}"


def _run(args: argparse.Namespace) -> int:
    work = functools.partial(rate_record, args.scale, args.chosen_rules, args.assume_unique)
    return for_each_puzzle(args.file, work, jobs=args.jobs)
