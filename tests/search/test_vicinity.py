"""Puzzles near a puzzle (search.vicinity): isomorphs and one-orbit moves keep the symmetry and one
solution, as the independent counter and the independent symmetry check see them; walks stop as told."""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.symmetry import fitting_symmetries
from sudoku_workbench.search.vicinity import isomorph, moves, walk
from tests.search.exact_cover import count_solutions
from tests.search.symmetry_check import image, is_symmetric


def _puzzle(size: int, symmetry: str, seed: int) -> Grid:
    return generate_eppstein(geometry_for_size(size), random.Random(seed), symmetry)


CASES = [(9, name) for name in fitting_symmetries(geometry_for_size(9))] + [
    (6, name) for name in fitting_symmetries(geometry_for_size(6))
]


@pytest.mark.parametrize(("size", "symmetry"), CASES)
def test_an_isomorph_keeps_the_symmetry_and_the_one_solution(size: int, symmetry: str) -> None:
    grid = _puzzle(size, symmetry, 3)
    assert is_symmetric(grid, symmetry)
    assert count_solutions(grid) == 1
    for seed in range(4):
        other = isomorph(grid, random.Random(seed), symmetry)
        assert is_symmetric(other, symmetry), other.to_line()
        assert count_solutions(other) == 1, other.to_line()
        assert sum(map(bool, other.givens)) == sum(map(bool, grid.givens))


def test_an_isomorph_is_another_puzzle_and_the_same_for_the_same_seed() -> None:
    grid = _puzzle(9, "rot180", 4)
    made = [isomorph(grid, random.Random(seed), "rot180").to_line() for seed in (1, 1, 2)]
    assert made[0] == made[1] != made[2]
    assert grid.to_line() not in made


def test_an_isomorph_of_a_puzzle_with_two_solutions_has_two() -> None:
    grid = _puzzle(9, "none", 5)  # minimal: without any one given it has several solutions
    values = list(grid.givens)
    values[next(cell for cell, digit in enumerate(values) if digit)] = 0
    loose = Grid.from_values(grid.geometry, values)
    assert count_solutions(loose) == 2
    assert count_solutions(isomorph(loose, random.Random(0), "none")) == 2


@pytest.mark.parametrize(("size", "symmetry"), [(9, "rot180"), (9, "diagonal"), (6, "mirror_lr")])
def test_every_move_keeps_the_symmetry_and_one_solution_and_moves_one_orbit(size: int, symmetry: str) -> None:
    grid = _puzzle(size, symmetry, 6)
    geo = grid.geometry
    givens = {cell: digit for cell, digit in enumerate(grid.givens) if digit}
    found = list(itertools.islice(moves(geo, givens, symmetry, random.Random(1)), 12))
    assert found
    for trial, solution in found:
        moved = Grid.from_values(geo, [trial.get(cell, 0) for cell in range(geo.size)])
        assert is_symmetric(moved, symmetry)
        assert count_solutions(moved) == 1
        assert all(solution[cell] == digit for cell, digit in trial.items())
        for cells in (set(givens) - set(trial), set(trial) - set(givens)):  # one orbit out, one in
            row, col = divmod(min(cells), size)
            assert {divmod(cell, size) for cell in cells} == {(row, col)} | image(size, row, col, symmetry)


def test_moves_are_the_same_for_the_same_seed() -> None:
    grid = _puzzle(9, "rot180", 7)
    givens = {cell: digit for cell, digit in enumerate(grid.givens) if digit}

    def first(seed: int) -> list[dict[int, int]]:
        return [
            m[0] for m in itertools.islice(moves(grid.geometry, givens, "rot180", random.Random(seed)), 5)
        ]

    assert first(2) == first(2) != first(3)


def test_a_walk_gives_its_puzzle_after_the_steps_asked_and_keeps_each_move() -> None:
    grid = _puzzle(9, "rot180", 8)
    kept: list[str] = []

    def every_other(moved: Grid, _solution: object) -> str | None:
        kept.append(moved.to_line())
        return "kept" if len(kept) % 2 == 0 else None

    results = list(walk(grid, "rot180", random.Random(0), every_other, steps=3, patience=5))
    assert results[:-1] == [None] * 3  # the three moves not kept
    final = results[-1]
    assert final is not None
    assert final[1] == "kept"
    assert final[0].to_line() == kept[-1]
    assert len(kept) == 6
    assert count_solutions(final[0]) == 1
    assert is_symmetric(final[0], "rot180")


def test_a_walk_gives_up_after_its_patience() -> None:
    grid = _puzzle(9, "rot180", 9)

    def never(_grid: Grid, _solution: object) -> str | None:
        return None

    results = list(walk(grid, "rot180", random.Random(0), never, steps=1, patience=7))
    assert results == [None] * 7
