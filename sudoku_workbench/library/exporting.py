"""A selection of the library as records (``list``) or as a file (``export``), through the project's writers.

Puzzle text goes through ``formats.files.write_puzzles`` (one a line, ``.sdm`` with ``0`` blanks);
tables through ``formats.rows`` (CSV, JSON lines, tab-separated text), with the ``puzzle`` column
and the ratings, so a table exported here imports again with its ratings.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.atomic import atomic_writer
from sudoku_workbench.formats.files import write_puzzles
from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.formats.rows import header_line, row_writer
from sudoku_workbench.library.queries import COLUMNS, Entry

__all__ = ["EXPORT_SUFFIXES", "entry_lines", "export_entries"]

#: Suffix → (row format, separator) of the tables; any other suffix in ``_TEXT`` is puzzle text.
_TABLES = {".csv": ("csv", ","), ".jsonl": ("jsonl", " "), ".tsv": ("text", "\t")}
_TEXT = (".txt", ".sdm")
EXPORT_SUFFIXES = (*_TEXT, *_TABLES)


def _record(entry: Entry, fmt: str) -> dict[str, object]:
    empty: object = None if fmt == "jsonl" else "" if fmt == "csv" else "-"
    values = [getattr(entry, name) for name in COLUMNS]
    return {name: empty if v in (None, "") else v for name, v in zip(COLUMNS, values, strict=True)}


def entry_lines(entries: Iterable[Entry], fmt: str, sep: str = " ", header: bool = True) -> Iterator[str]:
    """The entries as lines of ``fmt`` (``text``, ``jsonl``, ``csv``), after a header unless not wanted."""
    line = header_line(fmt, COLUMNS, sep) if header else None
    if line is not None:
        yield line
    write = row_writer(fmt, sep)
    for entry in entries:
        yield write(_record(entry, fmt))


def _grids(entries: Iterable[Entry]) -> Iterator[Grid]:
    for entry in entries:
        yield parse_puzzle(entry.puzzle, "<library>")


def export_entries(entries: Iterable[Entry], path: str | os.PathLike[str]) -> int:
    """Write the entries to ``path`` in the layout its suffix names; returns how many were written.

    Raises:
        FormatError: for a suffix no writer here knows.
        FileError: when the file cannot be written (the old one is then unchanged).
    """
    suffix = Path(path).suffix.lower()
    if suffix in _TEXT:
        return write_puzzles(path, _grids(entries))
    if suffix not in _TABLES:
        known = ", ".join(EXPORT_SUFFIXES)
        raise FormatError(
            f"cannot export to {suffix or 'a file without suffix'}: use one of {known}", os.fspath(path)
        )
    fmt, sep = _TABLES[suffix]
    count = -1 if fmt != "jsonl" else 0
    with atomic_writer(path) as handle:
        for line in entry_lines(entries, fmt, sep):
            handle.write(line + "\n")
            count += 1
    return count
