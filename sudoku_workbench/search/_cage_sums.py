"""Killer cage sums in the OK search: each cage keeps only the digit sets that can still make its total.

For a cage of k cells with a total, the candidates are the digit sets of :func:`core.cages.sum_combinations`.
A set survives while it holds every digit already placed in the cage, every cell still has a candidate
in it, and the cells' candidates in it cover it (k cells must show k digits). A cell keeps only digits of
surviving sets; a digit every surviving set holds and only one cell can take is placed there. No set
left is a contradiction. On a fully decided cage this is exactly "the digits add up to the total".

Cage mates never repeat a digit through the peers (``Geometry.peers``), so this rule only adds the sums.

The rule narrows more than the drawn cages (:func:`summed_cages`): a house's *innies*, the cells of a
house outside the summed cages lying wholly in it, hold different digits adding up to the house's
total less those cages' (the 45 rule on a 9x9), so they are one more cage to narrow. Both searches
(this one and the kernel of ``_search_kernel.c``) read the same list.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from sudoku_workbench.core.cages import sum_combinations
from sudoku_workbench.core.geometry import Geometry

__all__ = ["CageRule", "SummedCage", "cage_rule", "summed_cages"]

#: Cells whose digits differ, and the digit sets (masks) that make their total.
SummedCage = tuple[tuple[int, ...], tuple[int, ...]]

#: ``rule(state, queue, touched_units)``: the units changed (0 for none, -1 for a contradiction).
CageRule = Callable[[list[int], list[int], int], int]


@functools.cache
def summed_cages(geo: Geometry) -> tuple[SummedCage, ...]:
    """The cages with a total, then each house's innies (distinct cell sets only; none without sums)."""
    drawn = [(cage.cells, cage.total) for cage in geo.cages if cage.total is not None]
    found = dict(drawn)
    house_total = geo.n * (geo.n + 1) // 2
    for unit in geo.units:
        house = set(unit)
        inside = [(cells, total) for cells, total in drawn if house.issuperset(cells)]
        innies = tuple(sorted(house.difference(*(cells for cells, _ in inside))))
        if inside and innies and innies not in found:
            found[innies] = house_total - sum(total for _, total in inside)
    return tuple((cells, sum_combinations(geo.n, len(cells), total)) for cells, total in found.items())


def cage_rule(geo: Geometry) -> CageRule | None:  # noqa: C901 (one hot closure)
    """The sum rule over the cages on the touched units, or None for a shape without sums."""
    cages = summed_cages(geo)
    if not cages:
        return None
    cages_on_unit = [0] * len(geo.units)
    for index, (cells, _) in enumerate(cages):
        for cell in cells:
            for unit in geo.units_of[cell]:
                cages_on_unit[unit] |= 1 << index
    on_unit = tuple(cages_on_unit)
    unit_bits = tuple(sum(1 << u for u in geo.units_of[c]) for c in range(geo.size))
    every = (1 << len(cages)) - 1

    def rule(state: list[int], queue: list[int], touched: int) -> int:  # noqa: C901
        """Narrow the cages on the touched units (-1 for all) to their surviving digit sets."""
        todo = every if touched < 0 else 0
        while touched > 0:
            low = touched & -touched
            touched ^= low
            todo |= on_unit[low.bit_length() - 1]
        changed = 0
        while todo:
            low = todo & -todo
            todo ^= low
            cells, combos = cages[low.bit_length() - 1]
            placed = 0
            for cell in cells:
                mask = state[cell]
                if not mask & (mask - 1):
                    placed |= mask
            allowed = 0
            required = -1
            for combo in combos:
                if combo & placed != placed:
                    continue
                cover = 0
                for cell in cells:
                    inside = state[cell] & combo
                    if not inside:
                        break
                    cover |= inside
                else:
                    if cover == combo:
                        allowed |= combo
                        required &= combo
            if not allowed:
                return -1
            required &= ~placed
            for cell in cells:
                mask = state[cell]
                narrowed = mask & allowed
                if narrowed != mask:
                    if not narrowed:
                        return -1
                    state[cell] = mask = narrowed
                    changed |= unit_bits[cell]
                    if not mask & (mask - 1):
                        queue.append(cell)
            while required:
                bit = required & -required
                required ^= bit
                holders = [cell for cell in cells if state[cell] & bit]
                if not holders:
                    return -1
                if len(holders) == 1 and state[holders[0]] != bit:
                    state[holders[0]] = bit
                    changed |= unit_bits[holders[0]]
                    queue.append(holders[0])
        return changed

    return rule
