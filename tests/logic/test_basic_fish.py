"""The direct fish search against known fish and against Eppstein's digit matching analysis."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.graphs.matching import analyse, digit_graph_masks
from sudoku_workbench.logic.engine import RULES, Level, solve_by_logic
from sudoku_workbench.logic.fish import basic_fish, matching_rules
from sudoku_workbench.logic.shared._positions import unit_positions
from tests.conftest import corpus
from tests.logic.conftest import assert_sound, solution_of
from tests.logic.test_fish_and_wings import column_eliminations, digit_rows

G9 = geometry(3, 3)
FISH = (basic_fish.x_wing, basic_fish.swordfish, basic_fish.jellyfish)
BELOW_FORCING = tuple(r for r in RULES if r.level < Level.FORCING)


def transposed(grid: Grid) -> Grid:
    """The grid mirrored on its main diagonal (rows become columns)."""
    geo = grid.geometry
    cands = tuple(grid.candidates[geo.cell(c, r)] for r in range(geo.n) for c in range(geo.n))
    return Grid(geo, grid.givens, grid.entries, cands)


def test_column_swordfish() -> None:
    grid = transposed(digit_rows(G9, 3, {1: (1, 5), 4: (5, 9), 7: (1, 9)}))
    assert next(basic_fish.x_wing(grid), None) is None
    step = next(basic_fish.swordfish(grid))
    assert step.explanation.startswith("3 can go in columns 1, 4 and 7 only within rows 1, 5 and 9")
    expected = {(G9.cell(r - 1, c - 1), 3) for r in (1, 5, 9) for c in range(1, 10) if c not in (1, 4, 7)}
    assert set(step.eliminations) == expected
    assert step.highlights.units == (9, 12, 15, 0, 4, 8)


def test_jellyfish_on_9x9() -> None:
    grid = digit_rows(G9, 8, {2: (1, 3), 4: (3, 6), 6: (6, 8), 9: (1, 8)})
    assert [next(rule(grid), None) for rule in FISH[:2]] == [None, None]
    step = next(basic_fish.jellyfish(grid))
    assert step.rule == "jellyfish"
    assert step.eliminations == column_eliminations(G9, 8, (1, 3, 6, 8), (2, 4, 6, 9))


def test_two_x_wings_are_not_a_jellyfish() -> None:
    grid = digit_rows(G9, 4, {1: (2, 7), 5: (2, 7), 3: (4, 9), 8: (4, 9)})
    assert len(list(basic_fish.x_wing(grid))) == 2
    assert list(basic_fish.swordfish(grid)) == []
    assert list(basic_fish.jellyfish(grid)) == []


def test_swordfish_reported_for_what_it_adds() -> None:
    # Rows 1 and 5 are an X-Wing in columns 2 and 7; row 3 brings column 9, which the X-Wing leaves alone.
    grid = digit_rows(G9, 6, {1: (2, 7), 5: (2, 7), 3: (2, 9)})
    step = next(basic_fish.swordfish(grid))
    assert step.explanation.startswith("6 can go in rows 1, 3 and 5 only within columns 2, 7 and 9")


def _removable(grid: Grid) -> set[tuple[int, int]]:
    """Every candidate the digit matching analysis removes (networkx matching and components)."""
    found = set()
    for digit in range(1, grid.geometry.n + 1):
        rows, masks = digit_graph_masks(grid, digit)
        found |= {(grid.geometry.cell(rows[i], c), digit) for i, c in analyse(masks).removable}
    return found


def _no_single_places(grid: Grid) -> bool:
    return all(mask.bit_count() != 1 for unit in unit_positions(grid) for mask in unit)


@pytest.mark.parametrize(("name", "count", "every"), [("top1465.txt", 6, 241), ("sixteen_vu100.txt", 2, 47)])
def test_fish_agree_with_the_matching_analysis(name: str, count: int, every: int) -> None:
    """Fish remove only what the matching removes; with no singles, they and the rule remove all of it."""
    compared = 0
    for puzzle in corpus(name, count, every):
        solution = solution_of(puzzle)
        assert solution is not None
        grid = puzzle
        for step in solve_by_logic(puzzle, BELOW_FORCING).steps:
            fish = [s for rule in FISH for s in rule(grid)]
            removed = {e for s in fish for e in s.eliminations}
            removable = _removable(grid)
            assert removed <= removable
            for s in fish:
                assert_sound(s, solution, name)
            if _no_single_places(grid):
                compared += 1
                general = {e for s in matching_rules.digit_matching(grid) for e in s.eliminations}
                assert removed | general == removable
            grid = grid.apply(step)
    assert compared > 0
