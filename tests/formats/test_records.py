import io

import pytest

from sudoku_workbench.cli._io import iter_input
from sudoku_workbench.core import FormatError, Grid
from sudoku_workbench.formats import format_block, format_ss, numbered_puzzles, parse_puzzle, read_puzzles
from tests.conftest import corpus_lines, data_file

LINES = corpus_lines("top95.txt", count=3)


def test_a_bad_line_in_the_middle_is_reported_and_the_rest_still_read():
    text = "\n".join([LINES[0], "x" + LINES[1][1:], LINES[2] + " 4.5 rating-id"]) + "\n"
    results = list(numbered_puzzles(io.StringIO(text), "three.txt"))
    assert [line for line, _ in results] == [1, 2, 3]
    first, bad, last = (r for _, r in results)
    assert isinstance(first, Grid)
    assert first.to_line() == LINES[0]
    assert isinstance(bad, FormatError)
    assert (bad.source, bad.line, bad.column) == ("three.txt", 2, 1)
    assert "'x' is not a digit of a 9x9 grid" in str(bad)
    assert isinstance(last, Grid)
    assert last.to_line() == LINES[2]


def test_block_pictures_separated_by_blank_lines_stream_as_records():
    grids = [parse_puzzle(line) for line in LINES]
    text = format_block(grids[0]) + "\n" + format_ss(grids[1]) + "\n" + LINES[2] + "\n"
    assert [g.to_line() for g in read_puzzles(io.StringIO(text)) if isinstance(g, Grid)] == LINES


def test_iter_input_numbers_records_of_a_corpus_file():
    records = list(iter_input(str(data_file("four_vu100.txt"))))
    assert [n for n, _ in records] == list(range(1, 101))
    assert all(isinstance(g, Grid) and g.geometry.n == 4 for _, g in records)


def test_a_missing_file_is_a_format_error_naming_it(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(FormatError, match=r"nope\.txt: no such file"):
        next(read_puzzles(missing))
