"""The shape options of the commands that make puzzles: ``--size``, ``--jigsaw`` and ``--variant``."""

from __future__ import annotations

import argparse

from sudoku_workbench.core.geometry import BOX_SHAPES, EXTRAS, JIGSAW_SIZES, ShapeError
from sudoku_workbench.search.regions import ShapeChoice

__all__ = ["add_shape_options", "check_shape"]


def add_shape_options(parser: argparse.ArgumentParser) -> None:
    """Add the options; :func:`check_shape` turns them into ``args.shape``."""
    sizes = ", ".join(str(n) for n in sorted(BOX_SHAPES))
    parser.add_argument(
        "--size", type=_size, default=9, help=f"grid size N: {sizes}; a jigsaw any of 4 to 25 (default 9)"
    )
    parser.add_argument(
        "--jigsaw", action="store_true", help="irregular regions, a new random map for each puzzle"
    )
    parser.add_argument(
        "--variant",
        type=_variants,
        default=(),
        metavar="NAMES",
        help=f"comma-separated extra rules: {', '.join(EXTRAS)}",
    )


def check_shape(args: argparse.Namespace) -> None:
    """Set ``args.shape`` from the options, refusing a shape or symmetry that cannot be drawn.

    Raises:
        ShapeError: naming what does not fit (a size without boxes, windoku on 2x3 boxes, …).
    """
    if not args.jigsaw and args.size not in BOX_SHAPES:
        raise ShapeError(
            f"--size {args.size}: a {args.size}x{args.size} grid has no boxes; add --jigsaw for regions"
        )
    args.shape = ShapeChoice(args.size, args.variant, args.jigsaw)
    args.shape.check(args.symmetry)


def _size(text: str) -> int:
    size = int(text) if text.isascii() and text.isdigit() else 0
    if size not in JIGSAW_SIZES:
        raise argparse.ArgumentTypeError(f"{text!r}: a grid is 4x4 to 25x25")
    return size


def _variants(text: str) -> tuple[str, ...]:
    names = tuple(name.strip().lower() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in EXTRAS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"{text!r}: variants are {', '.join(EXTRAS)}")
    return names
