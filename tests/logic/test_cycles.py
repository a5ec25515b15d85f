"""The bilocation rules on hand-made positions: they fire with the expected effects, and only then."""

from __future__ import annotations

from sudoku_workbench.core import Chain, Grid, geometry
from sudoku_workbench.logic.chains.cycles import (
    find_bilocation_conflicting_paths,
    find_bilocation_cycles,
    find_bilocation_repetitive_cycles,
)

GEO = geometry(3, 3)
A, B, C, D = GEO.cell(0, 0), GEO.cell(0, 4), GEO.cell(4, 4), GEO.cell(4, 0)
ROW1, ROW5, COL1, COL2, COL5, BOX1 = 0, 4, 9, 10, 13, 18


def only(grid: Grid, unit: int, digit: int, keep: tuple[int, ...]) -> Grid:
    """Remove ``digit`` from every cell of ``unit`` but ``keep`` (so they become its only places)."""
    return grid.eliminate((c, digit) for c in GEO.units[unit] if c not in keep)


def square(third_label: int) -> Grid:
    """A -1- B (row 1), B -2- C (column 5), C -x- D (row 5), D -4- A (column 1); all else open."""
    grid = only(Grid.empty(GEO), ROW1, 1, (A, B))
    grid = only(grid, COL5, 2, (B, C))
    grid = only(grid, ROW5, third_label, (C, D))
    return only(grid, COL1, 4, (D, A))


def everything_but(cell: int, keep: set[int]) -> set[tuple[int, int]]:
    return {(cell, d) for d in range(1, 10) if d not in keep}


def test_nonrepetitive_cycle_keeps_each_cell_to_its_two_link_digits() -> None:
    steps = list(find_bilocation_cycles(square(3)))
    assert steps, "the cycle A-B-C-D is nonrepetitive"
    step = steps[0]
    expected = (
        everything_but(A, {1, 4})
        | everything_but(B, {1, 2})
        | everything_but(C, {2, 3})
        | everything_but(D, {3, 4})
    )
    assert set(step.eliminations) == expected
    assert step.placements == ()
    (chain,) = step.highlights.chains
    assert chain.closed
    assert set(chain.cells) == {A, B, C, D}
    assert sorted(chain.labels) == [1, 2, 3, 4]
    assert step.explanation.startswith("r1c1 -")
    assert "If r1c1 is not " in step.explanation


def test_repeated_label_is_no_nonrepetitive_cycle_but_a_repetitive_one() -> None:
    grid = square(2)  # C -2- D: both links at C carry 2
    assert list(find_bilocation_cycles(grid)) == []
    steps = list(find_bilocation_repetitive_cycles(grid))
    assert [s.placements for s in steps] == [((C, 2),)]
    (chain,) = steps[0].highlights.chains
    assert chain.cells[0] == C
    assert chain.labels[0] == chain.labels[-1] == 2
    assert "If r5c5 is not 2, then" in steps[0].explanation
    assert steps[0].explanation.endswith("So r5c5 is 2.")


def test_no_cycle_no_step() -> None:
    grid = only(only(Grid.empty(GEO), ROW1, 1, (A, B)), COL5, 2, (B, C))
    assert list(find_bilocation_cycles(grid)) == []
    assert list(find_bilocation_repetitive_cycles(grid)) == []
    assert list(find_bilocation_conflicting_paths(grid)) == []


def forked() -> Grid:
    """A -1- B -2- r5c5 and A -1- r2c2 -2- r5c2: if A is not 1, row 5 gets two 2s."""
    f, h = GEO.cell(1, 1), GEO.cell(4, 1)
    grid = only(Grid.empty(GEO), ROW1, 1, (A, B))
    grid = only(grid, BOX1, 1, (A, f))
    grid = only(grid, COL5, 2, (B, C))
    return only(grid, COL2, 2, (f, h))


def test_conflicting_paths_place_the_start_digit() -> None:
    grid = forked()
    assert list(find_bilocation_cycles(grid)) == []
    assert list(find_bilocation_repetitive_cycles(grid)) == []
    steps = list(find_bilocation_conflicting_paths(grid))
    assert [s.placements for s in steps] == [((A, 1),)]
    step = steps[0]
    ends = {chain.cells[-1] for chain in step.highlights.chains}
    assert ends == {C, GEO.cell(4, 1)}
    assert all(chain.cells[0] == A and chain.labels[0] == 1 for chain in step.highlights.chains)
    assert step.highlights.chains[0] == Chain(
        step.highlights.chains[0].cells, step.highlights.chains[0].labels
    )
    assert step.highlights.units == (ROW5,)
    assert "would both be 2 in row 5" in step.explanation


def test_paths_ending_in_different_units_do_not_conflict() -> None:
    f, h = GEO.cell(1, 1), GEO.cell(6, 1)  # second path ends in row 7, not row 5
    grid = only(Grid.empty(GEO), ROW1, 1, (A, B))
    grid = only(grid, BOX1, 1, (A, f))
    grid = only(grid, COL5, 2, (B, C))
    grid = only(grid, COL2, 2, (f, h))
    assert list(find_bilocation_conflicting_paths(grid)) == []
