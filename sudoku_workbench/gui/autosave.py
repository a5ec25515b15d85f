"""Autosave off the UI thread: writing the document of a long history took a quarter of a second there.

The UI thread takes a snapshot of the history (its records are immutable values, so copying the list is
enough) and numbers it; a pool thread turns it into JSON and writes it. Writes are made one at a time,
and a snapshot older than the one last written, or than the last discard, is dropped: the recovery file
never goes back in time, and a save or a clean close is not undone by a write still in flight.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.history import History
from sudoku_workbench.gui.storage import Storage

__all__ = ["Autosaver", "Snapshot"]


@dataclass(frozen=True)
class Snapshot:
    """The history to autosave as it was when asked, its number, and the file it belongs to."""

    number: int
    history: History
    path: Path | None


class Autosaver:
    """Writes numbered snapshots to a storage's recovery file, in order, from any thread."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._lock = threading.Lock()
        self._asked = 0
        self._newest = 0

    def snapshot(self, history: History, path: Path | None) -> Snapshot:
        """A copy of the history as it is now, numbered after every earlier one (UI thread)."""
        self._asked += 1
        copy = History(history.start, list(history.records), history.cursor, history.title)
        return Snapshot(self._asked, copy, path)

    def write(self, snapshot: Snapshot) -> bool:
        """Write the snapshot unless a newer one was written or discarded meanwhile; True when written.

        Raises:
            FileError: when the data folder cannot be written (full, read-only).
        """
        with self._lock:
            if snapshot.number <= self._newest:
                return False
            self._newest = snapshot.number
            self.storage.write_recovery(snapshot.history, snapshot.path)
            return True

    def discard(self) -> None:
        """Remove the recovery file; snapshots taken before now are dropped, should their write still come."""
        with self._lock:
            self._newest = self._asked
            self.storage.discard_recovery()
