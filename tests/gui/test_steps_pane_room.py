"""The steps pane shares a 1280x800 window's column with the Practise panel and stays readable: the
hint, the explanation and the status are shown whole, no widget lies over another, and the current row
of the step list is whole in view (issue 44, item 10: the explanation two lines tall, hint 3 clipped,
the step list's last entry cut in half)."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLabel, QListWidget, QWidget

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.main_window import MainWindow
from tests.gui.conftest import settle
from tests.gui.test_keyboard_stories import CTRL, NO, Key, answer_dialog, press
from tests.gui.test_practice import ALT, wait_for_question
from tests.gui.test_practice import practising as practising  # the fixture

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _whole(label: QLabel) -> None:
    """The label's text is shown at its full height (nothing cut by the layout or a parent)."""
    need = label.heightForWidth(label.width())
    shown = label.visibleRegion().boundingRect().height()
    assert shown >= need, f"{label.accessibleName()}: {shown} px shown of {need} px: {label.text()[:60]}"


def _in_order(panel: QWidget) -> None:
    """The panel's visible widgets lie inside it, each below the one before: none covers another."""
    layout = panel.layout()
    assert layout is not None
    bottom, inside = -1, panel.rect()
    for index in range(layout.count()):
        item = layout.itemAt(index)
        widget = item.widget() if item is not None else None
        if widget is None or not widget.isVisible():
            continue
        box = widget.geometry()
        assert box.top() > bottom, (
            f"{widget.accessibleName() or widget} starts at {box.top()}, above {bottom}"
        )
        assert inside.contains(box), (
            f"{widget.accessibleName() or widget} {box} is outside the panel {inside}"
        )
        bottom = box.bottom()


def _current_row_whole(steps: QListWidget) -> None:
    row: QRect = steps.visualItemRect(steps.currentItem())
    assert steps.viewport().rect().contains(row), f"current row {row} in {steps.viewport().rect()}"


def test_hint_three_the_explanation_and_the_status_are_whole_while_practising(
    qtbot, shown: MainWindow, practising
) -> None:
    answer_dialog([(Key.Key_X, NO), (Key.Key_Return, NO)])
    press(Key.Key_P, CTRL | ALT)
    wait_for_question(qtbot, shown)
    panel = shown.panel
    for _ in range(3):
        press(Key.Key_H, CTRL)
    assert panel.finding.text().startswith("Hint 3 of 3")
    qtbot.wait(50)  # the docks' layouts settle
    _whole(panel.finding)
    _whole(panel.status)
    _in_order(panel)
    lines = panel.explanation.fontMetrics().lineSpacing()
    assert panel.explanation.viewport().height() >= 4 * lines
    _current_row_whole(panel.steps)
    _whole(shown.practice.panel.question)

    press(Key.Key_Return)  # the answer: the verdict comes, the step list gains a row
    qtbot.wait(50)
    _whole(shown.practice.panel.verdict)
    _in_order(panel)
    _current_row_whole(panel.steps)
    press(Key.Key_Escape)


def test_the_current_row_stays_whole_when_the_rows_wrap_anew(qtbot, shown: MainWindow) -> None:
    shown.session.set_puzzle(History(parse_line(HARD)), dirty=False)
    settle(qtbot, shown)
    shown.acts["logic"].trigger()
    settle(qtbot, shown, timeout=60_000)
    steps = shown.panel.steps
    assert steps.count() > 40
    for width in (1280, 1100, 1024):  # narrower docks wrap the long rows to more lines
        shown.resize(width, 800)
        qtbot.wait(50)
        _current_row_whole(steps)
        _in_order(shown.panel)
    for row in (steps.count() - 2, 5, steps.count() - 1):
        steps.setCurrentRow(row)
        shown.resize(1180, 800)
        qtbot.wait(50)
        _current_row_whole(steps)
        shown.resize(1280, 800)
        qtbot.wait(50)
        _current_row_whole(steps)
