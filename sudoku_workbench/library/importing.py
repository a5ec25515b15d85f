"""Importing a file of puzzles into the library as a collection, in batches that are each saved whole.

Puzzle text (one a line with comments, ``.sdm``, block pictures: whatever ``formats.records`` reads)
and tables with a puzzle column (CSV, TSV, JSON lines: ``formats.table_rows``) are both read by the
project's readers; a bad record is reported with its line and reason and the others are kept. A
puzzle already in the library (the same givens) is not stored twice: the collection points at it.
A rating that came with a row (``generate``'s ``se`` or ``hodoku`` records) is kept as the puzzle's
rating unless it has one. Each batch is one transaction, and ``on_saved`` hears of it only after
its commit, so what was reported saved survives a crash.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.reading import UnreadableInput
from sudoku_workbench.formats.records import numbered_puzzles
from sudoku_workbench.formats.table_rows import table_kind, table_rows
from sudoku_workbench.library.database import Library, LibraryError
from sudoku_workbench.search.canonical import canonical_form, has_canonical_form

__all__ = ["ImportReport", "import_file", "now", "store_puzzle"]

#: Records per transaction.
BATCH = 2000
_Record = tuple[int, Grid | FormatError, dict[str, str]]


@dataclass
class ImportReport:
    """What an import did: the collection, how many puzzles it saved, how many were known, the bad rows."""

    collection: str
    saved: int = 0
    known: int = 0
    bad: list[FormatError] = field(default_factory=list)


def now() -> str:
    """The time stamp the library writes (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _records(path: Path, column: str | None) -> Iterator[_Record]:
    kind = table_kind(path)
    if kind is not None:
        yield from table_rows(path, kind, column)
        return
    for line, result in numbered_puzzles(path):
        if isinstance(result, FormatError) and (not result.line or isinstance(result, UnreadableInput)):
            raise result  # the whole file is unreadable (empty, binary, a broken document)
        yield line, result, {}


def store_puzzle(db: sqlite3.Connection, grid: Grid) -> tuple[int, bool]:
    """The id of the puzzle's row (added if new) and whether it was new; inside the caller's transaction."""
    puzzle = grid.puzzle()
    line = puzzle.to_line()
    found = db.execute("SELECT id FROM puzzles WHERE line = ?", (line,)).fetchone()
    if found:
        return found[0], False
    canonical = canonical_form(puzzle) if has_canonical_form(puzzle) else None
    clues = sum(1 for v in puzzle.givens if v)
    cursor = db.execute(
        "INSERT INTO puzzles (line, size, shape, clues, canonical) VALUES (?, ?, ?, ?, ?)",
        (line, puzzle.geometry.n, puzzle.geometry.label, clues, canonical),
    )
    return int(cursor.lastrowid or 0), True


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text not in (None, "", "-") else None
    except ValueError:
        return None


def _carried_rating(fields: dict[str, str]) -> tuple[float | None, float | None, str | None, str | None]:
    """(SE, HoDoKu score, HoDoKu level, hardest) a row brought with it (``generate``'s records)."""
    scale = fields.get("scale", "").lower()
    se = _number(fields.get("se") or (fields.get("rating") if scale == "se" else None))
    score = _number(fields.get("hodoku_score"))
    level = fields.get("hodoku_level") or (fields.get("rating") if scale == "hodoku" else None)
    hardest = fields.get("hardest")
    return se, score, level, hardest if hardest not in (None, "", "-") else None


def _keep_rating(db: sqlite3.Connection, puzzle_id: int, fields: dict[str, str]) -> None:
    se, score, level, hardest = _carried_rating(fields)
    if se is None and score is None and level is None:
        return
    db.execute(
        "INSERT OR IGNORE INTO ratings (puzzle_id, se, hodoku_score, hodoku_level, hardest, rated_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (puzzle_id, se, None if score is None else int(score), level, hardest, now()),
    )


def import_file(
    library: Library,
    path: str | os.PathLike[str],
    name: str | None = None,
    column: str | None = None,
    on_saved: Callable[[ImportReport], None] | None = None,
) -> ImportReport:
    """Import the puzzles of ``path`` as a new collection (named ``name``, by default the file's stem).

    Raises:
        FormatError: when the file cannot be read at all (nothing is saved then).
        LibraryError: when the name is taken, or the library cannot be written.
    """
    source = Path(path)
    report = ImportReport(name or source.stem)
    records = _records(source, column)
    first = list(itertools.islice(records, BATCH))  # an unreadable file fails before anything is written
    with library.transaction() as db:
        if db.execute("SELECT 1 FROM collections WHERE name = ?", (report.collection,)).fetchone():
            raise LibraryError(
                f"a collection named {report.collection!r} is in the library already; "
                "import under another name (--name)"
            )
        cursor = db.execute(
            "INSERT INTO collections (name, source, imported_at) VALUES (?, ?, ?)",
            (report.collection, os.fspath(source.resolve()), now()),
        )
    collection_id = cursor.lastrowid
    batch = first
    while batch:
        with library.transaction() as db:
            saved = _save_batch(db, collection_id, batch, report)
        report.saved += saved
        if on_saved is not None:
            on_saved(report)
        batch = list(itertools.islice(records, BATCH))
    return report


def _save_batch(
    db: sqlite3.Connection, collection_id: int | None, batch: list[_Record], report: ImportReport
) -> int:
    saved = 0
    position = report.saved
    for _line, result, fields in batch:
        if isinstance(result, FormatError):
            report.bad.append(result)
            continue
        puzzle_id, new = store_puzzle(db, result)
        report.known += not new
        position += 1
        db.execute(
            "INSERT INTO membership (collection_id, position, puzzle_id) VALUES (?, ?, ?)",
            (collection_id, position, puzzle_id),
        )
        if fields:
            _keep_rating(db, puzzle_id, fields)
        saved += 1
    return saved
