"""Candidate masks laid out by rows, by columns and by boxes, so one test covers every unit of every digit.

A forced set is a mask of candidates, bit ``(digit - 1) * N² + cell``; cells are row-major, so the N
places of a digit in a row are N neighbouring bits. Written twice more, with the cells in column order
and in box order, and the three copies side by side, every pair of a digit and a unit owns N
neighbouring bits (a *field*). "Which units lose every place of a digit" is then a few operations on
one integer instead of a loop over digits, cells and units: forcing contradiction asks it for every
premise of every position it is asked on (about a hundred thousand premises on top1465's SE paths).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry

__all__ = ["PremiseCover", "UnitFields", "premise_cover", "unit_fields"]


@dataclass(frozen=True, eq=False)
class UnitFields:
    """The three layouts of one geometry's candidates (one shared value per geometry)."""

    geo: Geometry
    #: Per cell: its three bit offsets (in its row, its column and its box layout) for digit 1.
    place: tuple[tuple[int, ...], ...]
    #: Per cell: every digit of that cell, in the three layouts.
    digits: tuple[int, ...]
    #: Per field, its N - 1 low bits, and its top bit (adding N - 1 ones to the low bits of a field
    #: carries into its top bit exactly when they are not all zero).
    low: int
    high: int

    def spread(self, bit: int) -> int:
        """Candidate bit ``(digit - 1) * N² + cell`` in each of the three layouts."""
        shift, cell = bit - bit % self.geo.size, bit % self.geo.size
        return sum(1 << (at + shift) for at in self.place[cell])

    def peers(self, bit: int) -> int:
        """The candidate's digit in every peer of its cell, in the three layouts (kept for the last few).

        A table of them all would hold N³ integers of 3·N³ bits: 180 MB on a 25x25.
        """
        return _peers(self, bit)

    def holding(self, positions: tuple[tuple[int, ...], ...]) -> int:
        """The places of every digit in the three layouts, from each unit's places per digit.

        ``positions[unit][digit - 1]`` has bit ``i`` for the unit's ``i``-th cell (units rows, columns,
        boxes, in :class:`~sudoku_workbench.core.geometry.Geometry`'s order), which is exactly the
        unit's field of that digit.
        """
        n, size = self.geo.n, self.geo.size
        block = n * size
        held = 0
        for unit, places in enumerate(positions):
            group, index = divmod(unit, n)
            offset = group * block + index * n
            for digit, where in enumerate(places):
                if where:
                    held |= where << (offset + digit * size)
        return held

    def first_field(self, fields: int) -> tuple[Digit, int]:
        """The (digit, unit) of the first field by digit, then unit number, among ``fields``' top bits."""
        n, size = self.geo.n, self.geo.size
        block = n * size
        whole = (1 << block) - 1
        best: tuple[int, int] | None = None
        for group in range(3):
            part = (fields >> (group * block)) & whole
            if part:
                bit = (part & -part).bit_length() - 1
                digit = bit // size
                if best is None or digit < best[0]:  # a tie keeps the earlier group: rows, columns, boxes
                    best = (digit, group * n + (bit % size) // n)
        if best is None:
            raise ValueError("no field is marked")
        return best[0] + 1, best[1]


@functools.cache
def unit_fields(geo: Geometry) -> UnitFields:
    """The layouts of ``geo``: each cell's place in its row, its column and its box."""
    n, size = geo.n, geo.size
    block = n * size
    place = [[0, 0, 0] for _ in range(size)]
    for unit, cells in enumerate(geo.units):
        group, index = divmod(unit, n)
        for i, cell in enumerate(cells):
            place[cell][group] = group * block + index * n + i
    digit_one = tuple(sum(1 << at for at in spots) for spots in place)
    digits = tuple(sum(mask << (digit * size) for digit in range(n)) for mask in digit_one)
    low = sum(((1 << (n - 1)) - 1) << (field * n) for field in range(3 * n * n))
    high = sum(1 << (field * n + n - 1) for field in range(3 * n * n))
    return UnitFields(geo, tuple(tuple(spots) for spots in place), digits, low, high)


#: Enough for every candidate of a 16x16 (4,096), and 24 MB of a 25x25's.
@functools.lru_cache(maxsize=4096)
def _peers(fields: UnitFields, bit: int) -> int:
    shift, cell = bit - bit % fields.geo.size, bit % fields.geo.size
    mask = 0
    for peer in fields.geo.peers[cell]:
        mask |= fields.spread(shift + peer)
    return mask


@dataclass(frozen=True)
class PremiseCover:
    """What a premise "cell is not digit" takes away, in :class:`UnitFields` layout.

    ``clash`` is a cell the premise forces to two digits and the two digits (the first such cell of
    the first digit that meets an earlier one), or None; ``covered`` the candidates it removes (the
    premise's own, every other digit of a forced cell, the digit in each peer of a forced cell);
    ``forced`` the candidates it forces; ``lost`` those it removes but does not force.
    """

    clash: tuple[Cell, Digit, Digit] | None
    covered: int
    forced: int
    lost: int

    def empty_unit(self, fields: UnitFields, holding: int) -> tuple[Digit, int] | None:
        """The first (digit, unit) whose places ``holding`` (a position's) the premise takes all of."""
        lost = holding & self.lost
        if not lost:
            return None  # no place lost, so no unit left empty
        kept = (holding & ~self.covered) | self.forced
        low = fields.low
        empty = (((lost & low) + low) | lost) & ~(((kept & low) + low) | kept) & fields.high
        return fields.first_field(empty) if empty else None


def premise_cover(fields: UnitFields, cell: Cell, digit: Digit, forced: int) -> PremiseCover:
    """The cover of premise (cell, digit) whose walks force the candidates ``forced`` (bit sets).

    It depends on the premise alone, not on the position, so callers may keep it by content.
    """
    size = fields.geo.size
    digits = fields.digits
    moved = taken = near = 0
    clash: tuple[Cell, Digit, Digit] | None = None
    seen = current = 0  # cells of the digits before this one, and of this one
    digit_now = -1
    rest = forced
    while rest:  # the few forced candidates, ascending: by digit, then cell
        low = rest & -rest
        rest ^= low
        bit = low.bit_length() - 1
        here, spot = divmod(bit, size)
        moved |= fields.spread(bit)
        taken |= digits[spot]
        near |= fields.peers(bit)
        if here != digit_now:
            seen, current, digit_now = seen | current, 0, here
        if clash is None and seen >> spot & 1:
            first = next(d for d in range(here) if forced >> (d * size + spot) & 1)
            clash = (spot, first + 1, here + 1)
        current |= 1 << spot
    covered = (taken & ~moved) | near | fields.spread((digit - 1) * size + cell)
    return PremiseCover(clash, covered, moved, covered & ~moved)
