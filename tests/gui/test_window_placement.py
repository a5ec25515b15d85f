"""The window's place, size and maximized state are remembered across restarts.

That its frame fits the screen's work area is checked with a window manager in tests/test_window_frame.py.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.storage import Storage


def test_the_maximized_state_is_remembered(qtbot, storage: Storage) -> None:
    first = MainWindow(storage)
    first.show_on_screen()
    first.showMaximized()
    qtbot.waitUntil(first.isMaximized)
    first.close()
    again = MainWindow(storage)
    again.show_on_screen()
    qtbot.waitExposed(again)
    assert again.isMaximized()
    again.close()


def test_a_normal_window_comes_back_where_it_was(qtbot, storage: Storage) -> None:
    first = MainWindow(storage)
    first.show_on_screen()
    qtbot.waitExposed(first)
    first.setGeometry(QRect(30, 40, first.minimumSizeHint().width(), 500))
    first.close()
    again = MainWindow(storage)
    again.show_on_screen()
    qtbot.waitExposed(again)
    assert not again.isMaximized()
    assert again.geometry().size() == first.geometry().size()
    again.close()


@pytest.mark.parametrize("size", [9, 16, 25])
def test_every_board_fits_a_1024_pixel_screen_with_room_for_a_frame(window: MainWindow, size: int) -> None:
    window.session.new_puzzle(geometry_for_size(size))
    QApplication.sendPostedEvents()  # the layouts' requests to be measured again
    assert window.graph_dock.isVisible()
    assert window.panel_dock.isVisible()
    assert window.minimumSizeHint().width() <= 1024 - 20
