"""Killer cage sums in every search path: the Python engine, the SAT backend, an independent CP-SAT model."""

from __future__ import annotations

import random

import pytest
from ortools.sat.python import cp_model

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.errors import ShapeError
from sudoku_workbench.core.geometry import geometry, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.dimacs import sudoku_col
from sudoku_workbench.search.killer_generate import cut_cages, generate_killer
from sudoku_workbench.search.solve import count, first_solutions, search_count, solutions
from tests.logic.killer_puzzles import cp_sat_model


def _cp_sat_count(grid: Grid, limit: int) -> int:
    """Solutions OR-tools counts from the rules alone: AllDifferent per house and cage, a sum per cage."""
    model, _ = cp_sat_model(grid)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True

    class Stop(cp_model.CpSolverSolutionCallback):
        found = 0

        def on_solution_callback(self) -> None:
            self.found += 1
            if self.found >= limit:
                self.stop_search()

    stop = Stop()
    solver.solve(model, stop)
    return stop.found


def _sums_hold(grid: Grid) -> bool:
    return all(
        cage.total is None or sum(grid.values[c] for c in cage.cells) == cage.total
        for cage in grid.geometry.cages
    )


def _loose_killer(seed: int) -> Grid:
    """A 6x6 killer of random cages from a random grid, most of them without their sum: several solutions."""
    rng = random.Random(seed)
    base = geometry(2, 3)
    solution = next(iter(solutions(Grid.empty(base), rng=rng))).values
    cages = cut_cages(solution, 6, rng)
    geo = with_cages(
        base,
        [Cage(tuple(c), sum(solution[x] for x in c) if i % 3 == 0 else None) for i, c in enumerate(cages)],
    )
    return Grid.empty(geo)


@pytest.mark.parametrize("seed", range(4))
def test_every_solution_of_a_loose_killer_keeps_the_sums_and_the_counts_agree(seed: int) -> None:
    grid = _loose_killer(seed)
    found = list(solutions(grid))
    assert found
    assert all(_sums_hold(s) for s in found)
    assert len({s.values for s in found}) == len(found)
    limit = len(found) + 1
    assert search_count(grid, limit) == count(grid, limit) == _cp_sat_count(grid, limit) == len(found)
    assert all(_sums_hold(s) for s in first_solutions(grid, limit))


@pytest.mark.parametrize("seed", range(3))
def test_a_generated_killer_is_unique_by_every_counter(seed: int) -> None:
    grid = generate_killer(geometry(3, 3), random.Random(seed), merge=False)
    assert not any(grid.values)
    assert count(grid, 2) == _cp_sat_count(grid, 2) == 1
    solved = first_solutions(grid, 1)[0]
    assert _sums_hold(solved)
    assert next(iter(solutions(grid))).values == solved.values


def test_cages_that_clash_leave_no_solution() -> None:
    # r1c1+r1c2 = 3 is {1, 2}, r1c3+r1c4 = 4 is {1, 3}: row 1 would hold 1 twice.
    grid = Grid.empty(with_cages(geometry(2, 2), [Cage((0, 1), 3), Cage((2, 3), 4)]))
    assert count(grid, 2) == 0
    assert search_count(grid, 2) == 0
    assert _cp_sat_count(grid, 2) == 0


def test_a_colouring_export_refuses_sums_by_name() -> None:
    geo = with_cages(geometry(2, 2), [Cage((0, 1), 3)])
    with pytest.raises(ShapeError, match="cannot hold killer cage sums"):
        sudoku_col(Grid.empty(geo))
