"""The graph pane draws the graph rules' pictures: the link graph, its cyclic edges and a step's cycle."""

from __future__ import annotations

from sudoku_workbench.core.history import History
from sudoku_workbench.graphs.picture import GraphPicture, PictureEdge, PictureNode
from sudoku_workbench.gui.graph.arrays import graph_arrays
from sudoku_workbench.logic.chains.cycles import find_bilocation_cycles
from tests.gui.conftest import settle
from tests.logic.test_cycles import square


def _show(qtbot, window, kind: str):
    window.acts[kind].trigger()
    settle(qtbot, window)
    arrays = window.graph_view.arrays
    assert arrays is not None
    return arrays


def test_graph_pane_shows_the_bilocation_cycle_and_the_steps_chain(qtbot, window, shot):
    grid = square(3)  # r1c1 -1- r1c5 -2- r5c5 -3- r5c1 -4- r1c1
    window.session.set_puzzle(History(grid), dirty=False)
    arrays = _show(qtbot, window, "bilocation")
    assert len(arrays.pos) == 81
    assert sorted(arrays.edge_labels) == ["1", "2", "3", "4"]
    assert arrays.emphasised.all()
    assert arrays.chains == ()

    step = next(find_bilocation_cycles(grid))
    window.session.apply_step(step)
    arrays = _show(qtbot, window, "bilocation")
    (line,) = arrays.chains
    assert (line[0] == line[-1]).all()  # the closed cycle returns to its first cell
    # it runs along the drawn paths of its four links (arcs here: each passes three cells' nodes)
    assert len(line) == 1 + sum(len(path) - 1 for path in arrays.paths)
    corners = {(0.5, 0.5), (4.5, 0.5), (4.5, 4.5), (0.5, 4.5)}
    assert corners <= {tuple(point) for point in line}
    shot(window, "graph-pane-bilocation-cycle")

    arrays = _show(qtbot, window, "bivalue")
    assert len(arrays.pos) == 0  # no cell of the position has exactly two candidates
    assert arrays.chains == ()


def test_an_edge_with_two_digits_reads_as_two_digits_not_a_number():
    nodes = (PictureNode(0, 0.5, 0.5, "r1c1"), PictureNode(1, 0.5, 1.5, "r1c2"))
    edges = (PictureEdge(0, 1, (1, 4), ()), PictureEdge(0, 1, (7,), ()))
    arrays = graph_arrays(GraphPicture("bilocation", 9, nodes, edges))
    assert arrays.edge_labels == ("1,4", "7")
