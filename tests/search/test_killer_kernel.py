"""Killer cage sums in the compiled search: the kernel against its Python twin and an independent counter.

The kernel (search/_search_kernel.c) must visit the Python engine's nodes in the same order on a
killer too, so the first solution, the node count there and the count up to a limit agree with the
engine; the counts must also agree with CP-SAT (tests/logic/killer_puzzles.cp_sat_model, which knows
only the rules). Puzzles: the killer corpus and fuzzed killers (random grids cut into random cages,
some without a sum, some with givens, on several shapes).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_workbench.core import Geometry, Grid, geometry
from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import with_cages
from sudoku_workbench.search import _kernel, solve
from sudoku_workbench.search._cage_sums import summed_cages
from sudoku_workbench.search._engine import OutOfBudget
from sudoku_workbench.search._kernel import kernel_search
from sudoku_workbench.search.killer_generate import cut_cages
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.sat import sat_search
from sudoku_workbench.search.solve import count, first_solutions, solutions
from tests.logic.killer_puzzles import read_corpus_line
from tests.search.test_killer_search import _cp_sat_count
from tests.search.test_search_kernel import LIMIT, assert_twins

pytestmark = pytest.mark.skipif(_kernel.kernel is None, reason="the compiled search is not built here")

CORPUS = Path(__file__).resolve().parent.parent / "logic" / "killer_corpus.txt"


def corpus(first: int = 0, every: int = 1) -> list[tuple[Grid, tuple[int, ...]]]:
    """The corpus killers with their solutions: every ``every``-th line from line ``first``."""
    lines = [row for row in CORPUS.read_text(encoding="utf-8").splitlines() if row.strip()]
    return [read_corpus_line(row)[1:] for row in lines[first::every]]


def assert_killer_twins(grid: Grid) -> int:
    """Kernel and Python engine agree (first solution, its nodes, the count to LIMIT), and so does CP-SAT."""
    counted = assert_twins(grid, independent=False)  # that counter knows no sums
    assert counted == _cp_sat_count(grid, LIMIT)
    return counted


def test_corpus_killers_are_solved_alike_by_the_kernel_and_its_twin():
    for grid, truth in corpus(first=1, every=4):  # lines 3, 15 and 23 take the Python twin minutes
        assert assert_killer_twins(grid) == 1
        found = kernel_search(grid, 1, 1)
        assert found is not None
        assert found.solutions == (truth,)


@pytest.mark.slow
def test_every_corpus_killer_has_one_solution_by_the_kernel_and_cp_sat():
    for grid, truth in corpus():
        found = kernel_search(grid, 2, 2)
        assert found is not None
        assert found.solutions == (truth,)
        assert _cp_sat_count(grid, 2) == 1


def fuzzed_killer(geo: Geometry, rng: random.Random, with_sum: float, with_given: float) -> Grid:
    """A random grid cut into random cages, each keeping its sum with odds ``with_sum``; some givens."""
    full = next(solutions(Grid.empty(geo), rng=random.Random(rng.random()))).values
    cages = [
        Cage(tuple(cells), sum(full[c] for c in cells) if rng.random() < with_sum else None)
        for cells in cut_cages(full, geo.n, rng)
    ]
    caged = with_cages(geo, cages)
    return Grid.from_values(caged, tuple(d if rng.random() < with_given else 0 for d in full))


def test_fuzzed_killers_agree_with_the_twin_and_cp_sat():
    rng = random.Random(20261203)
    shapes = [geometry(2, 2), geometry(2, 3), geometry(3, 2), geometry(2, 4), geometry(3, 3)]
    shapes += [geometry(3, 3, ("x",)), geometry(2, 3, ("antiknight",)), random_jigsaw(6, rng)]
    counts = set()
    for geo in shapes:
        for with_sum, with_given in ((1.0, 0.0), (0.7, 0.1), (0.4, 0.25), (0.2, 0.4)):
            grid = fuzzed_killer(geo, rng, with_sum, with_given)
            counts.add(assert_killer_twins(grid))
    assert {1, LIMIT} <= counts  # unique killers and killers with many solutions


def test_innies_are_a_house_less_its_summed_cages():
    # Row 1 of a 4x4: cage {r1c1, r1c2} = 3 lies in it, so r1c3 + r1c4 = 10 - 3 = 7.
    geo = with_cages(geometry(2, 2), [Cage((0, 1), 3), Cage((2, 6), 5)])
    summed = dict(summed_cages(geo))
    assert summed[(0, 1)] == (0b0011,)
    assert summed[(2, 3)] == (0b1100,)  # 3 + 4
    assert (2, 6) in summed
    assert summed_cages(geometry(2, 2)) == ()


def test_a_killer_past_the_node_budget_goes_on_to_sat_with_the_same_count(monkeypatch):
    grid = Grid.empty(with_cages(geometry(3, 3), [Cage((0, 1), 3), Cage((40, 41, 49), 24)]))
    with pytest.raises(OutOfBudget):
        kernel_search(grid, None, budget=100)
    assert kernel_search(grid, 50) is not None
    monkeypatch.setattr(solve, "KILLER_NODE_BUDGET", 100)
    assert count(grid, 50) == 50
    solved = first_solutions(grid, 3)
    assert len(solved) == 3
    assert all(s.values[0] + s.values[1] == 3 for s in solved)
    assert sat_search(grid.geometry).search(grid, 50)[0] == 50


def test_without_the_kernel_a_killer_is_counted_by_sat_alike(monkeypatch):
    grid, truth = corpus(first=7)[0]
    compiled = (count(grid, 2), first_solutions(grid, 1)[0].values)
    monkeypatch.setattr(_kernel, "kernel", None)
    assert kernel_search(grid, 2) is None
    assert (count(grid, 2), first_solutions(grid, 1)[0].values) == compiled == (1, truth)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_more_fuzzed_9x9_killers_agree(seed):
    rng = random.Random(seed)
    for with_sum, with_given in ((1.0, 0.0), (0.8, 0.05), (0.5, 0.15), (0.3, 0.3)):
        assert_killer_twins(fuzzed_killer(geometry(3, 3), rng, with_sum, with_given))
