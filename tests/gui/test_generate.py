"""Test (generate) through the dialog: Unique gives one solution, with the symmetry asked for."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from sudoku_workbench.gui import dialogs
from sudoku_workbench.search.solve import count
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger


def _answer_dialog(monkeypatch, size: int, symmetry: str, seed: int) -> None:
    def exec_(self) -> QDialog.DialogCode:
        self.size_box.setCurrentIndex(self.size_box.findData(size))
        self.symmetry.setCurrentText(symmetry)
        self.unique.setChecked(True)
        self.seed.setValue(seed)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", exec_)


def _mirrored(n: int, cell: int, symmetry: str) -> int:
    """Where a cell goes under the symmetry (written here, independent of search.symmetry)."""
    row, col = divmod(cell, n)
    if symmetry == "rot180":
        return (n - 1 - row) * n + (n - 1 - col)
    if symmetry == "mirror_lr":
        return row * n + (n - 1 - col)
    raise AssertionError(symmetry)


def test_test_with_unique_makes_a_symmetric_puzzle_with_one_solution(qtbot, window, monkeypatch, shot):
    for size, symmetry, seed in ((9, "rot180", 11), (6, "mirror_lr", 5)):
        _answer_dialog(monkeypatch, size, symmetry, seed)
        with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
            trigger(window, "test")
        grid = window.session.grid
        assert grid.geometry.n == size
        assert count(grid, limit=2) == 1
        n = grid.geometry.n
        for cell, given in enumerate(grid.givens):
            assert bool(given) == bool(grid.givens[_mirrored(n, cell, symmetry)])
        assert not window.session.givens_mode
        # Not "unsaved" until the person changes it: the next Test asks nothing (a box would fail the test).
        assert not window.session.dirty
        assert "*" not in window.windowTitle()
        settle(qtbot, window)
    shot(window, "generated-6x6")


def test_the_symmetry_list_offers_only_what_fits_the_chosen_size(qtbot):
    from sudoku_workbench.core.geometry import geometry_for_size
    from sudoku_workbench.search.symmetry import fitting_symmetries

    dialog = dialogs.GenerateDialog(None, 9, lambda n: fitting_symmetries(geometry_for_size(n)))
    qtbot.addWidget(dialog)
    offered = [dialog.symmetry.itemText(i) for i in range(dialog.symmetry.count())]
    assert "diagonal" in offered
    assert dialog.symmetry.currentText() == "rot180"
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(6))
    offered = [dialog.symmetry.itemText(i) for i in range(dialog.symmetry.count())]
    assert "diagonal" not in offered
    assert "rot90" not in offered
    assert dialog.symmetry.currentText() == "rot180"
