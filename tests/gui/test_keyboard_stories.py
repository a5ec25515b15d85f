"""The README's stories done with the keyboard alone, on the shown and activated window.

Every key goes to whatever widget has the focus (``QApplication.focusWidget()``), never to the board
directly, so a widget that should have taken the keys and did not fails the story. Dialogs are answered
with keys too, sent to the focus widget inside them; only the operating system's file dialogs are
replaced (they are not Qt widgets on every platform).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox, QWidget

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.panels.step_panel import step_title
from sudoku_workbench.gui.session.status_line import rate_puzzle
from sudoku_workbench.logic.engine import LogicRun, solve_by_logic
from sudoku_workbench.logic.rating.words import rating_text
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER

Key = Qt.Key
NO, CTRL, SHIFT, ALT = (
    Qt.KeyboardModifier.NoModifier,
    Qt.KeyboardModifier.ControlModifier,
    Qt.KeyboardModifier.ShiftModifier,
    Qt.KeyboardModifier.AltModifier,
)


@pytest.fixture(scope="module")
def newspaper_logic() -> LogicRun:
    """The rules' solution of the puzzle, worked out before the heartbeat (a test body's time counts)."""
    return solve_by_logic(parse_line(NEWSPAPER))


@pytest.fixture(scope="module")
def newspaper_rating() -> str:
    """The whole puzzle's rating as the status line words it, also worked out beforehand."""
    puzzle = parse_line(NEWSPAPER)
    _solutions, ratings = rate_puzzle(puzzle)
    assert ratings is not None
    return rating_text(*ratings)


def focused() -> QWidget:
    """The widget with the keyboard focus, once a window is active.

    When a dialog closes, a window manager makes the main window active again; the offscreen platform
    has none, so this does its part (the main window then gives the keys to its own focus widget, the
    one the program chose, exactly as on a desktop).
    """
    if QApplication.activeWindow() is None:
        for top in QApplication.topLevelWidgets():
            if isinstance(top, MainWindow) and top.isVisible():
                top.activateWindow()
    for _ in range(500):
        if QApplication.focusWidget() is not None:
            break
        QTest.qWait(10)
    widget = QApplication.focusWidget()
    assert widget is not None, "no widget has the keyboard focus"
    return widget


def press(key: Key, modifier: Qt.KeyboardModifier = NO) -> None:
    """One key, to the widget with the focus (shortcuts included, as for a real key)."""
    QTest.keyClick(focused(), key, modifier)


def type_keys(text: str) -> None:
    QTest.keyClicks(focused(), text)


def answer_dialog(keys: list[tuple[Key, Qt.KeyboardModifier]], look: Callable[[QDialog], None] | None = None):
    """Once a modal dialog is up, ``look`` at it, then send ``keys`` to its focus widget.

    The keys go even when ``look`` fails (and the dialog is closed if they did not close it), so a
    failing check cannot leave a modal dialog waiting forever.
    """
    seen: list[QDialog] = []

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        inside = QApplication.focusWidget()
        if not isinstance(dialog, QDialog) or inside is None or not dialog.isAncestorOf(inside):
            QTimer.singleShot(20, act)  # not up yet, or not yet holding the keys
            return
        seen.append(dialog)
        try:
            if look is not None:
                look(dialog)
        finally:
            for key, modifier in keys:
                QTest.keyClick(QApplication.focusWidget() or dialog, key, modifier)
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, act)
    return seen


def file_dialogs(monkeypatch, chosen: Path) -> list[str]:
    """Replace the file dialogs: they answer ``chosen`` and record the folder each one started in."""
    starts: list[str] = []

    def answer(parent, title, start, filters, *rest, **kw):
        starts.append(start)
        return str(chosen), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    return starts


def open_newspaper(qtbot, window: MainWindow, monkeypatch, tmp_path: Path) -> Path:
    """Ctrl+O, the file chosen, the puzzle shown and the board focused again."""
    path = tmp_path / "puzzles" / "newspaper.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_text(NEWSPAPER + "\n", encoding="utf-8")
    file_dialogs(monkeypatch, path)
    press(Key.Key_O, CTRL)
    assert window.session.history.start.givens == parse_line(NEWSPAPER).givens
    settle(qtbot, window)
    return path


