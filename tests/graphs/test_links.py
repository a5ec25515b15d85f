"""The link graphs on hand-made positions: which edges, which labels, and the three-label contradiction."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Contradiction, Grid, geometry
from sudoku_workbench.graphs.links import (
    UnitDigit,
    bilocation_graph,
    bipartite_bivalue_graph,
    bivalue_graph,
)
from sudoku_workbench.graphs.nonrepetitive import NonrepetitiveGraph
from tests.conftest import corpus
from tests.logic.graph_support import propagate_singles

GEO = geometry(3, 3)


def only(grid: Grid, unit: int, digit: int, keep: tuple[int, ...]) -> Grid:
    """Remove ``digit`` from every cell of ``unit`` but ``keep``."""
    return grid.eliminate((c, digit) for c in GEO.units[unit] if c not in keep)


def test_bilocation_edge_from_row_and_box_is_one_edge_with_two_labels() -> None:
    a, b = GEO.cell(0, 0), GEO.cell(0, 1)
    grid = only(Grid.empty(GEO), 0, 5, (a, b))  # row 1: 5 only in a, b
    grid = only(grid, 2 * 9, 5, (a, b))  # box 1 as well: still one label
    grid = only(grid, 2 * 9, 7, (a, b))  # box 1: 7 only in a, b
    graph = bilocation_graph(grid)
    assert set(graph.nodes) == set(range(81))
    assert list(graph.edges(data="digits")) == [(a, b, frozenset({5, 7}))]
    assert graph.edges[a, b]["units"] == {5: (0, 18), 7: (18,)}


def test_filled_cells_are_not_vertices() -> None:
    grid = Grid.empty(GEO).place(0, 1)
    graph = bilocation_graph(grid)
    assert 0 not in graph
    assert graph.number_of_edges() == 0


def test_three_labels_on_one_pair_is_a_contradiction() -> None:
    a, b = GEO.cell(0, 0), GEO.cell(0, 1)
    grid = Grid.empty(GEO)
    for digit in (1, 2, 3):
        grid = only(grid, 0, digit, (a, b))
    with pytest.raises(Contradiction) as caught:
        bilocation_graph(grid)
    assert caught.value.cells == (a, b)
    assert "r1c1 and r1c2" in str(caught.value)


def test_bivalue_graph_labels_shared_digits_of_cells_that_see_each_other() -> None:
    a, b, c, far = GEO.cell(0, 0), GEO.cell(0, 5), GEO.cell(1, 1), GEO.cell(4, 4)
    masks = {a: 0b11, b: 0b110, c: 0b11, far: 0b11}  # a {1,2}, b {2,3}, c {1,2}, far {1,2}
    grid = Grid(GEO, (0,) * 81, (0,) * 81, tuple(masks.get(i, GEO.full_mask) for i in range(81)))
    graph = bivalue_graph(grid)
    assert set(graph.nodes) == {a, b, c, far}
    assert {(u, w): d for u, w, d in graph.edges(data="digits")} == {
        (a, b): frozenset({2}),
        (a, c): frozenset({1, 2}),
    }


def test_bipartite_bivalue_graph_flags() -> None:
    a = GEO.cell(0, 0)
    grid = Grid(GEO, (0,) * 81, (0,) * 81, tuple(0b101 if i == a else GEO.full_mask for i in range(81)))
    graph = bipartite_bivalue_graph(grid)
    neighbours = set(graph[a])
    assert neighbours == {UnitDigit(u, d) for u in GEO.units_of[a] for d in (1, 3)}
    assert graph.edges[a, UnitDigit(0, 3)]["flags"] == {a: 3, UnitDigit(0, 3): a}


def test_bipartite_and_plain_bivalue_graphs_agree_on_cyclic_edges() -> None:
    nonempty = 0
    for puzzle in corpus("top1465.txt", 36, every=37):
        if nonempty == 3:
            break
        grid = propagate_singles(puzzle)
        plain = NonrepetitiveGraph.from_edge_labels(bivalue_graph(grid))
        expected = {(min(u, w), max(u, w), d) for u, w, d, _ in plain.cyclic_edges()}
        bipartite = NonrepetitiveGraph.from_flag_labels(bipartite_bivalue_graph(grid))
        at_unit: dict[UnitDigit, set[int]] = {}
        for u, w, _, _ in bipartite.cyclic_edges():
            node, cell = (u, w) if isinstance(u, UnitDigit) else (w, u)
            at_unit.setdefault(node, set()).add(cell)
        got = set()
        for node, cells in at_unit.items():
            for a in cells:
                for b in cells:
                    if a < b and bipartite.on_cycle(node, a, b):
                        got.add((a, b, node.digit))
        assert got == expected
        nonempty += bool(expected)
    assert nonempty >= 3


def test_bivalue_cells_a_knights_move_apart_are_linked_on_an_anti_knight_grid() -> None:
    from sudoku_workbench.graphs.picture import graph_picture

    def pairs(geo_extras: tuple[str, ...]) -> Grid:
        grid = Grid.empty(geometry(3, 3, geo_extras))
        # r1c3 holds 1 or 2, r2c5 2 or 3: no row, column or box in common, a knight's move apart.
        keep = {2: (1, 2), 13: (2, 3)}
        return grid.eliminate(
            (cell, d) for cell, digits in keep.items() for d in range(1, 10) if d not in digits
        )

    knight = bivalue_graph(pairs(("antiknight",)))
    assert knight.has_edge(2, 13)
    assert knight.edges[2, 13]["digits"] == frozenset({2})
    assert not bivalue_graph(pairs(())).has_edge(2, 13)  # classic: they do not see each other
    drawn = graph_picture(pairs(("antiknight",)), "bivalue")
    assert [(e.a, e.b, e.labels) for e in drawn.edges] == [(2, 13, (2,))]
