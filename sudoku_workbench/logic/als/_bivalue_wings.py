"""Whether an ALS-XZ of a bivalue cell and a larger set removes anything, without the pair tables.

SE's path asks ALS-XZ for that shape alone (a bivalue cell and a set of 3 or 4 cells) on nearly
every position it meets, and fewer than one ask in twenty finds one. Building every set's restricted
commons and victims to learn that costs far more than going from the bivalue cells: this check says
whether the full search (:func:`~sudoku_workbench.logic.als.als.als_xz`) has anything to give, and it
runs only when it has, so its steps, their order and their words stay its own.

The wing is a bivalue cell W holding x and z and a set B holding both, W outside B: x is restricted
when W sees every x-cell of B, and then z leaves the cells holding it that see W and every z-cell of B.
What B's cells see depends only on the unit's candidates, so it is kept per unit like the sets
themselves; only the bivalue cells and the victims are read from the position.
"""

from __future__ import annotations

import functools

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.als._als_links import SizePairs, geometry_seers
from sudoku_workbench.logic.als.als_sets import first_met
from sudoku_workbench.logic.shared._digit_links import digit_links
from sudoku_workbench.logic.shared._memos import forgettable

__all__ = ["bivalue_wing_sizes", "bivalue_wings_remove"]


def bivalue_wing_sizes(sizes: SizePairs) -> frozenset[int] | None:
    """The larger sizes of ``sizes`` when every pair is a bivalue cell and a larger set, else None."""
    if not sizes or any(small != 1 or large < 2 for small, large in sizes):
        return None
    return frozenset(large for _, large in sizes)


def bivalue_wings_remove(grid: Grid, larger: frozenset[int]) -> bool:
    """Whether a bivalue cell and a set of one of the ``larger`` sizes make an ALS-XZ that removes a digit."""
    bivalue, victims = _bivalue_cells(grid)
    if not bivalue:
        return False
    cands = grid.candidates
    geo = grid.geometry
    for unit, unit_cells in enumerate(geo.units):
        for reach in _unit_wings(geo, unit, tuple([cands[c] for c in unit_cells]), larger):
            hits = reach & bivalue  # each W seeing every x-cell of the set, in the field of x
            while hits:
                low = hits & -hits
                if reach & victims[low]:  # W's victims by x that see every z-cell of the set
                    return True
                hits ^= low
    return False


def _bivalue_cells(grid: Grid) -> tuple[int, dict[int, int]]:
    """The bivalue cells, and per bivalue cell W with x and z its victims by x.

    Packed as a :func:`victim_table` row is: each bivalue cell is in the fields of both its digits.
    W's victims by x are the cells holding z that see W, in the field of z, keyed by W's bit in the
    field of x: were x restricted, one of W and the set would hold z.
    """
    size = grid.geometry.size
    links = digit_links(grid)
    holders, peers = links.holders, links.peers
    bivalue = 0
    victims: dict[int, int] = {}
    for cell, mask in enumerate(grid.candidates):
        if mask.bit_count() != 2:
            continue
        low = mask & -mask
        x, z = low.bit_length(), (mask ^ low).bit_length()
        at_x, at_z = 1 << (x - 1) * size + cell, 1 << (z - 1) * size + cell
        bivalue |= at_x | at_z
        victims[at_x] = (holders[z] & peers[cell]) << (z - 1) * size
        victims[at_z] = (holders[x] & peers[cell]) << (x - 1) * size
    return bivalue, victims


@forgettable
@functools.lru_cache(maxsize=8192)
def _unit_wings(geo: Geometry, unit: int, masks: tuple[int, ...], larger: frozenset[int]) -> tuple[int, ...]:
    """Per set of the unit of the ``larger`` sizes, the cells that see all its x-cells, for each digit x.

    Packed by digit x as a :func:`victim_table` row is (none of them is a cell of the set holding x,
    since no cell sees itself): a bivalue cell there holding x makes x restricted between it and the
    set, and the cells there holding x are the victims of x. Kept by the unit's candidates.
    """
    seen_by = geometry_seers(geo)
    size = geo.size
    found = []
    for als in first_met(geo, unit, masks):  # a set in two units needs looking at once
        if als.cells.bit_count() in larger:
            reach = 0
            digits, holders = als.digits, als.holders
            while digits:  # bits_of() written out: thousands of sets per solve
                low = digits & -digits
                x = low.bit_length()
                reach |= seen_by[holders[x]] << (x - 1) * size
                digits ^= low
            found.append(reach)
    return tuple(found)
