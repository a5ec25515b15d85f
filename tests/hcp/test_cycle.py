"""The canonical cycle of a solution is a Hamiltonian cycle of every exported graph; a wrong grid's is not."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.core.geometry import ShapeError
from sudoku_workbench.hcp.cycle import canonical_cycle
from sudoku_workbench.hcp.export import export_graph
from sudoku_workbench.hcp.tour import TourError, check_cycle, grid_from_tour, lift_cycle
from tests.hcp.helpers import tour_of

BUILDS = [
    ("directed", False, "full"),
    ("directed", False, "paper"),
    ("undirected", False, "full"),
    ("undirected", True, "full"),
    ("undirected", True, "paper"),
    ("compact", False, "paper"),
    ("compact", True, "full"),
]


def _disagreeing(puzzle: Grid, solution: Grid) -> tuple[int, ...]:
    """The solution with two digits swapped everywhere: still valid, but it breaks a given."""
    given = next(d for d in puzzle.givens if d)
    other = given % puzzle.geometry.n + 1
    swap = {given: other, other: given}
    return tuple(swap.get(v, v) for v in solution.values)


@pytest.mark.parametrize(("variant", "reduce", "givens"), BUILDS)
def test_solution_cycle_is_hamiltonian_and_reads_back(
    solved: tuple[Grid, Grid], variant: str, reduce: bool, givens: str
) -> None:
    puzzle, solution = solved
    export = export_graph(puzzle, variant, reduce, givens)  # type: ignore[arg-type]
    tour = tour_of(export, solution.values)
    check_cycle(export.dimension, export.edges, tour, export.directed)
    assert grid_from_tour(export, tour).values == solution.values
    assert grid_from_tour(export, tour[::-1]).values == solution.values


@pytest.mark.parametrize("variant", ["directed", "undirected", "compact"])
def test_a_grid_breaking_a_given_is_no_hamiltonian_cycle(solved: tuple[Grid, Grid], variant: str) -> None:
    puzzle, solution = solved
    wrong = _disagreeing(puzzle, solution)
    for givens in ("full", "paper"):
        export = export_graph(puzzle, variant, False, givens)  # type: ignore[arg-type]
        tour = lift_cycle(export, canonical_cycle(puzzle.geometry, wrong))
        with pytest.raises(TourError, match="is not an edge"):
            check_cycle(export.dimension, export.edges, tour, export.directed)
    blank = export_graph(Grid.empty(puzzle.geometry), variant, reduce=False)  # type: ignore[arg-type]
    check_cycle(blank.dimension, blank.edges, lift_cycle(blank, canonical_cycle(puzzle.geometry, wrong)))


@pytest.mark.parametrize("extras", [("x",), ("antiknight",), ("windoku",)])
def test_the_reduction_refuses_variant_rules_it_has_no_gadget_for(extras: tuple[str, ...]) -> None:
    grid = Grid.empty(geometry(3, 3, extras))
    with pytest.raises(ShapeError, match="gadgets for rows, columns and blocks only"):
        export_graph(grid, "directed")
