"""Label placement as a property: whatever the graph, a placed label covers no node and no other label."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.gui.graph.labels import place_labels

coordinate = st.floats(min_value=0, max_value=400, allow_nan=False)
point = st.tuples(coordinate, coordinate)


@settings(max_examples=60, deadline=None)
@given(
    nodes=st.lists(point, min_size=2, max_size=30, unique=True),
    data=st.data(),
    radius=st.floats(min_value=2, max_value=15),
)
def test_placed_labels_cover_no_node_and_no_other_label(nodes, data, radius):
    pos = np.array(nodes)
    pairs = data.draw(
        st.lists(st.tuples(st.integers(0, len(nodes) - 1), st.integers(0, len(nodes) - 1)), max_size=40)
    )
    pairs = [(a, b) for a, b in pairs if a != b]
    sizes = np.array([data.draw(st.tuples(st.floats(4, 40), st.floats(8, 16))) for _ in pairs]).reshape(-1, 2)
    ends = pos[np.array(pairs, dtype=int).reshape(-1, 2)] if pairs else np.zeros((0, 2, 2))
    spots = place_labels(pos, radius, ends, sizes, list(range(len(pairs))))
    boxes = [(s[0], s[1], w / 2, h / 2) for s, (w, h) in zip(spots, sizes, strict=True) if s is not None]
    for x, y, hw, hh in boxes:
        dx = np.maximum(np.abs(pos[:, 0] - x) - hw, 0)
        dy = np.maximum(np.abs(pos[:, 1] - y) - hh, 0)
        assert (dx**2 + dy**2 >= radius**2 - 1e-6).all()
    for i, (x, y, hw, hh) in enumerate(boxes):
        for x2, y2, hw2, hh2 in boxes[i + 1 :]:
            assert abs(x - x2) >= hw + hw2 or abs(y - y2) >= hh + hh2


def test_a_lone_edge_gets_its_label_in_the_middle():
    nodes = np.array([[0.0, 0.0], [100.0, 0.0]])
    spots = place_labels(nodes, 5.0, nodes[np.array([[0, 1]])], np.array([[10.0, 12.0]]), [0])
    assert spots == [(50.0, 0.0)]


def test_a_forced_label_is_shown_even_without_room():
    nodes = np.array([[0.0, 0.0], [20.0, 0.0], [40.0, 0.0], [20.0, 12.0], [20.0, -12.0]])
    ends = np.array([[[0.0, 0.0], [40.0, 0.0]]])
    sizes = np.array([[30.0, 12.0]])
    assert place_labels(nodes, 6.0, ends, sizes, [0]) == [None]
    assert place_labels(nodes, 6.0, ends, sizes, [0], forced={0}) == [(20.0, 0.0)]


def test_an_edge_through_another_node_is_drawn_as_an_arc_round_it():
    from sudoku_workbench.gui.graph.arrays import edge_paths

    pos = np.array([[0.5, 0.5], [4.5, 0.5], [8.5, 0.5], [4.5, 3.5]])
    straight, arc = edge_paths(pos, np.array([[0, 3], [0, 2]]))
    assert straight.tolist() == [[0.5, 0.5], [4.5, 3.5]]
    assert len(arc) == 9
    assert arc[0].tolist() == [0.5, 0.5]
    assert arc[-1].tolist() == [8.5, 0.5]
    middle = arc[len(arc) // 2]
    assert abs(middle[1] - 0.5) >= 0.25  # clear of the node r1c5 at (4.5, 0.5)
