"""parse_puzzle recognises each format by itself, as people paste them."""

import io

import pytest

from sudoku_workbench.core import Grid
from sudoku_workbench.formats import format_numbers, parse_puzzle, read_puzzles
from tests.conftest import REPO, corpus_lines

#: The first top95 puzzle, shipped in resources/: the pastes below are drawn from it.
LINE = (REPO / "resources" / "puzzles" / "hard-top95-first.txt").read_text(encoding="utf-8").split()[0]
SIXTEEN = corpus_lines("sixteen_vu100.txt", count=1)[0]

PASTES = {
    "one line with rating and id": LINE + "  7.1  #42",
    "one line with zeros": LINE.replace(".", "0"),
    "numbers on one line": " ".join(c if c != "." else "0" for c in LINE),
    "packed rows": "\n".join(LINE[i : i + 9] for i in range(0, 81, 9)),
    "HoDoKu/SE givens": """
*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
""",
    "newspaper with blank lines between bands": """
4 . .   . . .   8 . 5
. 3 .   . . .   . . .
. . .   7 . .   . . .

. 2 .   . . .   . 6 .
. . .   . 8 .   4 . .
. . .   . 1 .   . . .

. . .   6 . 3   . 7 .
5 . .   2 . .   . . .
1 . 4   . . .   . . .
""",
    "SadMan sdk with headers and state": "#AAnn Author\n#DA hard one\n#LHard\n[Puzzle]\n"
    + "\n".join(LINE[i : i + 9] for i in range(0, 81, 9))
    + "\n[State]\n"
    + "\n".join("123456789" for _ in range(9)),
}


@pytest.mark.parametrize("text", PASTES.values(), ids=PASTES.keys())
def test_a_paste_of_a_puzzle_is_recognised(text):
    assert parse_puzzle(text).to_line() == LINE


HODOKU_PENCIL = """
.----------------------.----------------------.----------------------.
| 4      1679   12679  | 139    2369   1269   | 8      1239   5      |
| 26789  3      1256789| 14589  24569  1245689| 12679  1249   124679 |
| 2689   15689  125689 | 7      234569 1245689| 12369  12349  123469 |
:----------------------+----------------------+----------------------:
| 3789   2      135789 | 3459   34579  4579   | 13579  6      13789  |
| 3679   15679  135679 | 359    8      25679  | 4      12359  12379  |
| 36789  456789 356789 | 3459   1      245679 | 23579  23589  23789  |
:----------------------+----------------------+----------------------:
| 289    89     289    | 6      459    3      | 1259   7      12489  |
| 5      6789   36789  | 2      479    14789  | 1369   13489  134689 |
| 1      6789   4      | 589    579    5789   | 23569  23589  23689  |
'----------------------'----------------------'----------------------'
"""


def test_a_hodoku_pencil_mark_grid_gives_exactly_its_candidates():
    grid = parse_puzzle(HODOKU_PENCIL)
    assert grid.to_line() == LINE
    assert grid.givens == grid.values  # single digits are givens
    assert grid.candidates_of(1) == (1, 6, 7, 9)
    assert grid.candidates_of(9) == (2, 6, 7, 8, 9)
    # these marks are what the givens leave, so they equal the computed candidates
    assert grid.candidates == Grid.from_values(grid.geometry, grid.givens).candidates


def test_pencil_marks_can_be_fewer_than_the_givens_allow():
    text = HODOKU_PENCIL.replace("1679", "16", 1)
    grid = parse_puzzle(text)
    assert grid.candidates_of(1) == (1, 6)


def test_a_16x16_grid_written_with_numbers_is_recognised_on_one_line_and_as_a_block():
    grid = parse_puzzle(SIXTEEN)
    numbers = format_numbers(grid)
    assert parse_puzzle(numbers) == grid
    rows = numbers.split()
    block = "\n".join(" ".join(rows[r * 16 : r * 16 + 16]) for r in range(16))
    assert parse_puzzle(block) == grid


def test_a_16x16_picture_of_packed_rows_is_one_puzzle_even_when_a_row_looks_like_a_4x4():
    rows = [SIXTEEN[i : i + 16] for i in range(0, 256, 16)]
    rows[0] = "1..2..3..4......"  # also a valid 4x4 one-line puzzle
    grid = parse_puzzle("\n".join(rows))
    assert grid.geometry.n == 16
    assert grid.to_line() == "".join(rows)


def test_text_after_a_4x4_one_liner_is_ignored():
    line = corpus_lines("four_vu100.txt", count=1)[0]
    assert parse_puzzle(line + " rated 1.2").to_line() == line


def test_the_same_pastes_stream_from_one_file_separated_by_blank_lines():
    text = "\n\n".join(PASTES.values())  # the .sdk paste comes last: its [State] section runs to the end
    results = list(read_puzzles(io.StringIO(text)))
    assert [r.to_line() if isinstance(r, Grid) else str(r) for r in results] == [LINE] * len(PASTES)
