"""``sudoku-workbench read-image FILE…``: the puzzle in each picture (photo or screenshot), one line each."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sudoku_workbench.cli._options import positive_int

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``read-image`` subcommand."""
    parser = subparsers.add_parser(
        "read-image",
        help="read the puzzle in photos or screenshots of a grid",
        description="Print one puzzle line per picture. The grid is found, rectified and its cells read; "
        "a misread digit is corrected where that gives the puzzle exactly one solution. With "
        "--format jsonl each line is a JSON object with the per-cell confidence and the cells repaired. "
        "Exit 1 when a file is no picture or holds no grid.",
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="picture files (PNG, JPEG …)")
    parser.add_argument("--size", type=positive_int, metavar="N", help="rows of the grid (default: found)")
    parser.add_argument("--format", choices=("line", "jsonl"), default="line", help="output (default line)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    # Imported here: OpenCV takes a tenth of a second to load, which other commands need not pay.
    from sudoku_workbench.search.solve import count
    from sudoku_workbench.vision.picture import PictureError
    from sudoku_workbench.vision.reader import read_picture

    failed = False
    for path in args.files:
        try:
            reading = read_picture(path, count, args.size)
        except PictureError as err:
            print(f"sudoku-workbench read-image: {err}", file=sys.stderr)
            failed = True
            continue
        line = reading.grid.to_line()
        if args.format == "line":
            print(line)
            continue
        geo = reading.grid.geometry
        record = {
            "file": str(path),
            "puzzle": line,
            "confidence": [round(p, 4) for p in reading.confidence],
            "changed": [geo.cell_name(c) for c in reading.changed],
            "doubtful": [geo.cell_name(c) for c in reading.doubtful],
        }
        print(json.dumps(record))
    return 1 if failed else 0
