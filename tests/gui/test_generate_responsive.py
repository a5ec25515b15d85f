"""Test at a large size: labelled progress, an event loop that keeps running, and a Cancel that says so.

Stall and cancel times are printed (run with ``-s``), never asserted; the assertions are facts that
do not depend on the machine's speed.
"""

from __future__ import annotations

import re
import time

import pytest
from PySide6.QtWidgets import QDialog

from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.search.symmetry import has_symmetry
from tests.gui.heartbeat import heartbeat
from tests.gui.test_editing import trigger
from tests.search.test_generate_sizes import assert_unique

LABELLED = re.compile(r"^Generating puzzle \d+: (cells determined|clues removed): \d+ of \d+$")


def _ask_for(monkeypatch, size: int, seed: int, very_hard: bool = False) -> None:
    def accept(dialog: dialogs.GenerateDialog) -> QDialog.DialogCode:
        dialog.size_box.setCurrentIndex(dialog.size_box.findData(size))
        dialog.symmetry.setCurrentText("rot180")
        dialog.unique.setChecked(True)
        dialog.very_hard.setChecked(very_hard)
        dialog.level.setCurrentIndex(0)
        dialog.seed.setValue(seed)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", accept)


@pytest.mark.slow
@pytest.mark.parametrize("size", [16, 25])
def test_a_large_unique_puzzle_comes_with_labelled_progress_while_the_ui_runs(
    qtbot, window, monkeypatch, size
):
    session = window.session
    messages: list[str] = []
    session.message.connect(messages.append)
    _ask_for(monkeypatch, size, 7)
    with (
        heartbeat(busy=lambda: session.busy(JobKind.GENERATE)) as beat,
        qtbot.waitSignal(session.job_finished, timeout=300_000),
    ):
        trigger(window, "test")
    print(f"\nTest {size}x{size}, UI stalls: {beat.summary()}")
    grid = session.grid
    assert grid.geometry.n == size
    assert has_symmetry(grid, "rot180")
    assert_unique(grid.puzzle())
    progress = [text for text in messages if text.startswith("Generating")]
    assert any(LABELLED.match(text) and "clues removed" in text for text in progress), progress
    assert all(LABELLED.match(text) or "rating its" in text for text in progress), progress
    assert messages[-1].startswith("New puzzle:")
    assert beat.ticks_while_busy > 0  # the event loop ran while the generator did


@pytest.mark.slow
def test_cancel_during_generation_stops_the_job_and_says_so(qtbot, window, monkeypatch):
    session = window.session
    before = session.grid
    messages: list[str] = []
    session.message.connect(messages.append)
    _ask_for(monkeypatch, 25, 3, very_hard=True)  # draws until its budget: still running when cancelled
    trigger(window, "test")
    qtbot.waitUntil(lambda: any("clues removed" in text for text in messages), timeout=300_000)
    with qtbot.waitSignal(session.worker.cancelled, timeout=60_000) as stopped:
        asked = time.monotonic()
        trigger(window, "cancel")
        said = time.monotonic()
    said_ms, ended_ms = (said - asked) * 1e3, (time.monotonic() - asked) * 1e3
    print(f"\nCancel: said so after {said_ms:.0f} ms, job ended after {ended_ms:.0f} ms")
    assert stopped.signal_triggered
    assert "Cancelled: generate" in messages
    after_cancel = messages[messages.index("Cancelled: generate") + 1 :]
    assert not any(text.startswith(("Generating", "New puzzle")) for text in after_cancel)
    assert session.grid == before  # the board keeps what it had
    assert not session.busy(JobKind.GENERATE)
    assert not window.acts["cancel"].isEnabled()
