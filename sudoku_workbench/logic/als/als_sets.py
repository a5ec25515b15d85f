"""Almost locked sets of a position: N cells of one unit holding N + 1 digits between them.

Found per unit from its cells' candidates (kept while a unit's candidates stay the same, as most do
between steps), sets of up to :data:`MAX_CELLS` cells. The ALS rules and the nice loops' ALS nodes
share them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.shared._digit_links import bits_of
from sudoku_workbench.logic.shared._memos import forgettable

__all__ = ["MAX_CELLS", "Als", "almost_locked_sets", "unit_sets"]

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
    """Every ALS of up to :data:`MAX_CELLS` cells (a cell set met in two units is kept once)."""
    geo = grid.geometry
    cands = grid.candidates
    found: dict[int, Als] = {}
    for unit, unit_cells in enumerate(geo.units):
        for als in unit_sets(geo.n, unit, unit_cells, tuple(cands[c] for c in unit_cells)):
            found.setdefault(als.cells, als)
    return tuple(found.values())


@forgettable
@functools.lru_cache(maxsize=8192)
def unit_sets(n: int, unit: int, unit_cells: tuple[Cell, ...], masks: tuple[int, ...]) -> tuple[Als, ...]:
    """The ALS inside one unit, from its cells' candidates alone (most units keep them between steps)."""
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
