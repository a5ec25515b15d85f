"""The UI thread keeps running while Logic works on a hard puzzle (stall times are printed, not asserted).

Run with ``-s`` to see each story's longest gap and 99th percentile of the heartbeat.
"""

from __future__ import annotations

from sudoku_workbench.gui.session.job_kinds import JobKind
from tests.conftest import corpus_lines
from tests.gui.conftest import settle
from tests.gui.heartbeat import heartbeat
from tests.gui.test_editing import trigger
from tests.gui.test_logic import trigger_paste


def test_logic_on_a_hard_puzzle_lets_the_ui_thread_run(qtbot, window):
    session = window.session
    trigger_paste(qtbot, window, corpus_lines("forum_hardest_1106.txt", 1)[0])
    settle(qtbot, window)
    updates_while_running: list[int] = []
    rated_while_running: list[bool] = []

    def logic_running() -> bool:
        running = session.busy(JobKind.LOGIC)
        if running:
            rated_while_running.append(session.busy(JobKind.STATUS))
        return running

    session.history_changed.connect(lambda: updates_while_running.append(session.busy(JobKind.LOGIC)))
    with heartbeat(busy=logic_running) as beat, qtbot.waitSignal(session.job_finished, timeout=120_000):
        trigger(window, "logic")
    print(f"\nLogic on a hard puzzle, UI stalls: {beat.summary()}")
    assert session.grid.is_solved()
    assert beat.ticks_while_busy > 0  # the event loop ran while Logic did
    assert sum(updates_while_running) > 1  # the steps came in batches, not all at the end
    assert not any(rated_while_running)  # the status waits for Logic instead of competing with it
    settle(qtbot, window)
    assert "· Solved ·" in window.panel.status.text()  # ...and reads the final position afterwards
