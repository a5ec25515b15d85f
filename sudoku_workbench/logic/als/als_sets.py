"""Almost locked sets of a position: N cells of one unit holding N + 1 digits between them.

Found per unit from its cells' candidates (kept while a unit's candidates stay the same, as most do
between steps), sets of up to :data:`MAX_CELLS` cells. The ALS rules and the nice loops' ALS nodes
share them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared._digit_links import bits_of
from sudoku_workbench.logic.shared._memos import forgettable

__all__ = ["MAX_CELLS", "Als", "almost_locked_sets", "first_met", "unit_sets"]

#: Largest ALS looked for, in cells.
MAX_CELLS = 5


@dataclass(frozen=True)
class Als:
    """An almost locked set: its unit, cells (mask) and digits (mask), and per digit its cells."""

    unit: int
    cells: int
    digits: int
    holders: tuple[int, ...]

    @functools.cached_property
    def nodes(self) -> tuple[tuple[Digit, int], ...]:
        """Each digit with its cells in the set, ascending: the set's nodes in a chain.

        Kept with the set, which is itself kept per unit while the unit's candidates stay the same.
        """
        return tuple([(d + 1, self.holders[d + 1]) for d in bits_of(self.digits)])


@functools.lru_cache(maxsize=4)
def almost_locked_sets(grid: Grid) -> tuple[Als, ...]:
    """Every ALS of up to :data:`MAX_CELLS` cells, by unit (a cell set met in two units is kept once)."""
    geo = grid.geometry
    cands = grid.candidates
    found: list[Als] = []
    for unit, unit_cells in enumerate(geo.units):
        found += first_met(geo, unit, tuple([cands[c] for c in unit_cells]))
    return tuple(found)


@forgettable
@functools.lru_cache(maxsize=8192)
def first_met(geo: Geometry, unit: int, masks: tuple[int, ...]) -> tuple[Als, ...]:
    """The unit's sets that no unit before it holds (rows come first, then columns, then boxes).

    Kept by the unit's candidates, which most units keep from one step to the next. Two units share
    at most a cell (a row and a column) or a line of a box: a column's single cells are its rows',
    and a box's sets along one row or column are that line's.
    """
    sets = unit_sets(geo.n, unit, geo.units[unit], masks)
    if unit < geo.n:
        return sets
    if unit < 2 * geo.n:
        return tuple([als for als in sets if als.cells & (als.cells - 1)])
    lines = unit_masks(geo)
    return tuple([als for als in sets if not _along_one_line(geo, lines, als.cells)])


def _along_one_line(geo: Geometry, lines: tuple[int, ...], cells: int) -> bool:
    """Whether ``cells`` lie in one row or one column (``lines``: each unit's cells)."""
    first = (cells & -cells).bit_length() - 1
    return not cells & ~lines[geo.row_of[first]] or not cells & ~lines[geo.n + geo.col_of[first]]


def unit_sets(n: int, unit: int, unit_cells: tuple[Cell, ...], masks: tuple[int, ...]) -> tuple[Als, ...]:
    """The ALS inside one unit, from its cells' candidates alone (:func:`first_met` keeps them per unit)."""
    open_cells = [
        (c, m) for c, m in zip(unit_cells, masks, strict=True) if m and m.bit_count() <= MAX_CELLS + 1
    ]
    # Per digit, the unit's open cells holding it: an ALS's holders are these masks cut to its cells.
    spots = [0] * (n + 1)
    for cell, cand in open_cells:
        for d in bits_of(cand):
            spots[d + 1] |= 1 << cell
    # Each subset of the open cells once, in increasing index order, from a stack of (first index
    # left, cells, digits, size once grown). A subset is grown only while it can still become an ALS:
    # at most MAX_CELLS + 1 digits, and, as an ALS of k cells holds k + 1 digits, enough open cells
    # left after it to reach one cell fewer than its digits.
    widest = MAX_CELLS + 1
    last = len(open_cells)
    found: list[Als] = []
    stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 1)]
    while stack:
        start, cells, digits, size = stack.pop()
        deeper = size < MAX_CELLS
        for index in range(start, last):
            cell, cand = open_cells[index]
            grown = digits | cand
            width = grown.bit_count()
            if width > widest:
                continue
            mask = cells | 1 << cell
            if width == size + 1:
                found.append(Als(unit, mask, grown, tuple([spot & mask for spot in spots])))
            if deeper and index + 1 < last and width - size <= last - index:
                stack.append((index + 1, mask, grown, size + 1))
    return tuple(found)
