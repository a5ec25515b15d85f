"""The collection view: a file of many puzzles opens as a table; rows open on the board, Page Down
and Alt+→ step through the filtered, sorted list, rating fills columns in worker processes and stops on
Esc, bad lines are listed, and a million-line file opens with its first rows at once."""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.collection.model import CLUES, SE, CollectionFilter
from sudoku_workbench.gui.collection.rating import NICENESS, _take_rules
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.logic.rating.se_scale import rate_se
from tests.conftest import corpus_lines
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.gui.test_keyboard_stories import Key, press

ALT = Qt.KeyboardModifier.AltModifier


def _lines(count: int) -> list[str]:
    return corpus_lines("top1465.txt", count)


def _write(tmp_path: Path, lines: list[str], name: str = "collection.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _open(qtbot, window: MainWindow, monkeypatch, path: Path, action: str = "open") -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    trigger(window, action)
    qtbot.waitUntil(lambda: not window.session.busy(JobKind.COLLECTION_INDEX), timeout=20_000)
    assert window.collection.model is not None


def _givens(line: str) -> tuple[int, ...]:
    return parse_line(line).givens


def test_opening_a_collection_shows_its_count_and_puzzle_one(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(40)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    model = window.collection.model
    assert model.rowCount() == 40
    assert window.collection.dock.isVisible()
    assert "40 puzzles" in window.collection.dock.summary.text()
    assert window.session.grid.givens == _givens(lines[0])
    assert window.collection.where.text() == "puzzle 1 of 40"
    assert model.cell_text(model.row_at(3), CLUES) == str(sum(c != "." for c in lines[3]))


def test_a_collection_named_at_start_opens_in_its_table(qtbot, window, tmp_path):
    """``sudoku-workbench gui top1465.txt`` shows the table, not puzzle 1 alone (app.py opens it so)."""
    lines = _lines(12)
    assert window.files.open_path(_write(tmp_path, lines))
    qtbot.waitUntil(lambda: not window.session.busy(JobKind.COLLECTION_INDEX), timeout=20_000)
    assert window.collection.model is not None
    assert window.collection.model.rowCount() == 12
    assert window.collection.where.text() == "puzzle 1 of 12"


def test_a_single_puzzle_file_opens_as_before(qtbot, window, monkeypatch, tmp_path):
    line = _lines(1)[0]
    single = _write(tmp_path, [line], "one.txt")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(single), ""))
    trigger(window, "open")
    assert window.collection.model is None
    assert window.session.grid.givens == _givens(line)


