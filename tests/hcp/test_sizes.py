"""Blank graph sizes (Section 4's formulas), the numbering of Section 6, and the arcs givens remove."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.hcp.cycle import canonical_cycle
from sudoku_workbench.hcp.export import export_graph
from sudoku_workbench.hcp.numbering import numbering
from sudoku_workbench.hcp.reduction import FULL_SETS, PAPER_SETS, blank_arcs, given_arcs, puzzle_arcs
from tests.hcp.helpers import pattern_grid

SIZES = (4, 6, 9, 16)


def _formulas(n: int) -> dict[str, tuple[int, int]]:
    return {
        "directed": (6 * n**3 + 5 * n**2 + 2 * n + 2, 19 * n**3 + 2 * n**2 + 2 * n + 2),
        "undirected": (18 * n**3 + 15 * n**2 + 6 * n + 6, 31 * n**3 + 12 * n**2 + 6 * n + 6),
        "compact": (16 * n**3 + 15 * n**2 + 6 * n + 6, 29 * n**3 + 12 * n**2 + 6 * n + 6),
    }


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("variant", ["directed", "undirected", "compact"])
def test_blank_sizes_match_the_paper(n: int, variant: str) -> None:
    export = export_graph(Grid.empty(geometry_for_size(n)), variant, reduce=False)  # type: ignore[arg-type]
    assert (export.dimension, len(export.edges)) == _formulas(n)[variant]
    assert len(set(export.edges)) == len(export.edges)
    assert all(1 <= u <= export.dimension and 1 <= v <= export.dimension for u, v in export.edges)


def test_nine_by_nine_numbers_quoted_in_the_paper() -> None:
    sizes = {
        v: export_graph(Grid.empty(geometry_for_size(9)), v, reduce=False) for v in ("directed", "undirected")
    }
    assert (sizes["directed"].dimension, len(sizes["directed"].edges)) == (4799, 14033)
    assert (sizes["undirected"].dimension, len(sizes["undirected"].edges)) == (14397, 23631)


@pytest.mark.parametrize("n", SIZES)
def test_numbering_follows_section_6(n: int) -> None:
    num = numbering(n)
    assert (num.s, num.f, num.b(1, 1), num.b(n, n)) == (1, 2, 3, n * n + 2)
    assert num.w(n, n) == num.count == 6 * n**3 + 5 * n**2 + 2 * n + 2
    for i in (1, 2, n):
        for j in (1, n):
            assert num.v(i, j) == 3 * n**3 + 3 * n**2 + (i + 1) * n + j + 2
            for k in (1, 3, n):
                assert num.x(i, j, k, 1) == 3 * i * n**2 + (3 * j - 1) * n + 3 * k
    labels = [num.name(v) for v in range(1, num.count + 1)]
    assert len(set(labels)) == num.count
    assert labels[num.y(2, 1, n, 3) - 1] == f"y_{{2,1,{n},3}}"


@pytest.mark.parametrize("n", [4, 6, 9])
def test_each_given_removes_12n_minus_12_existing_arcs(n: int) -> None:
    geo = geometry_for_size(n)
    blank = set(blank_arcs(geo))
    for cell in range(0, geo.size, 1 if n < 9 else 5):
        for digit in range(1, n + 1):
            removed = given_arcs(geo, cell, digit)
            assert len(removed) == 12 * n - 12
            assert removed <= blank
            assert len(given_arcs(geo, cell, digit, PAPER_SETS)) == 6 * n - 6


@pytest.mark.parametrize("n", [4, 6, 8, 9, 12])
def test_given_arcs_spare_the_cycle_of_every_agreeing_solution(n: int) -> None:
    """No removed arc lies on the canonical cycle of a grid that agrees with the given."""
    geo = geometry_for_size(n)
    values = tuple(pattern_grid(geo))
    cycle = canonical_cycle(geo, values)
    used = set(zip(cycle, cycle[1:] + cycle[:1], strict=True))
    assert used <= set(blank_arcs(geo))
    for cell in range(geo.size):
        assert not given_arcs(geo, cell, values[cell], FULL_SETS) & used
        wrong = values[cell] % n + 1
        assert given_arcs(geo, cell, wrong, FULL_SETS) & used


def test_last_block_exits_to_the_first_row_vertex() -> None:
    n, geo = 9, geometry_for_size(9)
    num = numbering(n)
    exits = {u for u, v in blank_arcs(geo) if v == num.r(1, 1) and num.puzzle_index(u)}
    last_block = geo.boxes[-1]
    expected = {num.y(geo.row_of[c] + 1, geo.col_of[c] + 1, n - 1, 3) for c in last_block}
    assert exits == expected


def test_several_givens_remove_the_union() -> None:
    geo = geometry_for_size(9)
    givens = [0] * 81
    givens[0], givens[1] = 1, 2  # same block and row: their sets overlap
    union = given_arcs(geo, 0, 1) | given_arcs(geo, 1, 2)
    assert len(union) < 2 * (12 * 9 - 12)
    assert len(puzzle_arcs(geo, tuple(givens))) == len(blank_arcs(geo)) - len(union)
