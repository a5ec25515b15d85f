"""The digit matching rule with its fish names, and XY-Wing."""

from __future__ import annotations

from sudoku_workbench.core import Geometry, Grid, geometry
from sudoku_workbench.logic.fish import basic_fish, matching_rules
from sudoku_workbench.logic.wings import wings
from tests.logic.conftest import grid_from, without

G6 = geometry(2, 3)
G9 = geometry(3, 3)
G16 = geometry(4, 4)


def digit_rows(geo: Geometry, digit: int, rows: dict[int, tuple[int, ...]]) -> Grid:
    """Empty grid where ``digit`` keeps, in each given 1-based row, only the given 1-based columns."""
    grid = Grid.empty(geo)
    for row, cols in rows.items():
        grid = without(grid, [geo.cell(row - 1, c) for c in range(geo.n) if c + 1 not in cols], digit)
    return grid


def column_eliminations(geo: Geometry, digit: int, cols: tuple[int, ...], rows: tuple[int, ...]):  # type: ignore[no-untyped-def]
    return tuple((geo.cell(r - 1, c - 1), digit) for c in cols for r in range(1, geo.n + 1) if r not in rows)


def test_x_wing() -> None:
    grid = digit_rows(G9, 5, {1: (2, 7), 5: (2, 7)})
    step = next(basic_fish.x_wing(grid))
    assert step.rule == "x_wing"
    assert step.eliminations == column_eliminations(G9, 5, (2, 7), (1, 5))
    assert step.highlights.units == (0, 4, 10, 15)
    assert step.explanation.startswith("5 can go in rows 1 and 5 only within columns 2 and 7")
    assert next(basic_fish.swordfish(grid), None) is None


def test_swordfish() -> None:
    grid = digit_rows(G9, 3, {1: (1, 5), 4: (5, 9), 7: (1, 9)})
    assert next(basic_fish.x_wing(grid), None) is None
    step = next(basic_fish.swordfish(grid))
    assert step.eliminations == column_eliminations(G9, 3, (1, 5, 9), (1, 4, 7))
    assert "(Swordfish)" in step.explanation


def test_jellyfish_on_16x16() -> None:
    grid = digit_rows(G16, 12, {2: (1, 2), 3: (2, 3), 9: (3, 4), 16: (1, 4)})
    step = next(basic_fish.jellyfish(grid))
    assert step.eliminations == column_eliminations(G16, 12, (1, 2, 3, 4), (2, 3, 9, 16))
    assert "C can go in rows 2, 3, 9 and 16" in step.explanation


def test_large_fish_is_the_digit_matching_rule() -> None:
    rows: dict[int, tuple[int, ...]] = dict.fromkeys(range(1, 6), (1, 2, 3, 4, 5))
    step = next(matching_rules.digit_matching(digit_rows(G16, 1, rows)))
    assert step.rule == "digit_matching"
    assert step.eliminations == column_eliminations(G16, 1, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5))


def test_fish_named_from_its_smaller_side() -> None:
    # Seven rows hold 5 only in columns 1-7, so columns 8 and 9 hold it only in rows 8 and 9.
    grid = digit_rows(G9, 5, dict.fromkeys(range(1, 8), (1, 2, 3, 4, 5, 6, 7)))
    step = next(basic_fish.x_wing(grid))
    assert step.explanation.startswith("5 can go in columns 8 and 9 only within rows 8 and 9")
    assert set(step.eliminations) == {(G9.cell(r, c), 5) for r in (7, 8) for c in range(7)}


def test_no_fish_on_empty_grid() -> None:
    grid = Grid.empty(G6)
    for rule in (basic_fish.x_wing, basic_fish.swordfish, matching_rules.digit_matching):
        assert next(rule(grid), None) is None


def test_xy_wing() -> None:
    grid = grid_from(G9, keep={"r5c5": "12", "r5c1": "13", "r1c5": "23"})
    steps = list(wings.xy_wing(grid))
    assert [s.eliminations for s in steps] == [((0, 3),)]
    step = steps[0]
    assert step.highlights.cells == (40, 4, 36)
    assert step.highlights.chains[0].cells == (4, 40, 36)
    assert step.explanation.startswith("The pivot r5c5 is 1 or 2; its peers r1c5 (2 or 3) and r5c1 (1 or 3)")


def test_xy_wing_needs_a_shared_third_digit() -> None:
    grid = grid_from(G9, keep={"r5c5": "12", "r5c1": "13", "r1c5": "24"})
    assert next(wings.xy_wing(grid), None) is None
