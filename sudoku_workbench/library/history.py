"""The window's own entries in the library: the puzzles it generates, and the time spent on each.

A puzzle made by Test (or another generator in the window) joins the collection :data:`HISTORY`, so
the person finds it again with ``library list --collection`` or the same filters as any collection;
the time spent on a library puzzle and whether it was solved go to its ``progress`` row
(``marks.record_progress``). Each change is one transaction.
"""

from __future__ import annotations

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.library.database import Library
from sudoku_workbench.library.importing import now, store_puzzle

__all__ = ["HISTORY", "add_to_history", "library_id"]

#: The collection of the puzzles generated in the window, newest last.
HISTORY = "generated in the window"


def add_to_history(library: Library, grid: Grid) -> int:
    """Add a generated puzzle (its givens) to :data:`HISTORY`; returns the puzzle's id."""
    with library.transaction() as db:
        puzzle_id, _new = store_puzzle(db, grid)
        found = db.execute("SELECT id FROM collections WHERE name = ?", (HISTORY,)).fetchone()
        if found is None:
            cursor = db.execute(
                "INSERT INTO collections (name, source, imported_at) VALUES (?, NULL, ?)", (HISTORY, now())
            )
            collection_id = cursor.lastrowid
        else:
            collection_id = found[0]
        (last,) = db.execute(
            "SELECT coalesce(max(position), 0) FROM membership WHERE collection_id = ?", (collection_id,)
        ).fetchone()
        db.execute(
            "INSERT INTO membership (collection_id, position, puzzle_id) VALUES (?, ?, ?)",
            (collection_id, last + 1, puzzle_id),
        )
    return puzzle_id


def library_id(library: Library, grid: Grid) -> int | None:
    """The id of the puzzle with ``grid``'s givens, if the library holds it."""
    with library.errors():
        found = library.db.execute(
            "SELECT id FROM puzzles WHERE line = ?", (grid.puzzle().to_line(),)
        ).fetchone()
    return None if found is None else int(found[0])
