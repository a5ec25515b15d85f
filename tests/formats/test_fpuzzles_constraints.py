"""Thermometers, arrows, dots and XV in f-puzzles JSON, links and documents: read, written, refused."""

from __future__ import annotations

import json

import pytest

from sudoku_workbench.core.constraints import XV, Arrow, Dot, NoOtherDots, NoOtherXV, Thermo
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import geometry, with_constraints
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.formats.document import format_document, parse_document
from sudoku_workbench.formats.files import read_file, write_file
from sudoku_workbench.formats.fpuzzles import format_fpuzzles, format_link, parse_fpuzzles, parse_link

EVERY_KIND = (
    Thermo((0, 1, 2, 11)),
    Thermo((20, 10)),
    Arrow((30, 31), (40, 50, 60)),
    Arrow((31, 30), (22,)),
    Arrow((70,), (61, 62)),
    Dot(4, 5, False),
    Dot(5, 14, True),
    XV(6, 7, 10),
    XV(7, 16, 5),
    NoOtherDots(True, False),
    NoOtherXV(),
)


def _grid() -> Grid:
    return Grid.from_values(with_constraints(geometry(3, 3), EVERY_KIND), [0] * 80 + [9])


def test_every_kind_round_trips_through_json_and_links() -> None:
    grid = _grid()
    assert parse_fpuzzles(format_fpuzzles(grid)) == grid
    link = format_link(grid)
    assert parse_link(link) == grid
    assert format_link(parse_link(link)) == link
    assert parse_document(format_document(History(grid))).grid == grid


def _puzzle(**keys: object) -> str:
    return json.dumps({"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], **keys})


def test_f_puzzles_keys_mean_what_the_decoders_read() -> None:
    grid = parse_fpuzzles(
        _puzzle(
            thermometer=[{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"]]}],
            arrow=[{"cells": ["R3C1", "R3C2"], "lines": [["R3C2", "R4C3", "R4C4"]]}],
            difference=[{"cells": ["R2C2", "R2C3"]}],
            ratio=[{"cells": ["R2C4", "R1C4"], "value": "2"}],
            xv=[{"cells": ["R2C3", "R3C3"], "value": "V"}],
            negative=["ratio", "xv"],
            nonconsecutive=True,
        )
    )
    assert grid.geometry.constraints == (
        Thermo((0, 1, 2)),
        Thermo((0, 4)),
        Arrow((8, 9), (14, 15)),
        Dot(3, 7, True),
        Dot(5, 6, False),
        XV(6, 10, 5),
        NoOtherDots(True, True),
        NoOtherXV(),
    )


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        (
            {"difference": [{"cells": ["R1C1", "R1C2"], "value": 3}]},
            r"difference\[0\]\.value.*difference of 3",
        ),
        ({"ratio": [{"cells": ["R1C1", "R2C2"]}]}, r"ratio\[0\].*not between two cells side by side"),
        ({"thermometer": [{"lines": [["R1C1", "R1C3"]]}]}, r"thermometer\[0\].*jumps from r1c1 to r1c3"),
        ({"arrow": [{"cells": ["R1C1"], "lines": []}]}, r"arrow\[0\].*empty shaft"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, r"xv\[0\]\.value.*no XV mark"),
        ({"negative": ["sandwich"]}, r"negative.*'sandwich' has no rules here yet"),
        ({"thermometer": [{"lines": [["R1C1", "R9C9"]]}]}, r"'R9C9' is not a cell R1C1 to R4C4"),
        (
            {"difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [{"cells": ["R1C2", "R1C1"]}]},
            "difference: the black dot r1c1–r1c2 and the white dot r1c1–r1c2 mark the same two cells",
        ),
    ],
)
def test_bad_constraints_in_a_puzzle_are_named(keys: dict[str, object], words: str) -> None:
    with pytest.raises(FormatError, match=words):
        parse_fpuzzles(_puzzle(**keys))


def test_a_document_refuses_a_constraint_it_does_not_know() -> None:
    data = json.loads(format_document(History(_grid())))
    data["constraints"]["renban"] = []
    with pytest.raises(FormatError, match="'renban' is not a constraint"):
        parse_document(json.dumps(data))


@pytest.mark.parametrize("suffix", [".txt", ".sdm", ".sdk"])
def test_a_line_or_picture_refuses_constraints_instead_of_dropping_them(tmp_path, suffix: str) -> None:
    with pytest.raises(FormatError, match="no room for thermometers"):
        write_file(tmp_path / f"p{suffix}", _grid())
    write_file(tmp_path / "p.sudoku", _grid())
    assert read_file(tmp_path / "p.sudoku") == _grid()
