"""Files by suffix, corpus files read as streams, and the CLI input helper."""

import io
import itertools
import sys

import pytest

from sudoku_workbench.cli._io import iter_input
from sudoku_workbench.core import FormatError, Grid
from sudoku_workbench.formats import parse_line, read_file, read_puzzles, write_file, write_puzzles
from tests.conftest import corpus_lines, data_file, data_files

SUFFIXES = [".txt", ".sdm", ".sdk", ".ss", ".json", ".sudoku"]


def _random_puzzle(geo, rng) -> Grid:
    return Grid.from_values(
        geo, [rng.randint(1, geo.n) if rng.random() < 0.3 else 0 for _ in range(geo.size)]
    )


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_write_then_read_a_file_of_each_suffix(tmp_path, any_geometry, rng, suffix):
    grid = _random_puzzle(any_geometry, rng)
    path = tmp_path / f"puzzle{suffix}"
    write_file(path, grid)
    assert read_file(path) == grid


def test_a_document_file_keeps_entries_and_pencil_marks(tmp_path, any_geometry, rng):
    grid = _random_puzzle(any_geometry, rng)
    cell = grid.empty_cells[0]
    worked = grid.place(cell, grid.candidates_of(cell)[0]).eliminate([(grid.empty_cells[-1], 1)])
    write_file(tmp_path / "game.json", worked)
    assert read_file(tmp_path / "game.json") == worked


def test_an_unknown_suffix_is_refused_with_the_known_ones(tmp_path):
    with pytest.raises(
        FormatError, match=r"cannot write \.png: use one of \.txt, \.sdm, \.sdk, \.ss, \.json"
    ):
        write_file(tmp_path / "x.png", parse_line(corpus_lines("top95.txt", count=1)[0]))


def test_write_puzzles_then_read_puzzles_and_read_file_takes_the_first(tmp_path):
    grids = [parse_line(line) for line in corpus_lines("top95.txt", count=5)]
    path = tmp_path / "set.sdm"
    assert write_puzzles(path, grids) == 5
    assert "." not in path.read_text()  # .sdm writes 0 for a blank
    assert list(read_puzzles(path)) == grids
    assert read_file(path) == grids[0]


@pytest.mark.parametrize("name", [p.name for p in data_files()])
def test_every_corpus_file_streams_like_line_by_line_parsing(name):
    with data_file(name).open(encoding="utf-8") as handle:
        streamed = list(itertools.islice(read_puzzles(handle), 300))
    expected = [parse_line(line, name, i) for i, line in enumerate(corpus_lines(name, count=300), 1)]
    assert streamed == expected


def test_iter_input_reads_stdin_as_bytes_and_leaves_it_open(monkeypatch):
    lines = corpus_lines("top95.txt", count=2)
    data = f"{lines[0]}\n\xff{lines[1][1:]}\n{lines[1]}\n".encode("latin-1")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    records = list(iter_input("-"))
    assert [n for n, _ in records] == [1, 2, 3]
    assert records[0][1] == parse_line(lines[0])
    assert str(records[1][1]) == "<stdin>, line 2, column 1: binary data: byte 0xFF is not UTF-8 text"
    assert records[2][1] == parse_line(lines[1])
    assert not stdin.buffer.closed


def test_iter_input_on_a_missing_file_raises_a_format_error(tmp_path):
    with pytest.raises(FormatError, match=r"missing\.txt: no such file"):
        next(iter_input(str(tmp_path / "missing.txt")))
