"""View → Search tree as a dock of the window: it fits a maximized window, its key toggles it, and it
never shows the tree of a puzzle that is gone."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget

from sudoku_workbench.core.geometry import geometry_for_size
from tests.gui.conftest import settle
from tests.gui.test_keyboard_stories import CTRL, SHIFT, Key, press
from tests.gui.test_study_docks import EASY, _load


def _tree_dock(window) -> QDockWidget:
    dock = window.study.tree_view.parentWidget()
    assert isinstance(dock, QDockWidget)
    return dock


def _record(qtbot, window) -> None:
    press(Key.Key_T, CTRL | SHIFT)
    qtbot.waitUntil(lambda: window.study.tree_view.tree is not None, timeout=20_000)
    settle(qtbot, window)


def test_the_dock_keeps_a_maximized_window_within_the_work_area(qtbot, shown):
    _load(shown, EASY)
    shown.showMaximized()
    qtbot.waitUntil(shown.isMaximized)
    _record(qtbot, shown)
    qtbot.wait(50)
    area = shown.screen().availableGeometry()
    assert shown.frameGeometry().height() <= area.height()
    assert shown.statusBar().isVisible()
    # A 1280x800 desktop's work area under openbox is 781 px below the title bar: the window fits it.
    assert shown.minimumSizeHint().height() <= 781 - 60


def test_its_shortcut_shows_and_hides_the_dock(qtbot, shown):
    _load(shown, EASY)
    _record(qtbot, shown)
    assert _tree_dock(shown).isVisible()
    press(Key.Key_T, CTRL | SHIFT)
    assert not _tree_dock(shown).isVisible()


def test_a_new_puzzle_clears_the_old_tree(qtbot, shown):
    _load(shown, EASY)
    _record(qtbot, shown)
    shown.session.new_puzzle(geometry_for_size(9))
    assert shown.study.tree_view.tree is None
    assert "No search recorded" in shown.study.tree_view.summary_label.text()
