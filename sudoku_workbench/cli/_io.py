"""Shared input for the subcommands: a puzzle file, ``-`` for standard input, or a puzzle line, streamed.

Every command that takes a puzzle takes it the same way. An argument naming an existing file (or ``-``)
is read as a file; otherwise it is read as puzzle text only when it looks like one (a line of a puzzle's
length, an f-puzzles or SudokuPad link, or text of mostly digits and dots that is not shaped like a file
name), so a misspelled file
name, with blanks in it or not, says "no such file" instead of being parsed as a puzzle of 12 cells.
One-puzzle commands refuse a file of several unless ``--index`` picks one. Files of one puzzle a line
(``hcp-stats``, ``hcp-study``) are streamed by :func:`puzzle_lines`. Every file is read through
:mod:`~sudoku_workbench.formats.reading`, so memory stays bounded whatever the input. Arguments typed
:class:`InputFile` and :class:`OutputFile` are compared by :func:`check_outputs` before a command runs.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator

from sudoku_workbench.cli._options import positive_int
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.atomic import refuse_writing_inputs
from sudoku_workbench.formats.fpuzzles import is_link
from sudoku_workbench.formats.reading import UnreadableInput, open_binary, read_lines
from sudoku_workbench.formats.records import parse_puzzle, read_puzzles
from sudoku_workbench.formats.text import SIZES, bad_char_message

__all__ = [
    "InputFile",
    "OutputFile",
    "add_puzzle_argument",
    "check_outputs",
    "iter_input",
    "load_puzzle",
    "plain_classic_values",
    "puzzle_lines",
    "rereadable",
    "source_name",
]

#: The source name of a puzzle given as an argument.
ARGUMENT = "<puzzle argument>"
_CELL_COUNTS = frozenset(n * n for n in SIZES)
_PATH_LIKE = re.compile(r"[/\\]|\.[A-Za-z][A-Za-z0-9]{0,5}\Z")
_NOT_TEXT = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\udc80-\udcff]")
#: A line that is a classic 9x9 puzzle and nothing more (most corpora), and a line that is no record.
_PLAIN_LINE = re.compile(rb"[0-9.]{81}[ \t]*\r?\n?")
_NO_RECORD = re.compile(rb"[ \t]*(?:#[\x20-\x7e]*)?\r?\n?")
#: The longest line the plain reading looks at whole (a longer one is no plain line).
_PLAIN_LONGEST = 128
_CELL_VALUES = bytes.maketrans(b".0123456789", bytes([0, *range(10)]))


class InputFile(str):
    """The argparse type of an argument that may name a file the command reads (or ``-``)."""


class OutputFile(str):
    """The argparse type of an argument naming a file the command writes (or ``-``)."""


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse the run when a file it writes, standard output included, is a file it reads.

    Raises:
        FileError: naming the output and the input (``formats.atomic.refuse_writing_inputs``).
    """
    values = [v for value in vars(args).values() for v in (value if isinstance(value, list) else [value])]
    inputs = [v for v in values if isinstance(v, InputFile)]
    refuse_writing_inputs(inputs, [v for v in values if isinstance(v, OutputFile)])


def iter_input(argument: str) -> Iterator[tuple[int, Grid | FormatError]]:
    """(record number from 1, grid or the FormatError of a bad record) for each puzzle of the argument.

    Raises:
        FormatError: when the file cannot be opened, the argument is neither a file nor a puzzle, or
            the whole input is unreadable (an error without a line: empty, a broken document, …).
    """
    for number, item in _records_of(argument):
        if isinstance(item, FormatError) and (not item.line or isinstance(item, UnreadableInput)):
            raise item
        yield number, item


def source_name(argument: str) -> str:
    """How messages name a puzzle argument's input: ``<stdin>``, the file, or ``<puzzle argument>``."""
    return "<stdin>" if argument == "-" else argument if os.path.exists(argument) else ARGUMENT


def _records_of(argument: str) -> Iterator[tuple[int, Grid | FormatError]]:
    if argument == "-":
        yield from enumerate(read_puzzles(_stdin_lines(), "<stdin>"), 1)
    elif os.path.exists(argument):
        yield from enumerate(read_puzzles(argument), 1)
    elif _looks_like_puzzle(argument):
        try:
            yield 1, parse_puzzle(argument, ARGUMENT)
        except FormatError as err:
            yield 1, err
    else:
        raise FormatError("no such file (nor is it a puzzle line)", argument)


def _stdin_lines() -> Iterable[str]:
    """Standard input's lines, read as a file's are.

    Raises:
        FormatError: when standard input is closed.
    """
    if sys.stdin is None:
        raise FormatError("standard input is closed: nothing to read", "<stdin>")
    buffer = getattr(sys.stdin, "buffer", None)
    return read_lines(buffer, "<stdin>") if buffer is not None else sys.stdin


def _looks_like_puzzle(text: str) -> bool:
    """True for text that is meant as a puzzle rather than as a file name."""
    words = text.split()
    if not words:
        return False
    if is_link(text):
        return True
    if len(words[0]) in _CELL_COUNTS or "\n" in text:
        return True
    cells = "".join(words)
    digits = sum(c.isdigit() or c == "." for c in cells)
    return not _PATH_LIKE.search(text) and len(cells) >= min(_CELL_COUNTS) and 2 * digits >= len(cells)


