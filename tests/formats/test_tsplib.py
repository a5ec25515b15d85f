"""TSPLIB HCP and tour files, Concorde solution files and edge-list tours: round trips and located errors."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_workbench.core import FormatError
from sudoku_workbench.formats.tours import (
    Tour,
    format_concorde_solution,
    format_edge_list_tour,
    format_tour,
    parse_tour,
    read_tour,
    write_tour,
)
from sudoku_workbench.formats.tsplib import HcpProblem, format_hcp, parse_hcp, read_hcp, write_hcp

H3 = "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n"
SQUARE = HcpProblem("square", "a 4-cycle with a chord", 4, ((1, 2), (2, 3), (3, 4), (4, 1), (1, 3)))


def _same_cycle(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    start = b.index(a[0])
    rotated = b[start:] + b[:start]
    return a == rotated or a == (rotated[:1] + rotated[:0:-1])


def test_hcp_round_trip(tmp_path: Path) -> None:
    text = format_hcp(SQUARE)
    assert "TYPE : HCP" in text
    assert "EDGE_DATA_FORMAT : EDGE_LIST" in text
    assert text.endswith("-1\nEOF\n")
    assert parse_hcp(text) == SQUARE
    write_hcp(tmp_path / "s.hcp", SQUARE)
    assert read_hcp(tmp_path / "s.hcp") == SQUARE


def test_adjacency_list_section() -> None:
    text = "NAME: adj\nTYPE: HCP\nDIMENSION: 4\nEDGE_DATA_FORMAT: ADJ_LIST\nEDGE_DATA_SECTION\n"
    text += "1 2 4 3 -1\n2 3 -1\n3 4 -1\n-1\nEOF\n"
    problem = parse_hcp(text)
    assert problem.dimension == 4
    assert sorted(problem.edges) == [(1, 2), (1, 3), (1, 4), (2, 3), (3, 4)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("TYPE : TSP\nDIMENSION : 3\nEDGE_DATA_SECTION\n-1\n", "line 1: TYPE is 'TSP'"),
        ("TYPE : HCP\nEDGE_DATA_SECTION\n1 2\n-1\n", "DIMENSION is missing"),
        (
            "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n2 4\n-1\n",
            "line 5, column 3: node 4 is outside 1..3",
        ),
        (
            "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n0 1\n-1\n",
            "line 5, column 1: node 0 is outside 1..3 \\(a 0-based",
        ),
        (
            "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 2 3\n-1\n",
            "line 4, column 5: the edge list ends half way",
        ),
        (
            "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 x\n-1\n",
            "line 4, column 3: 'x' is not a whole number",
        ),
        (
            "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_FORMAT : WEIRD\nEDGE_DATA_SECTION\n-1\n",
            "line 3: EDGE_DATA_FORMAT 'WEIRD'",
        ),
        ("hello world\n", "line 1: expected a 'KEYWORD : value' line"),
    ],
)
def test_bad_hcp_files_are_located(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse_hcp(text, "g.hcp")


@pytest.mark.parametrize(
    ("dump", "base", "shape"),
    [
        (format_tour, 1, "tour"),
        (format_concorde_solution, 0, "concorde"),
        (format_edge_list_tour, 0, "edges"),
    ],
)
def test_tour_shapes_round_trip(dump: Callable[[Tour], str], base: int, shape: str) -> None:
    tour = Tour("t", "", (3, 1, 4, 12, 5, 9, 2, 6, 11, 7, 8, 10))
    read = parse_tour(dump(tour), "t")
    assert (read.base, read.shape) == (base, shape)
    assert _same_cycle(tour.nodes, read.one_based())


def test_tsplib_tour_file(tmp_path: Path) -> None:
    write_tour(tmp_path / "a.tour", Tour("a", "from LKH", (2, 1, 3)))
    read = read_tour(tmp_path / "a.tour")
    assert (read.name, read.comment, read.nodes, read.base) == ("a", "from LKH", (2, 1, 3), 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the tour file is empty"),
        ("3\n0 1\n", "line 1: the file announces 3 nodes but lists 2"),
        ("3\n0 1 3\n", "line 2, column 5: node 3 is outside 0..2 \\(a 1-based"),
        ("NAME : x\nDIMENSION : 3\nTOUR_SECTION\n1 2\n-1\n", "TOUR_SECTION lists 2 nodes but DIMENSION is 3"),
        ("NAME : x\nDIMENSION : 3\n", "no TOUR_SECTION"),
        ("3 3\n0 1 1\n1 2 1\n2 1 1\n", "line 4: node 1 is on more than two edges"),
        ("6 6\n0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n", "more than one cycle; node 3 is not on the first"),
        ("3 2\n0 1\n1 2\n", "a tour of 3 nodes has 3 edges, not 2"),
    ],
)
def test_bad_tours_are_located(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse_tour(text, "t.tour")
