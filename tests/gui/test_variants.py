"""Variant puzzles in the window: File → New offers them, a jigsaw is typed and explained, a link opens."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QInputDialog

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.formats.fpuzzles import format_link
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.regions import random_jigsaw
from tests.gui.test_editing import trigger


def _new(window, monkeypatch, label: str) -> None:
    offered: list[list[str]] = []

    def choose(_parent, _title, _label, items, *_args, **_kw):
        offered.append(list(items))
        return label, True

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    trigger(window, "new")
    assert label in offered[0]


def test_new_offers_the_variants_and_a_jigsaw_of_random_regions(qtbot, window, monkeypatch):
    x_label = geometry_for_size(9, ("x",)).label
    _new(window, monkeypatch, x_label)
    assert window.session.grid.geometry.extras == ("x",)
    _new(window, monkeypatch, "9x9 jigsaw (random regions)")
    geo = window.session.grid.geometry
    assert geo.box is None
    assert len(geo.regions) == 9


def test_a_jigsaw_typed_key_by_key_is_explained_to_the_end(qtbot, window, monkeypatch):
    _new(window, monkeypatch, "9x9 jigsaw (random regions)")
    geo = window.session.grid.geometry
    puzzle = generate_eppstein(geo, random.Random(3), "none")
    board = window.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_rect(0).center().toPoint())
    qtbot.keyClicks(board, puzzle.to_line().split()[0])
    assert window.session.grid.givens == puzzle.givens
    trigger(window, "givens_mode")
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "logic")
    assert 0 not in window.session.grid.values
    assert window.session.grid.geometry == geo


@pytest.fixture(scope="module")
def jigsaw_x() -> Grid:
    """A jigsaw X puzzle, made outside the tests' bodies (the heartbeat times those)."""
    geo = random_jigsaw(9, random.Random(5), extras=("x",))
    return generate_eppstein(geo, random.Random(5), "none")


def test_a_pasted_f_puzzles_link_opens_its_variant(qtbot, window, jigsaw_x):
    puzzle = jigsaw_x
    QGuiApplication.clipboard().setText(format_link(puzzle))
    trigger(window, "paste")
    assert window.session.grid == puzzle