def run_logic(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        press(Key.Key_F5)
    settle(qtbot, window)


# ---- 1. type a puzzle -----------------------------------------------------------------------------------
def test_typing_works_at_start_up_and_after_new(qtbot, shown, monkeypatch, shot):
    session = shown.session
    cell = shown.board.selected
    assert focused() is shown.board  # start-up: the board has the keys before any click
    press(Key.Key_5)
    assert session.grid.values[cell] == 5

    monkeypatch.setattr(dialogs, "ask_save_changes", lambda parent: QMessageBox.StandardButton.Discard)
    asked = answer_dialog([(Key.Key_Return, NO)])  # File → New: the size dialog, 9x9 offered
    press(Key.Key_N, CTRL)
    assert asked, "File → New showed no size dialog"
    assert session.givens_mode
    assert focused() is shown.board
    type_keys(NEWSPAPER)
    assert session.grid.givens == parse_line(NEWSPAPER).givens
    shot(shown, "keyboard-typing-after-new")


# ---- 2. Logic, and the puzzle's rating printed once -----------------------------------------------------
def test_logic_and_rate_from_the_keyboard(qtbot, shown, monkeypatch, tmp_path, newspaper_rating):
    session = shown.session
    open_newspaper(qtbot, shown, monkeypatch, tmp_path)
    assert focused() is shown.board
    run_logic(qtbot, shown)
    assert session.grid.is_solved()

    expected = newspaper_rating
    with qtbot.waitSignal(session.job_finished, timeout=30_000):
        press(Key.Key_R, CTRL)
    settle(qtbot, shown)
    shown_texts = [
        shown.statusBar().currentMessage(),
        shown.panel.progress.text(),
        shown.panel.status.text(),
        shown.panel.finding.text(),
    ]
    assert sum(text.count(expected) for text in shown_texts) == 1, shown_texts
    assert f"Puzzle: {expected}" in shown.panel.status.text()


# ---- 3. step through with the step list's keys; browsing is no edit -------------------------------------
def test_the_step_lists_keys_move_the_board_and_browsing_is_no_edit(
    qtbot, shown, monkeypatch, tmp_path, shot, newspaper_rating
):
    session = shown.session
    open_newspaper(qtbot, shown, monkeypatch, tmp_path)
    run_logic(qtbot, shown)
    path = tmp_path / "puzzles" / "newspaper.json"
    file_dialogs(monkeypatch, path)
    press(Key.Key_S, CTRL | SHIFT)  # Save As a document, so the steps are part of the saved work
    assert path.is_file()
    assert not session.dirty
    steps = session.history.steps
    geo = session.grid.geometry

    press(Key.Key_F3)
    step_list = shown.panel.steps
    assert focused() is shown.panel.steps

    def shows(cursor: int) -> None:
        assert session.history.cursor == cursor
        assert step_list.currentRow() == cursor
        step = steps[cursor - 1] if cursor else None
        assert shown.board.step is step
        if step is not None:
            assert step_title(step, geo, shown.panel.rule_names) in shown.panel.explanation.toPlainText()

    press(Key.Key_Home)
    shows(0)
    for _ in range(3):
        press(Key.Key_Down)
    shows(3)
    press(Key.Key_End)
    shows(len(steps))
    press(Key.Key_PageUp)
    assert session.history.cursor < len(steps)
    shows(session.history.cursor)
    press(Key.Key_Up)
    at = session.history.cursor
    shows(at)
    press(Key.Key_F6, SHIFT)  # Back, from the list
    shows(at - 1)
    assert focused() is step_list
    assert not session.dirty, "browsing the steps marked the document modified"
    assert "*" not in shown.windowTitle()
    settle(qtbot, shown)
    # The status line: the whole puzzle's rating first, then which step is shown.
    status = shown.panel.status.text()
    assert status.startswith(f"Puzzle: {newspaper_rating} · ")
    name = shown.panel.rule_names[steps[at - 2].rule]
    assert f"showing step {at - 1} of {len(steps)}: {name}" in status
    shot(shown, "keyboard-step-list")
    # Closing asks nothing (the conftest fails any message box).
    shown.close()
    assert not shown.isVisible()


# ---- 4. hint ---------------------------------------------------------------------------------------------
def test_hint_in_three_depths_then_step(qtbot, shown, monkeypatch, tmp_path, newspaper_logic):
    session = shown.session
    open_newspaper(qtbot, shown, monkeypatch, tmp_path)
    for depth in (1, 2, 3):
        press(Key.Key_H, CTRL)
        qtbot.waitUntil(lambda d=depth: shown.panel.finding.text().startswith(f"Hint {d} of 3"))
    hinted = newspaper_logic.steps[0]
    with qtbot.waitSignal(session.history_changed, timeout=10_000):
        press(Key.Key_F6)
    assert session.history.last_step.rule == hinted.rule
    assert focused() is shown.board


# ---- 5. check --------------------------------------------------------------------------------------------
def test_a_wrong_entry_typed_and_checked(qtbot, shown, monkeypatch, tmp_path, newspaper_logic):
    session = shown.session
    open_newspaper(qtbot, shown, monkeypatch, tmp_path)
    solution = newspaper_logic.grid
    board = shown.board
    target = session.grid.empty_cells[0]
    n = session.grid.geometry.n
    row, col = divmod(board.selected, n)
    goal_row, goal_col = divmod(target, n)
    for _ in range((goal_row - row) % n):
        press(Key.Key_Down)
    for _ in range((goal_col - col) % n):
        press(Key.Key_Right)
    assert board.selected == target
    wrong = next(
        d
        for d in range(1, 10)
        if d != solution.values[target] and session.grid.candidates[target] >> (d - 1) & 1
    )
    press(Qt.Key(Key.Key_0 + wrong))
    assert session.grid.entries[target] == wrong
    with qtbot.waitSignal(session.job_finished, timeout=30_000):
        press(Key.Key_F8)
    finding = shown.panel.finding.text()
    assert finding.startswith("Check:")
    assert session.grid.geometry.cell_name(target) in finding
    assert target in board.marks


# ---- 6. test (generate): a whole title, options remembered ----------------------------------------------
def test_generating_from_the_keyboard_remembers_very_hard(qtbot, shown):
    session = shown.session
    titles: list[tuple[int, int]] = []

    def tick_very_hard(dialog: QDialog) -> None:
        assert isinstance(dialog, dialogs.GenerateDialog)
        title = dialog.windowTitle()
        titles.append((dialog.width(), dialog.fontMetrics().horizontalAdvance(title)))
        assert not dialog.very_hard.isChecked()
        press(Key.Key_V, ALT)  # its underlined letter: Qt clicks it a moment later, as it shows the press
        qtbot.waitUntil(dialog.very_hard.isChecked)

    answer_dialog([(Key.Key_Return, NO)], tick_very_hard)
    with qtbot.waitSignal(session.job_finished, timeout=60_000):
        press(Key.Key_F9)
    settle(qtbot, shown, timeout=60_000)
    assert session.grid.givens.count(0) > 0
    assert any(session.grid.givens)
    assert not session.dirty
    assert focused() is shown.board
    width, title = titles[0]
    assert width >= 2 * title, "the dialog is too narrow for its title (a title bar would cut it)"

    remembered: list[bool] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, dialogs.GenerateDialog)
        remembered.append(dialog.very_hard.isChecked())

    answer_dialog([(Key.Key_Escape, NO)], look)
    press(Key.Key_F9)
    assert remembered == [True]
    assert focused() is shown.board


