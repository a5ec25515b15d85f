"""The named hand-solver patterns never remove a true digit or place a wrong one on real puzzles.

Each puzzle is solved by logic; at every position where a step was taken, each pattern's own finder
(all its steps, not just the first) is checked against the unique solution found by search.
"""

from __future__ import annotations

import itertools

import pytest

from sudoku_workbench.logic.engine import RULES, solve_by_logic
from sudoku_workbench.logic.hand_patterns import HAND_SOLVER_RULES
from tests.conftest import corpus
from tests.logic.conftest import assert_sound, solution_of

PATTERNS = tuple(rule for rule in RULES if rule.id in HAND_SOLVER_RULES)
SAMPLES = [
    ("top1465.txt", 10, 139),
    ("forum_hardest_1905_11plus.txt", 2, 901),
    ("se_rated_sudokuexchange_sample50.txt", 6, 8),
    ("sixbysix_2x3_examples.txt", 3, 1),
    ("sixteen_vu100.txt", 1, 40),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "count", "every"), SAMPLES)
def test_patterns_agree_with_the_unique_solution(name: str, count: int, every: int) -> None:
    fired: set[str] = set()
    for number, puzzle in enumerate(corpus(name, count, every), 1):
        solution = solution_of(puzzle)
        assert solution is not None
        grid = puzzle
        for index, step in enumerate(solve_by_logic(puzzle).steps):
            if step.rule in HAND_SOLVER_RULES or index % 9 == 0:
                for rule in PATTERNS:
                    for found in itertools.islice(rule.find(grid), 10):
                        assert found.rule == rule.id
                        assert found.placements or found.eliminations
                        assert_sound(found, solution, f"{name} #{number} step {index}: ")
                        fired.add(rule.id)
            assert_sound(step, solution, f"{name} #{number} step {index}: ")
            grid = grid.apply(step)
    if name == "top1465.txt":
        assert len(fired) >= 8, sorted(fired)
