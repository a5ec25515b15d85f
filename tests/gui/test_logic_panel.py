"""The logic engine through the window: Step, Back, Logic, the step list, highlights and the rating."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import RULES
from tests.gui.conftest import settle

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
RULE_IDS = {rule.id for rule in RULES}


def _trigger(window, name: str) -> None:
    action = window.acts[name]
    assert action.isEnabled(), f"{name} is disabled: {action.toolTip()}"
    action.trigger()


def test_step_back_and_logic_drive_the_engine(qtbot, window):
    start = parse_line(EASY)
    window.session.set_puzzle(History(start), dirty=False)
    settle(qtbot, window)
    messages: list[str] = []
    window.session.message.connect(messages.append)

    _trigger(window, "step")
    settle(qtbot, window)
    step = window.session.history.last_step
    assert step.rule in RULE_IDS
    assert len(window.session.grid.empty_cells) == len(start.empty_cells) - 1
    assert window.board.step is step
    assert step.explanation in window.panel.explanation.toPlainText()
    assert window.panel.steps.count() == 2

    _trigger(window, "back")
    assert window.session.grid == start

    _trigger(window, "logic")
    settle(qtbot, window)
    assert window.session.grid.is_solved()
    assert window.panel.steps.count() == 1 + len(start.empty_cells)
    assert all(s.rule in RULE_IDS for s in window.session.history.steps)
    assert any(text.startswith("Logic: ") and text.endswith("solved") for text in messages)

    _trigger(window, "rate")
    settle(qtbot, window)
    status = window.panel.status.text()
    assert status.startswith("Puzzle: level Easy (our path: ")
    assert "; SE " in status
    assert not any("level Easy" in text for text in messages)  # shown once, in the status line
    assert " · Solved · " in status  # and the position shown


def test_logic_reports_a_contradiction_with_its_cells(qtbot, window, monkeypatch):
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(f"{title}: {text}"))
    broken = parse_line(EASY).eliminate([(2, 4), (2, 1), (2, 2)])  # r1c3 keeps no candidate
    window.session.set_puzzle(History(broken), dirty=False)
    settle(qtbot, window)
    _trigger(window, "logic")
    settle(qtbot, window)
    assert shown
    assert shown[0].startswith("The position is impossible")
    assert 2 in window.board.marks
