"""Digit templates: exact eliminations, a brute-force cross-check, the budget, and corpus soundness."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from sudoku_workbench.core import Geometry, Grid, geometry
from sudoku_workbench.logic.digit_patterns import templates
from sudoku_workbench.logic.engine import RULES, next_step
from sudoku_workbench.logic.hand_patterns import HAND_SOLVER_RULES
from tests.logic.conftest import assert_sound_where_stuck, without

G9 = geometry(3, 3)


def digit_rows(geo: Geometry, digit: int, rows: dict[int, tuple[int, ...]]) -> Grid:
    """Empty grid where ``digit`` keeps, in each given 1-based row, only the given 1-based columns."""
    grid = Grid.empty(geo)
    for row, cols in rows.items():
        grid = without(grid, [geo.cell(row - 1, c) for c in range(geo.n) if c + 1 not in cols], digit)
    return grid


def test_template_needs_the_boxes() -> None:
    # 5 in row 1 only at c4/c8, in row 7 only at c4/c7, in row 4 only at c3/c6. A 5 in r2c7 or r3c7
    # takes column 7 from row 7, so row 7 is c4 and row 1 is c8: two 5s in box 3. A 5 in r8c8 or
    # r9c8 takes column 8 from row 1, so row 1 is c4 and row 7 is c7: two 5s in box 9. No row-column
    # matching (fish) sees this; the boxes make it. Hand-solvers call it a Skyscraper, which the
    # named patterns (between the fish and the templates) find first.
    grid = digit_rows(G9, 5, {1: (4, 8), 7: (4, 7), 4: (3, 6)})
    upto = next(i for i, r in enumerate(RULES) if r.id == "skyscraper")
    assert next_step(grid, RULES[:upto]) is None
    named = next_step(grid, tuple(r for r in RULES if r.id != templates.DIGIT_TEMPLATE and r.level <= 3))
    assert named is not None
    assert named.rule == "skyscraper"
    step = next(templates.digit_template(grid))
    assert step.rule == "digit_template"
    names = {G9.cell_name(c) for c, d in step.eliminations}
    assert names == {"r2c7", "r3c7", "r8c8", "r9c8"}
    assert {d for _, d in step.eliminations} == {5}
    assert "r2c7" in step.explanation
    assert "one in each row, column and box" in step.explanation
    assert (G9.cell(0, 3), 5) in step.highlights.pattern


def test_no_template_step_where_every_candidate_fits() -> None:
    assert next(templates.digit_template(Grid.empty(G9)), None) is None
    # An X-Wing leaves nothing for the templates once the fish has been applied.
    grid = digit_rows(G9, 5, {1: (2, 7), 5: (2, 7)})
    fished = grid.eliminate((G9.cell(r, c), 5) for r in range(9) for c in (1, 6) if r not in (0, 4))
    assert next(templates.digit_template(fished), None) is None


def _brute_force_spread(geo: Geometry, options: tuple[int, ...]) -> tuple[int, int]:
    """Cells on some template and on every template, by trying every column permutation."""
    some, every = 0, -1
    for cols in itertools.permutations(range(geo.n)):
        if not all(options[r] >> c & 1 for r, c in enumerate(cols)):
            continue
        boxes = {(r // geo.box_rows, c // geo.box_cols) for r, c in enumerate(cols)}
        if len(boxes) == geo.n:
            cells = sum(1 << (r * geo.n + c) for r, c in enumerate(cols))
            some, every = some | cells, every & cells
    return (some, every) if some else (0, 0)


@pytest.mark.parametrize(("rows", "cols", "trials"), [(2, 2, 200), (2, 3, 200), (3, 2, 200), (2, 4, 12)])
def test_template_spread_matches_brute_force(rows: int, cols: int, trials: int) -> None:
    geo = geometry(rows, cols)
    rng = random.Random(rows * 10 + cols)
    placed = 0
    for _ in range(trials):
        density = rng.uniform(0.3, 0.8)
        options = tuple(sum(1 << c for c in range(geo.n) if rng.random() < density) for _ in range(geo.n))
        spread = templates.template_spread(geo, options)
        assert spread == _brute_force_spread(geo, options), options
        placed += bool(spread and spread[1])
    assert placed > 0  # some samples have cells on every template


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (2, 4)])
def test_remembered_search_answers_every_budget_as_a_fresh_one(rows: int, cols: int) -> None:
    # The memo keeps one search per row options; each budget must get what a search run under that
    # budget gets, including the budgets that stop it partway (where the states used differ).
    geo = geometry(rows, cols)
    rng = random.Random(rows * 10 + cols)
    stopped = 0
    for _ in range(12):
        density = rng.uniform(0.4, 0.9)
        options = tuple(sum(1 << c for c in range(geo.n) if rng.random() < density) for _ in range(geo.n))
        _, states, least = templates._explore(geo, options, templates.STATE_BUDGET)
        for budget in range(1, states + 3):
            fresh = templates._explore(geo, options, budget)[:2]
            assert templates._search(geo, options, budget) == fresh, (options, budget)
            stopped += fresh[0] is None
        assert least <= states
    assert stopped > 0


def test_budget_keeps_big_empty_grids_cheap() -> None:
    geo = geometry(5, 5)
    start = time.process_time()
    assert templates.template_spread(geo, (geo.full_mask,) * geo.n) is None
    assert next(templates.digit_template(Grid.empty(geo)), None) is None
    assert time.process_time() - start < 10


def test_templates_are_sound_on_stuck_corpus_positions() -> None:
    # Without the named hand-solver patterns, which now do most of the templates' work first.
    before = tuple(
        r
        for r in RULES
        if r.id != templates.DIGIT_TEMPLATE and r.level <= 3 and r.id not in HAND_SOLVER_RULES
    )
    assert_sound_where_stuck(
        (templates.digit_template,), before, (("royle17.txt", 40, 997), ("top1465.txt", 30, 48))
    )


def test_template_set_places_a_digit_every_template_uses() -> None:
    # 7 in row 1 only at c2/c8, in row 4 only at c2/c5, in row 7 only at c5/c8: rows 1, 4, 7 take
    # either r1c2, r4c5, r7c8 or r1c8, r4c2, r7c5. Row 2 holds 7 only at c1/c2, in box 1: the first
    # way puts a 7 in r1c2, in box 1 too, which leaves row 2 no cell; so every template is the second
    # way, with r2c1 (c2 is r4c2's). No single sees this: row 2 still has two places, as has every row.
    grid = digit_rows(G9, 7, {1: (2, 8), 4: (2, 5), 7: (5, 8), 2: (1, 2)})
    (step,) = [s for s in templates.template_set(grid) if s.placements[0][1] == 7]
    assert step.rule == "template_set"
    assert set(step.placements) == {(G9.cell(r, c), 7) for r, c in ((0, 7), (1, 0), (3, 1), (6, 4))}
    assert not step.eliminations
    assert "puts a 7 in r1c8, r2c1, r4c2 and r7c5" in step.explanation
    assert step.highlights.cells == tuple(c for c, _ in step.placements)


def test_template_set_takes_the_cells_other_digits_must_hold() -> None:
    # 1 can be only at r1c1 in row 1, so every template of 1 uses r1c1. 2 in row 1 is at c1 or c2:
    # on its own no cell is on all of its templates, but r1c1 belongs to 1, so 2 goes to r1c2.
    grid = digit_rows(G9, 1, {1: (1,)})
    grid = without(grid, [G9.cell(0, c) for c in range(2, 9)], 2)
    placed = {step.placements for step in templates.template_set(grid)}
    assert placed == {((G9.cell(0, 0), 1),), ((G9.cell(0, 1), 2),)}


def test_no_template_set_on_an_empty_grid() -> None:
    assert next(templates.template_set(Grid.empty(G9)), None) is None


def test_template_set_is_sound_on_stuck_corpus_positions() -> None:
    # After the singles and intersections only: later rules leave the template set little to place.
    before = tuple(r for r in RULES if r.level <= 2)
    assert_sound_where_stuck(
        (templates.template_set,), before, (("royle17.txt", 40, 997), ("top1465.txt", 30, 48))
    )
