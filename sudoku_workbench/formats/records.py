"""Recognising a puzzle's format by itself, and streaming files that hold many puzzles.

A text is cut into records line by line, so huge files stream:

* a line that is a whole puzzle (more than 25 cells, or a valid 4x4 of 16) is a record by itself;
* any other non-blank line joins a block picture. In a stream, a picture is complete once it has as
  many rows as its widest row has cells; it ends at the next row or blank line after that (so blank
  lines between bands do not split it), or when a one-line puzzle follows. A "picture" of one line
  without ``|`` is read as a one-line puzzle (so text after the grid is ignored there too);
* ``#`` lines are headers or comments (SadMan ``#A`` author, ``#D`` description, …) and are skipped;
  ``[Puzzle]`` starts a SadMan section and other sections (``[State]``, …) are skipped;
* a text starting with ``{`` is a workbench JSON document.

Every record yields a :class:`~sudoku_workbench.core.grid.Grid` or the
:class:`~sudoku_workbench.core.errors.FormatError` that explains it, so one bad line does not stop the rest.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import digit_from_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.block import grid_from_rows, is_border_line, row_width
from sudoku_workbench.formats.document import loads_document
from sudoku_workbench.formats.text import (
    SIZES,
    bad_char_message,
    is_number_token,
    leading_numbers,
    parse_line,
    split_tokens,
)

__all__ = ["numbered_puzzles", "parse_puzzle", "read_puzzles"]

Result = Grid | FormatError
_LONGEST_ROW = max(SIZES)
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_UNDECODED = re.compile("[\udc80-\udcff]")


def parse_puzzle(text: str, source: str = "<input>") -> Grid:
    """One puzzle in any supported format: one line, integers, block picture, pencil marks, document.

    The size follows from the number of cells. Blank lines inside a block picture are allowed here.
    Contradictory givens are not a format error: the grid is made and ``grid.problems()`` reports them.

    Raises:
        FormatError: for an empty or malformed text, or a text that holds more than one puzzle.
    """
    records = _records(text.splitlines(), source, stream=False)
    _line, first = next(records)
    if isinstance(first, FormatError):
        raise first
    second = next(records, None)
    if second is not None:
        raise FormatError("expected one puzzle, but another one starts here", source, second[0])
    return first


def read_puzzles(
    path_or_stream: str | os.PathLike[str] | Iterable[str], source: str | None = None
) -> Iterator[Result]:
    """Each puzzle of a file or text stream in turn, or the FormatError of a record that is malformed.

    Raises:
        FormatError: when a named file cannot be opened (raised at the first ``next``).
    """
    for _line, result in numbered_puzzles(path_or_stream, source):
        yield result


def numbered_puzzles(
    path_or_stream: str | os.PathLike[str] | Iterable[str], source: str | None = None
) -> Iterator[tuple[int, Result]]:
    """Like :func:`read_puzzles`, with the line on which each record starts.

    Raises:
        FormatError: when a named file cannot be opened.
    """
    if isinstance(path_or_stream, str | os.PathLike):
        name = source or os.fspath(path_or_stream)
        with open_text(path_or_stream, name) as handle:
            yield from _records(handle, name, stream=True)
    else:
        name = source or str(getattr(path_or_stream, "name", "<input>"))
        yield from _records(path_or_stream, name, stream=True)


def open_text(path: str | os.PathLike[str], source: str) -> TextIO:
    """Open a file as UTF-8 text; undecodable bytes survive as escapes and are reported where they are.

    Raises:
        FormatError: when the file cannot be opened.
    """
    try:
        return open(path, encoding="utf-8", errors="surrogateescape")
    except OSError as err:
        raise FormatError(f"cannot read the file: {err.strerror or err}", source) from err


def _records(lines: Iterable[str], source: str, stream: bool) -> Iterator[tuple[int, Result]]:
    """(first line, result) for each record of a text, or one FormatError when there is none."""
    found = False
    for record in _split(lines, source, stream):
        found = True
        yield record
    if not found:
        yield 0, FormatError("empty input: no puzzle found (only blank or # lines)", source)


# One pass over the lines with one branch per kind of line; split up, its state would be scattered.
def _split(lines: Iterable[str], source: str, stream: bool) -> Iterator[tuple[int, Result]]:  # noqa: C901
    """The records of a text (see the module notes); ``stream`` is False for a text of one puzzle."""
    block: list[tuple[int, str]] = []
    widths: list[int] = []  # cells in each row line of the block so far (frames left out)
    skipping = content_seen = False

    def flush() -> Iterator[tuple[int, Result]]:
        if block:
            rows = list(block)
            block.clear()
            widths.clear()
            number, text = rows[0]
            if len(rows) == 1 and "|" not in text and not is_border_line(text):
                yield number, _attempt(parse_line, text, source, number)
            else:
                yield number, _attempt(grid_from_rows, rows, source)

    line_iter = iter(lines)
    for number, raw in enumerate(line_iter, 1):
        text = raw.rstrip("\r\n").lstrip("\ufeff") if number == 1 else raw.rstrip("\r\n")
        stripped = text.strip()
        binary = _CONTROL.search(text)
        if binary:  # control characters: a binary file, not worth reading on
            yield from flush()
            yield (
                number,
                FormatError(bad_char_message(binary.group(), ""), source, number, binary.start() + 1),
            )
            return
        if not content_seen and stripped.startswith("{"):
            document = "\n" * (number - 1) + text + "\n" + "".join(line_iter)
            yield number, _attempt(_document_grid, document, source)
            return
        if stripped.startswith("#"):
            continue
        undecoded = _UNDECODED.search(text)
        if undecoded:  # a byte that is not UTF-8, outside a header: report the line, read on
            yield from flush()
            yield (
                number,
                FormatError(bad_char_message(undecoded.group(), ""), source, number, undecoded.start() + 1),
            )
            continue
        content_seen = content_seen or bool(stripped)
        if stripped.startswith("[") and stripped.endswith("]"):
            yield from flush()
            skipping = stripped.lower() != "[puzzle]"
        elif skipping:
            continue
        elif not stripped:
            if stream and len(widths) >= max(widths, default=0):
                yield from flush()
        elif _is_line_record(stripped, widths, stream):
            yield from flush()
            yield number, _attempt(parse_line, text, source, number)
        else:
            width = row_width(text)
            if stream and width and widths and len(widths) >= max(widths):
                yield from flush()  # a picture is complete and the next one starts without a blank line
            block.append((number, text))
            if width:
                widths.append(width)
    yield from flush()


def _attempt(make: Callable[..., Grid], *args: Any) -> Result:
    """The grid ``make`` builds, or the FormatError it raises (a bad record is data, not a stop)."""
    try:
        return make(*args)
    except FormatError as err:
        return err


def _document_grid(text: str, source: str) -> Grid:
    return loads_document(text, source).grid


def _is_line_record(stripped: str, widths: list[int], stream: bool) -> bool:
    """True when a line holds a whole puzzle rather than one row of a block picture.

    A line of 16 cells may be a 4x4 puzzle or a row of a 16x16 picture: in a text of one puzzle it is a
    row (a lone line is read as a one-line puzzle anyway); in a stream it is a 4x4 puzzle when it reads as
    one, unless it continues an unfinished picture whose rows have 16 cells.
    """
    if "|" in stripped or is_border_line(stripped):
        return False
    tokens = split_tokens(stripped)
    numbers = leading_numbers(tokens)
    cells = [t.text for t in tokens[:numbers]] if numbers >= 2 else list(tokens[0].text)
    if len(cells) > _LONGEST_ROW:
        return True
    if len(cells) != 16 or not stream or (16 in widths and len(widths) < max(widths)):
        return False
    # 16 cells: a 4x4 puzzle, unless it reads as a row of a 16x16 picture and not as a 4x4
    return _all_digits(cells, 4) or not _all_digits(cells, 16)


def _all_digits(cells: list[str], n: int) -> bool:
    return all(
        0 <= (int(c) if c.isdigit() and is_number_token(c) else digit_from_char(c)) <= n for c in cells
    )
