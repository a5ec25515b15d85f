"""``sudoku-workbench rate FILE|-``: one line per puzzle: level, hardest rule id, step count."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sudoku_workbench.cli._io import iter_input
from sudoku_workbench.cli._logic_io import Packed, packed_input, unpack
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.logic.engine import rate

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``rate`` subcommand."""
    parser = subparsers.add_parser(
        "rate",
        help="rate puzzles by the hardest logic rule they need",
        description=(
            "Print, per puzzle, the level (easy, medium, hard, very_hard or needs_search), the id of "
            "the hardest rule used and the number of steps."
        ),
    )
    parser.add_argument("file", help="puzzle file (any supported format), or - for standard input")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    parser.set_defaults(run=_run)


def rate_record(item: tuple[int, Packed | str]) -> tuple[int, str, str]:
    """Worker: (record number, output line, error message) for one record."""
    number, packed = item
    if isinstance(packed, str):
        return number, "", packed
    rating = rate(unpack(packed))
    return number, f"{rating.level.name.lower()} {rating.hardest_rule or '-'} {rating.step_count}", ""


def _run(args: argparse.Namespace) -> int:
    bad = 0
    for number, line, error in ordered_map(rate_record, packed_input(iter_input(args.file)), args.jobs):
        if error:
            bad += 1
            print(f"sudoku-workbench rate: record {number}: {error}", file=sys.stderr)
            print("error")
        else:
            print(line)
    return 1 if bad else 0
