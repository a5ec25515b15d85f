"""``sudoku-workbench booklet FILE -o OUT.pdf``: a printable booklet of a file's puzzles.

The content (ratings, solutions, paths in words) is computed here, on ``--jobs`` processes, by
``library.booklet_plan``; the pages are drawn by the window's painter, ``gui/collection/booklet.py``,
with Qt's own PDF writer. This is the one command that reaches into ``gui``, and only inside its run function,
so every other command, ``--help`` included, starts without Qt (``pyproject.toml`` names the import).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from sudoku_workbench.cli._io import InputFile, OutputFile, iter_input, source_name
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.core.errors import FormatError, WorkbenchError
from sudoku_workbench.library.booklet_plan import booklet_item, puzzle_text

__all__ = ["register"]

_CHOICES = (1, 2, 4, 6)


def register(subparsers: Any) -> None:
    """Add the ``booklet`` subcommand."""
    parser = subparsers.add_parser(
        "booklet",
        help="a printable PDF of a file's puzzles: N a page, ratings, solutions at the end",
        description=__doc__,
    )
    parser.add_argument(
        "file", type=InputFile, help="puzzle file (any supported format), or - for standard input"
    )
    parser.add_argument(
        "-o", "--output", type=OutputFile, required=True, metavar="OUT.pdf", help="the PDF to write"
    )
    parser.add_argument(
        "--per-page", type=int, choices=_CHOICES, default=4, help="puzzles a page (default 4)"
    )
    parser.add_argument("--title", help="printed at the top of each page (default: the file's name)")
    parser.add_argument(
        "--ratings",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="SE and HoDoKu under each puzzle",
    )
    parser.add_argument(
        "--solutions", action=argparse.BooleanOptionalAction, default=True, help="solutions at the end"
    )
    parser.add_argument("--explain", action="store_true", help="the logic path in words after the solutions")
    add_jobs_option(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if not args.output.lower().endswith(".pdf"):
        raise WorkbenchError(f"{args.output}: a booklet is written as PDF; name the file OUT.pdf")
    started = time.perf_counter()
    jobs, bad = [], 0
    for number, item in iter_input(args.file):
        if isinstance(item, FormatError):
            print(f"skipped: {item}", file=sys.stderr)
            bad += 1
            continue
        if item.geometry.cages:  # printed without its cages a killer could not be solved
            print(f"skipped: record {number}: a booklet page draws no killer cages yet", file=sys.stderr)
            bad += 1
            continue
        jobs.append((number, puzzle_text(item), args.ratings, args.explain))
    if not jobs:
        raise WorkbenchError(f"{source_name(args.file)}: no puzzle to print")
    items = list(ordered_map(booklet_item, jobs, args.jobs, chunk=4))
    # Qt only now, and only for this command: the painter lives with the window's board code.
    from sudoku_workbench.gui.collection.booklet import write_booklet

    title = args.title or source_name(args.file).rsplit("/", 1)[-1]
    pages = write_booklet(args.output, items, title, args.per_page, args.solutions)
    seconds = time.perf_counter() - started
    print(f"{args.output}: {pages} pages, {len(items)} puzzles ({seconds:.1f} s)", file=sys.stderr)
    return 1 if bad else 0
