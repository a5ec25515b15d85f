"""Thermometer, arrow, dot and XV rules: the words of each step, and soundness on CP-SAT-counted puzzles."""

from __future__ import annotations

import itertools

import pytest

from sudoku_workbench.core.constraints import XV, Arrow, Dot, NoOtherDots, Thermo
from sudoku_workbench.core.geometry import geometry, with_constraints
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.constraints import arrows, constraint_forcing, marks, thermometers
from sudoku_workbench.logic.engine import RULES, rules_for_shape, steps_with_grids
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Family
from tests.logic.constraint_puzzles import constraint_puzzle, cp_sat_count

CONSTRAINT_IDS = {rule.id for rule in TABLE if rule.family is Family.CONSTRAINTS}


def _bits(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def test_a_thermometer_of_four_bounds_each_cell_by_its_place() -> None:
    grid = Grid.empty(with_constraints(geometry(3, 3), [Thermo((0, 1, 2, 11))]))
    step = next(thermometers.thermo_bounds(grid))
    assert "thermometer r1c1–r2c3" in step.explanation
    assert "r1c1 keeps only 1, 2, 3, 4, 5 and 6" in step.explanation
    kept = {c: set(range(1, 10)) - {d for x, d in step.eliminations if x == c} for c in (0, 1, 2, 11)}
    assert kept == {0: set(range(1, 7)), 1: set(range(2, 8)), 2: set(range(3, 9)), 11: set(range(4, 10))}
    assert step.highlights.cells == (0, 1, 2, 11)


def test_an_arrow_bounds_its_bulb_by_the_shaft_and_the_shaft_by_the_bulb() -> None:
    geo = with_constraints(geometry(3, 3), [Arrow((0,), (1, 2))])
    step = next(arrows.arrow_bounds(Grid.empty(geo)))
    assert "arrow r1c1→r1c2–r1c3" in step.explanation
    assert "the shaft makes 2 to 18 and the bulb reads 1 to 9" in step.explanation
    assert {d for c, d in step.eliminations if c == 0} == {1}  # two shaft digits make 2 at least
    assert {d for c, d in step.eliminations if c == 1} == {9}  # 9 + 1 would pass the bulb's 9


def test_a_two_cell_bulb_reads_as_a_number() -> None:
    # Bulb r1c1 r1c2 and a shaft of two: at most 18, so r1c1 is 1 and r1c2 at most 8.
    geo = with_constraints(geometry(3, 3), [Arrow((0, 1), (10, 11))])
    step = next(arrows.arrow_bounds(Grid.empty(geo)))
    assert {d for c, d in step.eliminations if c == 0} == set(range(2, 10))
    assert {d for c, d in step.eliminations if c == 1} == {9}


def test_dots_and_xv_keep_only_partnered_digits() -> None:
    geo = with_constraints(geometry(3, 3), [Dot(0, 1, True), XV(9, 10, 5)])
    grid = Grid.empty(geo)
    steps = {step.highlights.cells: step for step in marks.mark_pairs(grid)}
    black = steps[(0, 1)]
    assert "black dot r1c1–r1c2" in black.explanation
    assert {d for c, d in black.eliminations if c == 0} == {5, 7, 9}
    v = steps[(9, 10)]
    assert "V r2c1–r2c2" in v.explanation
    assert {d for c, d in v.eliminations if c == 9} == set(range(5, 10))


def test_the_negative_rule_removes_what_would_need_a_missing_dot() -> None:
    geo = with_constraints(geometry(3, 3), [NoOtherDots()])
    grid = Grid.from_values(geo, [4] + [0] * 80)
    step = next(s for s in marks.mark_pairs(grid) if s.highlights.cells == (0, 1))
    assert "no dot between r1c1 and r1c2 (negative kropki rule)" in step.explanation
    assert {d for c, d in step.eliminations if c == 1} == {2, 3, 5, 8}


def test_an_assumption_that_leaves_a_thermometer_no_room_is_false() -> None:
    # On an empty grid r1c1 = 8 forces r1c2 = 9, and then r1c3 has nothing above it.
    grid = Grid.empty(with_constraints(geometry(3, 3), [Thermo((0, 1, 2))]))
    step = next(constraint_forcing.constraint_forcing(grid))
    assert step.eliminations == ((0, 8),)
    assert "If r1c1 were 8" in step.explanation
    assert "then the thermometer r1c1–r1c3 would have no room for" in step.explanation
    assert {0, 1, 2} <= set(step.highlights.cells)


def test_forcing_follows_a_dot_into_an_arrow_and_names_the_arrow() -> None:
    # r1c2 = 1 leaves r1c3 = 2 across the black dot; the shaft r1c2–r1c3 then makes 3, not the bulb's 9.
    geo = with_constraints(geometry(3, 3), [Arrow((0,), (1, 2)), Dot(1, 2, True)])
    grid = Grid.from_values(geo, [9] + [0] * 80)
    steps = {step.eliminations: step for step in constraint_forcing.constraint_forcing(grid)}
    step = steps[((1, 1),)]
    assert "r1c3 = 2 (the black dot r1c2–r1c3)" in step.explanation
    assert "the shaft of the arrow r1c1→r1c2–r1c3 could not add up to its bulb" in step.explanation


def test_a_digit_with_no_partner_after_the_singles_is_false() -> None:
    # r1c1 = 2 would need 3 in r2c1 across the V, but the 3 in r1c3 shares its box with r2c1.
    geo = with_constraints(geometry(3, 3), [Dot(0, 1, False), XV(0, 9, 5)])
    grid = Grid.from_values(geo, [0, 0, 3, 4] + [0] * 77)
    step = next(s for s in constraint_forcing.constraint_forcing(grid) if s.eliminations == ((0, 2),))
    assert "then r1c1 would have no digit to go with r2c1 by the V r1c1–r2c1" in step.explanation


def test_constraint_rules_only_run_where_their_constraint_is() -> None:
    assert not CONSTRAINT_IDS & {r.id for r in rules_for_shape(RULES, geometry(3, 3, ("x",)))}
    thermo = with_constraints(geometry(3, 3), [Thermo((0, 1))])
    assert {r.id for r in rules_for_shape(RULES, thermo)} & CONSTRAINT_IDS == {
        thermometers.THERMO_BOUNDS,
        constraint_forcing.CONSTRAINT_FORCING,
    }


KIND_SETS = (
    ("thermo",),
    ("arrow",),
    ("kropki",),
    ("xv",),
    ("kropki", "negative"),
    ("xv", "negative"),
    ("thermo", "arrow", "kropki", "xv"),
)


@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.slow) if s % 3 else s for s in range(6)])
@pytest.mark.parametrize("kinds", KIND_SETS, ids="+".join)
def test_no_default_step_removes_a_solution_digit(kinds: tuple[str, ...], seed: int) -> None:
    grid, truth = constraint_puzzle(100 + seed, kinds)
    assert cp_sat_count(grid) == 1
    used = 0
    for step, _after in itertools.islice(steps_with_grids(grid, RULES), 300):
        assert all(truth[c] != d for c, d in step.eliminations), step.explanation
        assert all(truth[c] == d for c, d in step.placements), step.explanation
        used += step.rule in CONSTRAINT_IDS
    assert used > 0
