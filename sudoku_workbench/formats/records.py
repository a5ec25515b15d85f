"""Recognising a puzzle's format by itself, and streaming files that hold many puzzles.

A text is cut into records line by line, so huge files stream:

* a line that is a whole puzzle (more than 25 cells, or a valid 4x4 of 16) is a record by itself;
* any other non-blank line joins a block picture. In a stream, a picture is complete once it has as
  many rows as its widest row has cells; it ends at the next row or blank line after that (so blank
  lines between bands do not split it), or when a one-line puzzle follows. A "picture" of one line
  without ``|`` is read as a one-line puzzle (so text after the grid is ignored there too);
* ``#`` lines are headers or comments (SadMan ``#A`` author, ``#D`` description, …) and are skipped;
  ``[Puzzle]`` starts a SadMan section and other sections (``[State]``, …) are skipped;
* a text starting with ``{`` is a workbench JSON document, or an f-puzzles puzzle (an object with a
  ``grid`` and no ``format``);
* a line that is a link (``https://…``) is an f-puzzles or SudokuPad link (see :mod:`.fpuzzles`).

Every record yields a :class:`~sudoku_workbench.core.grid.Grid` or the
:class:`~sudoku_workbench.core.errors.FormatError` that explains it, so one bad line does not stop the rest.
A line with control characters is such a bad record too; only a file that starts with them, or keeps
having them, is taken for binary and no longer read: its error is an
:class:`~.reading.UnreadableInput`, as is a line too long to be a puzzle, and a command treats it as
an input it cannot read at all. Files are read through :mod:`.reading`, so lines
and documents are bounded (:data:`PUZZLE_LINE_LIMIT`, :data:`~.document.DOCUMENT_LIMIT`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import digit_from_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.block import grid_from_rows, is_border_line, row_width
from sudoku_workbench.formats.document import DOCUMENT_LIMIT, foreign_puzzle, parse_document
from sudoku_workbench.formats.fpuzzles import is_link, parse_link
from sudoku_workbench.formats.reading import UnreadableInput, open_binary, read_lines
from sudoku_workbench.formats.text import (
    SIZES,
    bad_char_message,
    is_number_token,
    leading_numbers,
    parse_line,
    split_tokens,
)

__all__ = ["PUZZLE_LINE_LIMIT", "numbered_puzzles", "parse_puzzle", "read_puzzles"]

Result = Grid | FormatError
#: The longest line read as puzzle text (a 25x25 grid in numbers with a comment is a few thousand).
PUZZLE_LINE_LIMIT = 1 << 16
_LONGEST_ROW = max(SIZES)
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_UNDECODED = re.compile("[\udc80-\udcff]")
_SECTION = re.compile(r"\[[A-Za-z][\w .-]*\]")
_JSON_LIST = "JSON that is not a workbench document (a list, not an object)"
#: Lines with control characters after which a file is taken for binary and no longer read.
_BINARY_LINES = 3


def parse_puzzle(text: str, source: str = "<input>") -> Grid:
    """One puzzle in any supported format: one line, integers, block picture, pencil marks, document.

    The size follows from the number of cells. Blank lines inside a block picture are allowed here.
    Contradictory givens are not a format error: the grid is made and ``grid.problems()`` reports them.

    Raises:
        FormatError: for an empty or malformed text, or a text that holds more than one puzzle.
    """
    records = _records_or_empty_error(text.splitlines(), source, stream=False)
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
        with open_binary(path_or_stream, name) as handle:
            yield from _records_or_empty_error(read_lines(handle, name), name, stream=True)
    else:
        name = source or str(getattr(path_or_stream, "name", "<input>"))
        yield from _records_or_empty_error(path_or_stream, name, stream=True)


def _records_or_empty_error(lines: Iterable[str], source: str, stream: bool) -> Iterator[tuple[int, Result]]:
    """(first line, result) for each record of a text, or one FormatError when there is none."""
    found = False
    for record in _split(lines, source, stream):
        found = True
        yield record
    if not found:
        yield (
            0,
            FormatError("empty input: no puzzle found (only blank lines, # comments or sections)", source),
        )


# One pass over the lines with one branch per kind of line; split up, its state would be scattered.
def _split(lines: Iterable[str], source: str, stream: bool) -> Iterator[tuple[int, Result]]:  # noqa: C901
    """The records of a text (see the module notes); ``stream`` is False for a text of one puzzle."""
    block: list[tuple[int, str]] = []
    widths: list[int] = []  # cells in each row line of the block so far (frames left out)
    skipping = content_seen = False
    binary_lines = 0
    line_iter = iter(lines)
    for number, raw in enumerate(line_iter, 1):
        text = raw.rstrip("\r\n").lstrip("\ufeff") if number == 1 else raw.rstrip("\r\n")
        stripped = text.strip()
        if len(text) > PUZZLE_LINE_LIMIT and not (not content_seen and stripped.startswith("{")):
            yield from _flushed(block, widths, source)
            message = f"a line of {len(text):,} characters is no puzzle; stopped reading"
            yield number, UnreadableInput(message, source, number)
            return
        binary = _CONTROL.search(text)
        if binary:  # control characters: this line is bad; a file that starts so or keeps so is binary
            binary_lines += 1
            yield from _flushed(block, widths, source)
            give_up = not content_seen or binary_lines >= _BINARY_LINES
            yield number, _bad_character(binary, source, number, give_up, stream)
            if give_up:
                return
            continue
        if not content_seen and stripped.startswith("{"):
            document = _attempt(_document_grid, _document_text(number, text, line_iter, source), source)
            yield number, _whole(document)
            return
        if not content_seen and stripped.startswith("[") and not _SECTION.fullmatch(stripped):
            yield number, UnreadableInput(_JSON_LIST, source, number)
            return
        if stripped.startswith("#"):
            continue
        undecoded = _UNDECODED.search(text)
        if undecoded:  # a byte that is not UTF-8, outside a header: report the line, read on
            yield from _flushed(block, widths, source)
            yield number, _bad_character(undecoded, source, number)
            continue
        content_seen = content_seen or bool(stripped)
        if _SECTION.fullmatch(stripped):
            yield from _flushed(block, widths, source)
            skipping = stripped.lower() != "[puzzle]"
        elif skipping:
            continue
        elif not stripped:
            if stream and len(widths) >= max(widths, default=0):
                yield from _flushed(block, widths, source)
        elif is_link(stripped):
            yield from _flushed(block, widths, source)
            yield number, _attempt(parse_link, stripped, source, number)
        elif _is_line_record(stripped, widths, stream):
            yield from _flushed(block, widths, source)
            yield number, _attempt(parse_line, text, source, number)
        else:
            width = row_width(text)
            if stream and width and widths and len(widths) >= max(widths):  # the next picture starts
                yield from _flushed(block, widths, source)
            block.append((number, text))
            if width:
                widths.append(width)
    yield from _flushed(block, widths, source)


def _flushed(block: list[tuple[int, str]], widths: list[int], source: str) -> Iterator[tuple[int, Result]]:
    """The record the block of lines so far makes (nothing when it is empty); the block is emptied."""
    if block:
        rows = list(block)
        block.clear()
        widths.clear()
        number, text = rows[0]
        if len(rows) == 1 and "|" not in text and not is_border_line(text):
            yield number, _attempt(parse_line, text, source, number)
        else:
            yield number, _attempt(grid_from_rows, rows, source)


def _bad_character(
    found: re.Match[str], source: str, number: int, give_up: bool = False, stream: bool = False
) -> FormatError:
    """The located error of a line with a character no puzzle has; unreadable when reading stops there."""
    message = bad_char_message(found.group(), "")
    if give_up and stream:
        message += " (a binary file? stopped reading)"
    kind = UnreadableInput if give_up else FormatError
    return kind(message, source, number, found.start() + 1)


def _attempt(make: Callable[..., Grid], *args: Any) -> Result:
    """The grid ``make`` builds, or the FormatError it raises (a bad record is data, not a stop)."""
    try:
        return make(*args)
    except FormatError as err:
        return err


def _whole(result: Result) -> Result:
    """A document fills its file, so its error stands for the whole input."""
    if isinstance(result, FormatError) and not isinstance(result, UnreadableInput):
        return UnreadableInput(result.message, result.source, result.line, result.column)
    return result


def _document_grid(text: str | FormatError, source: str) -> Grid:
    """A workbench document's position, or an f-puzzles puzzle's (a JSON object with a ``grid``)."""
    if isinstance(text, FormatError):
        raise text
    foreign = foreign_puzzle(text, source)
    return foreign if foreign is not None else parse_document(text, source).grid


def _document_text(number: int, first: str, rest: Iterator[str], source: str) -> str | FormatError:
    """The text of a document that starts on line ``number``, or the error when it is too large."""
    parts = ["\n" * (number - 1), first, "\n"]
    size = len(first)
    for line in rest:
        size += len(line)
        if size > DOCUMENT_LIMIT:
            return FormatError(f"a document larger than {DOCUMENT_LIMIT:,} characters", source, number)
        parts.append(line)
    return "".join(parts)


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
