"""The two PADS rules (nonrepetitive path, forcing contradiction) on hand-made positions."""

from __future__ import annotations

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.logic.chains.forcing_rules import find_forcing_contradictions, find_nonrepetitive_paths

GEO = geometry(3, 3)
A, B, C, D = GEO.cell(0, 0), GEO.cell(0, 4), GEO.cell(4, 4), GEO.cell(4, 0)
F, P, Q, G = GEO.cell(1, 1), GEO.cell(1, 4), GEO.cell(2, 4), GEO.cell(2, 2)
ROW, COL, BOX = 0, 9, 18


def only(grid: Grid, unit: int, digit: int, keep: tuple[int, ...]) -> Grid:
    return grid.eliminate((c, digit) for c in GEO.units[unit] if c not in keep)


def test_path_from_and_to_the_same_digit_clears_the_cells_seeing_both_ends() -> None:
    # A -1- B (row 1), B -2- C (column 5), C -1- D (row 5): if A is not 1, D is 1.
    grid = only(Grid.empty(GEO), ROW + 0, 1, (A, B))
    grid = only(grid, COL + 4, 2, (B, C))
    grid = only(grid, ROW + 4, 1, (C, D))
    step = next(find_nonrepetitive_paths(grid))
    assert set(step.eliminations) == {(GEO.cell(r, 0), 1) for r in (1, 2, 3, 5, 6, 7, 8)}
    (chain,) = step.highlights.chains
    assert (chain.cells, chain.labels) == ((A, B, C, D), (1, 2, 1))
    assert "So 1 is in r1c1 or in r5c1" in step.explanation


def test_no_path_back_to_the_digit_no_step() -> None:
    grid = only(only(Grid.empty(GEO), ROW + 0, 1, (A, B)), COL + 4, 2, (B, C))
    assert list(find_nonrepetitive_paths(grid)) == []
    assert list(find_forcing_contradictions(grid)) == []


def test_a_cell_forced_to_two_digits() -> None:
    # If A is not 1: B is 1 (row 1), so P is 2 (column 5); F is 1 (box 1), so P is 3 (row 2).
    grid = only(Grid.empty(GEO), ROW + 0, 1, (A, B))
    grid = only(grid, BOX + 0, 1, (A, F))
    grid = only(grid, COL + 4, 2, (B, P))
    grid = only(grid, ROW + 1, 3, (F, P))
    steps = list(find_forcing_contradictions(grid))
    assert steps[0].placements == ((A, 1),)
    ends = {chain.cells[-1] for chain in steps[0].highlights.chains}
    assert len(ends) == 1
    assert ends <= {B, P}  # B is 1 and 2, or P is 2 and 3: both follow
    assert "would be both" in steps[0].explanation


def test_a_unit_left_without_a_place() -> None:
    # If A is not 1: B is 1, P is 2, F is 5, Q is 8, G is 6 - and box 1 has no place for 1.
    grid = only(Grid.empty(GEO), ROW + 0, 1, (A, B))
    grid = only(grid, BOX + 0, 1, (A, F, G))
    grid = only(grid, COL + 4, 2, (B, P))
    grid = only(grid, ROW + 1, 5, (F, P))
    grid = only(grid, COL + 4, 8, (P, Q))
    grid = only(grid, ROW + 2, 6, (Q, G))
    step = next(find_forcing_contradictions(grid))
    assert step.placements == ((A, 1),)
    assert step.highlights.units == (BOX + 0,)
    assert {chain.cells[-1] for chain in step.highlights.chains} == {F, G}
    assert "box 1 would have no place for 1" in step.explanation
    assert "r1c1 is not 1 by the premise" in step.explanation
