"""Test (generate) makes puzzles of the puzzle's own shape or of a variant chosen in the dialog.

The dialog is clicked as a person would (its check boxes and lists), then accepted; every puzzle made
is counted by the independent exact-cover counter of the tests.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from sudoku_workbench.core import Grid
from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.gui import dialogs
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.symmetry import fitting_symmetries, has_symmetry
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.search.exact_cover import count_solutions


def _answer(
    monkeypatch, qtbot, seen: list[dialogs.GenerateDialog], clicks=(), regions="", size=0, symmetry=""
):
    """Answer the Test dialog: click the named variant boxes, choose regions, size and symmetry, accept."""

    def exec_(dialog: dialogs.GenerateDialog) -> QDialog.DialogCode:
        dialog.show()
        seen.append(dialog)
        if regions:
            dialog.regions_box.setCurrentIndex(dialog.regions_box.findData(regions))
        if size:
            dialog.size_box.setCurrentIndex(dialog.size_box.findData(size))
        for name in clicks:
            qtbot.mouseClick(dialog.variant_boxes[name], Qt.MouseButton.LeftButton)
        if symmetry:
            dialog.symmetry.setCurrentText(symmetry)
        dialog.seed.setValue(7)
        dialog.accept()
        return QDialog.DialogCode(dialog.result())

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", exec_)


def _made(qtbot, window) -> Grid:
    with qtbot.waitSignal(window.session.job_finished, timeout=120_000):
        trigger(window, "test")
    settle(qtbot, window)
    return window.session.grid


def test_test_keeps_the_jigsaw_x_puzzles_regions_and_rules(qtbot, window, monkeypatch):
    shape = random_jigsaw(9, random.Random(3), symmetric=True, extras=("x",))
    window.session.new_puzzle(shape)
    seen: list[dialogs.GenerateDialog] = []
    _answer(monkeypatch, qtbot, seen, symmetry="rot180")
    grid = _made(qtbot, window)
    dialog = seen[0]
    assert dialog.regions_box.currentData() == "this"
    assert dialog.variant_boxes["x"].isChecked()
    assert not dialog.size_box.isEnabled()
    offered = [dialog.symmetry.itemText(i) for i in range(dialog.symmetry.count())]
    assert offered == list(fitting_symmetries(shape))
    assert grid.geometry == shape
    assert any(grid.givens)
    assert has_symmetry(grid, "rot180")
    assert count_solutions(grid.puzzle(), 2) == 1


def test_test_makes_an_anti_knight_puzzle_chosen_on_a_classic_one(qtbot, window, monkeypatch):
    window.session.new_puzzle(geometry_for_size(9))
    seen: list[dialogs.GenerateDialog] = []
    _answer(monkeypatch, qtbot, seen, clicks=("antiknight",), symmetry="none")
    grid = _made(qtbot, window)
    assert grid.geometry == geometry_for_size(9, ("antiknight",))
    assert count_solutions(grid.puzzle(), 2) == 1


def test_test_makes_a_jigsaw_with_new_random_regions(qtbot, window, monkeypatch):
    window.session.new_puzzle(geometry_for_size(9))
    seen: list[dialogs.GenerateDialog] = []
    _answer(monkeypatch, qtbot, seen, regions="random", size=6, symmetry="rot180")
    grid = _made(qtbot, window)
    assert list(seen[0].options().symmetries()) == ["none", "rot180"]
    assert grid.geometry.n == 6
    assert grid.geometry.box is None
    assert count_solutions(grid.puzzle(), 2) == 1


def test_what_test_cannot_make_is_refused_by_name_and_the_dialog_stays(qtbot, window, monkeypatch):
    window.session.new_puzzle(geometry_for_size(6))
    said: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda _parent, _title, text: said.append(text))
    seen: list[dialogs.GenerateDialog] = []
    _answer(monkeypatch, qtbot, seen, clicks=("windoku",))
    before = window.session.grid
    trigger(window, "test")
    assert "windoku" in said[0]
    assert "square boxes" in said[0]
    assert seen[0].result() != QDialog.DialogCode.Accepted
    assert window.session.grid is before
    said.clear()
    window.session.new_puzzle(geometry_for_size(9, ("x",)))

    def hodoku(dialog: dialogs.GenerateDialog) -> QDialog.DialogCode:
        dialog.hodoku.setCurrentIndex(1)
        dialog.accept()
        return QDialog.DialogCode(dialog.result())

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", hodoku)
    trigger(window, "test")
    assert "HoDoKu rates classic grids only" in said[0]


def test_the_size_list_follows_the_regions(qtbot, window):
    """A jigsaw may be 7x7 (boxes cannot); the box sizes are labelled with their boxes; this puzzle's
    regions come with its size only."""
    dialog = dialogs.GenerateDialog(window, window.session.grid.geometry)
    qtbot.addWidget(dialog)

    def sizes() -> list[tuple[int, str]]:
        return [
            (dialog.size_box.itemData(i), dialog.size_box.itemText(i)) for i in range(dialog.size_box.count())
        ]

    assert (9, geometry_for_size(9).label) in sizes()
    assert 7 not in dict(sizes())
    dialog.regions_box.setCurrentIndex(dialog.regions_box.findData("random"))
    assert dict(sizes())[7] == "7x7"
    assert dialog.size_box.currentData() == 9  # kept across the change
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(7))
    assert dialog.shape().size == 7
    assert dialog.shape().jigsaw
    assert dialog.options().refusal() is None
    dialog.regions_box.setCurrentIndex(dialog.regions_box.findData("boxes"))
    assert dialog.size_box.currentData() == 9  # 7x7 has no boxes
    seven = random_jigsaw(7, random.Random(2))
    other = dialogs.GenerateDialog(window, seven)
    qtbot.addWidget(other)
    assert [other.size_box.itemData(i) for i in range(other.size_box.count())] == [7]
    assert not other.technique.isEnabled()  # targets are for 9x9 only
    other.regions_box.setCurrentIndex(other.regions_box.findData("boxes"))
    assert other.size_box.currentData() == 9
    assert other.technique.isEnabled()  # the targets follow a size the regions changed
