"""Where each digit can still go in each unit, as bitmasks over the unit's cells, cached per grid.

Several rules ask the same question of one grid in a row (pointing, claiming, locked triple, hidden
pair, pile exclusion), so the table is kept for the most recent grid only, compared by identity.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Geometry
from sudoku_workbench.core.grid import Grid, digits_of_mask

__all__ = [
    "Intersection",
    "cell_candidates",
    "intersections",
    "other_getters",
    "remember_unit_positions",
    "unit_getters",
    "unit_positions",
]

_last: tuple[Grid | None, tuple[tuple[int, ...], ...]] = (None, ())


def unit_positions(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """``table[unit][d-1]``: bit ``i`` set when digit ``d`` is a candidate of the unit's ``i``-th cell."""
    global _last
    cached = _last
    if cached[0] is grid:
        return cached[1]
    geo = grid.geometry
    cands = grid.candidates
    n = geo.n
    table = []
    for unit in geo.units:
        where = [0] * n
        for i, cell in enumerate(unit):
            mask = cands[cell]
            while mask:
                low = mask & -mask
                where[low.bit_length() - 1] |= 1 << i
                mask ^= low
        table.append(tuple(where))
    result = tuple(table)
    _last = (grid, result)
    return result


def remember_unit_positions(grid: Grid, table: tuple[tuple[int, ...], ...]) -> None:
    """Hand over a table known to be right for ``grid`` (the engine's tally keeps one up to date)."""
    global _last
    _last = (grid, table)


@dataclass(frozen=True)
class Intersection:
    """The cells where a line (row, column, extra house) meets a region or another house, and masks.

    The masks are the cells' bits in each of the two units.
    """

    line: int
    box: int
    cells: tuple[Cell, ...]
    line_mask: int
    box_mask: int


@functools.cache
def intersections(geo: Geometry) -> tuple[Intersection, ...]:
    """Every line–region intersection that holds cells, then those of the extra houses.

    Regions come first in reading order, rows before columns; then each extra house (a diagonal, a
    window) against every house it meets in two or more cells, the extra house standing as the line.
    """
    pairs = [
        (geo.units_of[c][kind], region)
        for region in range(2 * geo.n, 3 * geo.n)
        for kind in (0, 1)
        for c in sorted(geo.units[region], key=lambda c: geo.units_of[c][kind])
    ]
    pairs += [
        (extra, other)
        for extra in geo.extra_units
        for other in range(extra)
        if len(set(geo.units[extra]) & set(geo.units[other])) > 1
    ]
    found = []
    for line, box in dict.fromkeys(pairs):
        line_cells, box_cells = geo.units[line], geo.units[box]
        common = tuple(c for c in box_cells if c in line_cells)
        found.append(
            Intersection(
                line,
                box,
                common,
                sum(1 << line_cells.index(c) for c in common),
                sum(1 << box_cells.index(c) for c in common),
            )
        )
    return tuple(found)


@functools.cache
def unit_getters(geo: Geometry) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
    """Per unit, a fast getter of that unit's entries from any per-cell tuple (candidates, values)."""
    return tuple(operator.itemgetter(*unit) for unit in geo.units)


@functools.cache
def other_getters(geo: Geometry) -> tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], ...], ...]:
    """Per cell, for each of its units, a getter of the unit's other cells."""
    return tuple(
        tuple(operator.itemgetter(*(c for c in geo.units[u] if c != cell)) for u in geo.units_of[cell])
        for cell in range(geo.size)
    )


def cell_candidates(grid: Grid, cells: Iterable[Cell], digits: int = -1) -> tuple[Candidate, ...]:
    """The candidates ``(cell, digit)`` of the cells, only digits in the mask ``digits`` if given."""
    cands = grid.candidates
    return tuple((c, d) for c in cells for d in digits_of_mask(cands[c] & digits))
