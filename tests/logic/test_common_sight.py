"""Generalized intersections and naked pairs: they fire where cells see by a move, never on a classic grid,
and on generated variant puzzles with one solution (the independent exact-cover counter) never remove
the true digit."""

from __future__ import annotations

import random

import pytest

from sudoku_workbench.core.geometry import Geometry, geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import rule_by_id, rules_assuming_unique, rules_for_shape, steps_with_grids
from sudoku_workbench.logic.singles.common_sight import (
    GENERALIZED_INTERSECTION,
    GENERALIZED_NAKED_PAIR,
    generalized_intersection,
    generalized_naked_pair,
)
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.generate import generate
from sudoku_workbench.search.solve import solve
from tests.search.exact_cover import count_solutions

KNIGHT = geometry(3, 3, ("antiknight",))
CLASSIC = geometry(3, 3)


def _open_grid(geo: Geometry, marks: dict[str, str]) -> Grid:
    """An empty grid with every candidate, but the named cells ("r1c2") hold only the given digits."""
    cands = [geo.full_mask] * geo.size
    for name, digits in marks.items():
        cands[geo.cell_names.index(name)] = sum(1 << (int(d) - 1) for d in digits)
    return Grid(geo, (0,) * geo.size, (0,) * geo.size, tuple(cands))


def _row_one_confined(geo: Geometry) -> Grid:
    """1 of row 1 only in r1c1 and r1c4: in two boxes, so neither pointing nor claiming."""
    return _open_grid(geo, {f"r1c{c}": "23456789" for c in (2, 3, 5, 6, 7, 8, 9)})


def test_a_generalized_intersection_reaches_a_knights_move_away():
    grid = _row_one_confined(KNIGHT)
    steps = [s for s in generalized_intersection(grid) if s.highlights.units == (0,)]
    assert len(steps) == 1
    step = steps[0]
    # r2c2 and r3c3 share box 1 with r1c1 and are a knight's move from r1c4
    assert sorted(step.eliminations) == [(KNIGHT.cell(1, 1), 1), (KNIGHT.cell(2, 2), 1)]
    assert step.highlights.cells == (KNIGHT.cell(0, 0), KNIGHT.cell(0, 3))
    assert "r2c2 sees r1c1 and is a knight's move from r1c4" in step.explanation


def test_no_generalized_intersection_on_a_classic_grid():
    assert next(generalized_intersection(_row_one_confined(CLASSIC)), None) is None


def _pair(geo: Geometry) -> Grid:
    """r1c3 and r2c5 hold only 1 and 2: a knight's move apart, in no house together."""
    return _open_grid(geo, {"r1c3": "12", "r2c5": "12"})


def test_a_generalized_naked_pair_is_a_knights_move_apart():
    grid = _pair(KNIGHT)
    steps = list(generalized_naked_pair(grid))
    assert len(steps) == 1
    step = steps[0]
    # by hand: rows 1 and 2 of the other's box, the column or knight's move of each
    losers = {"r1c4", "r1c5", "r1c6", "r1c7", "r2c1", "r2c2", "r2c3", "r3c3", "r3c4"}
    assert {KNIGHT.cell_name(c) for c, _ in step.eliminations} == losers
    assert {d for _, d in step.eliminations} == {1, 2}
    assert "r1c3 is a knight's move from r2c5" in step.explanation
    assert "r1c7 sees r1c3 and is a knight's move from r2c5" in step.explanation


def test_no_generalized_naked_pair_on_a_classic_grid():
    assert next(generalized_naked_pair(_pair(CLASSIC)), None) is None


def test_the_engine_leaves_both_out_on_a_classic_grid_only():
    ids = {GENERALIZED_INTERSECTION, GENERALIZED_NAKED_PAIR}
    table = tuple(rule_by_id(i) for i in ids)
    assert rules_for_shape(table, CLASSIC) == ()
    for extras in (("antiknight",), ("antiking",), ("x",), ("windoku",), ("disjoint",)):
        assert {r.id for r in rules_for_shape(table, geometry(3, 3, extras))} == ids


def _checked(kind: str, seed: int, made_by: str) -> int:
    """Every step of both rules at every position of the default path, checked against the solution.

    The puzzle comes from ``generate`` (as the generate command makes them) or Eppstein's generator.
    """
    geo = geometry(3, 3, tuple(kind.split("+")))
    rng = random.Random(f"sight/{kind}/{seed}")
    grid = generate(geo, rng).grid if made_by == "generate" else generate_eppstein(geo, rng, "none")
    assert count_solutions(grid) == 1, grid.to_line()
    solution = solve(grid)
    assert solution is not None
    truth = solution.values
    fired = 0
    positions = [grid] + [after for _step, after in steps_with_grids(grid, rules_assuming_unique())]
    for position in positions:
        for find in (generalized_intersection, generalized_naked_pair):
            for step in find(position):
                assert step.eliminations
                assert all(truth[c] != d for c, d in step.eliminations), step.explanation
                fired += 1
    return fired


@pytest.mark.parametrize("made_by", ["generate", "eppstein"])
@pytest.mark.parametrize("kind", ["antiknight", "antiking", "x", "windoku", "disjoint"])
def test_never_a_true_digit_on_generated_variant_puzzles(kind, made_by):
    assert sum(_checked(kind, seed, made_by) for seed in range(3)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["antiknight", "antiking", "x", "windoku", "x+antiknight"])
def test_never_a_true_digit_on_more_generated_variant_puzzles(kind):
    assert sum(_checked(kind, seed, "generate") for seed in range(3, 23)) > 0
