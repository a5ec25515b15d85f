"""The steps the player's edits become, as pure functions of the grid (no window needed)."""

from __future__ import annotations

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import CLEAR, ENTRY, ENTRY_KEEPING_MARKS, PENCIL
from sudoku_workbench.gui.session.player_steps import clearing, entry, pencil_toggle

GEO = geometry_for_size(9)


def _with_entries(*placed: tuple[int, int]) -> Grid:
    grid = Grid.empty(GEO)
    for cell, digit in placed:
        grid = grid.place(cell, digit)
    return grid


def test_an_entry_names_its_cell_and_follows_the_marks_setting():
    grid = Grid.empty(GEO)
    assert entry(grid, 0, 5, remove_marks=True).rule == ENTRY
    kept = entry(grid, 10, 3, remove_marks=False)
    assert (kept.rule, kept.placements) == (ENTRY_KEEPING_MARKS, ((10, 3),))
    assert kept.explanation == f"entered {GEO.cell_name(10)}=3"


def test_a_pencil_mark_is_struck_when_there_and_restored_when_not():
    grid = Grid.empty(GEO)
    pencil = list(grid.candidates)
    struck = pencil_toggle(grid, tuple(pencil), 4, 7)
    assert struck is not None
    assert struck.rule == PENCIL
    assert struck.eliminations == ((4, 7),)
    pencil[4] &= ~(1 << 6)
    restored = pencil_toggle(grid, tuple(pencil), 4, 7)
    assert restored is not None
    assert restored.placements == ((4, 7),)
    assert not restored.eliminations
    assert pencil_toggle(_with_entries((4, 1)), tuple(pencil), 4, 7) is None  # a filled cell has no marks


def test_clearing_one_cell_all_entries_or_nothing():
    grid = _with_entries((0, 1), (40, 2))
    one = clearing(grid, (40,))
    assert one is not None
    assert one.rule == CLEAR
    assert one.eliminations == ((40, 2),)
    assert one.explanation == f"cleared {GEO.cell_name(40)}"
    every = clearing(grid)
    assert every is not None
    assert every.eliminations == ((0, 1), (40, 2))
    assert every.explanation == "cleared 2 entries"
    assert clearing(grid, (5,)) is None
    assert clearing(Grid.empty(GEO)) is None
