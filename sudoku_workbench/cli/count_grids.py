"""``sudoku-workbench count-grids --box RxC``: count every complete grid of a box shape."""

from __future__ import annotations

import argparse
import re
import sys
import time
from typing import Any

from sudoku_workbench.cli._progress import ProgressBar
from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.geometry import BOX_SHAPES, Geometry, geometry
from sudoku_workbench.search.grid_count import REDUCTIONS, count_grids
from sudoku_workbench.search.grid_orbits import count_essentially_different

__all__ = ["LARGEST_PRACTICAL", "register"]

#: Above this size the enumeration does not finish in Python in any useful time.
LARGEST_PRACTICAL = 6


def register(subparsers: Any) -> None:
    """Add the ``count-grids`` subcommand."""
    parser = subparsers.add_parser(
        "count-grids",
        help="count all complete grids of a box shape (symmetry reductions of the thesis, chapter 4)",
        description="Count every complete grid of a box shape: fix box 1, enumerate the first band up to "
        "column and stack order, fix column 1 up to row and band order, then multiply back.",
    )
    parser.add_argument(
        "--box", required=True, metavar="RxC", help="box shape, rows x columns (2x2, 2x3, 3x2)"
    )
    parser.add_argument(
        "--reduction",
        choices=REDUCTIONS,
        default="column",
        help="how far to reduce before enumerating (default: column, all reductions)",
    )
    parser.add_argument(
        "--essentially-different",
        action="store_true",
        help="also count grids up to relabelling and structural symmetries",
    )
    parser.add_argument(
        "--force", action="store_true", help="try shapes above 6x6 anyway (they will not finish)"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="the search nodes so far on stderr (default: if a tty); 6x6 without reductions takes minutes",
    )
    parser.set_defaults(run=_run)


def _parse_box(text: str) -> Geometry:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match:
        raise WorkbenchError(f"--box {text!r}: expected rows x columns such as 2x3")
    rows, cols = int(match[1]), int(match[2])
    if rows * cols not in BOX_SHAPES:
        raise WorkbenchError(f"--box {text}: a {rows * cols}x{rows * cols} grid is not supported")
    return geometry(rows, cols)


def _run(args: argparse.Namespace) -> int:
    geo = _parse_box(args.box)
    if geo.n > LARGEST_PRACTICAL and not args.force:
        raise WorkbenchError(
            f"--box {args.box}: enumerating {geo.label} grids takes far too long; use --force to try anyway"
        )
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = ProgressBar(0, "search nodes", show)
    start = time.perf_counter()
    try:
        result = count_grids(geo, args.reduction, progress=lambda nodes: bar.advance(nodes - bar.done))
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    print(f"{geo.label}: {result.total:,} grids")
    print(f"  enumerated {result.reduced:,} reduced grids ({result.nodes:,} search nodes) in {seconds:.3f} s")
    for name, factor in result.factors:
        print(f"  x {factor:,}  {name}")
    if args.essentially_different:
        start = time.perf_counter()
        orbits = count_essentially_different(geo)
        print(f"  essentially different: {orbits:,} ({time.perf_counter() - start:.2f} s)")
    return 0
