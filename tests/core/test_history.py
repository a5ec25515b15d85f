"""The history (pure Python): push, undo/redo, truncation, replay, and puzzle edits that are not steps."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, Step, geometry_for_size
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import ENTRY


def _entry(cell: int, digit: int) -> Step:
    return Step(ENTRY, ((cell, digit),))


def test_push_undo_redo_and_truncate():
    history = History(Grid.empty(geometry_for_size(4)))
    for cell, digit in ((0, 1), (1, 2), (2, 3)):
        history.push(_entry(cell, digit))
    assert history.grid.values[:3] == (1, 2, 3)
    assert history.move_to(1)
    assert history.grid.values[:3] == (1, 0, 0)
    assert history.can_redo()
    history.push(_entry(5, 4))
    assert len(history.records) == 2
    assert not history.can_redo()
    assert history.grid.values[5] == 4


def test_push_keeps_a_grid_the_caller_computed():
    history = History(Grid.empty(geometry_for_size(4)))
    after = history.grid.apply(_entry(0, 1))
    history.push(_entry(0, 1), after)
    assert history.grid is after


def test_replay_rebuilds_the_grids():
    start = Grid.empty(geometry_for_size(4))
    steps = (_entry(0, 1), _entry(5, 2))
    history = History.replay(start, steps, 1)
    assert history.cursor == 1
    assert history.grid.values[0] == 1
    assert history.grid.values[5] == 0
    assert history.records[-1].grid.values[5] == 2


def test_replay_names_the_step_that_does_not_apply():
    start = Grid.empty(geometry_for_size(4)).with_given(0, 3)
    with pytest.raises(ValueError, match=r"step 2 \(entry\) does not apply: r1c1 holds a given"):
        History.replay(start, (_entry(1, 1), _entry(0, 1)))


def test_a_given_edits_the_puzzle_and_recomputes_candidates():
    grid = Grid.empty(geometry_for_size(4)).with_given(0, 3)
    assert grid.givens[0] == 3
    assert not grid.candidates[1] >> 2 & 1
    grid = grid.with_given(0, 0)
    assert grid.givens[0] == 0
    assert grid.candidates[1] == grid.geometry.full_mask


def test_an_entry_over_a_given_is_refused_and_nothing_changes():
    history = History(Grid.empty(geometry_for_size(4)).with_given(0, 3))
    with pytest.raises(ValueError, match="given"):
        history.push(_entry(0, 1))
    assert history.records == []


def test_givens_are_edits_not_steps_and_undo_takes_them_back_after_the_steps():
    empty = Grid.empty(geometry_for_size(4))
    history = History(empty)
    history.set_given(0, 1)
    history.set_given(5, 2)
    assert history.steps == ()
    assert history.start.givens[:6] == (1, 0, 0, 0, 0, 2)
    history.push(_entry(1, 3))
    assert history.undo()  # the entry
    assert history.start.givens[5] == 2
    assert history.undo()  # the clue r2c2
    assert history.start.givens[5] == 0
    assert history.redo()
    assert history.start.givens[5] == 2
    assert history.redo()  # the entry comes back with the puzzle it was made on
    assert history.grid.entries[1] == 3
    for _ in range(3):
        assert history.undo()
    assert history.grid == empty
    assert not history.can_undo()
    assert not history.undo()


def test_moving_the_cursor_never_changes_the_givens():
    history = History(Grid.empty(geometry_for_size(4)))
    history.set_given(0, 1)
    history.push(_entry(1, 2))
    history.push(_entry(2, 3))
    givens = history.start.givens
    for cursor in (0, 2, 1, -5, 9):
        history.move_to(cursor)
        assert history.grid.givens == givens


def test_a_new_step_after_undoing_an_edit_forgets_the_edit():
    history = History(Grid.empty(geometry_for_size(4)))
    history.set_given(0, 1)
    history.undo()
    history.push(_entry(1, 2))
    assert not history.can_redo()
    assert history.start.givens[0] == 0
