"""Section 7's reduction on small graphs where the answer can be worked out by hand."""

from __future__ import annotations

import itertools

from sudoku_workbench.hcp.shrink import shrink, shrunk_size


def test_adjacent_degree_two_vertices_are_contracted() -> None:
    # K4 on 1..4 plus the detour 1-5-6-2: only 5 and 6 have degree 2, and they merge.
    edges = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4), (1, 5), (5, 6), (6, 2)]
    shrunk = shrink(6, edges)
    assert shrunk.paths == ((1,), (2,), (3,), (4,), (5, 6))
    assert (shrunk.dimension, len(shrunk.edges)) == (5, 8)
    assert shrunk_size(6, edges) == (5, 8)
    assert shrunk.link((1, 5)) == (1, 5)
    assert shrunk.link((2, 5)) == (2, 6)


def test_rule_two_drops_edges_and_cascades() -> None:
    # Vertex 1 has two degree-2 neighbours (2 and 3) so its edge to 4 must go; 4 then has degree 2 too.
    edges = [(1, 2), (2, 5), (1, 3), (3, 6), (1, 4), (4, 5), (4, 6), (4, 7), (7, 5), (7, 6), (5, 6)]
    shrunk = shrink(7, edges)
    originals = {frozenset(shrunk.link(e)) for e in shrunk.edges}
    assert frozenset((1, 4)) not in originals
    vertices, edge_count = shrunk_size(7, edges)
    assert (vertices, edge_count) == (shrunk.dimension, len(shrunk.edges))
    assert any(1 in path and 2 in path and 3 in path for path in shrunk.paths)


def test_paths_are_paths_of_the_original_graph() -> None:
    edges = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 3), (3, 5), (2, 6), (6, 4)]
    present = {frozenset(e) for e in edges}
    shrunk = shrink(6, edges)
    for path in shrunk.paths:
        assert all(frozenset(pair) in present for pair in itertools.pairwise(path))
    for a, b in shrunk.edges:
        u, v = shrunk.link((a, b))
        assert u in shrunk.paths[a - 1]
        assert v in shrunk.paths[b - 1]
        assert frozenset((u, v)) in present
