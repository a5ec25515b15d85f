"""Hypothesis strategies for the format tests: grids of every size, positions with pencil work."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from sudoku_workbench.core import BOX_SHAPES, FormatError, Grid, geometry

SHAPES = sorted(BOX_SHAPES.values())


def _random_values(rng: random.Random, n: int, size: int, density: float) -> list[int]:
    return [rng.randint(1, n) if rng.random() < density else 0 for _ in range(size)]


@st.composite
def puzzles(draw: st.DrawFn) -> Grid:
    """A grid of any size with random givens (contradictions allowed: formats must not care)."""
    geo = geometry(*draw(st.sampled_from(SHAPES)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return Grid.from_values(geo, _random_values(rng, geo.n, geo.size, draw(st.floats(0, 1))))


@st.composite
def positions(draw: st.DrawFn) -> Grid:
    """Givens, entries and arbitrary pencil marks (empty cells keep 0 or at least 2 candidates)."""
    geo = geometry(*draw(st.sampled_from(SHAPES)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    givens = _random_values(rng, geo.n, geo.size, draw(st.floats(0, 0.6)))
    entries = [0 if g else v for g, v in zip(givens, _random_values(rng, geo.n, geo.size, 0.2), strict=True)]
    masks = []
    for given, entry in zip(givens, entries, strict=True):
        mask = 0
        if not (given or entry) and rng.random() > 0.05:
            while mask.bit_count() < 2:
                mask |= rng.getrandbits(geo.n)
        masks.append(mask)
    return Grid(geo, tuple(givens), tuple(entries), tuple(masks))


def outcome(function: Callable[..., Any], *args: Any) -> Any:
    """What a reader returns, or the FormatError it raises (any other exception escapes)."""
    try:
        return function(*args)
    except FormatError as err:
        return err
