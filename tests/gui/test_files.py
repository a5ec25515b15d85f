"""Files through the menus: every puzzle format, documents with history, bad files, autosave and
recovery (Export → HCP and Import tour: test_hcp_menu.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from sudoku_workbench.core.errors import FileError
from sudoku_workbench.core.history import History
from sudoku_workbench.formats import format_block, format_sdk, format_ss, parse_line
from sudoku_workbench.gui.app import offer_recovery
from sudoku_workbench.gui.hcp.dialogs import HcpOptionsDialog
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.storage import APP_FOLDER, Storage, default_data_dirs
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
def test_opening_each_puzzle_format(qtbot, window, monkeypatch, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    _open_via_menu(window, monkeypatch, path)
    assert window.session.grid.givens == PUZZLE.givens
    assert window.session.path == path
    assert not window.session.dirty
    settle(qtbot, window)  # the recent list is written on a pool thread
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


def test_an_f_puzzles_json_opens_and_save_asks_for_a_document_name(qtbot, window, monkeypatch, tmp_path):
    from sudoku_workbench.formats.fpuzzles import format_fpuzzles
    from tests.logic.constraint_puzzles import constraint_puzzle

    puzzle = constraint_puzzle(3, ("thermo", "kropki"), (3, 3))[0]
    path = tmp_path / "from-f-puzzles.json"
    path.write_text(format_fpuzzles(puzzle), encoding="utf-8")
    before = path.read_bytes()
    _open_via_menu(window, monkeypatch, path)
    assert window.session.grid.givens == puzzle.givens
    assert window.session.grid.geometry.constraints == puzzle.geometry.constraints
    asked = []

    def cancelled(*args, **_kwargs):
        asked.append(args)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancelled)
    trigger(window, "save")  # our document written over it would no longer open in f-puzzles
    assert asked
    assert path.read_bytes() == before
    settle(qtbot, window)


def _window_beside(storage) -> MainWindow:
    """A second window of another "process": its own Storage over the same data folder."""
    return MainWindow(Storage(storage.data_dir))


def _close_quietly(qtbot, window: MainWindow) -> None:
    settle(qtbot, window)
    window.session.dirty = False
    window.close()
    window.deleteLater()


def test_autosave_and_recovery_after_a_crash(qtbot, window, storage, monkeypatch):
    trigger_paste(qtbot, window, NEWSPAPER)
    window.session.enter_digit(2, 4)
    qtbot.waitUntil(storage.recovery_path.exists, timeout=5000)
    grid = window.session.grid
    asked = []

    def yes(*args, **kwargs):
        asked.append(args[1])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    # a second window while the first still runs: nothing to offer, and its clean close spares the first
    second = _window_beside(storage)
    assert not offer_recovery(second)
    assert asked == []
    _close_quietly(qtbot, second)
    assert storage.recovery_path.exists()
    # "crash": the first window's process ends without cleaning up (the OS drops its lock)
    storage.recovery._lock.close()
    storage.recovery._lock = None
    third = _window_beside(storage)
    assert offer_recovery(third)
    assert asked == ["Recover unsaved work?"]
    assert third.session.grid == grid
    assert third.session.dirty
    assert not storage.recovery_path.exists()  # claimed: now the third window's file
    assert third.session.storage.recovery_path.exists()
    # a clean close drops the window's own recovery file, so nothing is offered next time
    _close_quietly(qtbot, third)
    assert not third.session.storage.recovery_path.exists()
    window.session.dirty = False
    settle(qtbot, window)
    fourth = _window_beside(storage)
    assert not offer_recovery(fourth)
    _close_quietly(qtbot, fourth)


def test_two_windows_autosave_to_their_own_files(qtbot, window, storage):
    second = _window_beside(storage)
    for win, text in ((window, NEWSPAPER), (second, NEWSPAPER.replace(".", "0", 1))):
        win.session.set_puzzle(History(parse_line(text)), None, dirty=True)
        win.session.autosave()
    first_file, second_file = storage.recovery_path, second.session.storage.recovery_path
    assert first_file != second_file
    assert first_file.exists()
    assert second_file.exists()
    _close_quietly(qtbot, second)
    assert first_file.exists()
    assert not second_file.exists()
    window.session.dirty = False


def test_autosave_into_a_read_only_folder_is_reported_once(qtbot, window, storage, monkeypatch):
    errors = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, *box: errors.append(box))

    def full(*args, **kwargs):
        raise FileError("cannot write (the disk is full)", str(storage.recovery_path))

    monkeypatch.setattr(storage.recovery, "write", full)
    window.session.set_puzzle(History(PUZZLE), None, dirty=True)
    window.session.autosave()
    window.session.autosave()
    assert len(errors) == 1
    assert errors[0][0] == "Autosave failed"
    assert str(storage.recovery_path) in errors[0][1]
    window.session.dirty = False


def test_opening_works_when_the_recent_list_cannot_be_written(qtbot, window, storage, monkeypatch, tmp_path):
    path = tmp_path / "line.txt"
    path.write_text(NEWSPAPER + "\n", encoding="utf-8")
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    (storage.data_dir / "recent.json").mkdir()  # a folder in the way: the list cannot be written
    messages: list[str] = []
    window.session.message.connect(messages.append)
    _open_via_menu(window, monkeypatch, path)
    assert window.session.grid == PUZZLE
    qtbot.waitUntil(lambda: any("recent files list cannot be saved" in m for m in messages))


def test_the_open_dialog_offers_exactly_the_suffixes_the_formats_read():
    import re

    from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, PUZZLE_SUFFIXES
    from sudoku_workbench.gui.dialogs import PUZZLE_FILTER

    offered = re.findall(r"\*(\.\w+)", PUZZLE_FILTER.split(";;")[0])
    assert sorted(offered) == sorted(DOCUMENT_SUFFIXES + PUZZLE_SUFFIXES)
    assert ".sudoku" in offered


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("nested.json", b'{"a":' * 50_000, "nested too deeply"),
        ("wide.txt", (NEWSPAPER + "\n").encode("utf-16"), "UTF-16"),
        ("zero.txt", b"\x00" * 2_000_000, "a line longer than"),
    ],
)
def test_a_hostile_file_is_a_message_box_naming_it(qtbot, window, monkeypatch, tmp_path, name, data, said):
    path = tmp_path / name
    path.write_bytes(data)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    _open_via_menu(window, monkeypatch, path)
    assert len(shown) == 1
    assert str(path) in shown[0]
    assert said in shown[0]


@pytest.mark.parametrize("action", ["export_image", "export_hcp"])
def test_an_export_into_a_missing_folder_is_a_message_box_naming_it(
    qtbot, window, monkeypatch, tmp_path, action
):
    trigger_paste(qtbot, window, NEWSPAPER)
    path = tmp_path / "missing" / ("board.png" if action == "export_image" else "p.hcp")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(HcpOptionsDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    trigger(window, action)
    settle(qtbot, window)
    assert shown == [("Export failed", f"{path}: cannot write: the folder {path.parent} does not exist")]


def test_the_data_folder_is_one_level_and_the_old_doubled_one_is_still_searched(qapp):
    """Organisation and application are both "sudoku-workbench" (as app.py sets them)."""
    names = (qapp.organizationName(), qapp.applicationName())
    qapp.setOrganizationName(APP_FOLDER)
    qapp.setApplicationName(APP_FOLDER)
    try:
        data_dir, older = default_data_dirs()
    finally:
        qapp.setOrganizationName(names[0])
        qapp.setApplicationName(names[1])
    assert data_dir.name == APP_FOLDER
    assert data_dir.parent.name != APP_FOLDER
    assert data_dir.parent / APP_FOLDER / APP_FOLDER in older  # the folder of earlier versions


def test_work_autosaved_in_an_old_folder_is_offered_back(tmp_path):
    old, new = tmp_path / "old" / APP_FOLDER / APP_FOLDER, tmp_path / "new" / APP_FOLDER
    crashed = Storage(old)
    history = History(parse_line(NEWSPAPER))
    history.set_given(2, 4)
    crashed.write_recovery(history, tmp_path / "mine.json")
    assert crashed.recovery._lock is not None
    crashed.recovery._lock.close()  # the process ends without cleaning up: the OS drops its lock
    crashed.recovery._lock = None

    storage = Storage(new, older_dirs=(old,))
    assert storage.claim_recovery()
    found = storage.read_recovery()
    assert found is not None
    recovered, origin = found
    assert recovered.start == history.start
    assert origin == tmp_path / "mine.json"
    assert storage.recovery_path.parent == new
    assert not list(old.glob("recovery-*.json"))  # moved, not copied twice
    assert not Storage(tmp_path / "other", older_dirs=(old,)).claim_recovery()


def test_the_recent_list_of_the_old_folder_is_kept(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    kept = tmp_path / "kept.txt"
    kept.write_text(NEWSPAPER, encoding="utf-8")
    Storage(old).remember(kept)
    assert Storage(new, older_dirs=(old,)).recent() == [kept.resolve()]
    assert Storage(new).recent() == []


def test_the_dialogs_choices_of_the_old_folder_are_kept(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    settings = Storage(old).settings()
    settings.setValue("generate/very_hard", 1)
    settings.sync()
    assert str(Storage(new, older_dirs=(old,)).settings().value("generate/very_hard")) == "1"
    assert Storage(tmp_path / "fresh").settings().value("generate/very_hard") is None
