"""Malformed input: each case gives the message it must, located; nothing crashes (fuzzed)."""

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_workbench.core import FormatError, Grid, ProblemKind
from sudoku_workbench.formats import format_block, format_pencilmarks, parse_puzzle, read_file, read_puzzles
from tests.conftest import REPO
from tests.formats.conftest import outcome

LINE = (REPO / "resources" / "puzzles" / "hard-top95-first.txt").read_text(encoding="utf-8").split()[0]
SIZES = "16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16) or 625 (25x25)"
BLOCK = format_block(parse_puzzle(LINE))  # 13 lines: frame, 3 rows, frame, 3 rows, frame, 3 rows, frame
PENCIL = format_pencilmarks(parse_puzzle(LINE))

MALFORMED = [
    ("wrong length", LINE[:80], f"<input>, line 1: expected {SIZES} cells but found 80"),
    ("too long", LINE + "1", f"<input>, line 1: expected {SIZES} cells but found 82"),
    (
        "bad character",
        LINE[:40] + "x" + LINE[41:],
        "<input>, line 1, column 41: 'x' is not a digit of a 9x9 grid",
    ),
    ("digit too big for 4x4", "5" + "." * 15, "<input>, line 1, column 1: '5' is not a digit of a 4x4 grid"),
    (
        "7x7 box size",
        "1......\n" * 7,
        f"<input>, line 1: expected {SIZES} cells but found 49: a 7x7 grid has no standard box shape",
    ),
    (
        "10x10 numbers",
        " ".join(["0"] * 100),
        f"<input>, line 1: expected {SIZES} numbers but found 100: a 10x10 grid has no standard box shape",
    ),
    (
        "10x10 block of numbers",
        "\n".join(" ".join(["10"] + ["0"] * 9) for _ in range(10)),
        f"<input>, line 1: expected {SIZES} cells but found 100: a 10x10 grid has no standard box shape",
    ),
    (
        "number too big",
        " ".join(["17"] + ["0"] * 255),
        "<input>, line 1, column 1: '17' is not a digit of a 16x16 grid (0 or . for a blank, 1 to 16)",
    ),
    ("empty file", "", "<input>: empty input: no puzzle found (only blank lines, # comments or sections)"),
    (
        "only comments",
        "# nothing\n\n#A author\n",
        "<input>: empty input: no puzzle found (only blank lines, # comments or sections)",
    ),
    (
        "binary garbage",
        "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        "<input>, line 1, column 1: binary data: control character U+0089 is not puzzle text",
    ),
    (
        "undecodable byte",
        "\udcff" + LINE[1:],
        "<input>, line 1, column 1: binary data: byte 0xFF is not UTF-8 text",
    ),
    (
        "short block row",
        BLOCK.replace("| . 3 . |", "| . 3 |"),
        "<input>, line 3: expected 9 cells in this row, as in a 9x9 grid, but found 8",
    ),
    (
        "missing block row",
        "\n".join(BLOCK.splitlines()[:-2]),
        "<input>, line 11: expected 9 rows of 9 cells (a 9x9 grid) but found 8 rows",
    ),
    (
        "bad pencil mark",
        PENCIL.replace("1679", "16x9", 1),
        "<input>, line 2, column 13: 'x' is not a candidate of a 9x9 grid"
        " (each cell lists its candidates, - for none)",
    ),
    ("two puzzles", f"{LINE}\n{LINE}\n", "<input>, line 2: expected one puzzle, but another one starts here"),
    (
        "broken document",
        '{"format": "sudoku-workbench",\n "version": 1,,}',
        "<input>, line 2, column 15: broken JSON: Expecting property name enclosed in double quotes",
    ),
]


@pytest.mark.parametrize(("text", "message"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_malformed_input_gives_its_message(text, message):
    with pytest.raises(FormatError) as caught:
        parse_puzzle(text)
    assert str(caught.value) == message


def test_contradictory_givens_are_a_grid_whose_problems_say_so():
    grid = parse_puzzle("11" + LINE[2:])
    problems = grid.problems()
    assert problems, "two 1s in row 1 must be reported"
    assert problems[0].kind is ProblemKind.DUPLICATE
    assert problems[0].describe(grid.geometry) == "1 appears more than once in row 1: r1c1, r1c2"


def test_a_binary_file_is_reported_once_and_reading_stops(tmp_path):
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    results = list(read_puzzles(path))
    assert 1 <= len(results) <= 2  # the first line (a bad byte) and the control character that stops it
    assert all(isinstance(r, FormatError) and r.message.startswith("binary data") for r in results)
    with pytest.raises(FormatError, match="binary data"):
        read_file(path)


def test_a_file_that_is_not_utf8_names_the_byte(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"#A Jos\xe9\n" + LINE.encode() + b"\n" + b"\xe9" + LINE[1:].encode() + b"\n")
    first, second = read_puzzles(path)
    assert isinstance(first, Grid)  # the undecodable byte in a header line is harmless
    assert str(second) == f"{path}, line 3, column 1: binary data: byte 0xE9 is not UTF-8 text"


@given(st.text())
def test_any_text_gives_a_grid_or_a_format_error(text):
    result = outcome(parse_puzzle, text)
    assert isinstance(result, Grid) or (isinstance(result, FormatError) and result.message)


@given(st.binary())
def test_any_bytes_stream_into_grids_or_format_errors(data):
    stream = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")
    assert all(isinstance(r, Grid | FormatError) for r in read_puzzles(stream))


@given(
    st.lists(
        st.sampled_from(
            [LINE, LINE[:80], "|", "+---+", "", "1 2 3", "# c", "[State]", "[Puzzle]", "{", "...|"]
        ),
        max_size=30,
    )
)
def test_line_soup_streams_without_crashing(lines):
    results = list(read_puzzles(io.StringIO("\n".join(lines))))
    assert results
    assert all(isinstance(r, Grid | FormatError) for r in results)


def test_a_lone_row_of_a_picture_says_one_row():
    with pytest.raises(FormatError, match=r"expected 4 rows of 4 cells \(a 4x4 grid\) but found 1 row$"):
        parse_puzzle("| 1 2 | 3 4 |")
