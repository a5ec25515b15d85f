"""Practise a technique, the story: choose X-Wing with the keyboard, ask for hints, answer wrongly with a
click and rightly with keys, see the score, leave with Esc. Keys go to the focus widget, as a person's do."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox

from sudoku_workbench.core.geometry import Candidate
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.panels import practice as practice_gui
from sudoku_workbench.logic.reference.practice import Exercise, prepare, read_practice_set
from sudoku_workbench.logic.rule_table import TABLE
from tests.gui.conftest import settle
from tests.gui.test_keyboard_stories import CTRL, NO, Key, answer_dialog, focused, press

SHIPPED = Path(__file__).resolve().parents[2] / "resources" / "puzzles" / "practice.tsv"
ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture(scope="module")
def x_wings() -> list[Exercise]:
    """The first two X-Wing exercises of the checkout's set, worked out before the heartbeat."""
    grids = read_practice_set(SHIPPED.read_text(encoding="utf-8"))["x_wing"]
    return [prepare(grid, "x_wing") for grid in grids[:2]]


@pytest.fixture
def practising(monkeypatch) -> None:
    """The window reads the checkout's set (the installed package's resources may be another checkout's)."""
    text = SHIPPED.read_text(encoding="utf-8")
    monkeypatch.setattr(practice_gui, "read_practice_set", lambda: read_practice_set(text))


def move_to(window: MainWindow, cell: int) -> None:
    """Arrow keys from the selected cell to ``cell``."""
    n = window.session.grid.geometry.n
    row, col = divmod(window.board.selected, n)
    to_row, to_col = divmod(cell, n)
    for _ in range(abs(to_row - row)):
        press(Key.Key_Down if to_row > row else Key.Key_Up)
    for _ in range(abs(to_col - col)):
        press(Key.Key_Right if to_col > col else Key.Key_Left)


def strike_with_keys(window: MainWindow, candidate: Candidate) -> None:
    move_to(window, candidate[0])
    press(Qt.Key(Key.Key_0 + candidate[1]), CTRL)


def wait_for_question(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.practice.exercise is not None and not window.practice._answered)
    settle(qtbot, window)


def test_practise_x_wing_with_hints_a_wrong_and_a_right_answer(
    qtbot, shown: MainWindow, practising, x_wings: list[Exercise], shot
) -> None:
    session, practice = shown.session, shown.practice
    assert not shown.acts["cancel"].isEnabled()
    offered: list[str] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, practice_gui.TechniqueDialog)
        techniques = dialog.techniques
        offered.extend(techniques.item(i).data(Qt.ItemDataRole.UserRole) for i in range(techniques.count()))

    asked = answer_dialog([(Key.Key_X, NO), (Key.Key_Return, NO)], look)  # type-ahead to X-Wing
    press(Key.Key_P, CTRL | ALT)
    assert asked, "Practise showed no technique dialog"
    shipped = read_practice_set(SHIPPED.read_text(encoding="utf-8"))
    assert offered == [rule.id for rule in TABLE if rule.id in shipped]
    wait_for_question(qtbot, shown)

    first = x_wings[0]
    assert practice.exercise is not None
    assert practice.exercise.rule_id == "x_wing"
    assert session.grid == first.position
    assert session.history.cursor == len(first.path)  # the path there is in the step list
    assert practice.dock.isVisible()
    assert "Find the X-Wing" in practice.panel.question.text()
    assert focused() is shown.board
    assert shown.acts["cancel"].isEnabled()  # Esc leaves practice

    # Hint speaks of the asked step in three depths, also after a mark changed the position.
    press(Key.Key_H, CTRL)
    assert shown.panel.finding.text().startswith("Hint 1 of 3")
    eliminations = first.step.eliminations
    assert len(eliminations) >= 2, "the story needs an X-Wing with several eliminations (a partial answer)"
    board = shown.board
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=board.candidate_point(eliminations[0]).toPoint())
    assert session.history.cursor == len(first.path) + 1  # the click struck it out
    press(Key.Key_H, CTRL)
    assert "the technique is X-Wing" in shown.panel.finding.text()
    assert focused() is board
    shot(shown, "practise-asking")

    # Return judges: one of several eliminations is a partial answer; the missed ones are named.
    press(Key.Key_Return)
    verdict = practice.panel.verdict.text()
    assert verdict.startswith("Not quite. Missed:")
    geo = first.puzzle.geometry
    assert all(f"{geo.cell_name(c)}<>{d}" in verdict for c, d in eliminations[1:])
    assert practice.panel.score.text() == "Score: 0 right of 1 tried"
    assert practice.panel.question.text().startswith("The X-Wing is on the board")
    # The step is shown as Logic shows it: recorded after the path, highlighted on the board.
    assert session.history.last_step == first.step
    assert session.history.cursor == len(first.path) + 1
    assert board.step == first.step
    assert first.step.explanation[:40] in shown.panel.explanation.toPlainText()
    shot(shown, "practise-answered")

    # Return again: the technique's next puzzle; this time every elimination, by keys.
    press(Key.Key_Return)
    wait_for_question(qtbot, shown)
    second = x_wings[1]
    assert session.grid == second.position
    for candidate in second.step.eliminations:
        strike_with_keys(shown, candidate)
    press(Key.Key_Return)
    assert practice.panel.verdict.text().startswith("Right: that is the X-Wing")
    assert practice.panel.score.text() == "Score: 1 right of 2 tried"

    # Esc leaves; the puzzle stays, the score is kept for the next round.
    press(Key.Key_Escape)
    assert not practice.active
    assert not practice.dock.isVisible()
    assert not shown.acts["cancel"].isEnabled()
    assert practice.score.tried == 2
    assert focused() is board
    press(Key.Key_Return)  # no longer practising: Return does nothing
    assert practice.score.tried == 2


def test_esc_in_the_chooser_changes_nothing_and_a_new_puzzle_ends_practice(
    qtbot, shown: MainWindow, practising, monkeypatch
) -> None:
    session, practice = shown.session, shown.practice
    before = session.history
    answer_dialog([(Key.Key_Escape, NO)])
    press(Key.Key_P, CTRL | ALT)
    assert not practice.active
    assert session.history is before
    assert focused() is shown.board

    answer_dialog([(Key.Key_Return, NO)])  # the first technique offered
    press(Key.Key_P, CTRL | ALT)
    wait_for_question(qtbot, shown)
    assert practice.active
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda parent: QMessageBox.StandardButton.Discard)
    answer_dialog([(Key.Key_Return, NO)])  # File → New: the size dialog
    press(Key.Key_N, CTRL)
    assert not practice.active
    assert not practice.dock.isVisible()
    assert session.givens_mode
    assert focused() is shown.board
