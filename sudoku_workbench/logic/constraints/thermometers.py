"""Thermometer bounds: digits climb from the bulb, so each cell lies between its neighbours' digits.

Along the line, a cell keeps only digits above the smallest candidate of the cell before it (itself
already narrowed) and below the largest candidate of the cell after it. One pass from the bulb and one
from the tip reach every such elimination at once.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.constraints import Thermo, describe
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.constraints._narrowing import kept_step

__all__ = ["THERMO_BOUNDS", "climbing", "thermo_bounds"]

THERMO_BOUNDS = "thermo_bounds"


def climbing(masks: list[int]) -> list[int]:
    """The masks of a line of strictly increasing digits, each kept only where the others allow it."""
    kept = masks[:]
    for i in range(1, len(kept)):
        low = kept[i - 1] & -kept[i - 1]
        kept[i] &= ~((low << 1) - 1) if low else 0
    for i in range(len(kept) - 2, -1, -1):
        high = kept[i + 1].bit_length()
        kept[i] &= (1 << (high - 1)) - 1 if high else 0
    return kept


def thermo_bounds(grid: Grid) -> Iterator[Step]:
    """Per thermometer, each cell between the smallest digit below it and the largest above it."""
    geo = grid.geometry
    for item in geo.constraints:
        if not isinstance(item, Thermo):
            continue
        masks = [grid.candidates[c] if not grid.values[c] else 1 << (grid.values[c] - 1) for c in item.cells]
        kept = dict(zip(item.cells, climbing(masks), strict=True))
        reason = (
            f"On the {describe(item, geo.n)} the digits climb from the bulb {geo.cell_name(item.cells[0])}:"
            " each cell lies above the smallest digit the cell before it can hold and below the largest"
            " the cell after it can hold"
        )
        step = kept_step(grid, THERMO_BOUNDS, item.cells, kept, reason)
        if step is not None:
            yield step
