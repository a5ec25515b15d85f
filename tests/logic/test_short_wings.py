"""XYZ-Wing and W-Wing: exact eliminations, cases that must not fire, and corpus soundness."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.engine import RULES
from sudoku_workbench.logic.wings import short_wings
from tests.logic.conftest import assert_sound_where_stuck, grid_from, without

G9 = geometry(3, 3)


def names(eliminations: tuple[tuple[int, int], ...]) -> set[str]:
    return {f"{G9.cell_name(c)}<>{d}" for c, d in eliminations}


def test_xyz_wing() -> None:
    # Pivot r5c5 = 1/2/3, wings r5c1 = 1/3 (row) and r4c5 = 2/3 (column and box): one of the three is
    # 3, so 3 leaves r5c4 and r5c6, the only cells that see all three.
    grid = grid_from(G9, keep={"r5c5": "123", "r5c1": "13", "r4c5": "23"})
    steps = list(short_wings.xyz_wing(grid))
    assert len(steps) == 1
    step = steps[0]
    assert step.rule == "xyz_wing"
    assert names(step.eliminations) == {"r5c4<>3", "r5c6<>3"}
    assert step.highlights.cells[0] == G9.cell(4, 4)
    assert set(step.highlights.cells) == {G9.cell(4, 4), G9.cell(4, 0), G9.cell(3, 4)}
    assert step.explanation.startswith("The pivot r5c5 is 1, 2 or 3")


def test_xyz_wing_needs_two_different_wings_and_a_victim() -> None:
    same = grid_from(G9, keep={"r5c5": "123", "r5c1": "13", "r4c5": "13"})
    assert next(short_wings.xyz_wing(same), None) is None
    # Wings that see the pivot only through the row and the column leave no cell seeing all three.
    apart = grid_from(G9, keep={"r5c5": "123", "r5c1": "13", "r1c5": "23"})
    assert next(short_wings.xyz_wing(apart), None) is None


def _w_wing_grid():  # type: ignore[no-untyped-def]
    grid = grid_from(G9, keep={"r1c1": "12", "r9c9": "12"})
    return without(grid, [G9.cell(4, c) for c in range(1, 8)], 1)


def test_w_wing() -> None:
    # r1c1 and r9c9 hold 1/2; in row 5, 1 only goes in r5c1 (sees r1c1) or r5c9 (sees r9c9). A 2 in
    # r1c9 or r9c1 would make both cells 1 and empty row 5 of 1s, so 2 leaves them.
    steps = list(short_wings.w_wing(_w_wing_grid()))
    assert len(steps) == 1
    step = steps[0]
    assert step.rule == "w_wing"
    assert names(step.eliminations) == {"r1c9<>2", "r9c1<>2"}
    assert step.highlights.units == (4,)
    assert [link.strong for link in step.highlights.links] == [False, True, False]
    assert "In row 5, 1 can only go in r5c1" in step.explanation


def test_w_wing_needs_the_bridge() -> None:
    assert next(short_wings.w_wing(grid_from(G9, keep={"r1c1": "12", "r9c9": "12"})), None) is None
    # Cells that see each other are a naked pair, not a W-Wing.
    seeing = without(
        grid_from(G9, keep={"r1c1": "12", "r1c9": "12"}), [G9.cell(4, c) for c in range(1, 8)], 1
    )
    assert next(short_wings.w_wing(seeing), None) is None


def test_wings_are_sound_on_stuck_corpus_positions() -> None:
    upto = next(i for i, r in enumerate(RULES) if r.id == "xy_wing") + 1
    assert_sound_where_stuck(
        (short_wings.xyz_wing, short_wings.w_wing),
        RULES[:upto],
        (("royle17.txt", 30, 1499), ("top1465.txt", 30, 48)),
    )
