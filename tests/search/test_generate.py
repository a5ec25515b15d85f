"""Generated puzzles, checked by an independent counter: unique, symmetric, minimal, logic-solvable."""

from __future__ import annotations

import math
import random
import threading
import time

import pytest

from sudoku_workbench.core import Cancelled, CancelToken, Grid, geometry, geometry_for_size
from sudoku_workbench.logic.engine import Level, rate, rule_by_id, solve_by_logic
from sudoku_workbench.search.eppstein import fill_orbits, generate_eppstein
from sudoku_workbench.search.generate import (
    GRADING_RULES,
    generate,
    loose_puzzle,
    puzzle_rng,
    top_level,
)
from sudoku_workbench.search.symmetry import SymmetryError, has_symmetry, orbits
from tests.search.exact_cover import count_solutions

# (box shape, symmetries, puzzles per symmetry): small samples keep the area under a minute.
SAMPLES = [
    ((2, 2), ("rot180", "none", "full"), 6),
    ((2, 3), ("rot180", "mirror_lr"), 4),
    ((3, 3), ("rot180", "rot90", "diagonal", "none"), 3),
    ((3, 4), ("rot180",), 1),
]
CASES = [(shape, sym, i) for shape, syms, k in SAMPLES for sym in syms for i in range(k)]


def _ids(case):
    (r, c), sym, i = case
    return f"{r}x{c}-{sym}-{i}"


def without(grid: Grid, orbit) -> Grid:
    givens = list(grid.givens)
    for cell in orbit:
        givens[cell] = 0
    return Grid.from_values(grid.geometry, givens)


def assert_minimal_unique_symmetric(grid: Grid, symmetry: str) -> None:
    assert count_solutions(grid, 2) == 1
    assert has_symmetry(grid, symmetry)
    for orbit in orbits(grid.geometry, symmetry):
        if grid.givens[orbit[0]]:
            assert count_solutions(without(grid, orbit), 2) == 2, f"orbit {orbit} is not needed"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_unique_puzzles_are_minimal_symmetric_and_solved_by_logic(case):
    shape, symmetry, index = case
    geo = geometry(*shape)
    made = generate(geo, puzzle_rng(7, index), symmetry=symmetry)
    assert_minimal_unique_symmetric(made.grid, symmetry)
    assert solve_by_logic(made.grid).status == "solved"
    assert made.level == rate(made.grid).level < Level.NEEDS_SEARCH
    assert not any(made.grid.entries)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 3)])
def test_eppsteins_procedure_on_its_own_gives_minimal_unique_symmetric_puzzles(shape):
    geo = geometry(*shape)
    for seed in range(4):
        assert_minimal_unique_symmetric(generate_eppstein(geo, random.Random(seed), "rot180"), "rot180")


SIMPLEST = ("full_house", "naked_single", "hidden_single", "pointing", "claiming")


def test_eppsteins_filled_in_puzzle_is_solved_by_the_simplest_rules_alone():
    geo = geometry(3, 3)
    rules = tuple(rule_by_id(rule_id) for rule_id in SIMPLEST)
    for seed in range(5):
        givens, chosen = fill_orbits(geo, random.Random(seed), "rot180")
        assert set(givens) == {cell for orbit in chosen for cell in orbit}
        values = [givens.get(cell, 0) for cell in range(geo.size)]
        run = solve_by_logic(Grid.from_values(geo, values), rules)
        assert run.status == "solved"
        assert {step.rule for step in run.steps} <= set(SIMPLEST)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 3)])
def test_unique_off_gives_symmetric_puzzles_with_at_least_one_solution(shape):
    geo = geometry(*shape)
    several = 0
    for seed in range(6):
        made = generate(geo, random.Random(seed), symmetry="mirror_tb", unique=False)
        assert has_symmetry(made.grid, "mirror_tb")
        solutions = count_solutions(made.grid, 2)
        assert solutions >= 1
        several += solutions == 2
    assert several >= 3  # "usually several": most of them


def test_same_seed_same_puzzle_and_different_indexes_differ():
    geo = geometry(3, 3)
    first = generate(geo, puzzle_rng(11, 0))
    again = generate(geo, puzzle_rng(11, 0))
    other = generate(geo, puzzle_rng(11, 1))
    assert first == again
    assert first.grid != other.grid


def test_a_target_level_is_met_when_it_is_common():
    geo = geometry(3, 3)
    made = generate(geo, random.Random(3), level=Level.EASY, budget=math.inf)
    assert made.level == Level.EASY == rate(made.grid).level
    assert count_solutions(made.grid, 2) == 1


def test_very_hard_is_at_least_as_hard_as_the_first_draw_and_still_unique():
    geo = geometry(3, 3)
    plain = generate(geo, random.Random(5))
    hard = generate(geo, random.Random(5), very_hard=True, budget=1.0)
    assert plain.level <= hard.level <= top_level()
    assert count_solutions(hard.grid, 2) == 1
    assert solve_by_logic(hard.grid).status == "solved"


@pytest.mark.slow
def test_needs_search_asks_for_unique_minimal_puzzles_beyond_the_rules():
    # No time budget: the search runs until it meets the level, so the answer never depends on the load.
    made = generate(geometry(3, 3), random.Random(4), level=Level.NEEDS_SEARCH, budget=math.inf)
    assert made.level == Level.NEEDS_SEARCH == rate(made.grid, GRADING_RULES).level
    assert rate(made.grid).level == Level.FORCING  # forcing chains and nets finish it
    assert solve_by_logic(made.grid, GRADING_RULES).status == "stuck"
    assert_minimal_unique_symmetric(made.grid, "rot180")


@pytest.mark.parametrize("level", [0, 7, 9])
def test_a_level_that_does_not_exist_is_refused(level):
    with pytest.raises(ValueError, match="target level"):
        generate(geometry(3, 3), random.Random(1), level=level)


@pytest.mark.parametrize("symmetry", ["diagonal", "rot90", "full"])
def test_symmetries_that_do_not_fit_the_boxes_are_refused_before_any_work(symmetry):
    with pytest.raises(SymmetryError, match=r"does not fit 6x6 \(2x3 boxes\)"):
        generate(geometry(2, 3), random.Random(1), symmetry=symmetry)
    with pytest.raises(SymmetryError, match="does not fit"):
        loose_puzzle(geometry(3, 4), random.Random(1), symmetry)


def test_a_cancelled_token_stops_generation_promptly():
    geo = geometry_for_size(16)
    token = CancelToken()
    timer = threading.Timer(0.05, token.cancel)
    timer.start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        generate(geo, random.Random(1), very_hard=True, budget=60, cancel=token)
    timer.cancel()
    assert time.monotonic() - started < 5  # generous: a stuck loop would take minutes


def test_progress_counts_attempts():
    seen: list[int] = []
    generate(geometry(3, 3), random.Random(2), very_hard=True, budget=0.3, progress=seen.append)
    assert seen == list(range(1, len(seen) + 1))
    assert seen


def test_unique_off_reports_the_level_rate_gives():
    for seed in range(4):
        made = generate(geometry(2, 2), random.Random(seed), unique=False)
        assert made.level == rate(made.grid).level