def test_choosing_a_row_opens_it_and_the_keys_step_through_the_list(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(30)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    table = window.collection.dock.table
    table.setCurrentIndex(window.collection.model.index(11, 0))
    assert window.session.grid.givens == _givens(lines[11])
    assert window.collection.where.text() == "puzzle 12 of 30"
    window.focus_board()
    press(Key.Key_PageDown)
    assert window.session.grid.givens == _givens(lines[12])
    press(Key.Key_Right, ALT)
    assert window.session.grid.givens == _givens(lines[13])
    press(Key.Key_PageUp)
    press(Key.Key_Left, ALT)
    assert window.session.grid.givens == _givens(lines[11])
    assert not window.session.dirty


def test_a_modified_puzzle_is_asked_about_before_the_next_replaces_it(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(10)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    window.session.enter_digit(window.session.grid.empty_cells[0], 1)
    asked: list[str] = []

    def ask(parent) -> QMessageBox.StandardButton:
        asked.append("asked")
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(dialogs, "ask_save_changes", ask)
    trigger(window, "next_puzzle")
    assert asked == ["asked"]
    assert window.session.grid.givens == _givens(lines[0])  # kept, and the table still points at it
    assert window.collection.dock.table.currentIndex().row() == 0


def test_sorting_and_filtering_keep_the_steps_in_the_list(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(60)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    model = window.collection.model
    window.collection.dock.table.sortByColumn(CLUES, Qt.SortOrder.DescendingOrder)
    clues = [int(model.cell_text(model.row_at(i), CLUES)) for i in range(model.rowCount())]
    assert clues == sorted(clues, reverse=True)
    assert clues[0] > clues[-1]
    trigger(window, "next_puzzle")  # puzzle 1 is somewhere in the list: the next is the one after it
    place = model.place_of(0)
    assert window.session.grid.givens == _givens(lines[model.row_at(place + 1)])
    text = lines[5][:12]
    model.set_filter(CollectionFilter(text=text))
    shown = [model.row_at(i) for i in range(model.rowCount())]
    assert shown
    assert sorted(shown) == [row for row, line in enumerate(lines) if text in line]
    shown_clues = [int(model.index_.clues[row]) for row in shown]
    assert shown_clues == sorted(shown_clues, reverse=True)  # the filter keeps the sort


def test_the_text_filter_typed_in_the_dock(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(50)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    model = window.collection.model
    text = lines[7][:15]
    expected = sorted(row for row, line in enumerate(lines) if text in line)
    window.collection.dock.text_filter.setText(text)
    qtbot.waitUntil(lambda: model.rowCount() == len(expected), timeout=5000)
    assert sorted(model.row_at(i) for i in range(model.rowCount())) == expected


def test_rating_fills_the_columns_and_sorts_by_se(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(6)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    collection = window.collection
    collection.dock.rate_all.click()
    assert collection.dock.progress.isVisible()
    qtbot.waitUntil(lambda: not window.session.busy(JobKind.COLLECTION_RATE), timeout=120_000)
    model = collection.model
    assert all(model.solutions == 1)  # top1465 puzzles have one solution each
    assert not np.isnan(model.se).any()
    assert (model.se >= 1.0).all()
    assert (model.score > 0).all()
    assert (model.level > 0).all()
    collection.dock.table.sortByColumn(SE, Qt.SortOrder.DescendingOrder)
    ratings = [float(model.cell_text(model.row_at(i), SE)) for i in range(model.rowCount())]
    assert ratings == sorted(ratings, reverse=True)
    assert "Rated 6 of 6" in window.statusBar().currentMessage()
    # The technique filter keeps the puzzles whose SE path took the technique, hardest or not.
    lines = _lines(6)
    paths = [rate_se(parse_line(line).puzzle(), one_solution=True).rules_used for line in lines]
    hardest = [model.techniques[int(model.hardest[row])] for row in range(6)]
    technique = next(t for path, top in zip(paths, hardest, strict=True) for t in path if t != top)
    model.set_filter(CollectionFilter(technique=technique))
    shown = {model.row_at(i) for i in range(model.rowCount())}
    assert shown == {row for row, path in enumerate(paths) if technique in path}
    assert any(hardest[row] != technique for row in shown)
    model.set_filter(CollectionFilter(technique="no_such_rule"))
    assert model.rowCount() == 0


def test_esc_stops_the_rating_soon(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(200)
    _open(qtbot, window, monkeypatch, _write(tmp_path, lines))
    collection = window.collection
    collection.rate_all()
    assert window.acts["cancel"].isEnabled()
    qtbot.waitUntil(lambda: int((collection.model.solutions >= 0).sum()) > 0, timeout=60_000)
    started = time.perf_counter()
    trigger(window, "cancel")
    assert not window.session.busy(JobKind.COLLECTION_RATE)
    assert not collection.dock.progress.isVisible()
    window.session.worker.wait(5000)
    stopped = time.perf_counter() - started
    print(f"Esc to the rating job's end: {stopped:.3f} s")
    rated = int((collection.model.solutions >= 0).sum())
    assert rated < 200
    assert "Rating stopped" in window.statusBar().currentMessage()


def test_half_garbage_opens_the_good_rows_and_lists_the_bad(qtbot, window, monkeypatch, tmp_path):
    good = _lines(4)
    mixed = [good[0], "hello world", good[1], "", "# a comment", "12345", good[2], "x" * 81, good[3]]
    _open(qtbot, window, monkeypatch, _write(tmp_path, mixed, "mixed.txt"))
    model = window.collection.model
    assert model.rowCount() == 4
    assert [model.index_.text(model.row_at(i)) for i in range(4)] == good
    bad = model.index_.bad
    assert [b.line for b in bad] == [2, 6, 8]
    assert all("mixed.txt" in b.reason for b in bad)
    listed = window.collection.dock.bad_lines.toPlainText()
    assert "line 2" in listed
    assert "line 6" in listed
    assert "line 8" in listed
    assert "3 lines" in window.collection.dock.bad_label.text()


def test_open_collection_takes_even_one_puzzle(qtbot, window, monkeypatch, tmp_path):
    line = _lines(1)[0]
    _open(qtbot, window, monkeypatch, _write(tmp_path, [line], "one.txt"), "open_collection")
    assert window.collection.model.rowCount() == 1
    assert window.session.grid.givens == _givens(line)


@pytest.mark.slow
def test_a_million_lines_open_with_rows_at_once_and_sort_fast(qtbot, window, monkeypatch, tmp_path):
    lines = _lines(1465)
    path = tmp_path / "million.txt"
    with path.open("w", encoding="utf-8") as out:
        for start in range(0, 1_000_000, len(lines)):
            out.write("\n".join(lines[: min(len(lines), 1_000_000 - start)]) + "\n")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    started = time.perf_counter()
    trigger(window, "open")
    qtbot.waitUntil(lambda: window.collection.model is not None, timeout=20_000)
    first = time.perf_counter() - started
    qtbot.waitUntil(lambda: not window.session.busy(JobKind.COLLECTION_INDEX), timeout=60_000)
    whole = time.perf_counter() - started
    model = window.collection.model
    assert model.rowCount() == 1_000_000
    assert model.index_.text(999_999) == lines[999_999 % len(lines)]
    started = time.perf_counter()
    window.collection.dock.table.sortByColumn(CLUES, Qt.SortOrder.AscendingOrder)
    qtbot.wait(1)
    sorted_in = time.perf_counter() - started
    clues = model.index_.clues[model.order]
    assert (np.diff(clues) >= 0).all()
    print(f"1,000,000 lines: first rows {first:.2f} s, whole index {whole:.2f} s")
    print(f"sort by clues {sorted_in:.3f} s")
    settle(qtbot, window)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_the_rating_processes_run_below_the_window():
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, initializer=_take_rules, initargs=((),)) as pool:
        niceness = pool.submit(os.nice, 0).result(timeout=60)
    assert niceness == min(19, os.nice(0) + NICENESS)
