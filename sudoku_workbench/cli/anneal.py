"""``sudoku-workbench anneal FILE``: fill puzzles by simulated annealing and say how well it went."""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from typing import Any

from sudoku_workbench.cli._io import InputFile, iter_input
from sudoku_workbench.cli._options import non_negative_int, positive_float, positive_int
from sudoku_workbench.core.errors import Contradiction, FormatError, WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.anneal import SCHEDULES, AnnealSettings, anneal
from sudoku_workbench.search.solve import solve

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``anneal`` subcommand."""
    parser = subparsers.add_parser(
        "anneal",
        help="fill puzzles by simulated annealing (cost = conflicting pairs); report success and time",
        description="Simulated annealing as in Routledge (2023), section 3.3. Prints one line per puzzle "
        "(solved or the best cost reached, iterations, restarts, seconds) and a summary.",
    )
    parser.add_argument(
        "file", type=InputFile, help="puzzle file in any supported format ('-' for standard input)"
    )
    parser.add_argument("--schedule", choices=SCHEDULES, default="geometric", help="cooling schedule")
    parser.add_argument("--moves", choices=("box", "cell"), default="box", help="neighbour moves")
    parser.add_argument(
        "--seed", type=non_negative_int, default=None, help="random seed (puzzle i uses seed + i)"
    )
    parser.add_argument(
        "--max-iterations", type=positive_int, default=AnnealSettings.max_iterations, metavar="N"
    )
    parser.add_argument("--start", type=positive_float, default=None, help="d (log) or T0 (geometric)")
    parser.add_argument(
        "--count", type=positive_int, default=None, metavar="K", help="only the first K puzzles"
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also time the fewest-candidates backtracking search on each puzzle",
    )
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    settings = AnnealSettings(
        schedule=args.schedule, moves=args.moves, max_iterations=args.max_iterations, start=args.start
    )
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    solved, seconds, failures, search_seconds = 0, [], 0, []
    for index, (record, grid) in enumerate(itertools.islice(iter_input(args.file), args.count)):
        if isinstance(grid, FormatError):
            print(grid, file=sys.stderr)
            failures += 1
            continue
        start = time.perf_counter()
        try:
            result = anneal(grid, settings, random.Random(seed + index))
        except Contradiction as err:
            print(f"puzzle {record}: {err}", file=sys.stderr)
            failures += 1
            continue
        spent = time.perf_counter() - start
        seconds.append(spent)
        solved += result.solved
        status = "solved" if result.solved else f"best J={result.cost}"
        print(
            f"puzzle {record}: {status}  {result.iterations} iterations  {result.restarts} restarts  "
            f"{spent:.2f} s  {result.grid.to_line()}"
        )
        if args.compare:
            search_seconds.append(_time_search(grid))
    if seconds:
        print(
            f"{solved}/{len(seconds)} solved ({100 * solved / len(seconds):.0f}%), "
            f"median {statistics.median(seconds):.2f} s, total {sum(seconds):.1f} s "
            f"[{settings.schedule}, {settings.moves} moves, seed {seed}]"
        )
    if search_seconds:
        print(
            f"fewest-candidates search: {len(search_seconds)}/{len(search_seconds)} solved, "
            f"median {statistics.median(search_seconds):.3f} s, total {sum(search_seconds):.1f} s"
        )
    return 1 if failures else 0


def _time_search(grid: Grid) -> float:
    """Seconds the OK button's fewest-candidates search takes to find a first solution."""
    start = time.perf_counter()
    if solve(grid) is None:
        raise WorkbenchError("the search found no solution: the puzzle is contradictory")
    return time.perf_counter() - start
