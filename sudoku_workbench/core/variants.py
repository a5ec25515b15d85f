"""The variant extras laid on a shape's regions: extra houses, or extra neighbours by a piece's move.

Each extra is data (a title, a house builder, the moves it forbids, what box shape it needs), so the
geometry builds every variant the same way and a new one is a row in ``EXTRAS``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["EXTRAS", "Extra"]

#: A named house: its name in explanations and its cells.
NamedHouse = tuple[str, tuple[int, ...]]


@dataclass(frozen=True)
class Extra:
    """A variant rule laid on top of the regions: its houses (with names) or its move, and what it needs."""

    title: str
    houses: Callable[[int, tuple[int, int] | None], list[NamedHouse]]
    moves: tuple[tuple[int, int], ...] = ()
    needs_square_boxes: bool = False
    needs_boxes: bool = False
    #: What explanations call one of ``moves`` ("a knight's move away").
    move: str = ""


def _diagonals(n: int, _box: tuple[int, int] | None) -> list[NamedHouse]:
    return [
        ("the main diagonal", tuple(i * n + i for i in range(n))),
        ("the anti-diagonal", tuple(i * n + n - 1 - i for i in range(n))),
    ]


def _windows(n: int, box: tuple[int, int] | None) -> list[NamedHouse]:
    """Windoku's windows, one box's width in from each side and one line apart, then their groups.

    Four windows on 9x9. The lines between and around the windows cut the grid into side x side sets
    of rows and of columns, and every crossing of a row set with a column set holds each digit once:
    the five more groups Sukaku Explainer also reads as houses on 9x9.
    """
    side = box[0] if box else 0
    starts = range(1, n - side, side + 1)
    bands = [tuple(range(t, t + side)) for t in starts] + [tuple(range(0, n, side + 1))]
    groups = [(rows, cols) for rows in bands for cols in bands]
    named = []
    for k, (rows, cols) in enumerate(sorted(groups, key=lambda g: (g[0][0] == 0 or g[1][0] == 0, g))):
        kind = "window" if k < (side - 1) ** 2 else "window group"
        named.append((f"{kind} {k + 1}", tuple(sorted(r * n + c for r in rows for c in cols))))
    return named


def _disjoint_groups(n: int, box: tuple[int, int] | None) -> list[NamedHouse]:
    """The cells at the same place in every box: a group per place."""
    rows, cols = box or (0, 0)
    return [
        (
            f"disjoint group {r * cols + c + 1}",
            tuple((br + r) * n + bc + c for br in range(0, n, rows) for bc in range(0, n, cols)),
        )
        for r in range(rows)
        for c in range(cols)
    ]


def _no_houses(_n: int, _box: tuple[int, int] | None) -> list[NamedHouse]:
    return []


_KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
_KING = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

#: The variant extras by name (the name is also their word in text and on the command line), in the
#: order a shape lists them.
EXTRAS: dict[str, Extra] = {
    "x": Extra("X (both diagonals)", _diagonals),
    "windoku": Extra("windoku", _windows, needs_square_boxes=True),
    "disjoint": Extra("disjoint groups", _disjoint_groups, needs_boxes=True),
    "antiknight": Extra("anti-knight", _no_houses, _KNIGHT, move="knight's move"),
    "antiking": Extra("anti-king", _no_houses, _KING, move="king's move"),
}
