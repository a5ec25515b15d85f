"""Autosave on a pool thread: the edit's history reaches the recovery file, never an older one over it."""

from __future__ import annotations

from sudoku_workbench.core.history import History
from sudoku_workbench.formats import parse_line
from sudoku_workbench.gui.session.autosave import Autosaver
from sudoku_workbench.gui.session.storage import Storage
from sudoku_workbench.logic.engine import solve_by_logic
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER

PUZZLE = parse_line(NEWSPAPER)


def _solved_history() -> History:
    return History.replay(PUZZLE, tuple(solve_by_logic(PUZZLE).steps))


def test_the_autosave_after_an_edit_is_written_by_the_worker(qtbot, window, storage):
    session = window.session
    session.set_puzzle(History(PUZZLE), dirty=False)
    # The worker's answer True is Autosaver.write's once written: the write ran on a pool thread.
    written = session.worker.finished
    with qtbot.waitSignal(written, timeout=5000, check_params_cb=lambda _job, result: result is True):
        session.enter_digit(2, 4)
    assert storage.recovery_path.exists()
    found = storage.read_recovery()
    assert found is not None
    assert found[0].grid == session.grid
    settle(qtbot, window)
    session.dirty = False


def test_an_older_snapshot_never_replaces_a_newer_one(tmp_path):
    autosaver = Autosaver(Storage(tmp_path))
    history = _solved_history()
    older = autosaver.snapshot(History(PUZZLE), None)
    newer = autosaver.snapshot(history, None)
    history.move_to(1)  # the snapshot keeps the cursor it was taken with
    assert autosaver.write(newer)
    assert not autosaver.write(older)
    found = autosaver.storage.read_recovery()
    assert found is not None
    assert found[0].steps == history.steps
    assert found[0].cursor == len(history.steps)


def test_a_write_still_in_flight_after_a_discard_is_dropped(tmp_path):
    autosaver = Autosaver(Storage(tmp_path))
    pending = autosaver.snapshot(_solved_history(), None)
    autosaver.discard()  # the document was saved, or the window closed cleanly
    assert not autosaver.write(pending)
    assert not autosaver.storage.recovery_path.exists()
    assert autosaver.write(autosaver.snapshot(History(PUZZLE), None))  # a later edit is saved again
    assert autosaver.storage.recovery_path.exists()
