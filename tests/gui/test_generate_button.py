"""The Test button with the real generator: dialog options reach it, the puzzle replaces the board."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog

from sudoku_workbench.gui import dialogs
from sudoku_workbench.search.symmetry import has_symmetry
from tests.gui.conftest import settle
from tests.search.exact_cover import count_solutions


@pytest.mark.parametrize(("size", "symmetry"), [(6, "mirror_lr"), (9, "rot180")])
def test_test_button_puts_a_unique_symmetric_puzzle_on_the_board(qtbot, window, monkeypatch, size, symmetry):
    def accept(dialog: dialogs.GenerateDialog) -> QDialog.DialogCode:
        dialog.size_box.setCurrentIndex(dialog.size_box.findData(size))
        dialog.symmetry.setCurrentText(symmetry)
        dialog.unique.setChecked(True)
        dialog.seed.setValue(17)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", accept)
    action = window.acts["test"]
    assert action.isEnabled(), action.toolTip()
    action.trigger()
    settle(qtbot, window)
    grid = window.session.grid
    assert grid.geometry.n == size
    assert any(grid.givens)
    assert has_symmetry(grid, symmetry)
    assert count_solutions(grid.puzzle(), 2) == 1
