"""Thermometers, arrows, dots and XV in the OK search: each keeps the digits it can still support.

The constraints come in the two forms of ``core.constraints``: two-cell relations (a thermometer's
steps, a dot, an X or V, a negative rule's unmarked pairs) and zero sums (arrows, the bulb's place
values against −1 per shaft cell). A relation keeps in each cell only the digits some digit of the
other cell allows (arc consistency); a sum keeps in each cell only the digits for which the other
cells' smallest and largest contributions can still reach zero (bounds). On decided cells both are
exactly the constraint, so a search that decides every cell finds only true solutions.

Like ``_cage_sums``: ``rule(state, queue, touched_units)`` narrows the constraints on the touched units
(-1: all) and answers the units it changed (0 for none, -1 for a contradiction).
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_workbench.core.constraints import arrow_sums, pair_tables, partners, transposed
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.search._cage_sums import CageRule

__all__ = ["constraint_rule"]

#: ``narrow(state, queue, cell, keep)``: the cell's units if keeping ``keep`` changed it, 0, or -1.
Narrow = Callable[[list[int], list[int], int, int], int]


def constraint_rule(geo: Geometry) -> CageRule | None:  # noqa: C901 (one hot closure)
    """The constraints' rule, or None for a shape without any."""
    if not geo.constraints:
        return None
    tables = pair_tables(geo.n, geo.constraints)
    pairs = tuple((a, b, forward, transposed(forward, geo.n)) for (a, b), forward in tables.items())
    sums = arrow_sums(geo.constraints)
    unit_bits = tuple(sum(1 << u for u in geo.units_of[c]) for c in range(geo.size))
    pairs_on = [0] * len(geo.units)
    sums_on = [0] * len(geo.units)
    for index, (a, b, _, _) in enumerate(pairs):
        for unit in geo.units_of[a] + geo.units_of[b]:
            pairs_on[unit] |= 1 << index
    for index, (cells, _) in enumerate(sums):
        for cell in cells:
            for unit in geo.units_of[cell]:
                sums_on[unit] |= 1 << index
    every_pair, every_sum = (1 << len(pairs)) - 1, (1 << len(sums)) - 1

    def narrow(state: list[int], queue: list[int], cell: int, keep: int) -> int:
        """Keep only ``keep`` in the cell: its units if it changed, 0 if not, -1 if nothing is left."""
        mask = state[cell]
        narrowed = mask & keep
        if narrowed == mask:
            return 0
        if not narrowed:
            return -1
        state[cell] = narrowed
        if not narrowed & (narrowed - 1):
            queue.append(cell)
        return unit_bits[cell]

    def rule(state: list[int], queue: list[int], touched: int) -> int:
        if touched < 0:
            todo_pairs, todo_sums = every_pair, every_sum
        else:
            todo_pairs = todo_sums = 0
            while touched:
                low = touched & -touched
                touched ^= low
                todo_pairs |= pairs_on[low.bit_length() - 1]
                todo_sums |= sums_on[low.bit_length() - 1]
        changed = 0
        while todo_pairs:
            low = todo_pairs & -todo_pairs
            todo_pairs ^= low
            a, b, forward, backward = pairs[low.bit_length() - 1]
            for cell, keep in ((b, partners(state[a], forward)), (a, partners(state[b], backward))):
                units = narrow(state, queue, cell, keep)
                if units < 0:
                    return -1
                changed |= units
        while todo_sums:
            low = todo_sums & -todo_sums
            todo_sums ^= low
            cells, weights = sums[low.bit_length() - 1]
            units = _bounds(state, queue, cells, weights, narrow)
            if units < 0:
                return -1
            changed |= units
        return changed

    return rule


def _bounds(
    state: list[int], queue: list[int], cells: tuple[int, ...], weights: tuple[int, ...], narrow: Narrow
) -> int:
    """Narrow a zero sum's cells to the digits whose contribution the others can still balance."""
    lows = []
    highs = []
    for cell, weight in zip(cells, weights, strict=True):
        mask = state[cell]
        small, large = (mask & -mask).bit_length(), mask.bit_length()
        lows.append(weight * (small if weight > 0 else large))
        highs.append(weight * (large if weight > 0 else small))
    low_total, high_total = sum(lows), sum(highs)
    if low_total > 0 or high_total < 0:
        return -1
    changed = 0
    for index, (cell, weight) in enumerate(zip(cells, weights, strict=True)):
        others_low, others_high = low_total - lows[index], high_total - highs[index]
        keep = 0
        mask = state[cell]
        while mask:
            bit = mask & -mask
            mask ^= bit
            part = weight * bit.bit_length()
            if others_low + part <= 0 <= others_high + part:
                keep |= bit
        units = narrow(state, queue, cell, keep)
        if units < 0:
            return -1
        changed |= units
    return changed
