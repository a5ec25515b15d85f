"""``sudoku-workbench count FILE|- [--limit N | --estimate S]``: the number of solutions of each puzzle."""

from __future__ import annotations

import argparse
import functools
import random
from typing import Any

from sudoku_workbench.cli._batch import Refusal, for_each_puzzle
from sudoku_workbench.cli._dedupe import add_dedupe_option
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.cli._options import add_jobs_option, positive_int
from sudoku_workbench.cli.count_grids import LARGEST_PRACTICAL
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.estimate import estimate_count
from sudoku_workbench.search.grid_count import count_grids
from sudoku_workbench.search.solve import count

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``count`` subcommand."""
    parser = subparsers.add_parser(
        "count",
        help="count the solutions of every puzzle of a file",
        description="Print one number per puzzle: how many solutions it has. With --limit N counting "
        "stops at N, so N means 'N or more' (--limit 2 is the uniqueness test). Without a limit it "
        "counts on as long as it takes, in bounded memory (under 200 MB): no solution is kept. A "
        "blank grid is answered as count-grids counts its shape (up to 6x6; larger ones need --limit).",
    )
    parser.add_argument("file", type=InputFile, metavar="FILE", help="puzzle file, or - for standard input")
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--limit", type=positive_int, metavar="N", help="stop counting at N solutions")
    chosen.add_argument(
        "--estimate",
        type=positive_int,
        metavar="S",
        help="estimate the count from S random descents (Knuth's estimator): 'about M ± E' per puzzle, "
        "E the standard error, for counts too large to count",
    )
    parser.add_argument("--seed", type=int, default=1, help="the estimate's random seed (default 1)")
    add_jobs_option(parser)
    add_dedupe_option(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.estimate is not None:
        estimate = functools.partial(_estimate, args.estimate, args.seed)
        return for_each_puzzle(args.file, estimate, jobs=args.jobs, dedupe=args.dedupe)
    return for_each_puzzle(
        args.file, functools.partial(_answer, args.limit), jobs=args.jobs, dedupe=args.dedupe
    )


def _estimate(samples: int, seed: int, number: int, grid: Grid) -> list[str]:
    """The puzzle's estimated count (a worker's task; its own generator, so --jobs changes nothing)."""
    found = estimate_count(grid, samples, random.Random(f"{seed}:{number}"))
    return [f"about {found.mean:.4g} ± {found.error:.2g} ({found.samples} samples)"]


def _answer(limit: int | None, _number: int, grid: Grid) -> list[str] | Refusal:
    """The puzzle's number of solutions (a worker's task).

    A blank grid's solutions are every grid of its shape: one by one that is 28 million for a 6x6
    (minutes), so it is counted by count-grids' reductions instead (a fraction of a second). A blank
    killer is no such grid: its cage sums are its clues, so it is counted as any puzzle.
    """
    geo = grid.geometry
    if limit is None and grid == Grid.empty(geo) and not geo.has_sums:
        if geo.n > LARGEST_PRACTICAL or not geo.classic:  # count-grids' reductions are for box shapes
            return Refusal(
                f"a blank {geo.label} grid has every grid of its shape for a solution: give --limit"
            )
        return [str(count_grids(geo).total)]
    return [str(count(grid, limit))]
