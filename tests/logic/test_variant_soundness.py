"""Every rule on every shape: run on variant puzzles with one solution, it never removes the true digit.

The puzzles are made here (random region maps, the variants' extras), each checked to have one solution
by the independent exact-cover counter; at positions along the default rules' path every rule that fits
the shape is asked for its steps, and each is checked against the solution. The default rules must also
explain each puzzle to the end (forcing nets are the last resort there too).
"""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_workbench.core.geometry import Geometry, geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import (
    rules_assuming_unique,
    rules_for_shape,
    solve_by_logic,
    steps_with_grids,
)
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Shape
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.solve import solve
from tests.search.exact_cover import count_solutions

SHAPES = {
    "jigsaw": lambda rng: random_jigsaw(9, rng, symmetric=True),
    "x": lambda rng: geometry(3, 3, ("x",)),
    "windoku": lambda rng: geometry(3, 3, ("windoku",)),
    "disjoint": lambda rng: geometry(3, 3, ("disjoint",)),
    "antiknight": lambda rng: geometry(3, 3, ("antiknight",)),
    "antiking": lambda rng: geometry(3, 3, ("antiking",)),
    "jigsaw-x": lambda rng: random_jigsaw(9, rng, symmetric=True, extras=("x",)),
    "x-antiknight": lambda rng: geometry(3, 3, ("x", "antiknight")),
    "jigsaw-6": lambda rng: random_jigsaw(6, rng),
}


def _puzzle(kind: str, seed: int) -> Grid:
    rng = random.Random(f"{kind}/{seed}")
    geo: Geometry = SHAPES[kind](rng)
    grid = generate_eppstein(geo, rng, "none")
    assert count_solutions(grid) == 1, grid.to_line()
    return grid


def _check_every_rule(grid: Grid, every: int) -> int:
    """Ask every fitting rule at every ``every``-th position of the default path; the steps checked."""
    solution = solve(grid)
    assert solution is not None
    truth = solution.values
    rules = rules_for_shape(TABLE, grid.geometry)
    checked = 0
    positions = [grid] + [after for _step, after in steps_with_grids(grid, rules_assuming_unique())]
    for position in positions[::every]:
        for rule in rules:
            for step in itertools.islice(rule.find(position), 3):
                wrong = [c for c, d in step.placements if truth[c] != d]
                wrong += [c for c, d in step.eliminations if truth[c] == d]
                assert not wrong, f"{rule.id} on {position.to_line()}: {step.explanation}"
                checked += 1
    return checked


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_every_fitting_rule_is_sound_on_a_variant_puzzle(kind):
    grid = _puzzle(kind, 1)
    assert _check_every_rule(grid, every=20) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2])
@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_every_fitting_rule_is_sound_at_every_position(kind, seed):
    assert _check_every_rule(_puzzle(kind, seed), every=3) > 0


def _explained_to_the_end(grid: Grid) -> None:
    run = solve_by_logic(grid, rules_assuming_unique())
    assert run.status == "solved", f"{run.status} on {grid.to_line()}"
    solution = solve(grid)
    assert solution is not None
    assert run.grid.values == solution.values


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_the_default_rules_explain_variant_puzzles_to_the_end(kind):
    _explained_to_the_end(_puzzle(kind, 10))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(11, 14))
@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_the_default_rules_explain_more_variant_puzzles_to_the_end(kind, seed):
    _explained_to_the_end(_puzzle(kind, seed))


def test_rules_that_need_boxes_or_no_extras_are_left_out_by_name():
    jigsaw = SHAPES["jigsaw"](random.Random(3))
    knight = geometry(3, 3, ("antiknight",))
    kept_jigsaw = {rule.id for rule in rules_for_shape(TABLE, jigsaw)}
    kept_knight = {rule.id for rule in rules_for_shape(TABLE, knight)}
    for rule in TABLE:
        # killer and constraint rules need cages, thermometers, arrows or marks, which neither shape has
        needs = (
            Shape.BOXES,
            Shape.CLASSIC,
            Shape.CAGES,
            Shape.THERMOS,
            Shape.ARROWS,
            Shape.MARKS,
            Shape.CONSTRAINTS,
            Shape.SIGHT,
        )
        assert (rule.id in kept_jigsaw) == (rule.shape not in needs)
        assert (rule.id in kept_knight) == (rule.shape in (Shape.ANY, Shape.BOXES, Shape.SIGHT))
    assert "empty_rectangle" not in kept_jigsaw
    assert "unique_rectangle_1" in kept_jigsaw
    assert "unique_rectangle_1" not in kept_knight
    assert "empty_rectangle" in kept_knight
    assert rules_for_shape(TABLE, geometry(3, 3)) == tuple(r for r in TABLE if r.shape is not Shape.SIGHT)
