"""format_x then parse gives the same grid, for every size and every format, directly and auto-detected."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Grid
from sudoku_workbench.formats import (
    format_block,
    format_numbers,
    format_pencilmarks,
    format_sdk,
    format_ss,
    parse_block,
    parse_line,
    parse_pencilmarks,
    parse_puzzle,
    parse_sdk,
    parse_ss,
    read_puzzles,
)
from tests.formats.conftest import positions, puzzles


def _sdm(grid: Grid) -> str:
    return grid.to_line(blank="0")


def _sdk_with_headers(grid: Grid) -> str:
    return format_sdk(grid, {"A": "Ann Author", "D": "a test puzzle", "L": "Hard"})


FORMATS = [
    ("line", Grid.to_line, parse_line),
    ("numbers", format_numbers, parse_line),
    ("sdm", _sdm, parse_line),
    ("block", format_block, parse_block),
    ("ss", format_ss, parse_ss),
    ("sdk", _sdk_with_headers, parse_sdk),
]


@pytest.mark.parametrize(("name", "write", "parse"), FORMATS, ids=[f[0] for f in FORMATS])
@given(grid=puzzles())
def test_format_then_parse_gives_the_same_grid(name, write, parse, grid):
    text = write(grid)
    assert parse(text) == grid
    assert parse_puzzle(text, name) == grid


@given(grid=positions())
def test_pencil_marks_round_trip_keeps_every_candidate(grid):
    text = format_pencilmarks(grid)
    for parsed in (parse_pencilmarks(text), parse_puzzle(text)):
        assert parsed.values == grid.values
        assert parsed.candidates == grid.candidates
        assert parsed.entries == (0,) * grid.geometry.size  # a single digit reads as a given


# 16x16 .sdk rows are 16 characters, the length of a 4x4 one-line puzzle: streams need separators there
STREAMABLE = [f for f in FORMATS if f[0] != "sdk"] + [("pencil", format_pencilmarks, parse_pencilmarks)]


@settings(max_examples=40)
@given(
    items=st.lists(st.tuples(puzzles(), st.sampled_from(STREAMABLE)), min_size=1, max_size=5),
    gap=st.sampled_from(["\n", "\n\n", "\n# a comment\n\n"]),
)
def test_a_stream_of_mixed_formats_reads_back_record_by_record(items, gap):
    text = gap.join(write(grid).rstrip("\n") for grid, (_name, write, _parse) in items) + "\n"
    got = list(read_puzzles(io.StringIO(text)))
    assert got == [parse(write(grid)) for grid, (_name, write, parse) in items]
