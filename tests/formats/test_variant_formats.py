"""Variant puzzles in and out: one-line text with a region map, documents, f-puzzles JSON and links."""

from __future__ import annotations

import json
import random

import lzstring
import pytest

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.formats.document import format_document, parse_document
from sudoku_workbench.formats.files import write_file
from sudoku_workbench.formats.fpuzzles import format_fpuzzles, format_link, parse_fpuzzles, parse_link
from sudoku_workbench.formats.records import parse_puzzle, read_puzzles
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.solve import solutions

SHAPES = {
    "jigsaw": lambda: random_jigsaw(9, random.Random(1), symmetric=True),
    "jigsaw-7": lambda: random_jigsaw(7, random.Random(2)),
    "jigsaw-16": lambda: random_jigsaw(16, random.Random(3)),
    "x": lambda: geometry(3, 3, ("x",)),
    "windoku": lambda: geometry(3, 3, ("windoku",)),
    "disjoint": lambda: geometry(3, 3, ("disjoint",)),
    "antiknight": lambda: geometry(3, 3, ("antiknight",)),
    "antiking": lambda: geometry(3, 3, ("antiking",)),
    "jigsaw-antiking": lambda: random_jigsaw(9, random.Random(4), extras=("antiking",)),
    "windoku-antiknight": lambda: geometry(3, 3, ("windoku", "antiknight")),
}


def _puzzle(kind: str) -> Grid:
    """A third of a random solution grid of the shape as givens: the formats need no unique puzzle."""
    geo = SHAPES[kind]()
    filled = next(solutions(Grid.empty(geo), rng=random.Random(kind)))
    return Grid.from_values(geo, [v if c % 3 == 0 else 0 for c, v in enumerate(filled.values)])


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_every_variant_round_trips_through_each_format(kind, tmp_path):
    grid = _puzzle(kind)
    assert parse_puzzle(grid.to_line()) == grid
    assert parse_document(format_document(History(grid))).grid == grid
    assert parse_fpuzzles(format_fpuzzles(grid)) == grid
    link = format_link(grid)
    assert parse_link(link) == grid
    assert format_link(parse_link(link)) == link  # read, write, read: the same link
    assert parse_puzzle(link) == grid  # a link pasted or on a line of a file is a puzzle too
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{grid.to_line()}\n{link}\n")
    assert list(read_puzzles(path)) == [grid, grid]


def test_entries_travel_as_the_solvers_digits():
    grid = _puzzle("jigsaw")
    open_cell = grid.values.index(0)
    entered = grid.place(open_cell, 1 + grid.candidates[open_cell].bit_length() - 1)
    back = parse_fpuzzles(format_fpuzzles(entered))
    assert back.entries == entered.entries
    assert back.givens == entered.givens


def _link(data: dict[str, object]) -> str:
    return "https://www.f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))


EMPTY: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            _link({"size": 9, "grid": EMPTY, "killercage": [{"cells": ["R1C1"], "value": "30"}]}),
            r"killercage\[0\]: the cage at r1c1 \(sum 30, 1 cell\) cannot be made",
        ),
        (
            _link({"size": 9, "grid": EMPTY, "sparkles": True}),
            "sparkles: an f-puzzles key the workbench does not know",
        ),
        (_link({"size": 9, "grid": [[{"region": 0}] * 9] * 9}), "the region map has 1 regions"),
        (_link({"size": 9, "grid": EMPTY, "diagonal+": True}), "one diagonal alone is not supported"),
        (_link({"size": 9, "grid": EMPTY[:8]}), "expected 9 rows of 9 cells"),
        ("https://www.f-puzzles.com/?load=N4Ig!!", "not base64"),
        ("https://www.f-puzzles.com/?load=AAAA", "does not decode"),
        ("https://sudokupad.app/scl0123", "carries no f-puzzles puzzle"),
        ("." * 81 + " ABC", None),  # a short word after the grid is a comment, as before
        ("." * 81 + " +nonconsecutive", "unknown variant nonconsecutive"),
        ("." * 81 + " " + "A" * 81, "the region map has 1 regions"),
    ],
)
def test_bad_variant_input_gets_one_clear_message(text, message):
    if message is None:
        assert parse_puzzle(text).geometry is geometry(3, 3)
        return
    with pytest.raises(FormatError, match=message):
        parse_puzzle(text)


def test_a_region_map_with_a_hole_is_named_by_region_and_cell():
    regions = list(random_jigsaw(9, random.Random(5)).region_of)
    regions[0], regions[80] = regions[80], regions[0]
    letters = "".join("ABCDEFGHI"[r] for r in regions)
    with pytest.raises(
        FormatError, match=r"line 1, column 83: region \d is in pieces: r\dc\d is not joined to"
    ):
        parse_puzzle("." * 81 + " " + letters)


def test_pictures_refuse_shapes_they_cannot_hold(tmp_path):
    grid = _puzzle("x")
    with pytest.raises(FormatError, match="holds only a classic grid"):
        write_file(tmp_path / "p.sdk", grid)
    write_file(tmp_path / "p.txt", grid)
    assert parse_puzzle((tmp_path / "p.txt").read_text()) == grid
