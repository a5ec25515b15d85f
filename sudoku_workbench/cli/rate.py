"""``sudoku-workbench rate FILE|-``: per puzzle: level (or SE or HoDoKu rating), hardest rule, step count.

A table: a header line names the columns of the scale (``--no-header`` leaves it out), and the records
are written as text, JSON lines or CSV (``--format``).
"""

from __future__ import annotations

import argparse
import functools
from typing import Any

from sudoku_workbench.cli._batch import Refusal, for_each_puzzle
from sudoku_workbench.cli._dedupe import add_dedupe_option
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._table import add_table_options, header, invalid_row
from sudoku_workbench.cli._unique import add_assume_unique, solution_count, unique_refusal
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.rows import row_writer
from sudoku_workbench.logic.engine import Rule, rate
from sudoku_workbench.logic.rating.hodoku_scale import hodoku_refusal, rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se, se_refusal
from sudoku_workbench.search.solve import first_solutions

__all__ = ["COLUMNS", "register"]

#: Each scale's columns, in this order.
COLUMNS = {
    "level": ("level", "hardest", "steps"),
    "se": ("se", "hardest", "steps"),
    "hodoku": ("hodoku_score", "hodoku_level", "hardest", "steps"),
}


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
    parser.add_argument(
        "file", type=InputFile, help="puzzle file (any supported format), or - for standard input"
    )
    add_jobs_option(parser)
    add_dedupe_option(parser)
    parser.add_argument(
        "--scale",
        choices=("level", "se", "hodoku"),
        default="level",
        help="level (default); se: Sudoku Explainer's scale (the hardest step's difficulty); hodoku: "
        "HoDoKu's score (its steps' base scores summed along its path) and level",
    )
    add_assume_unique(parser)
    add_table_options(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def rate_record(
    scale: str, fmt: str, rules: tuple[Rule, ...], assume_unique: bool, _number: int, grid: Grid
) -> list[str] | Refusal:
    """Worker: the record of one puzzle on ``scale`` as a line in ``fmt``, or why it is refused."""
    refusal = unique_refusal(grid, assume_unique)
    if refusal is not None:
        return refusal
    if scale == "se":
        refused = se_refusal(grid.geometry)
        if refused is not None:
            return Refusal(refused)
        # --assume-unique has counted one solution already (unique_refusal refuses any other puzzle).
        rated = rate_se(grid, rules, one_solution=assume_unique or solution_count(grid) == 1)
        values: tuple[object, ...] = (round(rated.difficulty, 1), rated.hardest_rule or "-", rated.step_count)
    elif scale == "hodoku":
        refused = hodoku_refusal(grid.geometry)
        if refused is not None:
            return Refusal(refused)
        values = _hodoku_values(grid, rules)
    else:
        rating = rate(grid, rules)
        values = (rating.level.name.lower(), rating.hardest_rule or "-", rating.step_count)
    return [row_writer(fmt)(dict(zip(COLUMNS[scale], values, strict=True)))]


def _hodoku_values(grid: Grid, rules: tuple[Rule, ...]) -> tuple[object, ...]:
    """``1362, hard, naked_tuple, 78``: score, level, hardest rule id (``guess``: HoDoKu guessed), steps.

    The solution, when the puzzle has one, lets the path take HoDoKu's uniqueness steps and guess as
    it does; a puzzle without one solution is rated on the rules alone (``stuck`` where they end).
    """
    found = first_solutions(grid.puzzle(), 2)
    solution = found[0].values if len(found) == 1 else None
    rated = rate_hodoku(grid, rules, solution=solution)
    level = rated.level.name.lower() if rated.status == "solved" else rated.status
    hardest = rated.hardest_rule or ("guess" if rated.guesses else "-")
    return (rated.score, level, hardest, rated.step_count)


def _run(args: argparse.Namespace) -> int:
    columns = COLUMNS[args.scale]
    line = header(args, columns)
    if line is not None:
        print(line)
    work = functools.partial(rate_record, args.scale, args.format, args.chosen_rules, args.assume_unique)
    return for_each_puzzle(
        args.file, work, lambda _: invalid_row(args.format, columns), args.jobs, dedupe=args.dedupe
    )
