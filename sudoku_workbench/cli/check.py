"""``sudoku-workbench check FILE|-``: what is wrong with each puzzle (the Check button's findings)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from sudoku_workbench.cli._batch import for_each_puzzle
from sudoku_workbench.core.grid import Grid

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="list the problems of every puzzle of a file (duplicates, cells or digits with no place)",
        description="Print one line per problem, 'puzzle N: …', where N counts the puzzles of the "
        "file from 1. Puzzles without problems print nothing; a summary goes to stderr. Exit code 1 "
        "when any puzzle has a problem or cannot be read.",
    )
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    tally = {"checked": 0, "faulty": 0}

    def answer(number: int, grid: Grid) -> Iterator[str]:
        tally["checked"] += 1
        problems = grid.problems()
        if problems:
            tally["faulty"] += 1
        for problem in problems:
            yield f"puzzle {number}: {problem.describe(grid.geometry)}"

    status = for_each_puzzle(args.file, answer, lambda number: f"puzzle {number}: invalid puzzle")
    print(f"checked {tally['checked']} puzzles, {tally['faulty']} with problems", file=sys.stderr)
    return 1 if status or tally["faulty"] else 0
