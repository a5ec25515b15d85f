"""Locked triple, hidden pair, naked tuples, Pile and Chain Exclusion, the unit matching rule."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.fish import matching_rules
from sudoku_workbench.logic.singles import eppstein_local, exclusion, tuples
from tests.logic.conftest import grid_from, without

DATA = Path(__file__).parents[1] / "data"

G4 = geometry(2, 2)
G9 = geometry(3, 3)
G16 = geometry(4, 4)


def row1_digits_only_in(cols: dict[int, tuple[int, ...]]) -> Grid:
    """Empty 9x9 grid where each digit (key) keeps, in row 1, only the given 1-based columns."""
    grid = Grid.empty(G9)
    for digit, keep in cols.items():
        grid = without(grid, [c for c in G9.rows[0] if c + 1 not in keep], digit)
    return grid


def test_locked_triple_locks_the_cells_and_clears_the_box() -> None:
    grid = row1_digits_only_in({1: (1, 2, 3), 2: (1, 2, 3), 3: (1, 2, 3)})
    step = next(eppstein_local.locked_triple(grid))
    inside = [(c, d) for c in (0, 1, 2) for d in range(4, 10)]
    box_rest = [(c, d) for d in (1, 2, 3) for c in (9, 10, 11, 18, 19, 20)]
    assert step.eliminations == tuple(inside + box_rest)
    assert step.highlights.units == (0, 18)
    assert step.explanation.startswith("Where row 1 meets box 1, the cells r1c1, r1c2 and r1c3")


def test_locked_triple_needs_as_many_digits_as_cells() -> None:
    grid = row1_digits_only_in({1: (1, 2, 3), 2: (1, 2, 3)})
    assert next(eppstein_local.locked_triple(grid), None) is None
    assert next(eppstein_local.locked_triple(Grid.empty(G4)), None) is None


def test_hidden_pair() -> None:
    grid = row1_digits_only_in({1: (1, 5), 2: (1, 5)})
    step = next(eppstein_local.hidden_pair(grid))
    assert step.eliminations == tuple((c, d) for c in (0, 4) for d in range(3, 10))
    assert "In row 1, 1 and 2 can only go in r1c1 and r1c5 (hidden pair)" in step.explanation


def test_hidden_pair_absent_when_places_differ() -> None:
    grid = row1_digits_only_in({1: (1, 5), 2: (1, 6)})
    assert next(eppstein_local.hidden_pair(grid), None) is None


def test_naked_pair_clears_its_component() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "12"})
    step = next(tuples.naked_pair(grid))
    assert step.eliminations == tuple((c, d) for c in range(2, 9) for d in (1, 2))
    assert step.highlights.cells == (0, 1)
    assert "(a naked pair)" in step.explanation


def test_naked_triple_of_pairs() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "23", "r1c3": "13"})
    assert next(tuples.naked_pair(grid), None) is None
    step = next(tuples.naked_tuple(grid))
    assert step.highlights.units == (0,)
    assert step.eliminations == tuple((c, d) for c in range(3, 9) for d in (1, 2, 3))


def test_tuple_that_is_its_whole_component_is_not_reported() -> None:
    grid = grid_from(G4, keep={"r1c1": "12", "r1c2": "12", "r1c3": "34", "r1c4": "34"})
    assert tuples.components(grid.candidates, G4.rows[0]) == [(0, 1), (2, 3)]
    assert [s for s in tuples.naked_pair(grid) if s.highlights.units == (0,)] == []


def test_pile_exclusion() -> None:
    grid = row1_digits_only_in({4: (2, 6, 9), 7: (2, 6, 9), 8: (2, 6, 9)})
    step = next(exclusion.pile_exclusion(grid))
    assert step.rule == "pile_exclusion"
    assert step.eliminations == tuple((c, d) for c in (1, 5, 8) for d in (1, 2, 3, 5, 6, 9))
    assert len(step.highlights.matching) == 9


def test_pile_needs_the_very_same_cells() -> None:
    grid = row1_digits_only_in({1: (1, 2), 2: (2, 3), 3: (1, 3)})
    assert next(exclusion.pile_exclusion(grid), None) is None


def test_a_pile_with_nothing_else_in_its_cells_is_no_step() -> None:
    grid = row1_digits_only_in({4: (2, 6), 7: (2, 6)})
    assert [s.highlights.cells for s in exclusion.pile_exclusion(grid)] == [(1, 5)]
    cleared = grid.eliminate((c, d) for c in (1, 5) for d in range(1, 10) if d not in (4, 7))
    assert next(exclusion.pile_exclusion(cleared), None) is None


def test_piles_kept_by_their_places_are_placed_in_each_unit() -> None:
    """The same places in another unit (row 1, then column 1 of the transposed grid) give that unit's
    cells: the piles are kept by a unit's places alone, the cells are read from the unit asked."""
    row = row1_digits_only_in({4: (2, 6, 9), 7: (2, 6, 9), 8: (2, 6, 9)})
    column = Grid.empty(G9)
    for digit in (4, 7, 8):
        column = without(column, [c for c in G9.columns[0] if c // 9 + 1 not in (2, 6, 9)], digit)
    assert next(exclusion.pile_exclusion(row)).highlights.cells == (1, 5, 8)
    step = next(exclusion.pile_exclusion(column))
    assert step.highlights.cells == (9, 45, 72)
    assert step.highlights.units == (9,)
    assert step.eliminations == tuple((c, d) for c in (9, 45, 72) for d in (1, 2, 3, 5, 6, 9))


def test_chain_exclusion_with_matching_and_chain() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "23", "r1c3": "13"})
    step = next(exclusion.chain_exclusion(grid))
    assert step.eliminations == tuple((c, d) for c in range(3, 9) for d in (1, 2, 3))
    assert step.highlights.cells == (0, 1, 2)
    matched = dict(step.highlights.matching)
    assert sorted(matched) == list(range(9))
    assert sorted(matched[c] for c in (0, 1, 2)) == [1, 2, 3]
    chain = step.highlights.chains[0]
    assert chain.cells[0] == 0
    assert all(grid.candidates[a] >> (d - 1) & 1 for a, d in zip(chain.cells, chain.labels, strict=False))
    assert all(matched[b] == d for b, d in zip(chain.cells[1:], chain.labels, strict=False))


