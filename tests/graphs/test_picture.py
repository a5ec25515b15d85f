"""The graph pane's data: positions, labels, cyclic marks, the step's chains, and broken positions."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Chain, Grid, Highlights, Step, geometry
from sudoku_workbench.graphs.picture import graph_picture

GEO = geometry(3, 3)


def only(grid: Grid, unit: int, digit: int, keep: tuple[int, ...]) -> Grid:
    return grid.eliminate((c, digit) for c in GEO.units[unit] if c not in keep)


def square_cycle() -> tuple[Grid, tuple[int, int, int, int]]:
    """r1c1 -1- r1c5 -2- r5c5 -3- r5c1 -4- r1c1 in the bilocation graph, plus a dangling edge."""
    a, b, c, d = GEO.cell(0, 0), GEO.cell(0, 4), GEO.cell(4, 4), GEO.cell(4, 0)
    grid = only(Grid.empty(GEO), 0, 1, (a, b))
    grid = only(grid, 9 + 4, 2, (b, c))
    grid = only(grid, 4, 3, (c, d))
    grid = only(grid, 9 + 0, 4, (d, a))
    grid = only(grid, 8, 9, (GEO.cell(8, 0), GEO.cell(8, 8)))
    return grid, (a, b, c, d)


def test_bilocation_picture_marks_cycle_edges_and_keeps_the_steps_chain() -> None:
    grid, (a, b, c, d) = square_cycle()
    chain = Chain((a, b, c, d), (1, 2, 3, 4), closed=True)
    grid = grid.place(GEO.cell(8, 4), 5)  # a filled cell is no node of the graph
    foreign = Chain((a, GEO.cell(8, 4)), (7,))
    step = Step("nonrepetitive_cycle", highlights=Highlights(chains=(chain, foreign)))
    picture = graph_picture(grid, "bilocation", step)
    assert (picture.kind, picture.n) == ("bilocation", 9)
    assert len(picture.nodes) == 80
    node = next(n for n in picture.nodes if n.cell == b)
    assert (node.row, node.col, node.name) == (0.5, 4.5, "r1c5")
    cyclic = {(e.a, e.b): e.cyclic for e in picture.edges}
    assert cyclic == {(a, b): (1,), (b, c): (2,), (d, c): (3,), (a, d): (4,), (72, 80): ()}
    assert picture.chains == (chain,)
    assert picture.problem == ""


def test_bivalue_picture_and_bad_kind() -> None:
    masks = {0: 0b11, 1: 0b110, 10: 0b101}
    grid = Grid(GEO, (0,) * 81, (0,) * 81, tuple(masks.get(i, GEO.full_mask) for i in range(81)))
    picture = graph_picture(grid, "bivalue")
    assert [n.cell for n in picture.nodes] == [0, 1, 10]
    assert {(e.a, e.b, e.labels, e.cyclic) for e in picture.edges} == {
        (0, 1, (2,), (2,)),
        (1, 10, (3,), (3,)),
        (0, 10, (1,), (1,)),
    }
    with pytest.raises(ValueError, match="unknown graph kind"):
        graph_picture(grid, "matching")  # type: ignore[arg-type]


def test_broken_position_is_drawn_with_its_problem() -> None:
    grid = Grid.empty(GEO)
    for digit in (1, 2, 3):
        grid = only(grid, 0, digit, (0, 1))
    picture = graph_picture(grid, "bilocation")
    assert "r1c1 and r1c2" in picture.problem
    assert picture.edges[0].labels == (1, 2, 3)
