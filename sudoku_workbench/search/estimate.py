"""A solution count too large to count: Knuth's estimator over the OK search's tree.

Each sample walks from the root to a leaf, taking one of a node's options uniformly at random and
multiplying by their number; a solved leaf scores that product, a dead end zero. The mean over the
samples is an unbiased estimate of the number of solutions, because a node's options split its
solutions (a cell takes one digit; a digit with two places in a unit takes one of them), and the
spread of the mean (its standard error) says how far to trust it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search._engine import engine_for, initial_state

__all__ = ["Estimate", "estimate_count"]


@dataclass(frozen=True)
class Estimate:
    """The mean of the samples' scores and its standard error (0 when every sample agreed)."""

    mean: float
    error: float
    samples: int


def estimate_count(
    grid: Grid, samples: int, rng: random.Random, cancel: CancelToken | None = None
) -> Estimate:
    """Knuth's estimate of the position's number of solutions from ``samples`` random descents.

    Raises:
        Cancelled: when ``cancel`` is set (checked before each descent).
    """
    engine = engine_for(grid.geometry)
    root, decided = initial_state(grid)
    if not engine.propagate(root, decided):
        return Estimate(0.0, 0.0, samples)
    scores = []
    for _ in range(samples):
        if cancel is not None:
            cancel.check()
        state, weight = root[:], 1
        while weight:
            options = engine.branch_options(state)
            if options is None:
                break
            cell, bit = rng.choice(options)
            weight *= len(options)
            state[cell] = bit
            if not engine.propagate(state, [cell]):
                weight = 0
        scores.append(weight)
    mean = math.fsum(scores) / samples
    variance = math.fsum((s - mean) ** 2 for s in scores) / (samples - 1) if samples > 1 else 0.0
    return Estimate(mean, math.sqrt(variance / samples), samples)
