"""Reading back tables of puzzles: CSV, TSV and JSON lines with a puzzle column, as ``formats.rows`` writes.

``generate``'s target mode writes records with a ``puzzle`` column (and its rating beside it), and
other programs' exports put a puzzle in a column too (``quizzes``, ``grid``, …). Each row yields its
first line, the puzzle (or the located FormatError that explains a bad one: a bad row is data, not a
stop) and the row's other fields, so a caller can keep a rating that came with the puzzle. The puzzle
itself is read by :func:`~.records.parse_puzzle`, the one reader of puzzle text. Lines are read
through :mod:`.reading`, so files stay bounded.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.reading import open_binary, read_lines
from sudoku_workbench.formats.records import parse_puzzle

__all__ = ["PUZZLE_COLUMNS", "TABLE_SUFFIXES", "table_kind", "table_rows"]

#: Column names taken for the puzzle, in this order of preference (compared without case).
PUZZLE_COLUMNS = ("puzzle", "quizzes", "quiz", "givens", "grid", "sudoku", "line")
#: The suffixes read as tables, and their kinds.
TABLE_SUFFIXES = {".csv": "csv", ".tsv": "tsv", ".jsonl": "jsonl", ".ndjson": "jsonl"}

Row = tuple[int, Grid | FormatError, dict[str, str]]


def table_kind(path: str | os.PathLike[str]) -> str | None:
    """``csv``, ``tsv`` or ``jsonl`` for a file whose suffix names a table; None for puzzle text."""
    return TABLE_SUFFIXES.get(Path(path).suffix.lower())


def table_rows(path: str | os.PathLike[str], kind: str, column: str | None = None) -> Iterator[Row]:
    """(first line, puzzle or its error, other fields) for each row of a CSV, TSV or JSON-lines file.

    ``column`` names the puzzle's column; by default the first of :data:`PUZZLE_COLUMNS` present.

    Raises:
        FormatError: when the file cannot be opened, or no column holds the puzzle (named in the message).
    """
    source = os.fspath(path)
    with open_binary(path, source) as handle:
        lines = read_lines(handle, source)
        if kind == "jsonl":
            yield from _json_rows(lines, source, column)
        else:
            yield from _csv_rows(lines, source, column, "\t" if kind == "tsv" else ",")


def _pick(names: Iterable[str], column: str | None, source: str) -> str:
    """The puzzle's column among ``names``."""
    by_case = {name.strip().lower(): name for name in names}
    wanted = [column.lower()] if column else list(PUZZLE_COLUMNS)
    for name in wanted:
        if name in by_case:
            return by_case[name]
    known = ", ".join(by_case) or "none"
    asked = f"no column {column!r}" if column else f"no puzzle column ({' or '.join(PUZZLE_COLUMNS)})"
    raise FormatError(f"{asked}; the columns are: {known}", source, 1)


def _puzzle(text: object, source: str, line: int) -> Grid | FormatError:
    if not isinstance(text, str) or not text.strip():
        return FormatError("the puzzle column is empty", source, line)
    try:
        return parse_puzzle(text, source)
    except FormatError as err:
        return FormatError(err.message, source, line)


def _csv_rows(lines: Iterable[str], source: str, column: str | None, delimiter: str) -> Iterator[Row]:
    reader = csv.DictReader(_uncommented(lines, delimiter), delimiter=delimiter)
    try:
        key = _pick(reader.fieldnames or (), column, source)
        for record in reader:
            line = reader.line_num
            fields = {k: v for k, v in record.items() if isinstance(k, str) and k != key and v}
            yield line, _puzzle(record.get(key), source, line), fields
    except csv.Error as err:
        yield reader.line_num, FormatError(f"not CSV: {err}; stopped reading", source, reader.line_num), {}


def _uncommented(lines: Iterable[str], delimiter: str) -> Iterator[str]:
    """The lines, ``#`` comments blanked; a first line ``# a<TAB>b`` is the header text tables write."""
    for number, line in enumerate(lines, 1):
        if number == 1 and line.startswith("# ") and delimiter in line:
            yield line[2:]
        else:  # a comment becomes a blank line, which keeps the reader's line numbers true
            yield "\n" if line.startswith("#") else line


def _json_rows(lines: Iterable[str], source: str, column: str | None) -> Iterator[Row]:
    key: str | None = None
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            record = json.loads(text)
        except json.JSONDecodeError as err:
            yield number, FormatError(f"not JSON: {err.msg}", source, number, err.colno), {}
            continue
        if not isinstance(record, dict):
            yield number, FormatError("a JSON line must be an object with a puzzle field", source, number), {}
            continue
        key = key or _pick(record, column, source)
        fields = {k: str(v) for k, v in record.items() if k != key and v is not None}
        yield number, _puzzle(record.get(key), source, number), fields
