"""Autosave off the UI thread: writing the document of a long history took a quarter of a second there.

The UI thread takes a snapshot of the history (its records are immutable values, so copying the list is
enough) and numbers it; a pool thread turns it into JSON and writes it. Writes are made one at a time,
and a snapshot older than the one last written, or than the last discard, is dropped: the recovery file
never goes back in time, and a save or a clean close is not undone by a write still in flight.
:class:`AutosaveSchedule` decides when the session's document is written.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from sudoku_workbench.core.history import History
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.gui.session.storage import Storage

__all__ = ["AutosaveSchedule", "Autosaver", "Snapshot"]


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


class AutosaveSchedule:
    """When a session autosaves: a second after an edit on a pool thread, at once when asked.

    A failure is shown once as a message box, then only on the status line after every later edit,
    until a write succeeds again. ``document`` gives the history and its file while there are unsaved
    changes, else None.
    """

    def __init__(
        self,
        parent: QObject,
        storage: Storage,
        document: Callable[[], tuple[History, Path | None] | None],
        run_job: Callable[..., int],
        error: Callable[[str, str], None],
        message: Callable[[str], None],
    ) -> None:
        self.autosaver = Autosaver(storage)
        self._document, self._run_job, self._error, self._message = document, run_job, error, message
        self._ok = True  # False after a failure was shown, so it is not shown after every edit
        self.timer = QTimer(parent)
        self.timer.setSingleShot(True)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._in_the_worker)

    def now(self) -> None:
        """Write the document to the recovery file now (on this thread)."""
        document = self._document()
        if document is None:
            return
        try:
            self.autosaver.write(self.autosaver.snapshot(*document))
        except OSError as err:
            self._failed(err)
            return
        self._ok = True

    def _in_the_worker(self) -> None:
        document = self._document()
        if document is not None:
            self._run_job(
                JobKind.AUTOSAVE,
                self.autosaver.write,
                self.autosaver.snapshot(*document),
                on_done=self._written,
                on_failed=self._failed,
            )

    def _written(self, _written: bool) -> None:
        self._ok = True

    def _failed(self, err: object) -> None:
        text = f"Autosave failed, so unsaved work is not protected against a crash: {err}"
        if self._ok:
            self._error("Autosave failed", text)
        else:
            self._message(text)
        self._ok = False