def load_puzzle(argument: str, index: int | None = None) -> Grid:
    """The one puzzle a one-puzzle command works on: the argument's only puzzle, or its ``index``-th.

    Raises:
        FormatError: for a bad puzzle (located), a missing file, a file of several puzzles without
            ``index`` (with the hint to add it), or an ``index`` beyond the last puzzle.
    """
    source = source_name(argument)
    count = 0
    for number, item in iter_input(argument):
        count = number
        if index is None and number == 2:
            raise FormatError(
                "holds more than one puzzle: choose one with --index N (1 for the first)", source
            )
        if index is not None and number != index:
            continue
        if isinstance(item, FormatError):
            raise item
        if index is not None:
            return item
        first = item
    if index is not None:
        raise FormatError(f"--index {index}: there are only {count} puzzles", source)
    return first


def add_puzzle_argument(parser: argparse.ArgumentParser) -> None:
    """The ``PUZZLE`` argument of a one-puzzle command and its ``--index``."""
    parser.add_argument(
        "puzzle",
        type=InputFile,
        metavar="PUZZLE",
        help="a puzzle line, a file holding the puzzle, or - for standard input",
    )
    parser.add_argument(
        "--index",
        type=positive_int,
        metavar="N",
        help="the N-th puzzle of a file of several (1 for the first)",
    )


def puzzle_lines(path: str, source: str = "") -> Iterator[tuple[int, str]]:
    """(line number, text) of each puzzle line of a one-puzzle-a-line file (``-``: standard input), streamed.

    Blank and ``#`` lines are skipped. Messages name ``source``, by default the file or ``<stdin>``.

    Raises:
        FormatError: naming the file (and line) when it cannot be opened or is not UTF-8 text: binary
            data, UTF-16, another encoding, a line longer than the reader's bound.
    """
    source = source or ("<stdin>" if path == "-" else path)
    with _raw_lines(path, source) as lines:
        for number, line in enumerate(lines, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            bad = _NOT_TEXT.search(line)
            if bad:
                raise FormatError(bad_char_message(bad.group(), ""), source, number, bad.start() + 1)
            yield number, text


@contextlib.contextmanager
def rereadable(path: str) -> Iterator[str]:
    """A name under which ``path`` can be read twice: the file itself, or a copy of what a FIFO or pipe gave.

    A second opening of a FIFO waits for a writer that is gone, and standard input (``-`` or a pipe
    given as ``/dev/stdin``) is used up by the first reading; their lines are copied once to a
    temporary file (removed at the end), through the bounded line reader. A missing name is passed on,
    for the reader to say so.

    Raises:
        FormatError: naming ``path`` when it cannot be read (a folder, binary data, a line too long).
    """
    if path != "-" and (os.path.isfile(path) or not os.path.exists(path)):
        yield path
        return
    with _raw_lines(path, path) as lines, tempfile.NamedTemporaryFile(prefix="sudoku-workbench-") as copy:
        copy.writelines(line.encode("utf-8", "surrogateescape") for line in lines)
        copy.flush()
        yield copy.name


@contextlib.contextmanager
def _raw_lines(path: str, source: str) -> Iterator[Iterable[str]]:
    """Every line of the file at ``path``, or of standard input for ``-``, endings kept."""
    if path == "-":
        yield _stdin_lines()
    else:
        with open_binary(path, source) as handle:
            yield read_lines(handle, source)


def plain_classic_values(path: str, chunk: int) -> Iterator[bytes] | None:
    """A file of classic 9x9 puzzle lines as cell values, ``chunk`` puzzles a piece (None: not such a file).

    The value of a cell is a byte, its digit or 0 when open (``search.solve.count_each`` takes them).
    Only a regular file whose every line is such a puzzle (trailing blanks allowed), a blank line or a
    plain ``#`` comment is read so, and read twice (checked whole first): each of its lines is exactly
    one record to :func:`iter_input`, so the answers are the same, in the same order, without a grid
    made per puzzle. Any other input, standard input included, is None and goes the usual way.
    """
    if path == "-" or not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as handle:
            plain = 0
            for line in iter(lambda: handle.readline(_PLAIN_LONGEST), b""):
                if _PLAIN_LINE.fullmatch(line):
                    plain += 1
                elif not _NO_RECORD.fullmatch(line):
                    return None
    except OSError:
        return None  # the usual reading says why
    return _values_of(path, chunk) if plain else None


def _values_of(path: str, chunk: int) -> Iterator[bytes]:
    """The cell values of the plain file's puzzles, ``chunk`` puzzles a piece."""
    with open(path, "rb") as handle:
        piece: list[bytes] = []
        for line in handle:
            if _PLAIN_LINE.fullmatch(line):
                piece.append(line[:81])
                if len(piece) == chunk:
                    yield b"".join(piece).translate(_CELL_VALUES)
                    piece = []
        if piece:
            yield b"".join(piece).translate(_CELL_VALUES)
