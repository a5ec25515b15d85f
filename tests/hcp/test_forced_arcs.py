"""The directed count of Section 7's reduced sizes equals reducing the undirected graph itself."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.hcp.export import export_graph
from sudoku_workbench.hcp.forced_arcs import undirected_sizes
from sudoku_workbench.hcp.reduction import GIVEN_SETS, GivenSet
from sudoku_workbench.hcp.shrink import shrunk_size
from tests.conftest import corpus
from tests.hcp.conftest import SAMPLES

PUZZLES = [grid for name, grid in SAMPLES if name != "16x16-0"] + corpus("top95.txt", 4, every=23)


def _exact(grid: Grid, givens: GivenSet) -> tuple[int, int, int, int]:
    export = export_graph(grid, reduce=False, givens=givens)
    return (export.dimension, len(export.edges), *shrunk_size(export.dimension, export.edges))


@pytest.mark.parametrize("givens", sorted(GIVEN_SETS))
@pytest.mark.parametrize("grid", PUZZLES, ids=[f"{g.geometry.label}-{i}" for i, g in enumerate(PUZZLES)])
def test_the_counts_equal_the_reduction(grid: Grid, givens: GivenSet) -> None:
    assert undirected_sizes(grid.geometry, grid.givens, GIVEN_SETS[givens]) == _exact(grid, givens)


@pytest.mark.parametrize(
    "line",
    [
        "11" + "." * 14,  # two equal givens in a row: no Hamiltonian cycle, the exact reduction counts
        "1.1.............",  # two equal givens in a row, apart
        "12..34..........",
        "1...2...3...4...",
    ],
)
def test_graphs_without_a_cycle_are_counted_exactly_too(line: str) -> None:
    geo = geometry_for_size(4)
    grid = Grid.from_values(geo, [int(c) if c != "." else 0 for c in line])
    for givens in GIVEN_SETS:
        assert undirected_sizes(geo, grid.givens, GIVEN_SETS[givens]) == _exact(grid, givens)
