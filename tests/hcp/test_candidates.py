"""Candidates in the graph: sound eliminations keep the solution's cycle, an unsound one kills every cycle."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core import Grid
from sudoku_workbench.formats.tours import Tour, write_tour
from sudoku_workbench.formats.tsplib import read_hcp
from sudoku_workbench.hcp.cpsat import find_cycle
from sudoku_workbench.hcp.export import Variant, export_graph, position_masks
from sudoku_workbench.hcp.files import export_for_hcp_file
from sudoku_workbench.hcp.reduction import candidate_arcs
from sudoku_workbench.hcp.solve import local_position
from sudoku_workbench.hcp.tour import check_cycle, grid_from_tour
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus
from tests.hcp.helpers import tour_of


def _false_candidates(grid: Grid, solution: Grid) -> list[tuple[int, int]]:
    return [
        (cell, digit)
        for cell in grid.empty_cells
        for digit in grid.candidates_of(cell)
        if digit != solution.values[cell]
    ]


@pytest.mark.parametrize("variant", ["directed", "undirected"])
def test_every_sound_elimination_keeps_the_solution_cycle(
    solved: tuple[Grid, Grid], variant: Variant
) -> None:
    puzzle, solution = solved
    chooser = random.Random(7)
    wrong = _false_candidates(puzzle, solution)
    for eliminated in ([], chooser.sample(wrong, len(wrong) // 2), wrong):
        grid = puzzle.eliminate(eliminated)
        export = export_graph(grid, variant, reduce=variant != "directed", candidates=True)
        tour = tour_of(export, solution.values)
        check_cycle(export.dimension, export.edges, tour, export.directed)
        assert grid_from_tour(export, tour).values == solution.values
        removed = {arc for cell, digit in eliminated for arc in candidate_arcs(puzzle.geometry, cell, digit)}
        if variant == "directed":
            assert not removed & set(export.edges)


def test_the_seven_arcs_of_a_candidate_are_the_ones_its_placement_uses(solved: tuple[Grid, Grid]) -> None:
    puzzle, solution = solved
    export = export_graph(puzzle, "directed")
    cycle = tour_of(export, solution.values)
    used = set(zip(cycle, cycle[1:] + cycle[:1], strict=True))
    geo = puzzle.geometry
    for cell in range(geo.size):
        for digit in range(1, geo.n + 1):
            arcs = set(candidate_arcs(geo, cell, digit))
            assert len(arcs) == 7
            assert (arcs <= used) == (digit == solution.values[cell]), (cell, digit)
            assert arcs & used == (arcs if digit == solution.values[cell] else set())


FOUR = corpus("four_vu100.txt", 3, every=31)


@pytest.mark.parametrize("puzzle", FOUR, ids=[p.to_line() for p in FOUR])
def test_removing_a_true_digit_leaves_no_hamiltonian_cycle(puzzle: Grid) -> None:
    """CP-SAT's proof of infeasibility on the directed 4x4 graph is the exhaustive argument."""
    solution = solve(puzzle)
    assert solution is not None
    for cell in puzzle.empty_cells[:3]:
        unsound = puzzle.eliminate([(cell, solution.values[cell])])
        for variant in ("directed", "undirected"):
            export = export_graph(unsound, variant, reduce=variant == "undirected", candidates=True)
            result = find_cycle(export.dimension, export.edges, export.directed, time_limit=60, workers=1)
            assert result.status == "none", (cell, variant, result)
    sound = export_graph(puzzle, "directed", candidates=True)
    assert find_cycle(sound.dimension, sound.edges, True, time_limit=60, workers=1).status == "found"


def test_local_rules_only_remove_arcs(solved: tuple[Grid, Grid]) -> None:
    puzzle, solution = solved
    position = local_position(puzzle)
    masks = position_masks(position)
    assert all(mask >> (solution.values[c] - 1) & 1 for c, mask in enumerate(masks))
    plain, pruned = (export_graph(g, "directed", candidates=True) for g in (puzzle, position))
    assert set(pruned.edges) <= set(plain.edges) <= set(export_graph(puzzle, "directed").edges)


def test_the_hcp_file_remembers_the_candidates(tmp_path: Path) -> None:
    puzzle = corpus("royle17.txt", 1, every=777)[0]
    solution = solve(puzzle)
    assert solution is not None
    hcp, tour = tmp_path / "p.hcp", tmp_path / "p.tour"
    line = puzzle.to_line()
    assert main(["export-hcp", line, "-o", str(hcp), "--reduce", "--candidates", "local"]) == 0
    problem = read_hcp(hcp)
    assert " candidates=" in problem.comment
    export = export_for_hcp_file(puzzle, hcp)
    assert export.allowed == position_masks(local_position(puzzle))
    assert problem.dimension < export_graph(puzzle, reduce=True).dimension
    write_tour(tour, Tour("p", "", tuple(tour_of(export, solution.values))))
    assert main(["import-tour", line, str(tour), "--hcp", str(hcp)]) == 0
