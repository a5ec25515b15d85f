"""Opening the library's SQLite file safely: its schema, migrations, transactions and clear errors.

Every write runs inside :meth:`Library.transaction` (``BEGIN IMMEDIATE`` … ``COMMIT``), so a killed
process or a full disk leaves the file as it was before the transaction; the journal is WAL, so a
reader never blocks a writer, and a busy timeout lets two processes take turns instead of failing at
once. A file that is not an SQLite database, or one written by a newer version, is refused with a
message and never touched; a database another program holds locked past the timeout says so.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from sudoku_workbench.core.errors import WorkbenchError

__all__ = ["SCHEMA_VERSION", "Library", "LibraryError", "open_library"]

#: Seconds a write waits for another process's transaction before giving up.
BUSY_SECONDS = 15.0
_MAGIC = b"SQLite format 3\x00"

#: Migration ``i`` brings a database of version ``i`` to ``i + 1``; the last one gives SCHEMA_VERSION.
_MIGRATIONS = (
    """
    CREATE TABLE collections (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        source TEXT,
        imported_at TEXT NOT NULL
    );
    CREATE TABLE puzzles (
        id INTEGER PRIMARY KEY,
        line TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        shape TEXT NOT NULL,
        clues INTEGER NOT NULL,
        canonical TEXT
    );
    CREATE INDEX puzzles_canonical ON puzzles(canonical);
    CREATE TABLE membership (
        collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        PRIMARY KEY (collection_id, position)
    );
    CREATE INDEX membership_puzzle ON membership(puzzle_id);
    CREATE TABLE ratings (
        puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles(id),
        solutions INTEGER,
        se REAL,
        hodoku_score INTEGER,
        hodoku_level TEXT,
        hardest TEXT,
        rated_at TEXT NOT NULL
    );
    CREATE TABLE tags (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        tag TEXT NOT NULL,
        PRIMARY KEY (puzzle_id, tag)
    );
    CREATE INDEX tags_tag ON tags(tag);
    """,
    # Version 2: the window's own state per puzzle (notes, solved, time spent).
    """
    CREATE TABLE progress (
        puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles(id),
        solved INTEGER NOT NULL DEFAULT 0,
        seconds REAL NOT NULL DEFAULT 0,
        note TEXT
    );
    CREATE INDEX ratings_se ON ratings(se);
    """,
    # Version 3: every technique SE's path took (comma-separated rule ids), for "uses technique" filters.
    """
    ALTER TABLE ratings ADD COLUMN techniques TEXT;
    """,
)
SCHEMA_VERSION = len(_MIGRATIONS)


class LibraryError(WorkbenchError):
    """The library cannot be opened or written; the message names the file and what to do."""


class Library:
    """An open library: one connection, used from one thread."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.db = connection
        self.path = path

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All the writes inside, or none of them (the transaction takes the write lock at once).

        Raises:
            LibraryError: when another program keeps the library locked, or the disk refuses the write.
        """
        with self.errors():
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    @contextlib.contextmanager
    def errors(self) -> Iterator[None]:
        """SQLite's errors as :class:`LibraryError` naming the file."""
        try:
            yield
        except sqlite3.OperationalError as err:
            raise LibraryError(_explained(self.path, err)) from None
        except sqlite3.DatabaseError as err:
            raise LibraryError(f"{self.path}: the library is damaged ({err}); it was left as it is") from None

    def close(self) -> None:
        """Close the connection (every transaction has ended by then)."""
        self.db.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _explained(path: Path, err: sqlite3.Error) -> str:
    text = str(err)
    if "locked" in text or "busy" in text:
        return f"{path}: the library is locked by another program (waited {BUSY_SECONDS:g} s); try again"
    if "full" in text:
        return f"{path}: the disk is full; nothing of the last change was written"
    return f"{path}: {text}"


def _refuse_foreign(path: Path) -> None:
    """Refuse a file that exists but is not an SQLite database (it is never written to).

    Raises:
        LibraryError: naming the file.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_MAGIC))
    except FileNotFoundError:
        return
    except OSError as err:
        raise LibraryError(f"{path}: cannot read the library ({err.strerror})") from None
    if head and head != _MAGIC:
        raise LibraryError(
            f"{path}: not a puzzle library (not an SQLite database); it was left as it is — "
            "name another file with --db"
        )


def open_library(path: str | os.PathLike[str]) -> Library:
    """Open (creating it and its folder if need be) and migrate the library at ``path``.

    Raises:
        LibraryError: for a file that is no database, is damaged, comes from a newer version, or is locked.
    """
    where = Path(path)
    _refuse_foreign(where)
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(where, timeout=BUSY_SECONDS, isolation_level=None)
    except (OSError, sqlite3.Error) as err:
        raise LibraryError(f"{where}: cannot open the library ({err})") from None
    library = Library(connection, where)
    try:
        with library.errors():
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA foreign_keys = ON")
            _migrate(library)
    except BaseException:
        connection.close()
        raise
    return library


def _migrate(library: Library) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION`, each step in its own transaction."""
    (version,) = library.db.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise LibraryError(
            f"{library.path}: the library was written by a newer version (schema {version}, this one "
            f"knows {SCHEMA_VERSION}); it was left as it is"
        )
    while version < SCHEMA_VERSION:
        with library.transaction() as db:
            (now,) = db.execute("PRAGMA user_version").fetchone()
            if now != version:  # another process migrated meanwhile
                version = now
                continue
            for statement in _MIGRATIONS[version].split(";"):
                if statement.strip():
                    db.execute(statement)
            version += 1
            db.execute(f"PRAGMA user_version = {version}")
