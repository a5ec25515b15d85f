"""The step-through panel with the logic engine: Logic, Back, Step, clicking the list, the status line."""

from __future__ import annotations

from sudoku_workbench.core.step import CLEAR, ENTRY, PENCIL
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import next_step, solve_by_logic
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, new_9x9, trigger, type_puzzle

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _rule_steps(window):
    return [s for s in window.session.history.steps if s.rule not in (ENTRY, PENCIL, CLEAR)]


def test_typed_newspaper_puzzle_is_solved_by_logic_and_stepped_through(qtbot, window, monkeypatch, shot):
    new_9x9(window, monkeypatch)
    type_puzzle(qtbot, window, NEWSPAPER)
    trigger(window, "givens_mode")  # back to Solve mode
    typed = len(window.session.history.steps)
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        trigger(window, "logic")
    session = window.session
    assert session.grid.is_solved()
    steps = _rule_steps(window)
    expected = solve_by_logic(parse_line(NEWSPAPER))
    assert [s.rule for s in steps] == [s.rule for s in expected.steps]
    assert window.panel.steps.count() == 1 + typed + len(steps)
    assert session.grid.values == expected.grid.values

    # The board shows the step that led to its position: after Back that is the one before the last.
    trigger(window, "back")
    last, previous = steps[-1], steps[-2]
    assert window.board.step is previous
    ((cell, digit),) = last.placements
    assert session.grid.values[cell] == 0
    assert window.panel.steps.currentRow() == typed + len(steps) - 1
    explanation = window.panel.explanation.toPlainText()
    assert explanation.startswith(window.panel.rule_names[previous.rule])
    assert previous.explanation in explanation
    shot(window, "logic-back")
    trigger(window, "step")
    assert session.grid.values[cell] == digit
    assert window.board.step is last
    assert session.grid.is_solved()
    settle(qtbot, window)


def test_clicking_a_step_shows_its_position_with_its_highlights(qtbot, window, shot):
    trigger_paste(qtbot, window, HARD)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "logic")
    steps = window.session.history.steps
    chosen = next(i for i, s in enumerate(steps) if s.eliminations)
    item = window.panel.steps.item(chosen + 1)
    rect = window.panel.steps.visualItemRect(item)
    window.panel.steps.scrollToItem(item)
    rect = window.panel.steps.visualItemRect(item)
    from PySide6.QtCore import Qt

    qtbot.mouseClick(window.panel.steps.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.history.cursor == chosen + 1
    step = steps[chosen]
    assert window.board.step is step
    # the struck candidates are gone from the grid the board shows, and were there before the step
    before = window.session.history.previous_grid
    for cell, digit in step.eliminations:
        assert before.candidates[cell] >> (digit - 1) & 1
        assert not window.session.grid.candidates[cell] >> (digit - 1) & 1
    settle(qtbot, window)
    assert window.panel.status.text().startswith("Puzzle: ")
    assert f"showing step {chosen + 1} of {len(steps)}: " in window.panel.status.text()
    assert "Empty cells:" in window.panel.status.text()
    shot(window, "step-eliminations")


def test_step_finds_one_step_at_a_time(qtbot, window):
    trigger_paste(qtbot, window, NEWSPAPER)
    for _ in range(3):
        with qtbot.waitSignal(window.session.history_changed, timeout=10_000):
            trigger(window, "step")
    history = window.session.history
    assert len(history.steps) == 3
    grids = [history.start] + [r.grid for r in history.records]
    for before, step, after in zip(grids, history.steps, grids[1:], strict=False):
        assert step == next_step(before)
        assert after == before.apply(step)
    settle(qtbot, window)


def test_logic_on_an_impossible_position_marks_the_cells(qtbot, window, monkeypatch):
    trigger_paste(qtbot, window, NEWSPAPER)
    window.session.enter_digit(2, 4)  # r1c3=4: the solution has 4 there
    window.session.enter_digit(3, 4)  # r1c4=4 duplicates it in row 1
    shown = []
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(title))
    with qtbot.waitSignal(window.session.job_finished, timeout=10_000):
        trigger(window, "logic")
    assert shown == ["The position is impossible"]
    assert window.board.marks
    settle(qtbot, window)


def trigger_paste(qtbot, window, line: str) -> None:
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText(line)
    trigger(window, "paste")
    window.session.dirty = False
