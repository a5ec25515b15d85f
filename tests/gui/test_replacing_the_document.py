"""One policy for the document: what replaces it asks first, and Save never writes over a puzzle file.

Keys go to the focused widget as in test_keyboard_stories.py; the file dialogs and the question are
replaced and record what they were asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox

from sudoku_workbench.formats.document import read_document
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.main_window import MainWindow
from tests.conftest import corpus_lines
from tests.gui.test_editing import NEWSPAPER
from tests.gui.test_keyboard_stories import CTRL, Key, file_dialogs, focused, press

Button = QMessageBox.StandardButton


def _questions(monkeypatch, answer: QMessageBox.StandardButton) -> list[str]:
    """The unsaved-changes question answers ``answer``; the list grows by one entry per question."""
    asked: list[str] = []

    def ask(parent) -> QMessageBox.StandardButton:
        asked.append("asked")
        return answer

    monkeypatch.setattr(dialogs, "ask_save_changes", ask)
    return asked


def _type_a_digit(window: MainWindow) -> None:
    """An entry in the first empty cell, typed on the board: the document is now modified."""
    window.board.select(window.session.grid.empty_cells[0])
    assert focused() is window.board
    press(Key.Key_5)
    assert window.session.dirty


@pytest.mark.parametrize(
    ("answer", "replaced"), [(Button.Cancel, False), (Button.Discard, True)], ids=["cancel", "discard"]
)
def test_ctrl_v_over_a_modified_puzzle_asks_first(qtbot, shown, monkeypatch, answer, replaced):
    _type_a_digit(shown)
    before = shown.session.grid
    asked = _questions(monkeypatch, answer)
    QGuiApplication.clipboard().setText(NEWSPAPER)
    press(Key.Key_V, CTRL)
    assert asked == ["asked"]
    assert (shown.session.grid.givens == parse_line(NEWSPAPER).givens) is replaced
    assert (shown.session.grid == before) is not replaced


def test_ctrl_v_over_an_unmodified_puzzle_asks_nothing(qtbot, shown):
    QGuiApplication.clipboard().setText(NEWSPAPER)
    press(Key.Key_V, CTRL)  # a question here would fail the test (conftest)
    assert shown.session.grid.givens == parse_line(NEWSPAPER).givens


def test_ctrl_s_after_opening_a_collection_leaves_the_file_unchanged(qtbot, shown, monkeypatch, tmp_path):
    collection = tmp_path / "hundred.txt"
    collection.write_text("\n".join(corpus_lines("forum_hardest_1106.txt", 100)) + "\n", encoding="utf-8")
    before = collection.read_bytes()
    document = tmp_path / "chosen.json"
    file_dialogs(monkeypatch, collection)
    press(Key.Key_O, CTRL)
    assert shown.session.path == collection
    suggested: list[str] = []

    def save_dialog(parent, title, start, filters, *rest, **kw):
        suggested.append(Path(start).name)
        return str(document), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    _type_a_digit(shown)
    press(Key.Key_S, CTRL)
    assert collection.read_bytes() == before
    assert suggested == ["hundred.json"]  # Save asked for a document name, as Save As does
    assert read_document(document).grid == shown.session.grid
    assert not shown.session.dirty


def test_ctrl_s_saves_a_document_in_place_without_asking(qtbot, shown, monkeypatch, tmp_path):
    document = tmp_path / "mine.json"
    file_dialogs(monkeypatch, document)
    press(Key.Key_S, CTRL)  # an untitled puzzle: Save asks for a name once
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: pytest.fail("asked again"))
    _type_a_digit(shown)
    press(Key.Key_S, CTRL)
    assert read_document(document).grid == shown.session.grid
    assert not shown.session.dirty
