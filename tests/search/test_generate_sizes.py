"""Every size makes a unique symmetric puzzle, says how far it is, and stops when cancelled.

Uniqueness is checked by the independent exact-cover counter; the removal's shortcuts (propagation,
one solver call per emptied cell) are checked against the plain count they replace.
"""

from __future__ import annotations

import random

import pytest

from sudoku_workbench.core import BOX_SHAPES, Cancelled, CancelToken, Grid, geometry, geometry_for_size
from sudoku_workbench.logic.engine import Level, rate, rule_by_id, solve_by_logic
from sudoku_workbench.search.eppstein import fill_orbits
from sudoku_workbench.search.generate import (
    GRADING_RULES,
    MINIMAL_UP_TO,
    GenerationProgress,
    generate,
    puzzle_rng,
)
from sudoku_workbench.search.minimize import grid_of, is_unique, remove_orbits
from sudoku_workbench.search.symmetry import has_symmetry
from tests.search.exact_cover import count_solutions

SIMPLEST = tuple(
    rule_by_id(r) for r in ("full_house", "naked_single", "hidden_single", "pointing", "claiming")
)


@pytest.mark.parametrize(
    "size", [pytest.param(n, marks=pytest.mark.slow) if n == 25 else n for n in BOX_SHAPES]
)
def test_every_size_makes_a_unique_symmetric_puzzle_the_rules_solve(size):
    made = generate(geometry_for_size(size), puzzle_rng(3, 0), symmetry="rot180")
    assert_unique(made.grid)
    assert has_symmetry(made.grid, "rot180")
    assert made.level == rate(made.grid, GRADING_RULES).level < Level.NEEDS_SEARCH
    if size > MINIMAL_UP_TO:  # thinned out only while singles and locked candidates still solve it
        assert solve_by_logic(made.grid, SIMPLEST).status == "solved"


def assert_unique(grid: Grid) -> None:
    """One solution, by the exact-cover counter; on 25x25 (where its plain search takes minutes) by
    the simplest rules, which eliminate only what no solution has, so filling the grid proves it."""
    if grid.geometry.n < 25:
        assert count_solutions(grid, 2) == 1
    else:
        assert solve_by_logic(grid, SIMPLEST).status == "solved"


def _plain_removal(geo, givens, orbits):
    """The pass as first written: a full count of every trial (the reference for the shortcuts)."""
    kept = dict(givens)
    for orbit in orbits:
        trial = {cell: digit for cell, digit in kept.items() if cell not in orbit}
        if len(trial) < len(kept) and is_unique(geo, trial):
            kept = trial
    return kept


@pytest.mark.parametrize(("shape", "symmetry"), [((2, 3), "none"), ((3, 3), "rot180"), ((3, 3), "full")])
def test_the_removal_keeps_exactly_the_removals_a_full_count_keeps(shape, symmetry):
    geo = geometry(*shape)
    for seed in range(6):
        givens, chosen = fill_orbits(geo, random.Random(seed), symmetry)
        assert remove_orbits(geo, givens, chosen) == _plain_removal(geo, givens, chosen)


def test_the_quick_removal_stays_unique_and_solvable_by_the_simplest_rules():
    geo = geometry(3, 3)
    for seed in range(6):
        givens, chosen = fill_orbits(geo, random.Random(seed), "rot180")
        quick = remove_orbits(geo, givens, chosen, thorough=False)
        thorough = remove_orbits(geo, givens, chosen)
        puzzle = grid_of(geo, quick)
        assert count_solutions(puzzle, 2) == 1
        assert solve_by_logic(puzzle, SIMPLEST).status == "solved"
        assert len(thorough) <= len(quick) < len(givens)


def test_removing_from_givens_without_a_solution_is_refused_with_a_message():
    geo = geometry(2, 2)
    clash = {0: 1, 1: 1}  # two 1s in the first row
    with pytest.raises(ValueError, match="no solution"):
        remove_orbits(geo, clash, [(0,), (1,)])


@pytest.mark.parametrize("size", [9, 16])
def test_progress_is_labelled_and_goes_through_the_stages_in_order(size):
    seen: list[GenerationProgress] = []
    made = generate(geometry_for_size(size), puzzle_rng(5, 0), labelled_progress=seen.append)
    texts = [where.text() for where in seen]
    stages = [where.stage for where in seen]
    assert any(text.startswith("puzzle 1: cells determined: ") for text in texts)
    assert any(text.startswith("puzzle 1: clues removed: ") for text in texts)
    last = seen[-1]
    assert last.stage.startswith("rating its ")
    assert last.text() == f"puzzle {last.attempt}: rating its {sum(1 for d in made.grid.givens if d)} clues"
    removed = [where for where in seen if where.stage == "clues removed" and where.attempt == last.attempt]
    assert [where.done for where in removed] == sorted(where.done for where in removed)
    assert removed[-1].total - removed[-1].done == sum(1 for d in made.grid.givens if d)
    assert stages.index("clues removed") > stages.index("cells determined")


@pytest.mark.parametrize(("size", "stage"), [(16, "cells determined"), (16, "clues removed"), (9, "rating")])
def test_cancelling_stops_generation_before_it_reports_again(size, stage):
    token = CancelToken()
    after: list[GenerationProgress] = []

    def watch(where: GenerationProgress) -> None:
        if token.cancelled:
            after.append(where)
        elif where.stage.startswith(stage):
            token.cancel()

    with pytest.raises(Cancelled):
        generate(
            geometry_for_size(size), random.Random(1), very_hard=True, cancel=token, labelled_progress=watch
        )
    assert token.cancelled
    assert after == []
