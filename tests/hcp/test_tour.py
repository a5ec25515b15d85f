"""Tour files of every shape read back to the solution; bad tours give located messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core import Grid
from sudoku_workbench.formats.tours import (
    Tour,
    format_concorde_solution,
    format_edge_list_tour,
    format_tour,
    parse_tour,
)
from sudoku_workbench.formats.tsplib import format_hcp
from sudoku_workbench.hcp.export import HcpExport, export_graph
from sudoku_workbench.hcp.tour import TourError, grid_from_tour
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus
from tests.hcp.helpers import tour_of

SHAPES = {"tour": format_tour, "concorde": format_concorde_solution, "edges": format_edge_list_tour}


@pytest.fixture(scope="module")
def nine() -> tuple[Grid, Grid]:
    puzzle = corpus("royle17.txt", 1, every=1234)[0]
    solution = solve(puzzle)
    assert solution is not None
    return puzzle, solution


@pytest.fixture(scope="module")
def reduced(nine: tuple[Grid, Grid]) -> tuple[HcpExport, list[int]]:
    export = export_graph(nine[0], "undirected", reduce=True)
    return export, tour_of(export, nine[1].values)


CASES = [
    ("tour", False, "undirected", True),
    ("tour", True, "undirected", True),
    ("concorde", True, "undirected", True),
    ("edges", False, "undirected", True),
    ("edges", True, "compact", False),
    ("concorde", False, "compact", True),
]


@pytest.mark.parametrize(("shape", "backwards", "variant", "reduce"), CASES)
def test_import_tour_reads_every_shape_back(
    nine: tuple[Grid, Grid],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    shape: str,
    backwards: bool,
    variant: str,
    reduce: bool,
) -> None:
    puzzle, solution = nine
    export = export_graph(puzzle, variant, reduce)  # type: ignore[arg-type]
    nodes = tour_of(export, solution.values)
    nodes = nodes[::-1] if backwards else nodes
    (tmp_path / "p.hcp").write_text(format_hcp(export.problem()))
    (tmp_path / "p.tour").write_text(SHAPES[shape](Tour("t", "", tuple(nodes))))
    code = main(["import-tour", puzzle.to_line(), str(tmp_path / "p.tour"), "--hcp", str(tmp_path / "p.hcp")])
    assert code == 0
    assert capsys.readouterr().out.strip() == solution.to_line()


def test_import_tour_takes_the_options_without_hcp(
    nine: tuple[Grid, Grid], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle, solution = nine
    export = export_graph(puzzle, "directed", givens="paper")
    (tmp_path / "d.tour").write_text(format_tour(Tour("t", "", tuple(tour_of(export, solution.values)))))
    args = ["import-tour", puzzle.to_line(), str(tmp_path / "d.tour"), "--variant", "directed"]
    assert main([*args, "--givens", "paper"]) == 0
    assert capsys.readouterr().out.strip() == solution.to_line()


def test_a_missing_vertex_is_named(reduced: tuple[HcpExport, list[int]]) -> None:
    export, nodes = reduced
    broken = list(nodes)
    gone = broken[10]
    broken[10] = broken[11]
    with pytest.raises(TourError, match=rf"vertex {gone} \(.*\) is never visited \(position 12 visits"):
        grid_from_tour(export, broken)


def test_a_non_edge_is_located(reduced: tuple[HcpExport, list[int]]) -> None:
    export, nodes = reduced
    broken = list(nodes)
    broken[5], broken[500] = broken[500], broken[5]
    with pytest.raises(TourError, match=r"positions 5 and 6: vertex .* is not an edge of the graph"):
        grid_from_tour(export, broken)


def test_a_wrong_length_is_reported(reduced: tuple[HcpExport, list[int]]) -> None:
    export, nodes = reduced
    with pytest.raises(TourError, match=rf"the tour has {len(nodes) - 1} vertices, the graph {len(nodes)}"):
        grid_from_tour(export, nodes[:-1])


def test_a_zero_based_tour_in_a_tsplib_file_is_refused_with_a_hint(
    reduced: tuple[HcpExport, list[int]],
) -> None:
    export, nodes = reduced
    mislabelled = Tour("t", "", tuple(v - 1 for v in nodes), base=1)
    with pytest.raises(TourError, match="Counted from 0 instead of 1, the same numbers form a Hamiltonian"):
        grid_from_tour(export, mislabelled)


def test_a_one_based_concorde_file_is_refused_by_the_reader() -> None:
    text = format_concorde_solution(Tour("t", "", (1, 2, 3))).replace("\n0 1 2", "\n1 2 3")
    with pytest.raises(ValueError, match=r"line 2, column 5: node 3 is outside 0..2 \(a 1-based file"):
        parse_tour(text, "c.sol")


def test_a_shifted_tour_within_range_still_fails_the_check(reduced: tuple[HcpExport, list[int]]) -> None:
    """Numbers shifted by one but all in range read as a wrong tour, which the graph check catches."""
    export, nodes = reduced
    shifted = [v % len(nodes) + 1 for v in nodes]
    with pytest.raises(TourError, match="is not an edge"):
        grid_from_tour(export, shifted)


def test_import_tour_cli_reports_the_file(
    reduced: tuple[HcpExport, list[int]],
    nine: tuple[Grid, Grid],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    nodes = reduced[1]
    swapped = [nodes[1], nodes[0], *nodes[2:]]
    (tmp_path / "bad.tour").write_text(format_tour(Tour("t", "", tuple(swapped))))
    code = main(["import-tour", nine[0].to_line(), str(tmp_path / "bad.tour"), "--reduce"])
    assert code == 2
    assert "bad.tour: positions " in capsys.readouterr().err


def test_a_short_tsplib_tour_is_refused_by_the_reader(reduced: tuple[HcpExport, list[int]]) -> None:
    nodes = reduced[1]
    text = format_tour(Tour("t", "", tuple(nodes[:-1])), dimension=len(nodes))
    with pytest.raises(ValueError, match=rf"TOUR_SECTION lists {len(nodes) - 1} nodes but DIMENSION is"):
        parse_tour(text, "short.tour")


def test_import_tour_refuses_an_hcp_file_of_another_puzzle(
    nine: tuple[Grid, Grid], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = corpus("royle17.txt", 2, every=7)[1]
    (tmp_path / "o.hcp").write_text(format_hcp(export_graph(other).problem()))
    (tmp_path / "o.tour").write_text("3\n0 1 2\n")
    assert (
        main(["import-tour", nine[0].to_line(), str(tmp_path / "o.tour"), "--hcp", str(tmp_path / "o.hcp")])
        == 2
    )
    assert "was exported from another puzzle" in capsys.readouterr().err
