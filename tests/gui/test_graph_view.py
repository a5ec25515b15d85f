"""The graph pane: node and edge counts of a known position, labels, cycles, hover both ways."""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QWidget

from sudoku_workbench.core import Highlights, Step
from sudoku_workbench.formats import parse_line
from sudoku_workbench.graphs.links import bilocation_graph, bivalue_graph
from sudoku_workbench.graphs.picture import GraphKind, graph_picture
from sudoku_workbench.gui.graph.arrays import graph_arrays, matching_arrays
from sudoku_workbench.gui.graph.canvas import GraphCanvas
from sudoku_workbench.logic.engine import steps_until_stuck
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.gui.test_logic import HARD, trigger_paste


def _known_position():
    """HARD after its first 20 logic steps: both graphs have edges there."""
    grid = parse_line(HARD)
    for step in itertools.islice(steps_until_stuck(grid), 20):
        grid = grid.apply(step)
    return grid


def test_arrays_match_the_graph_of_a_known_position():
    grid = _known_position()
    kinds: tuple[tuple[GraphKind, Any], ...] = (("bilocation", bilocation_graph), ("bivalue", bivalue_graph))
    for kind, build in kinds:
        graph = build(grid)
        assert graph.number_of_edges() > 3
        arrays = graph_arrays(graph_picture(grid, kind))
        edges = {frozenset(e) for e in graph.edges}
        drawn = {frozenset((arrays.node_cells[a], arrays.node_cells[b])) for a, b in arrays.adj}
        assert drawn == edges
        for (a, b), label in zip(arrays.adj, arrays.edge_labels, strict=True):
            u, w = arrays.node_cells[a], arrays.node_cells[b]
            assert label == ",".join(str(d) for d in sorted(graph.edges[u, w]["digits"]))
            assert tuple(arrays.pos[a]) == (u % 9 + 0.5, u // 9 + 0.5)
        assert set(graph.nodes) <= set(arrays.node_cells)


def test_matching_arrays_are_bipartite():
    step = Step(
        "chain_exclusion", highlights=Highlights(pattern=((0, 1), (0, 2), (1, 2)), matching=((0, 1), (1, 2)))
    )
    arrays = matching_arrays(step, parse_line(HARD).geometry)
    assert arrays.node_cells == (0, 1, -1, -1)
    assert arrays.node_labels == ("r1c1", "r1c2", "1", "2")
    assert len(arrays.adj) == 3
    assert arrays.emphasised.tolist() == [True, False, True]


def test_pane_shows_the_graph_and_hover_links_board_and_nodes(qtbot, window, shot):
    trigger_paste(qtbot, window, HARD)
    grid = window.session.grid
    pane = window.graph_view
    settle(qtbot, window)
    assert pane.arrays.title.startswith("bilocation")
    graph = bilocation_graph(grid)
    assert len(pane.arrays.adj) == graph.number_of_edges()
    assert len(pane.canvas.nodes.data) == len(pane.arrays.pos) >= graph.number_of_nodes()
    # hovering a cell on the board marks its node, and the other way round
    cell = pane.arrays.node_cells[0]
    # off the board first: a move to where the mouse already is sends nothing
    qtbot.mouseMove(window.board, QPoint(1, 1))
    qtbot.mouseMove(window.board, window.board.cell_rect(cell).center().toPoint())
    assert pane.canvas.hovered == cell
    view = pane.canvas.getViewBox()
    other = pane.arrays.node_cells[-1]
    scene_point = view.mapViewToScene(QPointF(*pane.arrays.pos[-1]))
    with qtbot.waitSignal(pane.canvas.node_hovered, timeout=2000) as blocker:
        pane.canvas._mouse_moved(scene_point)
    assert blocker.args == [other]
    assert window.board.hovered == other
    trigger(window, "bivalue")
    settle(qtbot, window)
    assert pane.arrays.title.startswith("bivalue")
    assert len(pane.arrays.adj) == bivalue_graph(grid).number_of_edges()
    shot(window, "graph-bivalue")


def test_the_labels_of_a_picture_are_made_ahead_while_the_window_is_idle(qtbot):
    holder = QWidget()  # not the canvas itself: closing it makes pyqtgraph drop its plot item
    qtbot.addWidget(holder)
    canvas = GraphCanvas(holder)
    holder.show()
    grid = _known_position()
    arrays = graph_arrays(graph_picture(grid, "bilocation"))
    assert 0 < len(arrays.edge_labels) < 64
    made = set(canvas.scene().items())
    qtbot.waitUntil(lambda: len(canvas.scene().items()) >= len(made) + 64)  # the idle event loop made them
    made = set(canvas.scene().items())
    canvas.draw(arrays, grid.geometry)
    assert {label.textItem.toPlainText() for label in canvas.labels} == set(arrays.edge_labels)
    assert set(canvas.scene().items()) == made  # the picture's labels were among them: none made now
