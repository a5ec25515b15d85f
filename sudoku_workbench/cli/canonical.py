"""``sudoku-workbench canonical FILE|- [--dedupe]``: the minlex form of each classic 9x9 puzzle."""

from __future__ import annotations

import argparse
from typing import Any

from sudoku_workbench.cli._batch import Refusal, for_each_puzzle
from sudoku_workbench.cli._dedupe import add_dedupe_option
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.canonical import canonical_form, has_canonical_form

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``canonical`` subcommand."""
    parser = subparsers.add_parser(
        "canonical",
        help="print the canonical (minlex) form of every classic 9x9 puzzle of a file",
        description="Print one line per puzzle: its minlex form, the smallest 81-digit string (blank "
        "as 0, printed as '.') among the puzzle's images under relabelling, row and column permutations "
        "inside bands and stacks, band and stack permutations and transposition. Two puzzles are the "
        "same puzzle written differently exactly when their lines are equal. Other shapes are refused.",
    )
    parser.add_argument("file", type=InputFile, metavar="FILE", help="puzzle file, or - for standard input")
    add_dedupe_option(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    return for_each_puzzle(args.file, _answer, dedupe=args.dedupe)


def _answer(_number: int, grid: Grid) -> list[str] | Refusal:
    if not has_canonical_form(grid):
        return Refusal(f"a {grid.geometry.label} puzzle has no canonical form here (classic 9x9 only)")
    return [canonical_form(grid)]
