"""``sudoku-workbench check FILE|-``: what is wrong with each puzzle (the Check button's findings)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from sudoku_workbench.cli._batch import for_each_puzzle
from sudoku_workbench.cli._io import InputFile
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.check import check_position

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="list what is wrong with every puzzle of a file, as the window's Check button does",
        description="Print one line per finding, 'puzzle N: …', where N counts the puzzles of the "
        "file from 1: duplicates, cells or digits with no place, no or several solutions, entries "
        "that disagree with the solution, clues that are probably mistyped. Puzzles with one solution "
        "and nothing wrong print nothing; a summary goes to stderr. Exit code 1 when any puzzle has a "
        "problem or cannot be read.",
    )
    parser.add_argument("file", type=InputFile, metavar="FILE", help="puzzle file, or - for standard input")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    tally = {"checked": 0, "faulty": 0}

    def answer(number: int, grid: Grid) -> Iterator[str]:
        tally["checked"] += 1
        report = check_position(grid)
        if report.faulty:
            tally["faulty"] += 1
            yield from (f"puzzle {number}: {line}" for line in report.lines(grid))

    status = for_each_puzzle(args.file, answer, lambda number: f"puzzle {number}: invalid puzzle")
    print(f"checked {tally['checked']} puzzles, {tally['faulty']} with problems", file=sys.stderr)
    return 1 if status or tally["faulty"] else 0
