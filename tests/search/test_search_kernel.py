"""The compiled search against its Python twin and an independent counter: counts, first solutions, nodes.

The kernel (search/_search_kernel.c) promises the Python engine's nodes in the same order, so the
first solution and the node count at it must agree, and the count up to a limit must agree with both
the engine and Knuth's Algorithm X of tests/search/exact_cover.py, on corpus samples and on random
shapes (box shapes 4..16, jigsaws, every variant extra) with random givens.
"""

from __future__ import annotations

import random

import pytest

from sudoku_workbench.core import Cancelled, CancelToken, Geometry, Grid, geometry
from sudoku_workbench.search import _kernel
from sudoku_workbench.search._kernel import kernel_search
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.solve import count, count_each, search_count, solutions, solve
from tests.conftest import SAMPLE_CORPORA, spread_sample
from tests.search.exact_cover import count_solutions

pytestmark = pytest.mark.skipif(_kernel.kernel is None, reason="the compiled search is not built here")

LIMIT = 12


def python_first(grid: Grid) -> tuple[Grid | None, int]:
    """The Python engine's first solution and its node count there."""
    seen = [0]

    def note(nodes: int) -> None:
        seen[0] = nodes

    return next(solutions(grid, progress=note), None), seen[0]


def assert_twins(grid: Grid, independent: bool = True) -> int:
    """Kernel and Python engine agree on the first solution, its nodes and the count up to LIMIT."""
    first = kernel_search(grid, 1, 1)
    counted = kernel_search(grid, LIMIT)
    assert first is not None
    assert counted is not None
    expected, nodes = python_first(grid)
    assert first.nodes == nodes
    assert first.solutions == (() if expected is None else (expected.values,))
    assert counted.count == search_count(grid, LIMIT)
    if independent:
        assert counted.count == count_solutions(grid, LIMIT)
    return counted.count


@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_corpus_samples_agree(name):
    for grid in spread_sample(name, 6):
        assert_twins(grid, independent=grid.geometry.n <= 9)


def shapes(rng: random.Random) -> list[Geometry]:
    """A spread of shapes: every box shape up to 16, jigsaws, each extra where it fits."""
    drawn = [geometry(r, c) for r, c in ((2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4))]
    drawn += [geometry(3, 3, (extra,)) for extra in ("x", "windoku", "disjoint", "antiknight", "antiking")]
    drawn += [geometry(2, 3, ("x",)), geometry(2, 2, ("windoku",)), geometry(2, 4, ("antiknight",))]
    drawn += [random_jigsaw(n, rng) for n in (5, 6, 7, 8, 9)]
    drawn += [random_jigsaw(9, rng, extras=("x",))]
    return drawn


def test_fuzzed_shapes_agree_with_the_twin_and_the_independent_counter():
    rng = random.Random(20261202)
    counts = set()
    for geo in shapes(rng):
        full = next(solutions(Grid.empty(geo), rng=random.Random(rng.random())))
        for share in (0.3, 0.45, 0.6):
            givens = tuple(d if rng.random() < share else 0 for d in full.values)
            grid = Grid.from_values(geo, givens)
            counts.add(assert_twins(grid, independent=geo.n <= 9 or share >= 0.6))
    assert {1, LIMIT} <= counts  # unique puzzles and ones whose first solution is one of many


def test_a_25x25_puzzle_is_solved_and_counted_like_the_twin():
    geo = geometry(5, 5)
    full = next(solutions(Grid.empty(geo), rng=random.Random(5)))
    rng = random.Random(6)
    givens = tuple(d if rng.random() < 0.6 else 0 for d in full.values)
    assert_twins(Grid.from_values(geo, givens), independent=False)


def test_the_pure_switch_gives_the_same_answers(monkeypatch):
    grid = spread_sample(SAMPLE_CORPORA[0], 1)[0]
    compiled = (solve(grid), count(grid, 2))
    monkeypatch.setattr(_kernel, "kernel", None)
    assert kernel_search(grid, 2) is None
    assert (solve(grid), count(grid, 2)) == compiled


def test_a_cancelled_search_raises_and_progress_counts_nodes():
    token = CancelToken()
    calls: list[int] = []

    def progress(nodes: int) -> None:
        calls.append(nodes)
        if nodes >= 4096:
            token.cancel()

    with pytest.raises(Cancelled):
        kernel_search(Grid.empty(geometry(4, 4)), None, 0, token, progress)
    assert 2048 in calls
    assert calls[-1] == 4096


def test_counting_a_buffer_of_puzzles_gives_each_ones_count():
    rng = random.Random(47)
    geo = geometry(3, 3)
    grids = [*spread_sample("top1465.txt", 8), *spread_sample("serg_benchmark.txt", 4), Grid.empty(geo)]
    full = solve(Grid.empty(geo))
    assert full is not None
    for share in (0.2, 0.35, 0.5):  # random givens: unique, several, and (with a wrong one) none
        givens = [d if rng.random() < share else 0 for d in full.values]
        grids.append(Grid.from_values(geo, givens))
        givens[givens.index(0)] = givens[next(i for i, d in enumerate(givens) if d)]
        grids.append(Grid.from_values(geo, givens))
    values = bytes(d for grid in grids for d in grid.values)
    counts = count_each(geo, values, LIMIT)
    assert counts == [count(grid, LIMIT) for grid in grids]
    assert {0, 1, LIMIT} <= set(counts)
    with pytest.raises(ValueError, match="no whole number"):
        count_each(geo, values[:-1], LIMIT)
