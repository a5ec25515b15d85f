"""``sudoku-workbench true-candidates FILE|-``: per cell, the digits that appear in some solution."""

from __future__ import annotations

import argparse
from typing import Any

from sudoku_workbench.cli._batch import for_each_puzzle
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.search.true_candidates import true_candidates

__all__ = ["register"]

NO_SOLUTION = "no solution"


def register(subparsers: Any) -> None:
    """Add the ``true-candidates`` subcommand."""
    parser = subparsers.add_parser(
        "true-candidates",
        help="the digits of each cell that appear in at least one solution",
        description="Print, for each puzzle, one line per row: each cell's true candidates (the digits "
        "some solution puts there), cells apart by spaces and padded to a column, or 'no solution'. "
        "A unique puzzle shows its solution; a cell with several digits is where the solutions differ.",
    )
    parser.add_argument("file", type=InputFile, metavar="FILE", help="puzzle file, or - for standard input")
    add_jobs_option(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    return for_each_puzzle(args.file, _answer, jobs=args.jobs)


def _answer(_number: int, grid: Grid) -> list[str]:
    """The puzzle's rows of true candidates (a worker's task)."""
    masks = true_candidates(grid)
    if not any(masks):
        return [NO_SOLUTION]
    n = grid.geometry.n
    cells = ["".join(digit_char(i + 1) for i in set_bits(mask)) for mask in masks]
    width = max(len(text) for text in cells)
    return [
        " ".join(text.ljust(width) for text in cells[row * n : (row + 1) * n]).rstrip() for row in range(n)
    ]
