"""Killer cages in every exchange form: the one-line cage word, f-puzzles JSON and links, documents."""

from __future__ import annotations

import json
import random
import re

import pytest

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import geometry, jigsaw, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import ENTRY, Step
from sudoku_workbench.formats.document import format_document, parse_document
from sudoku_workbench.formats.fpuzzles import format_fpuzzles, format_link, parse_fpuzzles, parse_link
from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.killer_generate import generate_killer
from tests.logic.killer_puzzles import cp_sat_solutions

JIGSAW_6 = "AAAABBAACCBBCCCCBBDDDDEEDDFFEEFFFFEE"


@pytest.fixture(scope="module")
def killers() -> list[Grid]:
    """No-givens killers from the generator (9x9 and 6x6), each checked unique by CP-SAT."""
    made = [generate_killer(geometry(3, 3), random.Random(seed)) for seed in (1, 2)]
    made.append(generate_killer(geometry(2, 3), random.Random(3), merge=False))
    for grid in made:
        assert len(cp_sat_solutions(grid.geometry)) == 1
    return made


def _mixed_killer() -> Grid:
    """A jigsaw with an extra, a given, an entry and cages with and without sums: every shape word."""
    geo = with_cages(
        jigsaw(JIGSAW_6, ("antiking",)),
        [Cage((0, 1), 3), Cage((2, 8, 14), None), Cage((35,), 4)],
    )
    return Grid.from_values(geo, [0] * 20 + [5] + [0] * 15, [0] * 30 + [1] + [0] * 5)


def test_a_generated_killer_round_trips_through_its_line(killers: list[Grid]) -> None:
    for grid in killers:
        line = grid.to_line()
        assert line.split()[-1].startswith("cages:")
        back = parse_line(line)
        assert back == grid
        assert back.geometry is grid.geometry


def test_the_cage_word_follows_a_region_map_and_variant_words() -> None:
    grid = _mixed_killer()
    words = grid.to_line().split()
    assert words[1:3] == [JIGSAW_6, "+antiking"]
    assert words[3] == "cages:" + "AAB..." + "..B..." + "..B..." + "." * 17 + "C" + ":3,-,4"
    assert parse_line(grid.to_line()) == Grid.from_values(grid.geometry, grid.values)


def test_a_bad_cage_word_is_located_at_the_word() -> None:
    line = "." * 16 + " cages:" + "AB.." * 4 + ":10,40"
    with pytest.raises(
        FormatError, match=re.escape("column 18: the cage at r1c2 (sum 40, 4 cells) cannot be made")
    ):
        parse_line(line, "<x>")


def test_a_generated_killer_round_trips_through_an_f_puzzles_link(killers: list[Grid]) -> None:
    for grid in killers:
        link = format_link(grid)
        assert parse_link(link) == grid
        assert parse_puzzle(link, "<link>") == grid
    mixed = _mixed_killer()
    assert parse_link(format_link(mixed)) == mixed


def test_f_puzzles_killer_cages_are_written_as_f_puzzles_writes_them() -> None:
    data = json.loads(format_fpuzzles(_mixed_killer()))
    assert data["killercage"] == [
        {"cells": ["R1C1", "R1C2"], "value": "3"},
        {"cells": ["R1C3", "R2C3", "R3C3"]},
        {"cells": ["R6C6"], "value": "4"},
    ]


def _fpuzzles(cages: object) -> str:
    grid: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps({"size": 9, "grid": grid, "killercage": cages})


def test_f_puzzles_cage_sums_as_text_numbers_or_left_out_are_read() -> None:
    grid = parse_fpuzzles(
        _fpuzzles(
            [
                {"cells": ["R1C1", "R1C2"], "value": "17"},
                {"cells": ["R9C9"], "value": 5},
                {"cells": ["R5C5", "R5C6"], "value": ""},
                {"cells": ["R2C1"]},
            ]
        )
    )
    assert grid.geometry.cages == (Cage((0, 1), 17), Cage((9,), None), Cage((40, 41), None), Cage((80,), 5))


@pytest.mark.parametrize(
    ("cages", "words"),
    [
        (
            [{"cells": ["R1C1", "R1C2"], "value": "50"}],
            "killercage[0]: the cage at r1c1 (sum 50, 2 cells) cannot",
        ),
        ([{"cells": ["R1C1"]}, {"cells": ["R1C2"], "value": "x"}], "killercage[1].value: 'x' is no cage sum"),
        (
            [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R1C2"]}],
            "killercage: the cage at r1c1 (no sum, 2 cells) and",
        ),
        ([{"cells": []}], "killercage[0]: a cage has no cells"),
        ([{"cells": ["R1C1", "R10C1"]}], "killercage[0].cells: 'R10C1' is not a cell R1C1 to R9C9"),
        (["R1C1"], "killercage[0]: expected an object with cells"),
        ({"cells": ["R1C1"]}, "killercage: expected a list"),
    ],
)
def test_bad_f_puzzles_cages_are_refused_naming_the_cage(cages: object, words: str) -> None:
    with pytest.raises(FormatError, match=re.escape(words)):
        parse_fpuzzles(_fpuzzles(cages))


def test_a_document_with_cages_round_trips_through_save_open_and_undo(killers: list[Grid]) -> None:
    puzzle = killers[0]
    history = History(puzzle)
    cell = puzzle.geometry.cages[0].cells[0]
    history.push(Step(ENTRY, ((cell, puzzle.candidates_of(cell)[0]),)))
    text = format_document(history)
    assert json.loads(text)["cages"][0] == {
        "cells": list(puzzle.geometry.cages[0].cells),
        "sum": puzzle.geometry.cages[0].total,
    }
    loaded = parse_document(text)
    assert loaded == history
    assert loaded.grid.geometry is puzzle.geometry
    assert loaded.steps == history.steps
    assert loaded.grid.values[cell]
    assert loaded.undo()
    assert loaded.grid == puzzle
    assert loaded.redo()
    assert loaded.grid == history.grid


def test_undo_of_a_puzzle_edit_brings_the_cages_back() -> None:
    caged = _mixed_killer().puzzle()
    history = History(caged)
    history.edit_puzzle(Grid.empty(caged.geometry.uncaged))
    assert not history.grid.geometry.cages
    assert history.undo()
    assert history.grid.geometry is caged.geometry
    assert history.redo()
    assert history.grid.geometry is caged.geometry.uncaged


@pytest.mark.parametrize(
    ("cages", "words"),
    [
        ([{"cells": [0, 1], "sum": 40}], "cages: the cage at r1c1 (sum 40, 2 cells) cannot be made"),
        ([{"cells": [0, 99], "sum": 3}], "cages[0].cells"),
        ([{"cells": [0], "sum": "3"}], "cages[0].sum: expected"),
        ([[0, 1]], "cages[0]: expected a cage object"),
    ],
)
def test_a_document_with_bad_cages_is_refused_naming_the_field(cages: object, words: str) -> None:
    data = json.loads(format_document(History(_mixed_killer().puzzle())))
    data["cages"] = cages
    with pytest.raises(FormatError, match=re.escape(words)):
        parse_document(json.dumps(data))


def test_an_f_puzzles_cage_in_pieces_keeps_its_one_sum_on_a_line() -> None:
    grid = parse_fpuzzles(_fpuzzles([{"cells": ["R1C1", "R9C9"], "value": "10"}, {"cells": ["R1C2"]}]))
    assert grid.geometry.cages == (Cage((0, 80), 10), Cage((1,), None))
    assert grid.to_line().split()[1] == "cages:AB" + "." * 78 + "A:10,-,^"
    assert parse_line(grid.to_line()) == grid
