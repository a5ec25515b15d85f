"""Eliminations through what cells see, not only through shared houses: Sukaku Explainer's variant rules.

* generalized intersection: a digit's places in one house; a cell outside it that sees every one of
  them cannot hold the digit (on a classic grid that is pointing or claiming);
* generalized naked pair: two cells holding only the same two digits that see each other hold both;
  a cell that sees the two holds neither (on a classic grid that is the naked pair).

"Sees" is the geometry's peer relation: houses, diagonals and windows, and a knight's or king's move,
so the rules find what the classic ones cannot on such shapes; the table runs them only there.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Geometry, digit_char
from sudoku_workbench.core.grid import Grid, digits_of_mask, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._digit_links import common_peers, digit_links
from sudoku_workbench.logic.shared._text import and_list, cells_text, mask_text

__all__ = [
    "GENERALIZED_INTERSECTION",
    "GENERALIZED_NAKED_PAIR",
    "generalized_intersection",
    "generalized_naked_pair",
]

GENERALIZED_INTERSECTION = "generalized_intersection"
GENERALIZED_NAKED_PAIR = "generalized_naked_pair"


def _how_seen(geo: Geometry, victim: Cell, cells: tuple[Cell, ...]) -> str:
    """``r5c5 is a knight's move from r1c1 and sees r2c3``: how one cell sees each of ``cells``."""
    return f"{geo.cell_name(victim)} {and_list([geo.sight(victim, c) for c in cells])}"


def generalized_intersection(grid: Grid) -> Iterator[Step]:
    """A digit's places in a house: a cell outside them that sees them all cannot hold the digit."""
    geo = grid.geometry
    links = digit_links(grid)
    for unit, places in enumerate(links.places):
        cells = geo.units[unit]
        if len(cells) != geo.n:  # a house of fewer cells need not hold every digit
            continue
        for digit in range(1, geo.n + 1):
            where = places[digit - 1]
            if where & (where - 1) == 0:  # none left, or a hidden single's
                continue
            pattern = tuple(cells[i] for i in set_bits(where))
            seen = common_peers(links.peers, sum(1 << c for c in pattern))
            victims = tuple(set_bits(seen & links.holders[digit]))
            if victims:
                yield _intersection_step(geo, unit, digit, pattern, victims)


def _intersection_step(
    geo: Geometry, unit: int, digit: int, pattern: tuple[Cell, ...], victims: tuple[Cell, ...]
) -> Step:
    d = digit_char(digit)
    return Step(
        GENERALIZED_INTERSECTION,
        eliminations=tuple((c, digit) for c in victims),
        highlights=Highlights(cells=pattern, units=(unit,), pattern=tuple((c, digit) for c in pattern)),
        explanation=(
            f"In {geo.unit_name(unit)}, {d} can only go in {cells_text(geo, pattern)}, so one of them "
            f"holds it. {'; '.join(_how_seen(geo, v, pattern) for v in victims)}: so {d} is removed from "
            f"{cells_text(geo, victims)} (generalized intersection)."
        ),
    )


def generalized_naked_pair(grid: Grid) -> Iterator[Step]:
    """Two cells that see each other and hold only the same two digits: cells seeing both lose them."""
    geo = grid.geometry
    cands = grid.candidates
    pairs: dict[int, list[Cell]] = {}
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            pairs.setdefault(mask, []).append(cell)
    links = digit_links(grid)
    for mask, cells in pairs.items():
        holding = 0
        for digit in digits_of_mask(mask):
            holding |= links.holders[digit]
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if not geo.sees(a, b):
                    continue
                victims = tuple(set_bits(common_peers(links.peers, 1 << a | 1 << b) & holding))
                if victims:
                    yield _pair_step(grid, mask, a, b, victims)


def _pair_step(grid: Grid, mask: int, a: Cell, b: Cell, victims: tuple[Cell, ...]) -> Step:
    geo = grid.geometry
    digits = mask_text(mask)
    cands = grid.candidates
    return Step(
        GENERALIZED_NAKED_PAIR,
        eliminations=tuple((c, d) for c in victims for d in digits_of_mask(cands[c] & mask)),
        highlights=Highlights(
            cells=(a, b),
            units=geo.shared_units(a, b),
            pattern=tuple((c, d) for c in (a, b) for d in digits_of_mask(mask)),
        ),
        explanation=(
            f"{geo.cell_name(a)} and {geo.cell_name(b)} hold only {digits}, and {geo.cell_name(a)} "
            f"{geo.sight(a, b)}, so the two hold {digits} between them. "
            f"{'; '.join(_how_seen(geo, v, (a, b)) for v in victims)}: so {digits} leave "
            f"{cells_text(geo, victims)} (generalized naked pair)."
        ),
    )
