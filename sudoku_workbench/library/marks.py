"""What a person adds to library puzzles: tags, notes, solved or not and the time spent.

Each change is one transaction over all the puzzles it names, so a tag given to a selection is given
to all of it or to none.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_workbench.library.database import Library

__all__ = ["add_tag", "record_progress", "remove_tag", "valid_tag"]


def valid_tag(text: str) -> str:
    """The tag as stored (trimmed); a tag is one word without commas, so lists of tags stay readable.

    Raises:
        ValueError: for an empty tag or one with a comma or a space.
    """
    tag = text.strip()
    if not tag or any(c in tag for c in ", \t\n"):
        raise ValueError(f"a tag is one word without commas, not {text!r}")
    return tag


def add_tag(library: Library, puzzle_ids: Sequence[int], tag: str) -> int:
    """Give ``tag`` to the puzzles; returns how many did not have it."""
    with library.transaction() as db:
        before = db.total_changes
        db.executemany(
            "INSERT OR IGNORE INTO tags (puzzle_id, tag) VALUES (?, ?)", [(i, tag) for i in puzzle_ids]
        )
        return db.total_changes - before


def remove_tag(library: Library, puzzle_ids: Sequence[int], tag: str) -> int:
    """Take ``tag`` from the puzzles; returns how many had it."""
    with library.transaction() as db:
        before = db.total_changes
        db.executemany("DELETE FROM tags WHERE puzzle_id = ? AND tag = ?", [(i, tag) for i in puzzle_ids])
        return db.total_changes - before


def record_progress(
    library: Library,
    puzzle_id: int,
    seconds: float = 0.0,
    solved: bool | None = None,
    note: str | None = None,
) -> None:
    """Add ``seconds`` to the time spent on a puzzle; set solved and the note when given."""
    with library.transaction() as db:
        db.execute("INSERT OR IGNORE INTO progress (puzzle_id) VALUES (?)", (puzzle_id,))
        db.execute("UPDATE progress SET seconds = seconds + ? WHERE puzzle_id = ?", (seconds, puzzle_id))
        if solved is not None:
            db.execute("UPDATE progress SET solved = ? WHERE puzzle_id = ?", (int(solved), puzzle_id))
        if note is not None:
            db.execute("UPDATE progress SET note = ? WHERE puzzle_id = ?", (note, puzzle_id))