# ---- 7. export through HCP, and the file dialogs' folders -----------------------------------------------
def test_export_hcp_and_files_start_where_the_user_last_was(qtbot, shown, monkeypatch, tmp_path):
    session = shown.session
    folder = tmp_path / "puzzles"
    folder.mkdir()
    puzzle = folder / "newspaper.txt"
    puzzle.write_text(NEWSPAPER + "\n", encoding="utf-8")
    starts = file_dialogs(monkeypatch, puzzle)
    press(Key.Key_O, CTRL)
    assert session.history.start.givens == parse_line(NEWSPAPER).givens
    first = Path(starts[0]).resolve()
    assert starts[0]
    assert first != Path.cwd().resolve()  # the documents folder or home, never the program's
    assert first.is_dir()

    target = tmp_path / "elsewhere" / "newspaper.hcp"
    target.parent.mkdir()
    file_dialogs(monkeypatch, target)
    answer_dialog([(Key.Key_Return, NO)])
    with qtbot.waitSignal(session.job_finished, timeout=30_000):
        press(Key.Key_E, CTRL)
    assert target.read_text(encoding="ascii").startswith("NAME")
    assert shown.isActiveWindow()  # the window took the keys back after the dialogs
    assert focused() is shown.board

    starts = file_dialogs(monkeypatch, puzzle)
    press(Key.Key_O, CTRL)
    assert Path(starts[0]).resolve() in (folder.resolve(), target.parent.resolve())


# ---- 8. solve through HCP --------------------------------------------------------------------------------
def test_solve_through_hcp_from_the_keyboard(qtbot, shown):
    session = shown.session
    session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    settle(qtbot, shown)
    assert focused() is shown.board
    answer_dialog([(Key.Key_Return, NO)])
    with qtbot.waitSignal(session.job_finished, timeout=120_000):
        press(Key.Key_H, CTRL | SHIFT)
    assert session.grid.is_solved()
    # The window took the keys back itself (focused() would activate it, as a window manager does).
    assert shown.isActiveWindow()
    assert focused() is shown.board


# ---- the main controls are named for screen readers ------------------------------------------------------
def test_the_main_controls_have_accessible_names(shown):
    controls = [shown.board, shown.panel.steps, shown.panel.explanation, shown.panel.status]
    controls += [shown.graph_view, shown.graph_view.canvas]
    controls += list(shown.panel.buttons.values())
    assert all(widget.accessibleName() for widget in controls)
    assert shown.panel.buttons["logic"].accessibleName() == "Logic"
    assert shown.panel.buttons["test"].accessibleName() == "Generate"


def test_clipboard_paste_keeps_the_board_focused(qtbot, shown):
    QGuiApplication.clipboard().setText(NEWSPAPER)
    press(Key.Key_F3)
    press(Key.Key_V, CTRL)
    assert shown.session.history.start.givens == parse_line(NEWSPAPER).givens
    assert focused() is shown.board
