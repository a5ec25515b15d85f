"""Reading puzzles for the study commands: one puzzle per line, from a file or standard input."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line

__all__ = ["read_one_puzzle", "read_puzzle_lines"]


def read_puzzle_lines(path: str, count: int | None = None) -> Iterator[tuple[int, Grid]]:
    """``(line number, grid)`` for each non-blank line (``-`` reads standard input), at most ``count``.

    Raises:
        FormatError: for a missing file or a line that is no puzzle, naming the file and line.
    """
    source = "<stdin>" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise FormatError(f"cannot read the file ({err})", source) from None
    numbered = ((i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip())
    for number, line in itertools.islice(numbered, count):
        yield number, parse_line(line, source, number)


def read_one_puzzle(path: str) -> Grid:
    """The first puzzle of a file.

    Raises:
        FormatError: when the file cannot be read, holds no puzzle or its first puzzle is malformed.
    """
    for _, grid in read_puzzle_lines(path, 1):
        return grid
    raise FormatError("the file holds no puzzle", path)
