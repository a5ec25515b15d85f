"""Typing, pencil marks, undo/redo, Check, paste and closing, driven through the real widgets."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL, Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from tests.gui.conftest import settle

#: A newspaper-style puzzle (easy: singles solve it).
NEWSPAPER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def trigger(window, name: str) -> None:
    action = window.acts[name]
    assert action.isEnabled(), f"{name} is disabled: {action.toolTip()}"
    action.trigger()


def new_9x9(window, monkeypatch) -> None:
    label = geometry_for_size(9).label
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args, **kw: (label, True))
    trigger(window, "new")


def type_puzzle(qtbot, window, line: str) -> None:
    """Click the first cell, then type the line as a person copying from paper (``.`` = blank)."""
    board = window.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_rect(0).center().toPoint())
    qtbot.keyClicks(board, line)


def test_typing_a_puzzle_key_by_key_in_givens_mode(qtbot, window, monkeypatch, shot):
    new_9x9(window, monkeypatch)
    assert window.session.givens_mode
    type_puzzle(qtbot, window, NEWSPAPER)
    grid = window.session.grid
    assert grid.to_line() == NEWSPAPER
    assert grid.givens == parse_line(NEWSPAPER).givens
    assert grid.candidates == parse_line(NEWSPAPER).candidates
    shot(window, "typed-puzzle")


def test_entries_pencil_marks_undo_and_redo(qtbot, window):
    window.session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    board = window.board
    board.setFocus()
    board.select(2)
    qtbot.keyClick(board, Qt.Key.Key_4)
    assert window.session.grid.entries[2] == 4
    board.select(3)
    qtbot.keyClick(board, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert 2 not in window.session.grid.candidates_of(3)
    assert window.session.dirty
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert 2 in window.session.grid.candidates_of(3)
    trigger(window, "undo")
    assert window.session.grid.entries[2] == 0
    assert window.session.grid == parse_line(NEWSPAPER)
    trigger(window, "redo")
    trigger(window, "redo")
    assert window.session.grid.entries[2] == 4
    assert 2 not in window.session.grid.candidates_of(3)
    board.select(2)
    qtbot.keyClick(board, Qt.Key.Key_Delete)
    assert window.session.grid.entries[2] == 0
    assert window.panel.steps.count() == 1 + 3


def test_check_marks_both_cells_of_a_duplicate(qtbot, window, shot):
    window.session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    board = window.board
    board.setFocus()
    board.select(2)  # r1c3, in row 1 beside the 5 of r1c1
    qtbot.keyClick(board, Qt.Key.Key_5)
    trigger(window, "check")
    assert {0, 2} <= set(board.marks)
    assert "5 appears more than once in row 1" in window.panel.finding.text()
    settle(qtbot, window)
    assert {0, 2} <= set(board.marks)
    assert "5 appears more than once in row 1" in window.panel.finding.text()
    assert "the puzzle has no solution" not in window.panel.finding.text()
    shot(window, "check-duplicate")


def test_pasting_a_bad_puzzle_names_the_problem_and_keeps_the_grid(qtbot, window, monkeypatch):
    window.session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    before = window.session.grid
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText("53..7....6..19x5....98")
    trigger(window, "paste")
    assert shown
    assert "clipboard" in shown[0][1]
    assert window.session.grid is before


def test_pasting_a_good_puzzle_replaces_the_grid(qtbot, window):
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText(NEWSPAPER)
    trigger(window, "paste")
    assert window.session.grid.givens == parse_line(NEWSPAPER).givens
    assert not window.session.givens_mode


def test_closing_with_unsaved_changes_asks_first(qtbot, window, monkeypatch):
    window.session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    window.session.enter_digit(2, 4)
    asked = []

    def answer(choice):
        def question(*args, **kwargs):
            asked.append(args[1])
            return choice

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    assert not window.close()
    assert window.isVisible()
    assert asked == ["Unsaved changes"]
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Discard))
    assert window.close()
    assert len(asked) == 2


def test_every_size_draws_and_takes_letters(qtbot, window, shot):
    for n in (4, 6, 8, 12, 16, 25):
        window.session.new_puzzle(geometry_for_size(n))
        board = window.board
        board.setFocus()
        board.select(0)
        qtbot.keyClick(board, Qt.Key.Key_A if n > 9 else Qt.Key.Key_2)
        assert window.session.grid.givens[0] == (10 if n > 9 else 2)
        assert board.selected == 1
    shot(window.board, "board-25x25")


def test_every_menu_action_does_something(window):
    """An action added to the menus but never connected would be a dead menu entry."""
    unwired = [
        name
        for name, action in window.acts.items()
        if not action.receivers(SIGNAL("triggered(bool)")) and not action.receivers(SIGNAL("toggled(bool)"))
    ]
    assert not unwired


def test_givens_mode_toggle_changes_what_digits_do(qtbot, window):
    window.session.set_puzzle(History(Grid.empty(geometry_for_size(4))), dirty=False)
    trigger(window, "givens_mode")
    window.session.enter_digit(0, 1)
    trigger(window, "givens_mode")
    window.session.enter_digit(1, 2)
    grid = window.session.grid
    assert grid.givens[0] == 1
    assert grid.entries[1] == 2
    assert grid.givens[1] == 0


def test_every_action_has_its_own_shortcut(window):
    seen: dict[str, str] = {}
    for name, action in window.acts.items():
        keys = [k.toString() for k in action.shortcuts()]
        assert keys, f"{name} has no shortcut"
        for key in keys:
            assert key not in seen, f"{key} is used by {seen.get(key)} and {name}"
            seen[key] = name


def test_a_new_big_grid_is_counted_not_rated(qtbot, window):
    """A nearly empty 25x25 grid has many solutions: rating it would keep a thread busy for seconds."""
    window.session.new_puzzle(geometry_for_size(25))
    board = window.board
    board.setFocus()
    board.select(0)
    qtbot.keyClick(board, Qt.Key.Key_A)
    settle(qtbot, window)
    status = window.panel.status.text()
    assert "This position: several solutions" in status
    assert "Rating" not in status
    assert window.session.worker.wait(10_000)  # nothing still running behind the status line
