"""Per-digit link tables of one position, built once and shared by the named-pattern rules.

Skyscrapers, kites, turbot fish, empty rectangles, X-chains, colouring, nice loops and ALS rules all
ask the same questions of a position: which cells still hold digit d (a bit mask over cells), which
pairs of cells are the only two places for d in a unit (strong links, the edges of the bilocation
graph), and which cells see a given cell. The table is kept for the most recent grid, compared by
identity, like :func:`~sudoku_workbench.logic.shared._positions.unit_positions`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from sudoku_workbench.core.geometry import Cell, Digit, Geometry
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared._positions import unit_positions

__all__ = ["DigitLinks", "PerDigit", "bits_of", "common_peers", "digit_links", "end_victims", "lowest_cell"]

T = TypeVar("T")


class PerDigit(Generic[T]):
    """A per-digit table (``table[d]``) whose entries are built on first read.

    Most asks of the per-digit pattern rules are answered by their memos, which read only
    ``holders``: a digit's links are built only when a search on that digit runs.
    """

    __slots__ = ("_build", "_built")

    def __init__(self, build: Callable[[Digit], T]) -> None:
        self._build = build
        self._built: dict[Digit, T] = {}

    def __getitem__(self, digit: Digit) -> T:
        found = self._built.get(digit)
        if found is None:
            found = self._built[digit] = self._build(digit)
        return found


@dataclass(frozen=True)
class DigitLinks:
    """``holders[d]``: cells holding d (bit mask); ``strong[d][cell]``: (partner, unit) strong links.

    ``linked[d]``: the cells of ``strong[d]`` as a mask (only they can carry a chain on d past a weak link).
    ``peers`` and ``units`` are the geometry's per-cell peer masks and per-unit cell masks.
    ``places`` is :func:`~sudoku_workbench.logic.shared._positions.unit_positions`' table.
    """

    holders: tuple[int, ...]
    peers: tuple[int, ...]
    units: tuple[int, ...]
    geometry: Geometry
    places: tuple[tuple[int, ...], ...]

    @functools.cached_property
    def strong(self) -> PerDigit[dict[Cell, list[tuple[Cell, int]]]]:
        """Per digit, each cell's strong links: (partner, unit), units ascending."""
        # The builders hold the tables they read, not ``self``: a cycle would leave every position's
        # links to the garbage collector.
        return PerDigit(functools.partial(_strong_links, self.geometry, self.places))

    @functools.cached_property
    def linked(self) -> PerDigit[int]:
        """Per digit, the cells with a strong link on it (a mask)."""
        return PerDigit(functools.partial(_linked_cells, self.strong))


def _strong_links(
    geo: Geometry, places: tuple[tuple[int, ...], ...], digit: Digit
) -> dict[Cell, list[tuple[Cell, int]]]:
    pair_at = _pair_places(geo.n)
    unit_cells = geo.units
    index = digit - 1
    table: dict[Cell, list[tuple[Cell, int]]] = {}
    for unit, by_digit in enumerate(places):
        pair = pair_at.get(by_digit[index])
        if pair is not None:
            cells = unit_cells[unit]
            a, b = cells[pair[0]], cells[pair[1]]
            table.setdefault(a, []).append((b, unit))
            table.setdefault(b, []).append((a, unit))
    return table


def _linked_cells(strong: PerDigit[dict[Cell, list[tuple[Cell, int]]]], digit: Digit) -> int:
    return sum(1 << cell for cell in strong[digit])


@functools.cache
def _pair_places(n: int) -> dict[int, tuple[int, int]]:
    """The masks over a unit's places with exactly two bits, to their two places (lower first)."""
    return {1 << i | 1 << j: (i, j) for i in range(n) for j in range(i + 1, n)}


_last: tuple[Grid | None, DigitLinks | None] = (None, None)

#: The indices of a mask's set bits, lowest first: ``core.grid``'s one helper, by the rules' old name.
bits_of = set_bits


def lowest_cell(mask: int) -> Cell:
    """The lowest set bit's index (the first cell of a nonempty mask)."""
    return (mask & -mask).bit_length() - 1


def common_peers(peers: tuple[int, ...], mask: int) -> int:
    """Cells that see every cell of ``mask`` (all cells for an empty mask): the ALS and AIC victims."""
    seen = -1
    while mask:  # bits_of() written out: this is asked hundreds of thousands of times a solve
        low = mask & -mask
        seen &= peers[low.bit_length() - 1]
        mask ^= low
    return seen


def end_victims(links: DigitLinks, digit: Digit, cells: tuple[Cell, ...]) -> int:
    """Cells outside the chain holding d that see both of its ends (one end or the other is d)."""
    chain_mask = sum(1 << c for c in cells)
    return links.holders[digit] & links.peers[cells[0]] & links.peers[cells[-1]] & ~chain_mask


def digit_links(grid: Grid) -> DigitLinks:
    """The link tables of ``grid`` (index 0 of ``holders`` and ``strong`` is unused)."""
    global _last
    cached = _last
    if cached[0] is grid and cached[1] is not None:
        return cached[1]
    geo = grid.geometry
    n = geo.n
    where = unit_positions(grid)
    holders = [0] * (n + 1)
    for row in range(n):  # cells are numbered row by row: a row's places are its cells' bits
        shift = row * n
        for digit, places in enumerate(where[row], 1):
            if places:
                holders[digit] |= places << shift
    links = DigitLinks(tuple(holders), geo.peer_bits, unit_masks(geo), geo, where)
    _last = (grid, links)
    return links
