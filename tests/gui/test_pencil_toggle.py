"""Edit → Remove candidates when placing, as a player uses it: keys, the menu shortcut, a right click."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER
from tests.gui.test_solving_comforts import board_image, ink


def _cell_digit_peer(grid) -> tuple[int, int, int]:
    """An empty cell, a digit it allows and an empty peer that allows it too (in the same row)."""
    geo = grid.geometry
    for cell in grid.empty_cells:
        for digit in grid.candidates_of(cell):
            row = [p for p in geo.peers[cell] if geo.row_of[p] == geo.row_of[cell]]
            peers = [p for p in row if digit in grid.candidates_of(p)]
            if peers:
                return cell, digit, peers[0]
    raise AssertionError("no such cell")


def _spot_ink(window, peer: int, digit: int) -> int:
    """Dark pixels in the sub-cell where ``digit``'s pencil mark of ``peer`` is drawn."""
    board = window.board
    centre = board.candidate_point((peer, digit))
    sub = board.cell_rect(peer).width() / 3
    return ink(board_image(window), QRectF(centre.x() - sub / 2, centre.y() - sub / 2, sub, sub))


def test_placing_with_the_toggle_on_and_off(qtbot, window, shot):
    window.session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    board = window.board
    cell, digit, peer = _cell_digit_peer(window.session.grid)
    key = getattr(Qt.Key, f"Key_{digit}")
    assert window.acts["remove_marks"].isChecked()  # on by default, as HoDoKu users expect
    before = _spot_ink(window, peer, digit)
    assert before > 5  # the mark is drawn

    board.setFocus()
    board.select(cell)
    qtbot.keyClick(board, key)
    assert window.session.grid.entries[cell] == digit
    assert _spot_ink(window, peer, digit) == 0  # struck from the peer's marks
    settle(qtbot, window)
    shot(window, "pencil-toggle-on")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.grid.entries[cell] == 0

    qtbot.keyClick(
        window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert not window.acts["remove_marks"].isChecked()
    assert "as you wrote them" in window.statusBar().currentMessage()
    board.setFocus()
    board.select(cell)
    qtbot.keyClick(board, key)
    assert window.session.grid.entries[cell] == digit
    assert _spot_ink(window, peer, digit) > 5  # the mark stays on the board …
    assert digit not in window.session.grid.candidates_of(peer)  # … but not for the rules
    rows = [window.panel.steps.item(i).text() for i in range(window.panel.steps.count())]
    assert any("Your entry (marks kept)" in row for row in rows), rows
    settle(qtbot, window)
    shot(window, "pencil-toggle-off")

    spot = board.candidate_point((peer, digit)).toPoint()
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=spot)  # the player strikes it by hand
    assert _spot_ink(window, peer, digit) == 0
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _spot_ink(window, peer, digit) > 5
    window.session.dirty = False
    settle(qtbot, window)
