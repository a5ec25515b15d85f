"""On 16x16 and 25x25 boards the menus' Ctrl shortcuts work while the board has the keys.

Their letters are digits there: Ctrl+1…9 still toggles a candidate, Shift+letter toggles one above 9,
and Ctrl+letter is the menus' (before, the board took Ctrl+N, Ctrl+G, Ctrl+E … and did nothing).
"""

from __future__ import annotations

import pytest

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.gui.main_window import MainWindow
from tests.gui.test_keyboard_stories import CTRL, NO, SHIFT, Key, answer_dialog, focused, press


def _big_board(window: MainWindow, n: int) -> None:
    window.session.new_puzzle(geometry_for_size(n))
    window.session.set_givens_mode(False)
    window.focus_board()
    assert focused() is window.board


@pytest.mark.parametrize("n", [16, 25])
def test_ctrl_n_opens_the_size_dialog_from_a_big_board(qtbot, shown, n):
    _big_board(shown, n)
    asked = answer_dialog([(Key.Key_Escape, NO)])
    press(Key.Key_N, CTRL)
    qtbot.waitUntil(lambda: bool(asked), timeout=2000)
    assert focused() is shown.board


@pytest.mark.parametrize("n", [16, 25])
def test_ctrl_g_switches_givens_mode_on_a_big_board(qtbot, shown, n):
    _big_board(shown, n)
    press(Key.Key_G, CTRL)  # G is the digit 16
    assert shown.session.givens_mode
    assert not any(shown.session.grid.values)


@pytest.mark.parametrize("n", [16, 25])
def test_candidates_are_still_toggled_from_the_keys(qtbot, shown, n):
    _big_board(shown, n)
    cell = shown.board.selected
    press(Key.Key_2, CTRL)
    press(Key.Key_A, SHIFT)  # the digit 10
    left = shown.session.history.pencil_marks()[cell]
    assert not left & (1 << 1)
    assert not left & (1 << 9)
    assert not any(shown.session.grid.values)  # struck out, not entered
