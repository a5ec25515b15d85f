"""The engine's singles tally gives exactly what the singles rules' own scans give, position by position."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid, ProblemKind
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import RULES, Rule, next_step, rule_by_id, steps_with_grids
from sudoku_workbench.logic.shared._positions import unit_positions
from sudoku_workbench.logic.singles.local import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE
from sudoku_workbench.logic.singles_tally import SINGLE_RULE_IDS, SinglesTally
from tests.conftest import corpus
from tests.logic.test_sizes import shuffled_solution

SINGLES = tuple(rule_by_id(rule_id) for rule_id in SINGLE_RULE_IDS)


def _scanned_positions(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """``unit_positions`` computed afresh (a new grid object misses the cache)."""
    return unit_positions(Grid(grid.geometry, grid.givens, grid.entries, grid.candidates))


def _check_solve(puzzle: Grid, rules: tuple[Rule, ...] = RULES) -> int:
    """Follow a solve with a tally of our own; at every position compare it with the rules' scans."""
    tally = SinglesTally(puzzle)
    before = puzzle
    singles = 0
    for step, after in steps_with_grids(puzzle, rules):
        scanned = next_step(before, SINGLES)
        if step.rule in SINGLE_RULE_IDS:
            assert step == scanned
            singles += 1
        else:
            assert scanned is None, f"the engine missed {scanned} before {step.rule}"
        for rule in SINGLES:
            assert tally.finder(rule.id)() == next(rule.find(before), None)
        assert not tally.follow(step)
        assert after == tally.grid() == before.apply(step)
        assert after.values == before.apply(step).values
        assert tally.unit_positions() == _scanned_positions(after)
        before = after
    return singles


@pytest.mark.parametrize(
    ("name", "count", "every"),
    [
        ("top95.txt", 6, 15),
        ("royle17.txt", 6, 4000),
        ("sixteen_vu100.txt", 2, 1),
        ("four_vu100.txt", 4, 1),
        ("sixbysix_2x3_examples.txt", 3, 1),
    ],
)
def test_the_tally_finds_the_singles_the_rules_find(name: str, count: int, every: int) -> None:
    singles = sum(_check_solve(puzzle) for puzzle in corpus(name, count, every))
    assert singles > 10 * count


def test_the_tally_agrees_on_every_box_shape(any_geometry: Geometry, rng: random.Random) -> None:
    solution = shuffled_solution(any_geometry, rng)
    puzzle = Grid.from_values(any_geometry, [v if rng.random() > 0.55 else 0 for v in solution])
    assert _check_solve(puzzle, RULES[:5]) > 0  # singles, pointing and claiming: quick on 25x25 too


def test_each_kind_of_single_is_met() -> None:
    kinds = set()
    for puzzle in corpus("top95.txt", 3, 30):
        kinds |= {step.rule for step, _after in steps_with_grids(puzzle)}
    assert {FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE} <= kinds


def test_rules_without_the_singles_first_are_asked_as_they_are() -> None:
    """A rule table that does not start with the standard singles gets no steps from the tally."""
    puzzle = corpus("top95.txt", 1)[0]
    hidden_first = (rule_by_id(HIDDEN_SINGLE), rule_by_id(NAKED_SINGLE))
    steps = [step for step, _after in steps_with_grids(puzzle, hidden_first)]
    assert steps[0].rule == HIDDEN_SINGLE
    assert steps[0] == next_step(puzzle, hidden_first)


def _emptied_peer_cases(puzzle: Grid) -> Iterator[tuple[Grid, Step]]:
    """Positions where a placement leaves a peer without candidates and breaks nothing else."""
    for cell in puzzle.empty_cells:
        for digit in puzzle.candidates_of(cell):
            for peer in puzzle.geometry.peers[cell]:
                if not puzzle.candidates[peer] >> (digit - 1) & 1 or len(puzzle.candidates_of(peer)) < 2:
                    continue
                thinned = puzzle.eliminate([(peer, d) for d in puzzle.candidates_of(peer) if d != digit])
                step = Step("test", placements=((cell, digit),))
                kinds = {p.kind for p in thinned.apply(step).problems()}
                if not thinned.problems() and kinds == {ProblemKind.NO_CANDIDATES}:
                    yield thinned, step


def test_a_placement_that_empties_a_peer_is_reported() -> None:
    cases = list(itertools.islice(_emptied_peer_cases(corpus("top95.txt", 1)[0]), 20))
    assert cases
    for grid, step in cases:
        assert SinglesTally(grid).follow(step)


@functools.cache
def _puzzles() -> list[Grid]:
    return corpus("top95.txt", 8, 11)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 7), st.lists(st.tuples(st.booleans(), st.integers(0, 10**6)), max_size=40))
def test_every_step_that_breaks_the_position_is_reported(which: int, moves: list[tuple[bool, int]]) -> None:
    """Random placements and eliminations: the tally never calls a broken position sound."""
    puzzles = _puzzles()
    grid = puzzles[which % len(puzzles)]
    tally = SinglesTally(grid)
    for place, pick in moves:
        open_cands = [(c, d) for c in grid.empty_cells for d in grid.candidates_of(c)]
        if not open_cands:
            break
        candidate = open_cands[pick % len(open_cands)]
        step = Step("test", placements=(candidate,)) if place else Step("test", eliminations=(candidate,))
        after = grid.apply(step)
        assert SinglesTally(after).suspect == bool(after.problems())
        if tally.follow(step):
            break
        assert not after.problems()
        assert tally.grid() == after
        assert tally.unit_positions() == _scanned_positions(after)
        grid = after
