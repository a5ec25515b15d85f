"""The history (pure Python): push, undo/redo, truncation, replay and Givens-mode steps."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, Step, geometry_for_size
from sudoku_workbench.core.step import ENTRY
from sudoku_workbench.gui.history import GIVEN, History, advance


def _entry(cell: int, digit: int) -> Step:
    return Step(ENTRY, ((cell, digit),))


def test_push_undo_redo_and_truncate():
    history = History(Grid.empty(geometry_for_size(4)))
    for cell, digit in ((0, 1), (1, 2), (2, 3)):
        history.push(_entry(cell, digit), advance(history.grid, _entry(cell, digit)))
    assert history.grid.values[:3] == (1, 2, 3)
    assert history.move_to(1)
    assert history.grid.values[:3] == (1, 0, 0)
    assert history.can_redo()
    history.push(_entry(5, 4), advance(history.grid, _entry(5, 4)))
    assert len(history.records) == 2
    assert not history.can_redo()
    assert history.grid.values[5] == 4


def test_replay_rebuilds_the_grids():
    start = Grid.empty(geometry_for_size(4))
    steps = (_entry(0, 1), _entry(5, 2))
    history = History.replay(start, steps, 1)
    assert history.cursor == 1
    assert history.grid.values[0] == 1
    assert history.grid.values[5] == 0
    assert history.records[-1].grid.values[5] == 2


def test_given_steps_edit_the_puzzle_and_recompute_candidates():
    grid = Grid.empty(geometry_for_size(4))
    grid = advance(grid, Step(GIVEN, ((0, 3),)))
    assert grid.givens[0] == 3
    assert not grid.candidates[1] >> 2 & 1
    grid = advance(grid, Step(GIVEN, eliminations=((0, 3),)))
    assert grid.givens[0] == 0
    assert grid.candidates[1] == grid.geometry.full_mask


def test_a_step_that_does_not_fit_raises():
    grid = advance(Grid.empty(geometry_for_size(4)), Step(GIVEN, ((0, 3),)))
    with pytest.raises(ValueError, match="given"):
        advance(grid, _entry(0, 1))
