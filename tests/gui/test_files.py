"""Files through the menus: every puzzle format, documents with history, bad files, autosave and
recovery (Export → HCP and Import tour: test_hcp_menu.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from sudoku_workbench.formats import format_block, format_sdk, format_ss, parse_line
from sudoku_workbench.gui.app import offer_recovery
from sudoku_workbench.gui.main_window import MainWindow
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, trigger
from tests.gui.test_logic import trigger_paste

PUZZLE = parse_line(NEWSPAPER)


def _open_via_menu(window, monkeypatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    trigger(window, "open")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("line.txt", NEWSPAPER + "\n"),
        ("zeros.sdm", NEWSPAPER.replace(".", "0") + "\n"),
        ("sadman.sdk", format_sdk(PUZZLE)),
        ("simple.ss", format_ss(PUZZLE)),
        ("picture.txt", format_block(PUZZLE)),
    ],
)
def test_opening_each_puzzle_format(window, monkeypatch, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    _open_via_menu(window, monkeypatch, path)
    assert window.session.grid.givens == PUZZLE.givens
    assert window.session.path == path
    assert not window.session.dirty
    assert path.resolve() in [p.resolve() for p in window.session.storage.recent()]


def test_a_bad_file_names_the_problem_and_keeps_the_puzzle(qtbot, window, monkeypatch, tmp_path):
    trigger_paste(qtbot, window, NEWSPAPER)
    before = window.session.grid
    path = tmp_path / "broken.txt"
    path.write_text(NEWSPAPER[:40] + "x" + NEWSPAPER[41:] + "\n", encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    _open_via_menu(window, monkeypatch, path)
    assert len(shown) == 1
    assert str(path) in shown[0]
    assert "line 1" in shown[0]
    assert "column 41" in shown[0]
    assert window.session.grid is before


def test_a_document_keeps_its_history_through_save_and_open(qtbot, window, monkeypatch, tmp_path):
    trigger_paste(qtbot, window, NEWSPAPER)
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        trigger(window, "logic")
    window.session.go_to(10)
    path = tmp_path / "saved.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    trigger(window, "save_as")
    assert path.exists()
    assert not window.session.dirty
    steps, grid = window.session.history.steps, window.session.grid
    window.session.new_puzzle(PUZZLE.geometry)
    _open_via_menu(window, monkeypatch, path)
    assert window.session.history.steps == steps
    assert window.session.history.cursor == 10
    assert window.session.grid == grid
    trigger(window, "redo")
    assert window.session.history.cursor == 11
    settle(qtbot, window)


def test_autosave_and_recovery_after_a_crash(qtbot, window, storage, monkeypatch):
    trigger_paste(qtbot, window, NEWSPAPER)
    window.session.enter_digit(2, 4)
    qtbot.waitUntil(storage.recovery_path.exists, timeout=5000)
    grid = window.session.grid
    # "crash": a second window starts while the recovery file is still there
    second = MainWindow(storage)
    asked = []

    def yes(*args, **kwargs):
        asked.append(args[1])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    assert offer_recovery(second)
    assert asked == ["Recover unsaved work?"]
    assert second.session.grid == grid
    assert second.session.dirty
    second.session.shutdown()
    second.session.dirty = False
    second.deleteLater()
    # a clean close drops the recovery file, so nothing is offered next time
    window.session.dirty = False
    settle(qtbot, window)
    window.close()
    assert not storage.recovery_path.exists()


def test_the_open_dialog_offers_exactly_the_suffixes_the_formats_read():
    import re

    from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, PUZZLE_SUFFIXES
    from sudoku_workbench.gui.dialogs import PUZZLE_FILTER

    offered = re.findall(r"\*(\.\w+)", PUZZLE_FILTER.split(";;")[0])
    assert sorted(offered) == sorted(DOCUMENT_SUFFIXES + PUZZLE_SUFFIXES)
    assert ".sudoku" in offered
