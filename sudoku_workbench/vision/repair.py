"""Sudoku knows best: the most probable reading that has exactly one solution.

Each cell has probabilities for empty (0) and each digit. The best reading is tried first; when it has
no or several solutions, the alternatives of the uncertain cells are tried in order of the probability
they cost (best-first over sets of changes), up to :data:`MAX_TRIES` counts.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable

import numpy as np

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid

__all__ = ["MAX_TRIES", "Counter", "repaired"]

Counter = Callable[[Grid, int], int]
MAX_TRIES = 300
#: Alternatives costing more than this (natural log of the probability ratio) are not tried.
_MAX_COST = 7.0


def repaired(geo: Geometry, probs: np.ndarray, count: Counter) -> tuple[list[int], list[int]]:
    """The values chosen (row by row, 0 = empty) and the cells whose value differs from the best guess.

    ``probs`` has one row per cell and ``geo.n + 1`` columns; ``count(grid, 2)`` counts solutions.
    When nothing within :data:`MAX_TRIES` has one solution, the best guess is returned unchanged.
    """
    best = [int(v) for v in probs.argmax(axis=1)]
    options = sorted(
        (float(math.log(probs[cell, best[cell]] / probs[cell, value])), cell, value)
        for cell in range(geo.size)
        for value in range(geo.n + 1)
        if value != best[cell]
        and probs[cell, value] > 0
        and math.log(probs[cell, best[cell]] / probs[cell, value]) < _MAX_COST
    )
    heap: list[tuple[float, tuple[int, ...]]] = [(0.0, ())]
    for _ in range(MAX_TRIES):
        if not heap:
            break
        cost, chosen = heapq.heappop(heap)
        cells = [options[i][1] for i in chosen]
        if len(set(cells)) == len(cells):
            values = list(best)
            for i in chosen:
                values[options[i][1]] = options[i][2]
            if _unique(geo, values, count):
                return values, sorted(cells)
        last = chosen[-1] if chosen else -1
        if last + 1 < len(options):
            heapq.heappush(heap, (cost + options[last + 1][0], (*chosen, last + 1)))
            if chosen:
                swapped = cost - options[last][0] + options[last + 1][0]
                heapq.heappush(heap, (swapped, (*chosen[:-1], last + 1)))
    return best, []


def _unique(geo: Geometry, values: list[int], count: Counter) -> bool:
    grid = Grid.from_values(geo, values)
    return not grid.problems() and count(grid, 2) == 1
