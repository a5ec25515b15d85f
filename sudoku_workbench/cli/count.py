"""``sudoku-workbench count FILE|- [--limit N | --estimate S]``: the number of solutions of each puzzle."""

from __future__ import annotations

import argparse
import functools
import random
import sys
from typing import Any

from sudoku_workbench.cli._batch import Refusal, for_each_puzzle
from sudoku_workbench.cli._dedupe import add_dedupe_option
from sudoku_workbench.cli._io import InputFile, plain_classic_values
from sudoku_workbench.cli._options import add_jobs_option, positive_int
from sudoku_workbench.cli.count_grids import LARGEST_PRACTICAL
from sudoku_workbench.core.geometry import shape_from_words
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.estimate import estimate_count
from sudoku_workbench.search.grid_count import count_grids
from sudoku_workbench.search.solve import count, count_each

__all__ = ["register"]

#: Puzzles of a plain file counted per call of the compiled search (about a second of the hardest).
PLAIN_CHUNK = 1024


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
    if args.limit is not None and args.jobs == 1 and not args.dedupe and args.cluster is None:
        counted = _count_plain(args.file, args.limit)
        if counted is not None:
            return counted
    if args.estimate is not None:
        estimate = functools.partial(_estimate, args.estimate, args.seed)
        return for_each_puzzle(args.file, estimate, jobs=args.jobs, dedupe=args.dedupe)
    return for_each_puzzle(
        args.file, functools.partial(_answer, args.limit), jobs=args.jobs, dedupe=args.dedupe
    )


def _count_plain(path: str, limit: int) -> int | None:
    """Count a file of classic 9x9 lines in batches, compiled (None: not such a file, or no kernel).

    The answers are those of the usual path (every line is a good record, so the exit code is 0); each
    batch is written in one go, so Ctrl-C leaves whole lines only.
    """
    pieces = plain_classic_values(path, PLAIN_CHUNK)
    if pieces is None:
        return None
    classic = shape_from_words(9, ())
    for number, values in enumerate(pieces):
        counts = count_each(classic, values, limit)
        if counts is None:
            assert number == 0  # no kernel: known at the first batch, before anything is written
            return None
        sys.stdout.write("".join(f"{found}\n" for found in counts))
    return 0


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
