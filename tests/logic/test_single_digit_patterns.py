"""Skyscraper, 2-String Kite, Turbot fish, Empty Rectangle, X-Chain, locked pair and triple: exact cases."""

from __future__ import annotations

from sudoku_workbench.core import Geometry, Grid, geometry
from sudoku_workbench.logic.digit_patterns import empty_rectangle, single_digit
from sudoku_workbench.logic.singles import locked_sets
from tests.logic.conftest import grid_from, without

G9 = geometry(3, 3)
G16 = geometry(4, 4)


def keep_only(
    geo: Geometry, digit: int, unit_cells: dict[int, tuple[str, ...]], grid: Grid | None = None
) -> Grid:
    """Blank grid where, in each listed unit, ``digit`` keeps only the named cells."""
    grid = grid or Grid.empty(geo)
    for unit, kept in unit_cells.items():
        names = set(kept)
        grid = without(grid, [c for c in geo.units[unit] if geo.cell_name(c) not in names], digit)
    return grid


def names(geo: Geometry, eliminations: tuple[tuple[int, int], ...]) -> set[str]:
    return {f"{geo.cell_name(c)}<>{d}" for c, d in eliminations}


def only_step(steps):  # type: ignore[no-untyped-def]
    steps = list(steps)
    assert len(steps) == 1, [s.explanation for s in steps]
    return steps[0]


def test_skyscraper() -> None:
    # Rows 1 and 5 hold 1 only in c1/c5 and c1/c6; r1c1 and r5c1 share column 1, so r1c5 or r5c6 is 1.
    grid = keep_only(G9, 1, {0: ("r1c1", "r1c5"), 4: ("r5c1", "r5c6")})
    step = only_step(single_digit.skyscraper(grid))
    assert step.rule == "skyscraper"
    assert names(G9, step.eliminations) == {"r2c6<>1", "r3c6<>1", "r4c5<>1", "r6c5<>1"}
    assert [link.strong for link in step.highlights.links] == [True, False, True]
    assert step.explanation.startswith("Skyscraper on 1:")
    assert next(single_digit.two_string_kite(grid), None) is None


def test_two_string_kite() -> None:
    # Row 1: 1 in r1c2 or r1c7; column 1: in r3c1 or r8c1; r1c2 and r3c1 share box 1, so r8c7 loses 1.
    grid = keep_only(G9, 1, {0: ("r1c2", "r1c7"), 9: ("r3c1", "r8c1")})
    step = only_step(single_digit.two_string_kite(grid))
    assert names(G9, step.eliminations) == {"r8c7<>1"}
    assert set(step.highlights.cells) == {G9.cell(0, 1), G9.cell(0, 6), G9.cell(2, 0), G9.cell(7, 0)}
    assert next(single_digit.skyscraper(grid), None) is None


def test_turbot_fish_with_a_box_link() -> None:
    # Box 1: 1 in r1c1 or r3c3; row 7: in r7c3 or r7c8; r3c3 and r7c3 share column 3.
    grid = keep_only(G9, 1, {18: ("r1c1", "r3c3"), 6: ("r7c3", "r7c8")})
    step = only_step(single_digit.turbot_fish(grid))
    assert names(G9, step.eliminations) == {"r1c8<>1"}
    assert "Turbot fish" in step.explanation


def test_empty_rectangle() -> None:
    # Box 5 holds 1 only in row 5 and column 5; column 8 holds it only in r5c8 and r9c8: r9c5 loses 1.
    box5 = [G9.cell(r, c) for r in (3, 5) for c in (3, 5)]
    grid = keep_only(G9, 1, {16: ("r5c8", "r9c8")}, without(Grid.empty(G9), box5, 1))
    step = only_step(empty_rectangle.empty_rectangle(grid))
    assert names(G9, step.eliminations) == {"r9c5<>1"}
    assert step.highlights.units == (22, 16)
    assert "Empty Rectangle on 1 in box 5" in step.explanation


def test_no_empty_rectangle_without_both_arms() -> None:
    # Box 5's 1s all in row 5: that is a pointing pattern, not an empty rectangle.
    box5 = [G9.cell(r, c) for r in (3, 5) for c in range(3, 6)]
    grid = keep_only(G9, 1, {16: ("r5c8", "r9c8")}, without(Grid.empty(G9), box5, 1))
    assert next(empty_rectangle.empty_rectangle(grid), None) is None


def test_x_chain_of_three_strong_links() -> None:
    grid = keep_only(G9, 1, {0: ("r1c1", "r1c5"), 3: ("r4c5", "r4c8"), 7: ("r8c8", "r8c2")})
    step = only_step(single_digit.x_chain(grid))
    assert names(G9, step.eliminations) == {"r2c2<>1", "r3c2<>1", "r7c1<>1", "r9c1<>1"}
    assert len(step.highlights.chains) == 3
    assert "(1) r1c1 = r1c5 - r4c5 = r4c8 - r8c8 = r8c2" in step.explanation


def test_x_chain_on_16x16() -> None:
    # Rows 1, 6 and 11 of a 16x16 grid, joined along columns 9 and 14: r1c1 or r11c2 is C (12).
    grid = keep_only(G16, 12, {0: ("r1c1", "r1c9"), 5: ("r6c9", "r6c14"), 10: ("r11c14", "r11c2")})
    step = only_step(single_digit.x_chain(grid))
    expected = {f"r{r}c2<>12" for r in (2, 3, 4)} | {f"r{r}c1<>12" for r in (9, 10, 12)}
    assert names(G16, step.eliminations) == expected


def test_locked_pair_clears_line_and_box() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "12"})
    step = only_step(locked_sets.locked_pair(grid))
    assert step.rule == "locked_pair"
    gone = names(G9, step.eliminations)
    assert {"r1c9<>1", "r3c3<>2", "r1c3<>2"} <= gone
    assert len(gone) == 2 * (7 + 6)


def test_locked_triple_naked_form() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "23", "r1c3": "13"})
    step = next(locked_sets.locked_triple(grid))
    assert step.rule == "locked_triple"
    assert len(step.eliminations) == 3 * (6 + 6)
    assert "(locked triple)" in step.explanation
    assert next(locked_sets.locked_pair(grid), None) is None
