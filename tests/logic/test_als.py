"""ALS-XZ and ALS-XY-Wing: exact hand-made cases."""

from __future__ import annotations

import itertools

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.als import als
from sudoku_workbench.logic.als._als_links import restricted
from sudoku_workbench.logic.als.als_sets import Als, almost_locked_sets
from sudoku_workbench.logic.engine import steps_with_grids
from tests.conftest import corpus
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


def test_als_xz_keeps_only_pairs_of_the_sizes_asked() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c5": "13", "r6c5": "23"})  # a bivalue cell and 2 cells
    assert only_step(als.als_xz(grid, sizes=frozenset({(1, 2)}))).rule == "als_xz"
    assert next(als.als_xz(grid, sizes=frozenset({(1, 3), (1, 4)})), None) is None


def test_restricted_pairs_by_size_are_the_filtered_pairs_in_the_same_order() -> None:
    # The narrow search leaves the other sets out of its tables; it must still find exactly those pairs.
    sizes = frozenset({(1, 3), (1, 4)})
    checked = 0
    for puzzle in corpus("top1465.txt", count=2, every=40):
        for _step, grid in itertools.islice(steps_with_grids(puzzle), 0, None, 7):
            sets = almost_locked_sets(grid)
            sized = [p for p in restricted(grid) if _size_pair(sets[p[0]], sets[p[1]]) in sizes]
            assert list(restricted(grid, sizes)) == sized
            checked += len(sized)
    assert checked > 100


def _size_pair(a: Als, b: Als) -> tuple[int, int]:
    small, large = sorted((a.cells.bit_count(), b.cells.bit_count()))
    return small, large


def test_als_xy_wing() -> None:
    # Pivot C = r5c5 (1, 2); A = r5c1, r6c1 (1, 3, 4) shares 1 with C, B = r1c5 (2, 3) shares 2.
    grid = grid_from(G9, keep={"r5c5": "12", "r5c1": "13", "r6c1": "34", "r1c5": "23"})
    step = next(als.als_xy_wing(grid))
    assert step.rule == "als_xy_wing"
    assert names(G9, step.eliminations) == {"r1c1<>3"}


def test_no_als_step_without_a_restricted_digit() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r2c5": "13", "r6c5": "23"})
    assert next(als.als_xz(grid), None) is None