def test_chain_exclusion_finds_a_quintuple_on_16x16() -> None:
    grid = grid_from(G16, keep={f"r1c{i}": "12345" for i in range(1, 6)})
    step = next(exclusion.chain_exclusion(grid))
    assert step.highlights.cells == (0, 1, 2, 3, 4)
    assert step.eliminations == tuple((c, d) for c in range(5, 16) for d in range(1, 6))


def test_chain_exclusion_absent_on_empty_grid() -> None:
    assert next(exclusion.chain_exclusion(Grid.empty(G9)), None) is None
    assert next(exclusion.pile_exclusion(Grid.empty(G9)), None) is None


def test_unit_matching_finds_the_hidden_triple_that_is_no_pile() -> None:
    grid = row1_digits_only_in({1: (1, 2), 2: (2, 3), 3: (1, 3)})
    step = next(matching_rules.unit_matching(grid))
    assert step.rule == "unit_matching"
    assert step.eliminations == tuple((c, d) for c in (0, 1, 2) for d in range(4, 10))
    assert next(matching_rules.unit_matching(Grid.empty(G4)), None) is None


def _plain_piles(grid: Grid) -> list[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """Pile Exclusion by its definition, unit by unit: (unit, cells, eliminations) of each step."""
    geo, cands = grid.geometry, grid.candidates
    found = []
    for unit, cells in enumerate(geo.units):
        open_cells = [c for c in cells if cands[c]]
        places = {d: tuple(c for c in cells if cands[c] >> (d - 1) & 1) for d in range(1, geo.n + 1)}
        done: set[tuple[int, ...]] = set()
        for d in range(1, geo.n + 1):
            where = places[d]
            if where in done or not 1 < len(where) < len(open_cells):
                continue
            done.add(where)
            pile = [e for e in range(1, geo.n + 1) if places[e] == where]
            gone = tuple(
                (c, e)
                for c in where
                for e in range(1, geo.n + 1)
                if e not in pile and cands[c] >> (e - 1) & 1
            )
            if len(pile) == len(where) and gone:
                found.append((unit, where, gone))
    return found


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 9), st.integers(100, 600), st.randoms(use_true_random=False))
def test_pile_exclusion_finds_the_piles_of_its_definition(index: int, count: int, rng: random.Random) -> None:
    grid = parse_line((DATA / "top1465.txt").read_text().split()[index])
    kept = list(grid.candidates)
    for _ in range(count):
        cell, digit = divmod(rng.randrange(729), 9)
        if kept[cell] & ~(1 << digit):
            kept[cell] &= ~(1 << digit)
    grid = Grid(grid.geometry, grid.givens, grid.entries, tuple(kept))
    steps = [
        (s.highlights.units[0], s.highlights.cells, s.eliminations) for s in exclusion.pile_exclusion(grid)
    ]
    assert steps == _plain_piles(grid)
