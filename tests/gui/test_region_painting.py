"""Puzzle → Edit regions: a jigsaw's regions painted on the board with real keys and mouse events.

The 4x4 target map (A B C D: regions 1 to 4) is reached from the 2x2 boxes by repainting five cells::

    A A A B        A A B B
    A C B B   from A A B B
    C C D B        C C D D
    C D D D        C C D D
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from sudoku_workbench.core.geometry import geometry_for_size, jigsaw
from sudoku_workbench.gui.board.view import BoardView
from tests.gui.test_editing import trigger
from tests.gui.test_keyboard_stories import ALT, CTRL, Key, press
from tests.gui.test_killer_window import _click, _drag

TARGET = "AAABACBBCCDBCDDD"


def _four(window) -> None:
    """A 4x4 with the given 1 at r1c1 and 2 at r1c3, the board focused."""
    session = window.session
    session.new_puzzle(geometry_for_size(4))
    session.set_givens_mode(True)
    session.enter_digit(0, 1)
    session.enter_digit(2, 2)
    session.set_givens_mode(False)
    window.focus_board()


def _thick(image: QImage, x: float, y: float) -> bool:
    """Two dark pixels across a line: a wall (2.5 px wide) has them, a thin cell line (0.8 px) not."""
    dark = [QColor(image.pixel(round(x) + d, round(y))).lightness() < 128 for d in range(-2, 3)]
    return sum(dark) >= 2


def _wall_between(board: BoardView, left_cell: int) -> bool:
    """Whether a wall stands on the right side of this cell (halfway down it), as painted now."""
    layout = board.layout_now()
    rect = layout.cell_rect(left_cell)
    return _thick(board.grab().toImage(), rect.right(), rect.center().y())


def _paint(qtbot, board: BoardView, region: str, cells: list[int]) -> None:
    """Type the region's number, then drag over the cells (a click for one)."""
    qtbot.keyClick(board, region)
    if len(cells) == 1:
        _click(qtbot, board, cells[0])
    else:
        _drag(board, cells)


def test_painting_a_jigsaw_is_one_undoable_edit_done_only_when_the_map_is_valid(qtbot, window):
    _four(window)
    session, board, action = window.session, window.board, window.acts["edit_regions"]
    classic = session.grid.geometry
    trigger(window, "edit_regions")
    assert action.isChecked()
    assert board.painting is not None
    assert _wall_between(board, 1)  # r1c2 | r1c3: the boxes' wall
    _paint(qtbot, board, "1", [2])
    # The board shows the map as painted: r1c3 joined region 1, so its wall moved one cell right.
    assert not _wall_between(board, 1)
    assert _wall_between(board, 2)
    status = shown_message(window)
    assert "region 1 has 5" in status
    assert "region 2 has 3" in status
    trigger(window, "edit_regions")  # Done, refused: the regions are not N cells each
    assert action.isChecked()
    assert board.painting is not None
    assert session.grid.geometry == classic
    assert "not done" in window.statusBar().currentMessage()
    _paint(qtbot, board, "3", [5, 9, 8])
    _paint(qtbot, board, "4", [13])
    _paint(qtbot, board, "2", [11])
    assert "a valid map" in window.statusBar().currentMessage()
    press(Key.Key_Return)
    assert not action.isChecked()
    assert board.painting is None
    geo = session.grid.geometry
    assert geo == jigsaw(TARGET)
    assert session.grid.givens[0] == 1
    assert session.grid.givens[2] == 2
    assert sum(1 for g in session.grid.givens if g) == 2
    assert session.dirty
    trigger(window, "undo")  # the whole edit is one step
    assert session.grid.geometry == classic
    assert session.grid.givens[0] == 1
    trigger(window, "redo")
    assert session.grid.geometry == geo


def test_a_region_in_pieces_is_named_and_the_mode_stays_on(qtbot, window):
    _four(window)
    session, board = window.session, window.board
    trigger(window, "edit_regions")
    _paint(qtbot, board, "4", [0])  # r1c1 into region 4, r4c4 into region 1: sizes right, in pieces
    _paint(qtbot, board, "1", [15])
    assert "is in pieces" in window.statusBar().currentMessage()
    press(Key.Key_Return)
    assert board.painting is not None
    assert "not done" in window.statusBar().currentMessage()
    assert session.grid.geometry == geometry_for_size(4)


def test_esc_leaves_the_regions_as_they_were_and_digits_do_not_reach_the_puzzle(qtbot, window):
    _four(window)
    session, board = window.session, window.board
    trigger(window, "edit_regions")
    assert window.acts["cancel"].isEnabled()
    _click(qtbot, board, 5)
    press(Key.Key_3)  # chooses region 3: r2c2 is not given a 3
    press(Key.Key_Space)  # paints the selected cell from the keyboard
    assert board.painting is not None
    assert board.painting.region_of[5] == 2
    assert session.grid.values[5] == 0
    press(Key.Key_Escape)
    assert board.painting is None
    assert not window.acts["edit_regions"].isChecked()
    assert session.grid.geometry == geometry_for_size(4)
    assert "cancelled" in window.statusBar().currentMessage()


def test_the_shortcut_starts_painting_and_a_right_click_takes_a_cells_region(qtbot, shown):
    _four(shown)
    board = shown.board
    press(Key.Key_R, CTRL | ALT)
    assert board.hasFocus()
    assert board.painting is not None
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=board.cell_rect(15).center().toPoint())
    assert board.painting.current == 3
    _drag(board, [14, 13, 12])  # region 4 takes the bottom row
    assert board.painting.region_of[12:16] == [3, 3, 3, 3]
    press(Key.Key_R, CTRL | ALT)  # Done refused: regions 3 and 4 have the wrong size
    assert board.painting is not None


def test_givens_that_clash_in_a_painted_region_are_named_and_marked(qtbot, window):
    _four(window)
    session, board = window.session, window.board
    session.set_givens_mode(True)
    session.enter_digit(4, 2)  # r2c1: a 2, as r1c3 holds, in another box
    session.set_givens_mode(False)
    window.focus_board()
    trigger(window, "edit_regions")
    for region, cells in (("1", [2]), ("3", [5]), ("4", [13]), ("2", [11])):
        _paint(qtbot, board, region, cells)
    press(Key.Key_Return)
    assert session.grid.geometry == jigsaw(TARGET)
    assert "2 appears more than once in region 1" in shown_message(window)
    assert {2, 4} <= set(session.marks)


def shown_message(window) -> str:
    return window.statusBar().currentMessage()
