"""The board takes the room it has: it fills its area and follows the window, its candidates are readable
at 16x16 in a 1280x800 window and shown magnified at 25x25, zoom goes past the window only on request,
and link arrows keep off the digits drawn on the board."""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker
from PySide6.QtWidgets import QApplication

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import Highlights, Link, Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.board.drawing.layout import READABLE_PX
from sudoku_workbench.gui.board.view import BoardView
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER
from tests.gui.test_graph_pane_reading import solved_by_logic

SIXTEEN = (Path(__file__).parents[2] / "resources/puzzles/sixteen-by-sixteen.txt").read_text().split()[0]


def show(qtbot, window, grid: Grid) -> None:
    window.session.set_puzzle(History(grid), dirty=False)
    settle(qtbot, window)
    qtbot.wait(50)  # the window shares its width out again when the grid's size changed


def room(window) -> tuple[int, int]:
    """The board area's size without scroll bars."""
    size = window.board_area.maximumViewportSize()
    return size.width(), size.height()


def scrolls(window) -> bool:
    area = window.board_area
    return area.horizontalScrollBar().isVisible() or area.verticalScrollBar().isVisible()


def assert_fills_its_area(window) -> None:
    """Square, as large as the area allows, centred across, no empty band above it, no scroll bar."""
    board = window.board.layout_now().board_rect()
    width, height = room(window)
    assert not scrolls(window)
    assert board.width() == board.height()
    assert board.width() >= min(width, height) - 10
    assert board.top() <= 5  # spare height goes below the board
    assert abs(board.center().x() - width / 2) <= 1


def test_the_board_fills_its_area_and_follows_the_window(qtbot, window):
    show(qtbot, window, parse_line(NEWSPAPER))
    assert_fills_its_area(window)
    side = window.board.layout_now().side
    assert side >= 500, f"the 9x9 board is only {side:.0f} px at 1280x800"
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: window.board.layout_now().side > side + 150)
    assert_fills_its_area(window)
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: window.board.layout_now().side < side - 50)
    assert_fills_its_area(window)


def test_candidates_are_at_least_9_px_at_16x16_in_a_1280x800_window(qtbot, window, shot):
    show(qtbot, window, parse_line(SIXTEEN))
    assert (window.width(), window.height()) == (1280, 800)
    assert_fills_its_area(window)
    assert window.board.candidate_pixel_size() >= READABLE_PX
    assert window.board.magnified_cell() == -1  # readable: nothing to magnify
    shot(window, "board-16x16")


def test_with_the_graph_popped_out_a_16x16_board_keeps_the_room_it_was_left(qtbot, window):
    window.acts["graph_pop_out"].trigger()
    qtbot.waitUntil(window.graph_dock.isFloating)
    floating = window.graph_dock.width()
    show(qtbot, window, parse_line(SIXTEEN))
    assert window.graph_dock.width() == floating  # the floating pane is not resized
    assert_fills_its_area(window)
    assert window.board.candidate_pixel_size() >= READABLE_PX
    window.acts["graph_pop_out"].trigger()


def test_candidate_size_follows_the_widget_size(qtbot):
    board = BoardView()
    qtbot.addWidget(board)
    board.set_grid(parse_line(SIXTEEN))
    sizes = {}
    for side in (400, 648, 900):
        board.resize(side, side)
        sizes[side] = board.candidate_pixel_size()
    assert sizes[400] < READABLE_PX <= sizes[648] < sizes[900]
    assert board.readable_side() <= 648


def test_25x25_candidates_are_shown_magnified_under_the_mouse_and_the_cursor(qtbot, window, shot):
    show(qtbot, window, Grid.empty(geometry_for_size(25)))
    board = window.board
    assert board.candidate_pixel_size() < READABLE_PX
    assert board.layout_now().magnifier_px() >= READABLE_PX
    plain = board.grab().toImage()
    cell = 25 * 12 + 7
    qtbot.mouseMove(board, board.cell_rect(cell).center().toPoint())
    qtbot.waitUntil(lambda: board.magnified_cell() == cell)
    rect = board.magnifier_rect(cell)
    assert board.rect().toRectF().contains(rect)
    assert not rect.intersects(board.cell_rect(cell))  # the cell itself stays in sight
    magnified = board.grab().toImage()
    inside = rect.toRect().adjusted(3, 3, -3, -3)
    changed = sum(
        plain.pixel(x, y) != magnified.pixel(x, y)
        for x in range(inside.left(), inside.right(), 2)
        for y in range(inside.top(), inside.bottom(), 2)
    )
    assert changed > 100, "the magnifier should draw the cell's candidates"
    shot(window, "board-25x25-magnified")
    board.set_hovered(-1)  # no cell under the mouse: the selected cell of the focused board is magnified
    board.setFocus()
    board.select(3)
    qtbot.waitUntil(board.hasFocus)
    assert board.magnified_cell() == 3


def press_in_focus(qtbot, key: Qt.Key) -> None:
    """A key with Ctrl, sent to whatever widget has the focus (as a person's key press is)."""
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, key, Qt.KeyboardModifier.ControlModifier)


