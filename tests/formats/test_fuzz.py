"""Fuzzing every reader: any bytes or text give a value or a FormatError, never another exception.

Each reader gets raw bytes, arbitrary text, text over its own alphabet and text shaped like its format
(a header with random numbers), so the fuzzing reaches past the first line. The quick run (150 inputs a
reader) is part of the default suite; the long run (10,000 a reader, about 10 minutes on 2 cores) is
marked slow and fuzz, and runs with ``make fuzz``, not in CI's run.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.block import parse_block, parse_pencilmarks
from sudoku_workbench.formats.dimacs import parse_cnf, parse_col, parse_model, read_model
from sudoku_workbench.formats.document import parse_document, read_document
from sudoku_workbench.formats.reading import read_lines
from sudoku_workbench.formats.records import parse_puzzle, read_puzzles
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.formats.tours import parse_tour, read_tour
from sudoku_workbench.formats.tsplib import parse_hcp, read_hcp

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
_SCRATCH_DIR = tempfile.TemporaryDirectory(prefix="sudoku-fuzz-")  # removed when the session ends
_SCRATCH = Path(_SCRATCH_DIR.name)


def _numbers_text(head: str) -> st.SearchStrategy[str]:
    """``head`` then lines of small (sometimes negative or huge) numbers, as the number formats are."""
    number = st.one_of(st.integers(-2, 30), st.integers(), st.sampled_from(["-1", "x", "", "0", "EOF"]))
    line = st.lists(number, max_size=6).map(lambda xs: " ".join(map(str, xs)))
    return st.lists(line, max_size=30).map(lambda lines: head + "\n".join(lines))


def _texts(alphabet: str, *shapes: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.text(), st.text(alphabet=alphabet), *shapes)


_PUZZLE_CHARS = "0123456789.ABCDEFGabcdefg |-+*\n\r\t#[]{}:'=,"
_PUZZLE_TEXT = _texts(
    _PUZZLE_CHARS,
    st.lists(
        st.sampled_from([EASY, EASY[:40], "5 3 . | . 7 .", "+---+---+", "#A author", "[Puzzle]", ""])
    ).map("\n".join),
    st.text(alphabet="123456789.", min_size=70, max_size=90),
)
_DOCUMENT_HEAD = '{"format": "sudoku-workbench", "version": 1, "box": [3, 3], "puzzle": "' + EASY + '", '
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_DOCUMENT_KEYS = st.sampled_from(["position", "start", "history", "cursor", "title", "entries", "candidates"])
_DOCUMENT_TEXT = st.one_of(
    st.text(),
    st.text(alphabet='{}[]":,0123456789.abc \n'),
    st.dictionaries(_DOCUMENT_KEYS, _JSON, max_size=5).map(
        lambda d: _DOCUMENT_HEAD + ", ".join(f'"{k}": {_json(v)}' for k, v in d.items()) + "}"
    ),
)
_HCP_TEXT = _texts(
    "0123456789-: \nABCDEFGHIJKLMNOPQRSTUVWXYZ_",
    st.sampled_from(["EDGE_LIST", "ADJ_LIST", "FULL_MATRIX"]).flatmap(
        lambda layout: _numbers_text(
            f"TYPE : HCP\nDIMENSION : 6\nEDGE_DATA_FORMAT : {layout}\nEDGE_DATA_SECTION\n"
        )
    ),
)
_TOUR_TEXT = _texts(
    "0123456789- \n:TOUR_SECTIONDIMENSION",
    _numbers_text("TYPE : TOUR\nDIMENSION : 5\nTOUR_SECTION\n"),
    _numbers_text("5\n"),
    _numbers_text("4 4\n"),
)
_CNF_TEXT = _texts("0123456789- \ncp nf", _numbers_text("p cnf 5 3\n"), _numbers_text("c x\np cnf 3 1\n"))
_COL_TEXT = _texts(
    "0123456789 \nep edg", _numbers_text("p edge 4 2\n").map(lambda t: t.replace("\n", "\ne "))
)
_MODEL_TEXT = _texts("0123456789- \nsvSATUNIKOW", _numbers_text("s SATISFIABLE\nv "))


def _json(value: Any) -> str:
    return json.dumps(value)


def _bytes_of(text: st.SearchStrategy[str]) -> st.SearchStrategy[bytes]:
    """Raw bytes, and the format's texts encoded as UTF-8, UTF-16 or Latin-1 (where possible)."""
    encodings = st.sampled_from(["utf-8", "utf-16", "utf-16-le", "latin-1"])
    encoded = st.tuples(text, encodings).map(lambda pair: pair[0].encode(pair[1], errors="replace"))
    return st.one_of(st.binary(max_size=400), encoded)


def _file(data: bytes) -> Path:
    path = _SCRATCH / "input"
    path.write_bytes(data)
    return path


def _stream_records(data: bytes) -> object:
    return list(read_puzzles(read_lines(io.BytesIO(data), "<fuzz>"), "<fuzz>"))


def _file_records(data: bytes) -> object:
    return list(read_puzzles(_file(data)))


_PUZZLE = Grid.from_values(parse_line(EASY).geometry, [0] * 81)

#: Every reader, with what it is fed.
READERS: dict[str, tuple[Callable[[Any], object], st.SearchStrategy[Any]]] = {
    "parse_puzzle (format detection)": (parse_puzzle, _PUZZLE_TEXT),
    "parse_line": (parse_line, _PUZZLE_TEXT),
    "parse_block": (parse_block, _PUZZLE_TEXT),
    "parse_pencilmarks": (parse_pencilmarks, _PUZZLE_TEXT),
    "read_puzzles (byte stream)": (_stream_records, _bytes_of(_PUZZLE_TEXT)),
    "read_puzzles (file)": (_file_records, _bytes_of(_PUZZLE_TEXT)),
    "parse_document": (parse_document, _DOCUMENT_TEXT),
    "read_document (file)": (lambda data: read_document(_file(data)), _bytes_of(_DOCUMENT_TEXT)),
    "parse_hcp": (parse_hcp, _HCP_TEXT),
    "read_hcp (file)": (lambda data: read_hcp(_file(data)), _bytes_of(_HCP_TEXT)),
    "parse_tour": (parse_tour, _TOUR_TEXT),
    "read_tour (file)": (lambda data: read_tour(_file(data), 6), _bytes_of(_TOUR_TEXT)),
    "parse_cnf": (parse_cnf, _CNF_TEXT),
    "parse_col": (parse_col, _COL_TEXT),
    "parse_model": (parse_model, _MODEL_TEXT),
    "read_model (file)": (lambda data: read_model(_file(data), _PUZZLE), _bytes_of(_MODEL_TEXT)),
}


def fuzz(name: str, examples: int) -> int:
    """Feed a reader ``examples`` inputs; return how many it was given (hypothesis may add a few)."""
    reader, strategy = READERS[name]
    calls = 0

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(strategy)
    def check(data: Any) -> None:
        nonlocal calls
        calls += 1
        with contextlib.suppress(FormatError):
            reader(data)

    check()
    return calls


@pytest.mark.parametrize("name", sorted(READERS))
def test_fuzz_quick(name):
    assert fuzz(name, 150) >= 150


@pytest.mark.slow
@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(READERS))
def test_fuzz_long(name):
    tried = fuzz(name, 10_000)
    print(f"fuzz {name}: {tried} inputs")
    assert tried >= 10_000
