"""ALS-XY-Chain: a hand-made chain, a chain broken by a repeated digit, the graph it searches, soundness.

The soundness test also covers Death Blossom: both rules' every step, at positions met while solving
corpus puzzles by logic, is checked against the one solution found by search.
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
import re

import pytest

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.als import als_chain, death_blossom
from sudoku_workbench.logic.engine import solve_by_logic
from tests.conftest import corpus
from tests.logic.conftest import assert_sound, grid_from, solution_of
from tests.logic.test_single_digit_patterns import names

G9 = geometry(3, 3)
#: r1c1 (1, 2) –2– r1c5 (2, 3) –3– r5c5 (3, 4) –4– r5c9 (1, 4): if r1c1 is not 1, r5c9 is.
CHAIN = {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "14"}


def test_a_chain_of_four_sets() -> None:
    steps = list(als_chain.als_xy_chain(grid_from(G9, keep=CHAIN)))
    assert [names(G9, s.eliminations) for s in steps] == [{"r1c9<>1", "r5c1<>1"}]
    (step,) = steps
    assert step.rule == "als_xy_chain"
    assert len(step.highlights.links) == 3
    assert [link.start[1] for link in step.highlights.links] in ([2, 3, 4], [4, 3, 2])
    assert "never the same digit twice in a row" in step.explanation
    assert "So 1 is in A1 or in A4" in step.explanation


def test_a_restricted_digit_may_not_repeat() -> None:
    # As above, but r5c9 holds 1 and 3: the last link would be 3 again (r5c5 –3– r5c9), and r1c1 not
    # being 1 leaves r5c9 free to be 3; nothing may be removed.
    grid = grid_from(G9, keep=CHAIN | {"r5c9": "13"})
    removed = {e for s in als_chain.als_xy_chain(grid) for e in names(G9, s.eliminations)}
    assert not {"r1c9<>1", "r5c1<>1"} & removed


def test_two_sets_are_left_to_als_xz() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c5": "13", "r6c5": "23"})
    assert next(als_chain.als_xy_chain(grid), None) is None


def test_reach_agrees_with_a_plain_walk() -> None:
    rng = random.Random(5)
    for _ in range(30):
        succ = tuple(tuple(rng.sample(range(40), rng.randint(0, 3))) for _ in range(40))
        own = [rng.getrandbits(12) for _ in range(40)]
        reach, carried = als_chain._reach(succ, own)
        for node in range(40):
            seen, todo = {node}, [node]
            while todo:
                for nxt in succ[todo.pop()]:
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            assert reach[node] == sum(1 << k for k in seen)
            assert carried[node] == functools.reduce(operator.or_, (own[k] for k in seen))


FINDERS = {"als_xy_chain": als_chain.als_xy_chain, "death_blossom": death_blossom.death_blossom}


@pytest.mark.parametrize(
    ("name", "count", "every"),
    [
        ("top1465.txt", 5, 233),
        pytest.param("top1465.txt", 40, 36, marks=pytest.mark.slow),
        pytest.param("forum_hardest_1905_11plus.txt", 6, 900, marks=pytest.mark.slow),
    ],
)
def test_every_step_keeps_the_solution(name: str, count: int, every: int) -> None:
    fired = dict.fromkeys(FINDERS, 0)
    for number, puzzle in enumerate(corpus(name, count, every), 1):
        solution = solution_of(puzzle)
        assert solution is not None
        grid = puzzle
        for index, step in enumerate(solve_by_logic(puzzle).steps):
            for rule_id, find in FINDERS.items():
                for found in itertools.islice(find(grid), 30):
                    assert found.rule == rule_id
                    assert found.eliminations
                    assert_sound(found, solution, f"{name} #{number} step {index}: ")
                    fired[rule_id] += 1
                    if rule_id == "als_xy_chain":  # a chain passes no set twice
                        sets = re.findall(r"A\d+ = ([^(]*) \(", found.explanation)
                        assert len(set(sets)) == len(sets) == len(found.highlights.links) + 1
            grid = grid.apply(step)
    assert all(fired.values()), fired
