"""Dual 2-String Kite and dual Empty Rectangle: two single-digit patterns on one base as one step.

A 2-String Kite on digit d joins a row's strong link and a column's strong link through two cells a
and b of one box. When a's row and column both hold d only twice (partners outside the box), and so do
b's, the box pair carries two kites: a's row with b's column, and a's column with b's row. Each removes
d from the cell seeing its two far ends; hand-solvers (HoDoKu's "Dual 2-String Kite") take both
eliminations as one step, since the reason (the box pair) is the same.

An Empty Rectangle is a box whose d lies in one row and one column, plus a strong link outside.
Several strong links often meet the same box (a box with two or three candidates may even be read
with two different rows and columns): the dual Empty Rectangle is all of them on one box, each clearing
its own target, in one step. Each part is sound on its own, so the union is.

Both rules come just before their single forms in the table, so Logic reports the pair once instead of
as two steps; where there is no pair they find nothing and the single rule runs as before.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.digit_patterns.empty_rectangle import (
    Rectangle,
    box_text,
    rectangle_argument,
    rectangle_highlights,
    rectangles,
)
from sudoku_workbench.logic.shared._digit_links import DigitLinks, digit_links
from sudoku_workbench.logic.shared._memos import per_digit
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = [
    "DUAL_EMPTY_RECTANGLE",
    "DUAL_TWO_STRING_KITE",
    "DualKite",
    "dual_empty_rectangle",
    "dual_two_string_kite",
]

DUAL_TWO_STRING_KITE = "dual_two_string_kite"
DUAL_EMPTY_RECTANGLE = "dual_empty_rectangle"


@dataclass(frozen=True)
class DualKite:
    """Box cells a, b; each kite as (row link's far end, column link's far end, target)."""

    digit: Digit
    box_pair: tuple[Cell, Cell]
    kites: tuple[tuple[Cell, Cell, Cell], tuple[Cell, Cell, Cell]]


def dual_two_string_kite(grid: Grid) -> Iterator[Step]:
    """Two 2-String Kites through the same two box cells: both targets lose the digit."""
    for digit in range(1, grid.geometry.n + 1):
        for dual in _dual_kites(grid, digit):
            yield _kite_step(grid, dual)


def _line_partner(geo: Geometry, links: DigitLinks, digit: Digit, cell: Cell, kind: int) -> Cell | None:
    """The other place of d in the cell's row (kind 0) or column (kind 1): None unless d has two there.

    The partner must lie outside the cell's box, as a kite's far end does.
    """
    for partner, unit in links.strong[digit].get(cell, ()):
        if unit // geo.n == kind and geo.region_of[partner] != geo.region_of[cell]:
            return partner
    return None


@per_digit
def _dual_kites(grid: Grid, digit: Digit) -> Iterator[DualKite]:
    """The box pairs of one digit that carry two kites, each with a target holding d."""
    geo = grid.geometry
    links = digit_links(grid)
    holders = links.holders[digit]
    ends: dict[Cell, tuple[Cell, Cell]] = {}
    for cell in links.strong[digit]:
        row_end = _line_partner(geo, links, digit, cell, 0)
        col_end = _line_partner(geo, links, digit, cell, 1)
        if row_end is not None and col_end is not None:
            ends[cell] = (row_end, col_end)
    for a, b in itertools.combinations(sorted(ends), 2):
        if geo.region_of[a] != geo.region_of[b]:
            continue
        kites = []
        for row_from, col_from in ((a, b), (b, a)):
            far_row, far_col = ends[row_from][0], ends[col_from][1]
            target = geo.cell(geo.row_of[far_col], geo.col_of[far_row])
            # On a jigsaw the two far ends may meet in one cell, or the target be one of the pattern's.
            if holders >> target & 1 and far_row != far_col and target not in (a, b, far_row, far_col):
                kites.append((far_row, far_col, target))
        if len(kites) == 2:
            yield DualKite(digit, (a, b), (kites[0], kites[1]))


def _kite_step(grid: Grid, dual: DualKite) -> Step:
    geo = grid.geometry
    d = dual.digit
    dc = digit_char(d)
    name = geo.cell_name
    a, b = dual.box_pair
    halves = []
    links: list[Link] = []
    chains = []
    for (far_row, far_col, target), (row_from, col_from) in zip(dual.kites, ((a, b), (b, a)), strict=True):
        halves.append(
            f"{name(row_from)} = {name(far_row)} along {geo.unit_name(geo.row_of[row_from])} and "
            f"{name(col_from)} = {name(far_col)} along {geo.unit_name(geo.n + geo.col_of[col_from])}: "
            f"one of {name(far_row)} and {name(far_col)} is {dc}, so {name(target)}, which sees both, is not"
        )
        links += [
            Link((far_row, d), (row_from, d), strong=True),
            Link((row_from, d), (col_from, d), strong=False),
            Link((col_from, d), (far_col, d), strong=True),
        ]
        chains.append(Chain((far_row, row_from, col_from, far_col), (d, d, d)))
    targets = [kite[2] for kite in dual.kites]
    cells = (a, b, *(cell for kite in dual.kites for cell in kite[:2]))
    return Step(
        DUAL_TWO_STRING_KITE,
        eliminations=tuple((t, d) for t in targets),
        highlights=Highlights(
            cells=cells,
            units=(geo.units_of[a][2],),
            pattern=tuple((c, d) for c in cells),
            links=tuple(links),
            chains=tuple(chains),
        ),
        explanation=(
            f"Dual 2-String Kite on {dc}: {name(a)} and {name(b)} share {geo.unit_name(geo.units_of[a][2])}, "
            f"so they are not both {dc}, and each is one end of a row and of a column where {dc} goes only "
            f"twice. That makes two kites. {'; '.join(halves)}. So {dc} leaves {cells_text(geo, targets)}."
        ),
    )


def dual_empty_rectangle(grid: Grid) -> Iterator[Step]:
    """Two or more Empty Rectangles on the same box: every target loses the digit in one step."""
    for digit in range(1, grid.geometry.n + 1):
        for found in _dual_rectangles(grid, digit):
            yield _rectangle_step(grid, found)


@per_digit
def _dual_rectangles(grid: Grid, digit: Digit) -> Iterator[tuple[Rectangle, ...]]:
    """One digit's boxes met by rectangles with two or more targets (one rectangle per target)."""
    by_box: dict[int, dict[Cell, Rectangle]] = {}
    for rectangle in rectangles(grid, digit):
        by_box.setdefault(rectangle.box, {}).setdefault(rectangle.target, rectangle)
    for found in by_box.values():
        if len(found) >= 2:
            yield tuple(found.values())


def _rectangle_step(grid: Grid, found: tuple[Rectangle, ...]) -> Step:
    geo = grid.geometry
    first = found[0]
    targets = [rectangle.target for rectangle in found]
    return Step(
        DUAL_EMPTY_RECTANGLE,
        eliminations=tuple((t, first.digit) for t in targets),
        highlights=rectangle_highlights(grid, found),
        explanation=(
            f"Dual Empty Rectangle on {digit_char(first.digit)} in {geo.unit_name(first.box)}: "
            f"{len(found)} strong links meet the box. "
            + " ".join(f"Read it so: {box_text(grid, r)}. {rectangle_argument(grid, r)}" for r in found)
            + f" Together: {and_list([geo.cell_name(t) for t in targets])}."
        ),
    )
