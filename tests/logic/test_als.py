"""ALS-XZ and ALS-XY-Wing: exact hand-made cases."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.als import als
from tests.logic.conftest import grid_from
from tests.logic.test_single_digit_patterns import names, only_step

G9 = geometry(3, 3)


def test_als_xz() -> None:
    # A = r1c1 (1, 2); B = r1c5, r6c5 (1, 2, 3). Their 1s share row 1 (restricted), so 2 is in A or B:
    # r6c1 sees r1c1 and r6c5 and loses 2.
    grid = grid_from(G9, keep={"r1c1": "12", "r1c5": "13", "r6c5": "23"})
    step = only_step(als.als_xz(grid))
    assert step.rule == "als_xz"
    assert names(G9, step.eliminations) == {"r6c1<>2"}
    assert step.explanation.startswith("ALS-XZ: A = r1c1 (1 and 2, in row 1)")
    assert [link.strong for link in step.highlights.links] == [False]


def test_als_xy_wing() -> None:
    # Pivot C = r5c5 (1, 2); A = r5c1, r6c1 (1, 3, 4) shares 1 with C, B = r1c5 (2, 3) shares 2.
    grid = grid_from(G9, keep={"r5c5": "12", "r5c1": "13", "r6c1": "34", "r1c5": "23"})
    step = next(als.als_xy_wing(grid))
    assert step.rule == "als_xy_wing"
    assert names(G9, step.eliminations) == {"r1c1<>3"}


def test_no_als_step_without_a_restricted_digit() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r2c5": "13", "r6c5": "23"})
    assert next(als.als_xz(grid), None) is None
