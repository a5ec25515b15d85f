"""Small text helpers the rules share, so every explanation names cells and digits the same way."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import digits_of_mask

__all__ = ["and_list", "cells_text", "digits_text", "mask_text"]


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as people write it.

    >>> and_list(["1", "5", "9"])
    '1, 5 and 9'
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cells_text(geo: Geometry, cells: Iterable[Cell]) -> str:
    """The cells as ``r1c1, r1c2 and r3c3``."""
    return and_list([geo.cell_name(c) for c in cells])


def digits_text(digits: Iterable[Digit]) -> str:
    """The digits as ``1, 5 and A`` (letters above 9)."""
    return and_list([digit_char(d) for d in digits])


def mask_text(mask: int) -> str:
    """The digits of a candidate mask as :func:`digits_text` writes them."""
    return digits_text(digits_of_mask(mask))


def either_text(mask: int) -> str:
    """The digits of a candidate mask as the choices of one cell: ``1, 2 or 3``."""
    *rest, last = (digit_char(d) for d in digits_of_mask(mask))
    return f"{', '.join(rest)} or {last}" if rest else last
