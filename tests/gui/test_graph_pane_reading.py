"""Reading the graph pane as a person does: it follows the step's graph, zooms, fits, pops out, and its
labels never cover nodes or each other."""

from __future__ import annotations

import itertools

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from sudoku_workbench.gui.graph.canvas import CHAIN_WIDTH, CYCLIC_WIDTH, EDGE_WIDTH, NODE_SIZE
from sudoku_workbench.gui.graph.labels import place_labels
from sudoku_workbench.gui.graph.view import place_beside
from sudoku_workbench.gui.techniques.prefs import Techniques
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.gui.test_logic import trigger_paste

#: Its logic solution has an Empty Rectangle (step 20, on strong links) and XY-Chains (from step 24).
BIVALUE_PUZZLE = "3..6...8..69......8...49..3....1.3...73.2.45...1.7....5..28...9......83..2...4..5"


def wheel(plot, notches: int) -> None:
    """Turn the mouse wheel over the middle of the canvas (positive: zoom in)."""
    centre = plot.viewport().rect().center()
    for _ in range(abs(notches)):
        event = QWheelEvent(
            QPointF(centre),
            QPointF(plot.viewport().mapToGlobal(centre)),
            QPoint(0, 0),
            QPoint(0, 120 if notches > 0 else -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(plot.viewport(), event)


def click_step(qtbot, window, rule: str) -> int:
    """Click the first row of the step list whose step uses this rule; returns the cursor."""
    steps = window.session.history.steps
    index = next(i for i, s in enumerate(steps) if s.rule == rule)
    row = window.panel.row_of_step(index)
    listing = window.panel.steps
    item = listing.item(row)
    listing.scrollToItem(item)
    qtbot.mouseClick(listing.viewport(), Qt.MouseButton.LeftButton, pos=listing.visualItemRect(item).center())
    settle(qtbot, window)
    return index + 1


def solved_by_logic(qtbot, window) -> None:
    trigger_paste(qtbot, window, BIVALUE_PUZZLE)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "logic")
    settle(qtbot, window)


def label_boxes(pane):
    """Scene rectangles of the visible edge labels."""
    return [item.mapRectToScene(item.boundingRect()) for item in pane.canvas.labels if item.isVisible()]


def assert_labels_clear(pane) -> None:
    """No visible label overlaps another, and none covers a node's centre disc."""
    boxes = label_boxes(pane)
    assert boxes, "some labels should be visible"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.intersects(b), (a, b)
    view = pane.canvas.getViewBox()
    for x, y in pane.arrays.pos:
        centre = view.mapViewToScene(QPointF(float(x), float(y)))
        for box in boxes:
            assert not box.contains(centre)


def assert_chain_band_along(pane, chain) -> None:
    """Beside every link of the chain, just off the edge's own line, the pane shows the orange band."""
    image = pane.canvas.grab().toImage()
    view = pane.canvas.getViewBox()
    for (ax, ay), (bx, by) in itertools.pairwise(chain):
        a = pane.canvas.mapFromScene(view.mapViewToScene(QPointF(ax, ay)))
        b = pane.canvas.mapFromScene(view.mapViewToScene(QPointF(bx, by)))
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = (dx * dx + dy * dy) ** 0.5
        x = a.x() + dx * 0.22 - dy / length * 3.5
        y = a.y() + dy * 0.22 + dx / length * 3.5
        seen = image.pixelColor(round(x), round(y))
        assert seen.red() > 200, (seen.name(), (ax, ay), (bx, by))
        assert seen.blue() < 170, (seen.name(), (ax, ay), (bx, by))


def test_the_pane_follows_the_steps_graph_unless_pinned(qtbot, window, shot):
    solved_by_logic(qtbot, window)
    pane = window.graph_view
    click_step(qtbot, window, "xy_chain")
    assert pane.kind == "bivalue"
    assert pane.title.text().startswith("bivalue graph")
    assert len(pane.arrays.chains) == 1  # the step's chain is drawn on the graph
    assert_chain_band_along(pane, pane.arrays.chains[0])
    shot(window, "pane-follows-bivalue-step")
    click_step(qtbot, window, "empty_rectangle")
    assert pane.kind == "bilocation"
    # pinned by the View menu, the pane keeps its graph whatever step is shown
    trigger(window, "bivalue")
    settle(qtbot, window)
    click_step(qtbot, window, "empty_rectangle")
    assert pane.kind == "bivalue"
    assert "(pinned)" in pane.title.text()
    trigger(window, "graph_follow")
    settle(qtbot, window)
    assert pane.kind == "bilocation"
    assert "on a nonrepetitive cycle" in pane.legend.text()


def test_wheel_zooms_fit_restores_and_labels_stay_clear(qtbot, window, shot):
    solved_by_logic(qtbot, window)
    pane = window.graph_view
    click_step(qtbot, window, "xy_chain")
    plot = pane.canvas
    assert plot.width() >= 400, "the graph should use the pane at 1280x800"
    assert plot.height() >= 400
    assert_labels_clear(pane)
    view = plot.getViewBox()
    before = view.viewRange()
    wheel(plot, 4)
    qtbot.wait(100)  # the labels are placed again shortly after the view settles
    zoomed = view.viewRange()
    assert zoomed[0][1] - zoomed[0][0] < (before[0][1] - before[0][0]) * 0.8
    assert_labels_clear(pane)
    # pens are cosmetic: the chain band, cycle edges and plain edges keep their pixel widths
    drawn = [
        item
        for item in (*pane.canvas.lines.values(), *pane.canvas.chain_items)
        if item.getData()[0] is not None
    ]
    drawn = [item for item in drawn if len(item.getData()[0])]
    widths = {item.opts["pen"].widthF() for item in drawn}
    assert {EDGE_WIDTH, CYCLIC_WIDTH, CHAIN_WIDTH} <= widths
    assert all(item.opts["pen"].isCosmetic() for item in drawn)
    shot(window, "pane-zoomed")
    trigger(window, "graph_fit")
    fitted = view.viewRange()
    assert abs((fitted[0][1] - fitted[0][0]) - (before[0][1] - before[0][0])) < 0.5


def test_wheel_zoom_stops_before_the_nodes_fill_the_pane(qtbot, window):
    solved_by_logic(qtbot, window)
    plot = window.graph_view.canvas
    view = plot.getViewBox()
    wheel(plot, 5)
    qtbot.wait(50)
    (left, right), (top, bottom) = view.viewRange()
    assert min(right - left, bottom - top) >= 3.0 - 1e-6, "at least three cells stay in view"
    node = abs(view.mapViewToScene(QPointF(NODE_SIZE, 0)).x() - view.mapViewToScene(QPointF(0, 0)).x())
    assert node <= min(plot.width(), plot.height()) / 9, node
    wheel(plot, -20)
    qtbot.wait(50)
    (left, right), (top, bottom) = view.viewRange()
    assert max(right - left, bottom - top) <= 3 * 9 + 1e-6, "the graph never shrinks to a dot"


def _drawn_board(window) -> QRect:
    board = window.board
    drawn = board.cell_rect(0).united(board.cell_rect(80)).toAlignedRect()
    return QRect(board.mapToGlobal(drawn.topLeft()), drawn.size())


def test_pop_out_floats_the_pane_large_off_the_board_and_puts_it_back(qtbot, window):
    solved_by_logic(qtbot, window)
    dock = window.graph_dock
    screen = window.screen().availableGeometry()
    assert window.frameGeometry().right() >= screen.right(), "the offscreen screen has no room beside it"
    trigger(window, "graph_pop_out")
    assert dock.isFloating()
    qtbot.wait(50)
    assert not dock.frameGeometry().intersects(_drawn_board(window)), dock.frameGeometry()
    assert screen.contains(dock.frameGeometry())
    room_beside = screen.right() - _drawn_board(window).right()  # the offscreen screen is only 800 wide
    assert dock.frameGeometry().width() >= min(300, room_beside - 1)
    assert dock.height() > 500
    trigger(window, "graph_pop_out")
    assert not dock.isFloating()


def test_a_popped_out_pane_goes_beside_the_window_where_the_screen_has_room():
    screen, window = QRect(0, 0, 1920, 1080), QRect(0, 0, 1280, 800)
    assert place_beside(screen, [window], QSize(360, 360)) == QRect(1280, 162, 640, 918)
    # no room beside the window: beside the board and the step list, else beside the board alone
    full = QRect(0, 0, 1280, 800)
    board, panes = QRect(100, 100, 600, 600), QRect(100, 100, 1100, 600)
    assert place_beside(full, [full, panes, board], QSize(360, 360)) == QRect(700, 120, 580, 680)
    left_board = QRect(0, 100, 600, 600)
    assert place_beside(full, [full, left_board, left_board], QSize(360, 360)) == QRect(600, 120, 680, 680)


def test_labels_with_no_free_spot_are_hidden():
    # three nodes in a row 20 px apart: a 30 px wide label fits nowhere between them
    nodes = np.array([[0.0, 0.0], [20.0, 0.0], [40.0, 0.0]])
    ends = np.array([[[0.0, 0.0], [20.0, 0.0]], [[20.0, 0.0], [40.0, 0.0]]])
    sizes = np.array([[30.0, 12.0], [30.0, 12.0]])
    spots = place_labels(nodes, 6.0, ends, sizes, [0, 1])
    placed = [s for s in spots if s is not None]
    assert placed, "one label fits beside the edge"
    for x, y in placed:
        # the box keeps clear of every node disc
        dx = np.maximum(np.abs(nodes[:, 0] - x) - 15.0, 0)
        dy = np.maximum(np.abs(nodes[:, 1] - y) - 6.0, 0)
        assert (dx**2 + dy**2 >= 36.0).all()
    if len(placed) == 2:
        (ax, ay), (bx, by) = placed
        assert abs(ax - bx) >= 30.0 or abs(ay - by) >= 12.0


def test_hovering_a_node_shows_its_hidden_labels(qtbot, window):
    solved_by_logic(qtbot, window)
    pane = window.graph_view
    click_step(qtbot, window, "xy_chain")
    # a small floating pane has no room for every label
    trigger(window, "graph_pop_out")
    window.graph_dock.resize(260, 300)
    trigger(window, "graph_fit")
    qtbot.wait(150)  # the labels are placed again shortly after the view settles
    arrays = pane.arrays
    hidden = [
        i for i, item in enumerate(pane.canvas.labels) if not item.isVisible() and arrays.edge_labels[i]
    ]
    assert hidden
    assert_labels_clear(pane)
    a, _ = arrays.adj[hidden[0]]
    cell = arrays.node_cells[a]
    board = window.board
    qtbot.mouseMove(board, QPoint(1, 1))  # off the board first: a move to where the mouse is sends nothing
    qtbot.mouseMove(board, board.cell_rect(cell).center().toPoint())
    assert pane.canvas.labels[hidden[0]].isVisible()
    trigger(window, "graph_pop_out")


#: top1465 line 914: Logic uses Chain Exclusion (step 12), so that step has a cell–digit matching.
CHAIN_EXCLUSION_PUZZLE = "3....4..6....2..7..658....113.5..9..6..2.1.....9.........9..7.48...........46..32"
#: Steps the pane draws on the bilocation graph.
LOCAL_RULES = {"full_house", "naked_single", "hidden_single", "pointing", "claiming"}


def test_a_matching_step_shows_its_cell_digit_graph_and_the_next_step_goes_back(qtbot, window, shot):
    # Eppstein's rules, where Chain Exclusion belongs (in the default cascade the ALS rules come first here)
    window.session.set_techniques(Techniques.from_preset("eppstein"))
    trigger_paste(qtbot, window, CHAIN_EXCLUSION_PUZZLE)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "logic")
    settle(qtbot, window)
    pane = window.graph_view
    cursor = click_step(qtbot, window, "chain_exclusion")
    step = window.session.history.steps[cursor - 1]
    assert pane.kind == "matching"
    assert pane.title.text().startswith("cell–digit graph of the step")
    assert len(pane.arrays.adj) == len(set(step.highlights.pattern) | set(step.highlights.matching))
    assert "matched cell and digit" in pane.legend.text()
    shot(window, "pane-follows-matching-step")
    # a later single or locked-candidates row: the pane goes back to the link graph it drew before
    history = window.session.history.steps
    later = next(i for i in range(cursor, len(history)) if history[i].rule in LOCAL_RULES)
    steps = window.panel.steps
    item = steps.item(window.panel.row_of_step(later))
    steps.scrollToItem(item)
    qtbot.mouseClick(steps.viewport(), Qt.MouseButton.LeftButton, pos=steps.visualItemRect(item).center())
    settle(qtbot, window)
    assert pane.kind == "bilocation"
    assert "on a nonrepetitive cycle" in pane.legend.text()


def test_a_closed_pane_computes_nothing_and_catches_up_when_shown(qtbot, window):
    solved_by_logic(qtbot, window)
    pane = window.graph_view
    click_step(qtbot, window, "empty_rectangle")
    assert pane.kind == "bilocation"
    trigger(window, "graph_pane")  # close it
    assert not window.graph_dock.isVisible()
    click_step(qtbot, window, "xy_chain")
    assert not window.session.busy("graph")
    assert pane.kind == "bilocation"  # not drawn while closed
    trigger(window, "graph_pane")  # open it again
    settle(qtbot, window)
    assert pane.kind == "bivalue"
    assert pane.title.text().startswith("bivalue graph")


def test_a_popped_out_pane_leaves_the_step_buttons_in_sight(qtbot, window):
    solved_by_logic(qtbot, window)
    trigger(window, "graph_pop_out")
    qtbot.wait(50)
    pane = window.graph_dock.frameGeometry()
    for name, button in window.panel.buttons.items():
        place = QRect(button.mapToGlobal(QPoint(0, 0)), button.size())
        assert not pane.intersects(place), (name, pane, place)
    trigger(window, "graph_pop_out")
