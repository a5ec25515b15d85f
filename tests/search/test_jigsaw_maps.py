"""Random jigsaw maps under extra rules: a map that cannot be shown fillable soon is drawn again,
and a combination that no drawn map allows is refused, naming it, instead of searching forever."""

from __future__ import annotations

import random

import pytest

from sudoku_workbench.core.geometry import ShapeError, jigsaw
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search import regions
from sudoku_workbench.search.regions import MAP_DRAWS, random_jigsaw, random_regions
from sudoku_workbench.search.solve import solvable_within
from tests.search.exact_cover import count_solutions


def test_a_combination_no_map_allows_is_refused_naming_it():
    with pytest.raises(ShapeError, match=r"6x6 jigsaw maps with x, antiknight \(64 have none\)"):
        random_jigsaw(6, random.Random(1), extras=("x", "antiknight"))
    rng = random.Random(2)  # and the independent counter agrees that such maps have no grid
    for _ in range(3):
        assert count_solutions(Grid.empty(jigsaw(random_regions(6, rng), ("x", "antiknight"))), 1) == 0


def test_maps_not_settled_within_the_budget_are_drawn_again(monkeypatch):
    answers = iter([None, None, False, True])
    monkeypatch.setattr(regions, "solvable_within", lambda grid, budget: next(answers))
    drawn = random_jigsaw(9, random.Random(3), extras=("antiknight",))
    rng = random.Random(3)
    fourth = [random_regions(9, rng) for _ in range(4)][-1]
    assert drawn == jigsaw(fourth, ("antiknight",))


def test_when_no_map_is_settled_the_refusal_says_so(monkeypatch):
    monkeypatch.setattr(regions, "solvable_within", lambda grid, budget: None)
    with pytest.raises(ShapeError, match=f"{MAP_DRAWS} not settled in 50,000 search nodes"):
        random_jigsaw(9, random.Random(3), extras=("antiknight",))


def test_a_nine_by_nine_anti_knight_jigsaw_is_drawn():
    """Seed 1's first map took minutes to settle before the budget (the command never ended)."""
    geo = random_jigsaw(9, random.Random(1), symmetric=True, extras=("antiknight",))
    assert solvable_within(Grid.empty(geo), regions.MAP_NODE_BUDGET)


def test_solvable_within_answers_none_past_its_budget():
    geo = jigsaw(random_regions(9, random.Random(1), symmetric=True), ("antiknight",))
    assert solvable_within(Grid.empty(geo), 10) is None  # more than 2,048 nodes: past any check
    assert (
        solvable_within(Grid.empty(jigsaw(random_regions(6, random.Random(2)), ("x", "antiknight"))), 10)
        is False
    )
