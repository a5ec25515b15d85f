"""The bivalue and mixed rules on hand-made positions: they fire with the expected effects, and only then."""

from __future__ import annotations

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.logic.chains.bivalue_rules import (
    find_bivalue_conflicting_paths,
    find_bivalue_cycles,
    find_bivalue_repetitive_cycles,
    find_mixed_conflicting_paths,
)
from sudoku_workbench.logic.chains.cycles import find_bilocation_conflicting_paths

GEO = geometry(3, 3)
P, Q, R, S = GEO.cell(0, 0), GEO.cell(0, 4), GEO.cell(4, 4), GEO.cell(4, 0)


def with_pairs(pairs: dict[int, tuple[int, int]], grid: Grid | None = None) -> Grid:
    """An open grid in which the given cells have just the given two candidates."""
    base = grid or Grid.empty(GEO)
    masks = list(base.candidates)
    for cell, (x, y) in pairs.items():
        masks[cell] = 1 << (x - 1) | 1 << (y - 1)
    return Grid(GEO, base.givens, base.entries, tuple(masks))


def test_bivalue_cycle_removes_each_link_digit_from_cells_seeing_both_ends() -> None:
    grid = with_pairs({P: (1, 2), Q: (2, 3), R: (3, 4), S: (4, 1)})
    steps = list(find_bivalue_cycles(grid))
    assert steps
    row1, col5, row5, col1 = (set(GEO.units[u]) for u in (0, 13, 4, 9))
    expected = (
        {(c, 2) for c in row1 - {P, Q}}
        | {(c, 3) for c in col5 - {Q, R}}
        | {(c, 4) for c in row5 - {R, S}}
        | {(c, 1) for c in col1 - {S, P}}
    )
    assert set(steps[0].eliminations) == expected
    (chain,) = steps[0].highlights.chains
    assert chain.closed
    assert set(chain.cells) == {P, Q, R, S}
    assert "Either way" in steps[0].explanation


def test_repeated_digit_makes_no_bivalue_cycle_but_a_repetitive_one() -> None:
    grid = with_pairs({P: (1, 2), Q: (1, 3), R: (3, 4), S: (4, 1)})  # both links at P carry 1
    assert list(find_bivalue_cycles(grid)) == []
    steps = list(find_bivalue_repetitive_cycles(grid))
    assert [s.placements for s in steps] == [((P, 2),)]
    assert "If r1c1 is 1, then" in steps[0].explanation
    assert steps[0].explanation.endswith("against the premise. So r1c1 is 2.")


def test_bivalue_conflicting_paths() -> None:
    t = GEO.cell(4, 2)
    # If P is 1: Q is 3, so R is 5; and S is 4, so T is 5: two 5s in row 5.
    grid = with_pairs({P: (1, 2), Q: (1, 3), R: (3, 5), S: (1, 4), t: (4, 5)})
    steps = list(find_bivalue_conflicting_paths(grid))
    assert (P, 2) in {s.placements[0] for s in steps}
    step = next(s for s in steps if s.placements == ((P, 2),))
    first, second = (chain.cells[-1] for chain in step.highlights.chains)
    assert first != second
    assert GEO.sees(first, second)
    assert all(chain.cells[0] == P and chain.labels[0] == 1 for chain in step.highlights.chains)
    assert "If r1c1 is 1:" in step.explanation
    assert "would both be" in step.explanation


def test_open_bivalue_chain_gives_nothing() -> None:
    grid = with_pairs({P: (1, 2), Q: (2, 3), R: (3, 4)})
    assert list(find_bivalue_cycles(grid)) == []
    assert list(find_bivalue_repetitive_cycles(grid)) == []
    assert list(find_bivalue_conflicting_paths(grid)) == []
    assert list(find_mixed_conflicting_paths(grid)) == []


def test_mixed_conflicting_paths() -> None:
    s, q, p = GEO.cell(2, 1), GEO.cell(2, 4), GEO.cell(0, 4)
    base = Grid.empty(GEO).eliminate((c, 1) for c in GEO.units[0] if c not in (P, p))  # row 1: 1 only at P, p
    grid = with_pairs({P: (1, 2), s: (2, 7), q: (7, 1)}, base)
    # If P is not 1: p is 1 (row 1); and P is 2, so s is 7, so q is 1: two 1s in column 5.
    assert list(find_bilocation_conflicting_paths(grid)) == []
    steps = list(find_mixed_conflicting_paths(grid))
    assert [st.placements for st in steps] == [((P, 1),)]
    first, second = steps[0].highlights.chains
    assert (first.cells, first.labels) == ((P, p), (1,))
    assert (second.cells, second.labels) == ((P, s, q), (2, 7))
    assert [link.strong for link in steps[0].highlights.links] == [True, False, False]
    assert "If r1c1 is not 1 (so it is 2)" in steps[0].explanation
