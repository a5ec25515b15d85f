"""Every step of every rule, on positions met while solving corpus puzzles, agrees with the solution."""

from __future__ import annotations

import itertools

import pytest

from sudoku_workbench.core import Grid
from sudoku_workbench.logic.engine import RULES, solve_by_logic
from tests.conftest import corpus
from tests.logic.conftest import assert_sound, solution_of

#: A puzzle costs up to seconds (forcing chains, 16x16 grids): ``make test`` checks a few of each set,
#: the slow run (CI) the whole sample.
SAMPLES = [
    ("top95.txt", 4, 24),
    pytest.param("top95.txt", 12, 8, marks=pytest.mark.slow),
    ("royle17.txt", 4, 12003),
    pytest.param("royle17.txt", 12, 4001, marks=pytest.mark.slow),
    ("forum_hardest_1905_11plus.txt", 1, 7001),
    pytest.param("forum_hardest_1905_11plus.txt", 6, 7001, marks=pytest.mark.slow),
    ("four_vu100.txt", 10, 10),
    ("sixbysix_2x3_examples.txt", 3, 1),
    ("sixteen_vu100.txt", 1, 30),
    pytest.param("sixteen_vu100.txt", 3, 30, marks=pytest.mark.slow),
]


def _check_every_rule(grid: Grid, solution: tuple[int, ...], where: str) -> None:
    for rule in RULES:
        for step in itertools.islice(rule.find(grid), 20):
            assert step.rule == rule.id
            assert step.placements or step.eliminations, step
            assert_sound(step, solution, where)


@pytest.mark.parametrize(("name", "count", "every"), SAMPLES)
def test_rules_agree_with_the_unique_solution(name: str, count: int, every: int) -> None:
    for number, puzzle in enumerate(corpus(name, count, every), 1):
        solution = solution_of(puzzle)
        assert solution is not None
        run = solve_by_logic(puzzle)
        assert run.status in {"solved", "stuck"}
        grid = puzzle
        for index, step in enumerate(run.steps):
            where = f"{name} #{number} step {index}: "
            assert_sound(step, solution, where)
            if index % 7 == 0:
                _check_every_rule(grid, solution, where)
            grid = grid.apply(step)
        _check_every_rule(grid, solution, f"{name} #{number} at the end: ")
        if run.status == "solved":
            assert run.grid.values == solution
