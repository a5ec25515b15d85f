"""Shared input for the subcommands: puzzles from a file or from standard input, streamed."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.records import read_puzzles

__all__ = ["iter_input"]


def iter_input(path: str) -> Iterator[tuple[int, Grid | FormatError]]:
    """(record number from 1, grid or the FormatError of a bad record) for each puzzle; ``-`` is stdin.

    Raises:
        FormatError: when the file cannot be opened (at the first ``next``).
    """
    if path == "-":
        return enumerate(read_puzzles(_stdin_lines(), "<stdin>"), 1)
    return enumerate(read_puzzles(path), 1)


def _stdin_lines() -> Iterator[str]:
    """Standard input as UTF-8 lines; undecodable bytes become escapes that the reader reports."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        yield from sys.stdin
        return
    wrapper = io.TextIOWrapper(buffer, encoding="utf-8", errors="surrogateescape")
    try:
        yield from wrapper
    finally:
        wrapper.detach()
