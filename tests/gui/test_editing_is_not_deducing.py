"""Typing a puzzle edits it; the step list holds only deductions and the player's own moves (issue 15).

Driven as a person would: key clicks on the board in Givens mode, the Logic button, a click on a row.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.panels.step_panel import step_title
from sudoku_workbench.logic.engine import rate, solve_by_logic
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.logic.rating.words import rating_text
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, new_9x9, trigger, type_puzzle


def _rows(window) -> list[str]:
    steps = window.panel.steps
    return [steps.item(row).text() for row in range(steps.count())]


def test_typed_clues_are_not_steps_and_a_clicked_row_keeps_the_givens(qtbot, window, monkeypatch, shot):
    new_9x9(window, monkeypatch)
    type_puzzle(qtbot, window, NEWSPAPER)
    givens = parse_line(NEWSPAPER).givens
    assert window.session.grid.givens == givens
    assert _rows(window) == ["Start: 30 clues"]
    settle(qtbot, window)  # the graph pane and the status line catch up
    shot(window, "typed-puzzle-before-logic")

    # Ctrl+Z takes the last typed clue back (an edit, not a step), Ctrl+Shift+Z types it again.
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.grid.givens[80] == 0
    assert _rows(window) == ["Start: 29 clues"]
    qtbot.keyClick(
        window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert window.session.grid.givens == givens

    trigger(window, "givens_mode")  # Solve mode
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        qtbot.mouseClick(window.panel.buttons["logic"], Qt.MouseButton.LeftButton)
    expected = solve_by_logic(parse_line(NEWSPAPER))
    geo = window.session.grid.geometry
    names = window.panel.rule_names
    assert _rows(window) == ["Start: 30 clues"] + [
        f"{number}. {step_title(step, geo, names)}" for number, step in enumerate(expected.steps, start=1)
    ]
    assert window.session.grid.is_solved()
    settle(qtbot, window)
    assert window.panel.status.text().endswith(" · Solved · Empty cells: 0")
    shot(window, "typed-puzzle-after-logic")

    # Clicking row 12 shows the position after 12 deductions: the same givens, and a status about it.
    steps = window.panel.steps
    steps.scrollToItem(steps.item(12))
    qtbot.mouseClick(
        steps.viewport(), Qt.MouseButton.LeftButton, pos=steps.visualItemRect(steps.item(12)).center()
    )
    session = window.session
    assert session.history.cursor == 12
    assert session.grid.givens == givens
    position = session.history.records[11].grid
    assert session.grid == position
    settle(qtbot, window)
    status = window.panel.status.text()
    assert f"Empty cells: {len(position.empty_cells)}" in status
    puzzle = parse_line(NEWSPAPER)  # the whole puzzle's rating, not the position's
    assert status.startswith(f"Puzzle: {rating_text(rate(puzzle), rate_se(puzzle, one_solution=True))}")
    assert "(SE's path: " in status
    total = len(expected.steps)
    assert f"showing step 12 of {total}: {names[expected.steps[11].rule]}" in status
    assert "This position: one solution" in status
    assert "solved" not in window.statusBar().currentMessage()
    assert "solved" not in window.panel.progress.text()
    shot(window, "typed-puzzle-row-12")

    # Back walks the deductions only, never the typed clues.
    for _ in range(15):
        trigger(window, "back") if window.acts["back"].isEnabled() else None
    assert session.history.cursor == 0
    assert session.grid.givens == givens
    assert not window.acts["back"].isEnabled()


def test_an_entry_in_solve_mode_is_listed_as_the_players(qtbot, window, monkeypatch):
    new_9x9(window, monkeypatch)
    type_puzzle(qtbot, window, NEWSPAPER)
    trigger(window, "givens_mode")
    board = window.board
    board.select(2)
    qtbot.keyClick(board, Qt.Key.Key_4)
    assert _rows(window) == ["Start: 30 clues", "1. Your entry: r1c3=4"]


def test_pasting_is_an_edit_that_undo_takes_back(qtbot, window):
    from PySide6.QtGui import QGuiApplication

    before = window.session.grid
    QGuiApplication.clipboard().setText(NEWSPAPER)
    trigger(window, "paste")
    assert window.session.grid.givens == parse_line(NEWSPAPER).givens
    assert _rows(window) == ["Start: 30 clues"]
    trigger(window, "undo")
    assert window.session.grid == before