def test_zoom_goes_past_the_window_on_request_and_ctrl_0_fits_again(qtbot, window):
    show(qtbot, window, parse_line(NEWSPAPER))
    board = window.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_rect(0).center().toPoint())
    fitted = board.layout_now().side
    press_in_focus(qtbot, Qt.Key.Key_Plus)
    qtbot.waitUntil(lambda: scrolls(window))
    assert board.layout_now().side > fitted * 1.2
    for _ in range(8):  # the cursor to r1c9, off the zoomed board's visible part: the area follows it
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left)
    assert board.selected == 1
    qtbot.waitUntil(lambda: board.visibleRegion().contains(board.cell_rect(1).center().toPoint()))
    for _ in range(7):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert board.selected == 8
    qtbot.waitUntil(lambda: board.visibleRegion().contains(board.cell_rect(8).center().toPoint()))
    press_in_focus(qtbot, Qt.Key.Key_0)
    qtbot.waitUntil(lambda: not scrolls(window))
    assert board.zoom == 1.0
    assert board.layout_now().side == fitted
    assert_fills_its_area(window)
    press_in_focus(qtbot, Qt.Key.Key_Minus)
    qtbot.waitUntil(lambda: board.layout_now().side < fitted)
    assert not scrolls(window)
    press_in_focus(qtbot, Qt.Key.Key_0)
    qtbot.waitUntil(lambda: board.layout_now().side == fitted)


def touches(path: QPainterPath, rect) -> bool:
    """Whether a drawn line (2 px wide, as the board's arrows) touches a rectangle."""
    stroker = QPainterPathStroker()
    stroker.setWidth(2)
    return stroker.createStroke(path).intersects(rect)


def straight(board: BoardView, link: Link) -> QPainterPath:
    path = QPainterPath(board.candidate_point(link.start))
    path.lineTo(board.candidate_point(link.end))
    return path


def crossed_digits(board: BoardView, ends: tuple[int, int], path: QPainterPath) -> list[int]:
    """The filled cells (other than the line's own two) whose digit the path runs across."""
    assert board.grid is not None
    filled = [c for c, v in enumerate(board.grid.values) if v and c not in ends]
    return [c for c in filled if touches(path, board.digit_rect(c))]


def test_a_link_across_givens_bends_around_their_digits(qtbot, window, shot):
    show(qtbot, window, parse_line(NEWSPAPER))
    board = window.board
    links = (
        Link((2, 4), (5, 4)),  # r1c3 → r1c6 along row 1, over the 7 of r1c5
        Link((10, 5), (16, 5), strong=False),  # r2c2 → r2c8, over the 1, 9 and 5 of r2c4..r2c6
        Link((21, 5), (48, 5)),  # r3c4 → r6c4 down column 4, over the 8 of r5c4
    )
    board.set_step(Step("test", highlights=Highlights(links=links)))
    for link in links:
        ends = (link.start[0], link.end[0])
        assert crossed_digits(board, ends, straight(board, link)), "a straight arrow would cross a given"
        assert crossed_digits(board, ends, board.link_path(link)) == []
    shot(window, "arrows-round-givens")


def test_the_arrows_and_chains_of_a_solved_puzzles_steps_keep_off_the_digits(qtbot, window):
    solved_by_logic(qtbot, window)
    board = window.board
    would_cross = drawn = 0
    for index, step in enumerate(window.session.history.steps):
        if not step.highlights.links and not step.highlights.chains:
            continue
        window.session.go_to(index + 1)
        settle(qtbot, window)
        assert board.step == step
        for link in step.highlights.links:
            drawn += 1
            ends = (link.start[0], link.end[0])
            would_cross += bool(crossed_digits(board, ends, straight(board, link)))
            assert crossed_digits(board, ends, board.link_path(link)) == [], (step.rule, link)
        for chain in step.highlights.chains:
            cells = chain.cells + chain.cells[:1] if chain.closed else chain.cells
            for ends, path in zip(itertools.pairwise(cells), board.chain_paths(chain), strict=True):
                drawn += 1
                assert crossed_digits(board, ends, path) == [], (step.rule, chain, ends)
    assert drawn > 0
    assert would_cross > 0, f"none of the {drawn} arrows would have crossed a digit: the test shows nothing"


def test_an_arrow_runs_from_its_start_to_just_short_of_its_end(qtbot):
    board = BoardView()
    qtbot.addWidget(board)
    board.resize(500, 500)
    board.set_grid(parse_line(NEWSPAPER))
    link = Link((2, 4), (5, 4))
    path = board.link_path(link)
    start, end = board.candidate_point(link.start), board.candidate_point(link.end)
    assert (path.pointAtPercent(0) - start).manhattanLength() < 1
    assert (path.currentPosition() - end).manhattanLength() < board.cell_rect(0).width() / 4
    assert path.currentPosition() != QPointF(end)  # the line stops where the arrow's head begins
