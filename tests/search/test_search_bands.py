"""The plain 9x9's band count (search/_search_bands.c) against the general kernel, the twin and exact cover.

``count_each`` on the plain 9x9 runs the band count; ``kernel_search`` runs the general compiled search
on the same grid, ``search_count`` the Python engine, and tests/search/exact_cover.py Knuth's Algorithm
X: the counts up to a limit must agree on corpus samples, on fuzzed partial grids (none, one, a few and
many solutions) and on givens that clash. Shapes with the plain lengths but other houses or neighbours
(jigsaws, anti-knight, anti-king, the 9x9 with its cells renumbered) must stay on the general search.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Geometry, Grid, geometry
from sudoku_workbench.search import _kernel
from sudoku_workbench.search._kernel import kernel_search
from sudoku_workbench.search._propagation import intersections, segments_by_unit
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.solve import count_each, search_count, solutions, solve
from tests.conftest import corpus
from tests.search.exact_cover import count_solutions

pytestmark = pytest.mark.skipif(_kernel.kernel is None, reason="the compiled search is not built here")

PLAIN = geometry(3, 3)


def general_count(grid: Grid, limit: int | None) -> int:
    """The general compiled search's count (it walks the geometry's tables, whatever the shape)."""
    found = kernel_search(grid, limit)
    assert found is not None
    return found.count


def band_counts(geo: Geometry, grids: list[Grid], limit: int | None) -> list[int]:
    """``count_each`` of the grids in one buffer (the band count on the plain 9x9)."""
    counts = count_each(geo, bytes(d for grid in grids for d in grid.values), limit)
    assert counts is not None
    return counts


@pytest.mark.parametrize(
    ("name", "every"),
    [("top1465.txt", 25), ("forum_hardest_1106.txt", 7), ("serg_benchmark.txt", 200), ("royle17.txt", 1000)],
)
@pytest.mark.parametrize("limit", [1, 2, 12])
def test_corpus_samples_count_as_the_general_search(name, every, limit):
    grids = corpus(name, count=60, every=every)
    assert band_counts(PLAIN, grids, limit) == [general_count(grid, limit) for grid in grids]


@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt", "serg_benchmark.txt"])
def test_a_few_count_as_the_twin_and_exact_cover(name):
    grids = corpus(name, count=3, every=97)
    counts = band_counts(PLAIN, grids, 12)
    assert counts == [search_count(grid, 12) for grid in grids]
    assert counts == [count_solutions(grid, 12) for grid in grids]


def full_grid(seed: int) -> tuple[int, ...]:
    """A random solved 9x9 (the OK search's first with its digits relabelled)."""
    first = solve(Grid.empty(PLAIN))
    assert first is not None
    labels = list(range(1, 10))
    random.Random(seed).shuffle(labels)
    return tuple(labels[d - 1] for d in first.values)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    share=st.floats(0.2, 0.9),
    clash=st.booleans(),
    limit=st.sampled_from([1, 2, 12, None]),
)
def test_fuzzed_partial_grids_count_as_the_general_search_and_the_twin(seed, share, clash, limit):
    rng = random.Random(seed)
    givens = [d if rng.random() < share else 0 for d in full_grid(seed)]
    if clash and any(givens):  # a wrong digit somewhere: none, or other solutions than the grid's
        givens[rng.randrange(81)] = rng.randint(1, 9)
    if limit is None and share < 0.6:
        limit = 200  # an exact count of a sparse grid would not end
    grid = Grid.from_values(PLAIN, tuple(givens))
    (counted,) = band_counts(PLAIN, [grid], limit)
    assert counted == general_count(grid, limit)
    if limit is not None and limit <= 12:
        assert counted == search_count(grid, limit)


def test_fuzzed_counts_cover_none_one_and_many():
    rng = random.Random(4701)
    grids = []
    for share in (0.15, 0.3, 0.45, 0.6, 0.75):
        for _ in range(8):
            givens = [d if rng.random() < share else 0 for d in full_grid(rng.randrange(2**32))]
            if rng.random() < 0.3:
                givens[rng.randrange(81)] = rng.randint(1, 9)
            grids.append(Grid.from_values(PLAIN, tuple(givens)))
    counts = band_counts(PLAIN, grids, 50)
    assert counts == [general_count(grid, 50) for grid in grids]
    assert {0, 1, 50} <= set(counts)
    assert any(1 < found < 50 for found in counts)
    exact = [grid for grid, found in zip(grids, counts, strict=True) if found < 50][:4]
    assert band_counts(PLAIN, exact, None) == [count_solutions(grid, 50) for grid in exact]


@pytest.mark.parametrize("shape", ["jigsaw", "antiknight", "antiking"])
def test_shapes_with_the_plain_lengths_stay_on_the_general_search(shape):
    rng = random.Random(shape)
    geo = random_jigsaw(9, rng) if shape == "jigsaw" else geometry(3, 3, (shape,))
    full = next(solutions(Grid.empty(geo), rng=random.Random(rng.random())))
    grids = [
        Grid.from_values(geo, tuple(d if rng.random() < share else 0 for d in full.values))
        for share in (0.25, 0.35, 0.45, 0.55)
        for _ in range(5)
    ]
    counts = band_counts(geo, grids, 12)
    assert counts == [general_count(grid, 12) for grid in grids]
    assert counts == [count_solutions(grid, 12) for grid in grids]


def test_the_plain_houses_on_other_cell_numbers_stay_on_the_general_search():
    """Tables of the plain lengths whose houses are not the plain cells: the first and last rows swapped."""
    module = _kernel.kernel
    assert module is not None
    moved = [(8 - c // 9) * 9 + c % 9 if c // 9 in (0, 8) else c for c in range(81)]
    segments, line_rivals, box_rivals = intersections(PLAIN)
    judged, _needed = segments_by_unit(PLAIN, segments, line_rivals, box_rivals)
    by_new = sorted(range(81), key=moved.__getitem__)
    tables = module.tables(
        81,
        9,
        [[moved[c] for c in unit] for unit in PLAIN.units],
        [[moved[p] for p in PLAIN.peers[c]] for c in by_new],
        [PLAIN.units_of[c] for c in by_new],
        [[moved[c] for c in segment] for segment in segments],
        line_rivals,
        box_rivals,
        [],
        [],
        [sorted(on_unit) for on_unit in judged],
    )
    grids = corpus("top1465.txt", count=20, every=70)
    values = bytes(grid.values[c] for grid in grids for c in by_new)
    assert module.count_values(tables, values, 2) == [general_count(grid, 2) for grid in grids]
