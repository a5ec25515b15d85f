"""Block pictures: a grid drawn over N lines, with or without ``|``, ``-``, ``+`` separators.

One reader serves three kinds of picture, told apart by their cells:

* digits, one character a cell (``5 3 . | . 7 .`` or ``53.|.7.|...`` or ``53..7....``);
* numbers, one token a cell, for sizes above 9 (``10 0 3 …``), recognised by a ``0`` or ``.`` among them;
* pencil marks, one token a cell listing its candidates (``1579 3 48``), as HoDoKu and Sudoku Explainer
  paste them. A single digit is a solved cell (a given); ``-`` is an empty cell without candidates.

Border lines (only ``-=+|.:'*`` and at least one ``-`` or ``=``) are skipped, so HoDoKu's
``.---.---.``/``:---+---:``/``'---'---'`` frames read as well as ``+---+---+``.
"""

from __future__ import annotations

import collections
import enum
from collections.abc import Iterable, Sequence

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import Digit, Geometry, digit_char, digit_from_char, geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import (
    SIZES,
    Token,
    bad_char_message,
    cell_digit,
    count_message,
    is_number_token,
    number_digit,
    size_for_count,
    split_tokens,
)

__all__ = [
    "CellKind",
    "format_block",
    "format_pencilmarks",
    "grid_from_rows",
    "is_border_line",
    "parse_block",
    "parse_pencilmarks",
    "row_width",
]

_BORDER_CHARS = frozenset("-=+|.:'*")
_NO_CANDIDATES = "-"


class CellKind(enum.Enum):
    """How the cells of a picture are written."""

    DIGITS = "digits"
    NUMBERS = "numbers"
    PENCILMARKS = "pencil marks"


def is_border_line(text: str) -> bool:
    """True for a frame line such as ``+-----+-----+`` or ``:------+------:``."""
    chars = set(text) - {" ", "\t"}
    return bool(chars & {"-", "="}) and chars <= _BORDER_CHARS


def _row_tokens(lines: Iterable[tuple[int, str]]) -> list[list[Token]]:
    """The cell tokens of every grid row (frames dropped, ``|`` read as a blank)."""
    rows = (
        split_tokens(text.replace("|", " "), number) for number, text in lines if not is_border_line(text)
    )
    return [row for row in rows if row]


def row_width(text: str) -> int:
    """How many cells a row line holds, judged from that line alone (0 for a frame line).

    A row whose ``|``-separated parts are single tokens is packed (``53.|.7.|...``): a character a cell.
    Otherwise tokens are cells, except tokens of one length above 1 with no ``|`` (``53. .7. ...``).
    """
    if is_border_line(text):
        return 0
    parts = [part.split() for part in text.split("|") if part.strip()]
    tokens = [token for part in parts for token in part]
    packed = all(len(part) == 1 for part in parts) or (
        "|" not in text and len({len(t) for t in tokens}) == 1 and len(tokens[0]) > 1
    )
    return sum(map(len, tokens)) if packed else len(tokens)


def parse_block(text: str, source: str = "<input>", first_line: int = 1) -> Grid:
    """A block picture of digits, numbers or pencil marks (see the module notes).

    Contradictory givens are not a format error: the grid is made and ``grid.problems()`` reports them.

    Raises:
        FormatError: naming the row or cell that does not fit, and what was expected.
    """
    return grid_from_rows(enumerate(text.splitlines(), first_line), source)


def parse_pencilmarks(text: str, source: str = "<input>", first_line: int = 1) -> Grid:
    """A pencil-mark grid: the grid's candidates are exactly the marks; single digits become givens.

    Raises:
        FormatError: when the text is not N rows of N candidate lists, or a mark is no digit.
    """
    return grid_from_rows(enumerate(text.splitlines(), first_line), source, CellKind.PENCILMARKS)


def grid_from_rows(lines: Iterable[tuple[int, str]], source: str, kind: CellKind | None = None) -> Grid:
    """The grid drawn by numbered lines; ``kind`` forces a reading, otherwise it is recognised.

    Raises:
        FormatError: see :func:`parse_block`.
    """
    rows = _row_tokens(lines)
    if not rows:
        raise FormatError("no grid rows found, only frame lines", source)
    if _one_token_per_cell(rows) or kind is CellKind.PENCILMARKS:
        n = _square_shape(rows, [len(r) for r in rows], source)
        cells = [t for row in rows for t in row]
        return _grid_from_tokens(n, cells, kind or _kind_of(n, cells), source)
    chars = [Token(ch, t.line, t.column + i) for row in rows for t in row for i, ch in enumerate(t.text)]
    if len(chars) not in {n * n for n in SIZES}:
        _square_shape(rows, [sum(len(t.text) for t in row) for row in rows], source)
    n = size_for_count(len(chars), source, rows[0][0].line)
    return Grid.from_values(
        geometry_for_size(n), [cell_digit(c.text, n, source, c.line, c.column) for c in chars]
    )


