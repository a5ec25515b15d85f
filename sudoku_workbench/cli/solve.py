"""``sudoku-workbench solve FILE|- [--unique]``: one solution line per puzzle."""

from __future__ import annotations

import argparse
import functools
from typing import Any

from sudoku_workbench.cli._batch import for_each_puzzle
from sudoku_workbench.cli._dedupe import add_dedupe_option
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.sat import sat_search
from sudoku_workbench.search.solve import first_solutions

__all__ = ["register"]

NO_SOLUTION = "no solution"
MULTIPLE = "multiple solutions"


def register(subparsers: Any) -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser(
        "solve",
        help="solve every puzzle of a file, one solution line each",
        description="Print one line per puzzle: its solution, or 'no solution'. "
        "Malformed puzzles print 'invalid puzzle' and are explained on stderr.",
    )
    parser.add_argument("file", type=InputFile, metavar="FILE", help="puzzle file, or - for standard input")
    parser.add_argument(
        "--unique", action="store_true", help="print 'multiple solutions' where there is more than one"
    )
    parser.add_argument(
        "--engine",
        choices=("sat", "search"),
        default="sat",
        help="sat: the CaDiCaL backend (the default); search: the OK button's search (compiled if built)",
    )
    add_jobs_option(parser)
    add_dedupe_option(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    answer = functools.partial(_answer, 2 if args.unique else 1, args.engine)
    return for_each_puzzle(args.file, answer, jobs=args.jobs, dedupe=args.dedupe)


def _answer(wanted: int, engine: str, _number: int, grid: Grid) -> list[str]:
    """The puzzle's output line (a worker's task)."""
    found = _first_solutions(grid, wanted, engine)
    if not found:
        return [NO_SOLUTION]
    return [MULTIPLE] if len(found) > 1 else [found[0].to_line()]


def _first_solutions(grid: Grid, wanted: int, engine: str) -> list[Grid]:
    """Up to ``wanted`` solutions of the grid, from the chosen engine."""
    if engine == "sat":
        return sat_search(grid.geometry).search(grid, wanted, keep=wanted)[1]
    return first_solutions(grid, wanted)
