from __future__ import annotations

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.logic.singles import local
from tests.logic.conftest import grid_from, without

G4 = geometry(2, 2)
G6 = geometry(2, 3)
G9 = geometry(3, 3)
G16 = geometry(4, 4)


def first(rule, grid):  # type: ignore[no-untyped-def]
    return next(rule(grid), None)


def test_full_house_fills_last_cell_of_a_row() -> None:
    grid = grid_from(G9, "12345678." + "." * 72)
    step = first(local.full_house, grid)
    assert step.placements == ((8, 9),)
    assert step.rule == "full_house"
    assert step.explanation == "r1c9 is the last empty cell of row 1, so it takes the missing digit 9."


def test_full_house_needs_a_unit_with_one_empty_cell() -> None:
    grid = grid_from(G9, keep={"r5c5": "7"})
    assert first(local.full_house, grid) is None
    assert first(local.naked_single, grid).placements == ((40, 7),)


def test_naked_single_on_16x16_names_letter_digits() -> None:
    grid = grid_from(G16, keep={"r2c3": "C"})
    step = first(local.naked_single, grid)
    assert step.placements == ((G16.cell(1, 2), 12),)
    assert "r2c3" in step.explanation
    assert "holds C" in step.explanation


def test_hidden_single_in_a_row() -> None:
    grid = without(Grid.empty(G9), [c for c in G9.rows[0] if c != 3], 5)
    steps = list(local.hidden_single(grid))
    assert [(s.placements, s.highlights.units) for s in steps] == [(((3, 5),), (0,))]
    assert steps[0].explanation == "In row 1, 5 fits only in r1c4 (hidden single)."


def test_hidden_single_absent_on_empty_grid(any_geometry) -> None:  # type: ignore[no-untyped-def]
    assert first(local.hidden_single, Grid.empty(any_geometry)) is None
    assert first(local.naked_single, Grid.empty(any_geometry)) is None


def test_pointing_box_to_row() -> None:
    # In box 1, digit 4 only in row 1 (cells r1c1, r1c2): 4 leaves the rest of row 1.
    box = G9.boxes[0]
    grid = without(Grid.empty(G9), [c for c in box if G9.row_of[c] != 0 or c == 2], 4)
    step = first(local.pointing, grid)
    assert step.rule == "pointing"
    assert step.eliminations == tuple((c, 4) for c in range(3, 9))
    assert step.highlights.pattern == ((0, 4), (1, 4))
    assert "In box 1, 4 can only go in r1c1 and r1c2" in step.explanation


def test_claiming_row_to_box_on_6x6() -> None:
    # Row 1 of a 6x6 grid: digit 2 only in columns 1-3 (box 1) -> removed from row 2 of box 1.
    grid = without(Grid.empty(G6), G6.rows[0][3:], 2)
    steps = list(local.claiming(grid))
    assert [s.eliminations for s in steps] == [((6, 2), (7, 2), (8, 2))]
    assert steps[0].highlights.units == (0, 2 * 6)


def test_locked_candidates_absent_when_digit_spreads() -> None:
    grid = Grid.empty(G4)
    assert first(local.pointing, grid) is None
    assert first(local.claiming, grid) is None
