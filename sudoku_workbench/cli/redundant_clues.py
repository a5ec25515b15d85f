"""``sudoku-workbench redundant-clues FILE|-``: the givens each puzzle could lose and stay unique."""

from __future__ import annotations

import argparse
from typing import Any

from sudoku_workbench.cli._batch import Refusal, for_each_puzzle
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.minimize import redundant_clues

__all__ = ["register"]

MINIMAL = "none (minimal)"


def register(subparsers: Any) -> None:
    """Add the ``redundant-clues`` subcommand."""
    parser = subparsers.add_parser(
        "redundant-clues",
        help="the clues each puzzle could lose, one at a time, and keep one solution",
        description="Print one line per puzzle: the cells of the givens whose removal alone keeps the "
        "puzzle unique (each judged on its own), or 'none (minimal)'. A puzzle without exactly one "
        "solution is refused.",
    )
    parser.add_argument("file", type=InputFile, metavar="FILE", help="puzzle file, or - for standard input")
    add_jobs_option(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    return for_each_puzzle(args.file, _answer, jobs=args.jobs)


def _answer(_number: int, grid: Grid) -> list[str] | Refusal:
    """The puzzle's redundant clues as cell names (a worker's task)."""
    found = redundant_clues(grid.puzzle())
    if found is None:
        return Refusal("the puzzle has not exactly one solution, so no clue is redundant or needed")
    return [" ".join(grid.geometry.cell_name(cell) for cell in found) or MINIMAL]