def _one_token_per_cell(rows: Sequence[Sequence[Token]]) -> bool:
    """True when most rows hold as many tokens as there are rows (a cell a token)."""
    height = len(rows)
    return height > 1 and sum(len(r) == height for r in rows) * 2 > height


def _square_shape(rows: Sequence[Sequence[Token]], widths: Sequence[int], source: str) -> int:
    """The size N of N rows of N cells each, or a FormatError at the first row out of shape."""
    width = collections.Counter(widths).most_common(1)[0][0]
    if width not in SIZES:
        raise FormatError(count_message(sum(widths)), source, rows[0][0].line)
    for row, row_cells in zip(rows, widths, strict=False):
        if row_cells != width:
            message = (
                f"expected {width} cells in this row, as in a {width}x{width} grid, but found {row_cells}"
            )
            raise FormatError(message, source, row[0].line)
    if len(rows) != width:
        found = f"{len(rows)} row" + ("s" if len(rows) > 1 else "")
        message = f"expected {width} rows of {width} cells (a {width}x{width} grid) but found {found}"
        raise FormatError(message, source, rows[-1][0].line)
    return width


def _kind_of(n: int, cells: Sequence[Token]) -> CellKind:
    """Digits if every cell is one character; numbers if all are numbers and some blank; else marks."""
    texts = [t.text for t in cells]
    if n > 9 and all(is_number_token(t) for t in texts) and any(t in {"0", "."} or "0" in t for t in texts):
        return CellKind.NUMBERS
    if all(len(t) == 1 for t in texts) and _NO_CANDIDATES not in texts:
        return CellKind.DIGITS
    return CellKind.PENCILMARKS


def _grid_from_tokens(n: int, cells: Sequence[Token], kind: CellKind, source: str) -> Grid:
    geo = geometry_for_size(n)
    if kind is CellKind.NUMBERS:
        return Grid.from_values(geo, [number_digit(t, n, source) for t in cells])
    if kind is CellKind.DIGITS:
        return Grid.from_values(geo, [cell_digit(t.text, n, source, t.line, t.column) for t in cells])
    marks = [_marks(t, n, source) for t in cells]
    givens = tuple(d for d, _mask in marks)
    return Grid(geo, givens, (0,) * geo.size, tuple(mask for _d, mask in marks))


def _marks(token: Token, n: int, source: str) -> tuple[Digit, int]:
    """(given, 0) for a single digit, else (0, candidate mask) for a list of candidates."""
    if token.text == _NO_CANDIDATES:
        return 0, 0
    mask = 0
    for offset, char in enumerate(token.text):
        digit = digit_from_char(char)
        if not 1 <= digit <= n:
            expected = f"a candidate of a {n}x{n} grid (each cell lists its candidates, - for none)"
            raise FormatError(bad_char_message(char, expected), source, token.line, token.column + offset)
        mask |= 1 << (digit - 1)
    return (digit_from_char(token.text), 0) if len(token.text) == 1 else (0, mask)


def _framed(geo: Geometry, cells: Sequence[str]) -> str:
    """Cells laid out in rows with ``|`` between boxes and ``+---+`` frames between bands."""
    width = max(len(c) for c in cells)
    box_dashes = "-" * ((width + 1) * geo.box_cols + 1)
    frame = "+" + "+".join([box_dashes] * (geo.n // geo.box_cols)) + "+"
    lines = [frame]
    for row in range(geo.n):
        row_cells = [cells[geo.cell(row, col)].ljust(width) for col in range(geo.n)]
        boxes = [" ".join(row_cells[i : i + geo.box_cols]) for i in range(0, geo.n, geo.box_cols)]
        lines.append("| " + " | ".join(boxes) + " |")
        if (row + 1) % geo.box_rows == 0:
            lines.append(frame)
    return "\n".join(lines) + "\n"


def format_block(grid: Grid) -> str:
    """The digits as a framed block picture, ``.`` for a blank::

    +-------+-------+-------+
    | 5 3 . | . 7 . | . . . |
    """
    return _framed(grid.geometry, [digit_char(v) if v else "." for v in grid.values])


def format_pencilmarks(grid: Grid) -> str:
    """Every cell's candidates in a framed block picture; a filled cell shows its digit.

    An empty cell with a single candidate reads back as a given (the form cannot tell them apart), and
    an empty cell without candidates is written ``-``.
    """
    cells = [
        digit_char(value) if value else "".join(map(digit_char, grid.candidates_of(cell))) or _NO_CANDIDATES
        for cell, value in enumerate(grid.values)
    ]
    return _framed(grid.geometry, cells)
