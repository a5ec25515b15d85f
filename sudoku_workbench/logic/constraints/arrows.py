"""Arrow bounds: the shaft adds up to the bulb, so each cell keeps what the others can still balance.

The shaft's sum lies between the sum of its cells' smallest candidates and that of their largest
(digits may repeat on a shaft that leaves a house, so no more is assumed); the bulb reads between
its smallest and largest number. A bulb digit that puts the bulb outside the shaft's range goes, and
a shaft digit that pushes the sum past the bulb's largest (or leaves it short of its smallest) goes,
until nothing changes.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.constraints import Arrow, bulb_weights, describe
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.constraints._narrowing import kept_step

__all__ = ["ARROW_BOUNDS", "arrow_bounds", "balanced"]

ARROW_BOUNDS = "arrow_bounds"


def _ends(mask: int) -> tuple[int, int]:
    return (mask & -mask).bit_length(), mask.bit_length()


def balanced(masks: list[int], weights: tuple[int, ...]) -> list[int]:
    """The masks of cells whose weighted digits must add up to zero, narrowed by bounds to a fixpoint."""
    kept = masks[:]
    changed = True
    while changed and all(kept):
        changed = False
        ends = [_ends(m) for m in kept]
        lows = [w * (lo if w > 0 else hi) for w, (lo, hi) in zip(weights, ends, strict=True)]
        highs = [w * (hi if w > 0 else lo) for w, (lo, hi) in zip(weights, ends, strict=True)]
        for i, weight in enumerate(weights):
            others_low, others_high = sum(lows) - lows[i], sum(highs) - highs[i]
            fit = 0
            for d in range(1, kept[i].bit_length() + 1):
                if kept[i] >> (d - 1) & 1 and others_low + weight * d <= 0 <= others_high + weight * d:
                    fit |= 1 << (d - 1)
            if fit != kept[i]:
                kept[i], changed = fit, True
                break
    return kept


def arrow_bounds(grid: Grid) -> Iterator[Step]:
    """Per arrow, the bulb within the shaft's range of sums and each shaft cell within the bulb's."""
    geo = grid.geometry
    for item in geo.constraints:
        if not isinstance(item, Arrow):
            continue
        cells = item.bulb + item.shaft
        masks = [grid.candidates[c] if not grid.values[c] else 1 << (grid.values[c] - 1) for c in cells]
        weights = bulb_weights(item.bulb) + (-1,) * len(item.shaft)
        kept = dict(zip(cells, balanced(masks, weights), strict=True))
        shaft_ends = [_ends(masks[len(item.bulb) + i]) for i in range(len(item.shaft))]
        bulb_ends = [_ends(m) for m in masks[: len(item.bulb)]]
        low = sum(w * lo for w, (lo, _) in zip(bulb_weights(item.bulb), bulb_ends, strict=True))
        high = sum(w * hi for w, (_, hi) in zip(bulb_weights(item.bulb), bulb_ends, strict=True))
        reason = (
            f"On the {describe(item, geo.n)} the shaft adds up to the bulb's number: with the candidates"
            f" the shaft makes {sum(lo for lo, _ in shaft_ends)} to {sum(hi for _, hi in shaft_ends)}"
            f" and the bulb reads {low} to {high}"
        )
        step = kept_step(grid, ARROW_BOUNDS, cells, kept, reason)
        if step is not None:
            yield step
