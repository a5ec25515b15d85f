"""The window's diary in the library: each generated puzzle joins the history, each puzzle's time and solve.

The library is SQLite (``sudoku_workbench.library``); its writes wait for the disk and, when another
program holds the file, for its busy timeout, so they run on one thread of their own, never on the
window's: the connection is made and used there alone. Time counts while the window is active, and
is written when the puzzle changes, when it is solved and when the window closes. A library that
cannot be opened or written is said once on the status bar, and the window goes on without it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.library.database import Library, LibraryError, open_library
from sudoku_workbench.library.history import add_to_history, library_id
from sudoku_workbench.library.location import default_library_path
from sudoku_workbench.library.marks import record_progress

__all__ = ["LibraryLog"]


class LibraryLog(QObject):
    """Follows the session's puzzles and writes their history and progress to the library."""

    #: A message for the status bar (the library could not be used); emitted from the library's thread.
    problem = Signal(str)

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = default_library_path(data_dir=data_dir)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="library")
        self._library: Library | None = None
        self._failed = False
        self._closed = False
        self._givens: tuple[int, ...] | None = None
        self._puzzle: Grid | None = None
        self._solved = False
        self._active = True
        self._since: float | None = time.monotonic()  # None while the clock stands (inactive, solved)
        self._spent = 0.0
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._activity)

    # ---- what the window tells ---------------------------------------------------------------
    def generated(self, grid: Grid) -> None:
        """A puzzle the window made: into the history (it then shows, so its time starts)."""
        puzzle = grid.puzzle()
        self._run(lambda library: add_to_history(library, puzzle))

    def shown(self, grid: Grid) -> None:
        """The board's position changed: a new puzzle starts its clock; a solved one is recorded."""
        if grid.givens != self._givens or self._puzzle is None or grid.geometry != self._puzzle.geometry:
            self._flush()
            self._givens, self._puzzle, self._solved = grid.givens, grid.puzzle(), False
            self._spent = 0.0
            self._since = time.monotonic() if self._active else None
        if not self._solved and grid.is_solved():
            self._solved = True
            self._flush(solved=True)
            self._since = None  # the time spent on a puzzle ends with its solution

    def close(self) -> None:
        """The window closes: the last puzzle's time is written and the thread ends."""
        self._flush()
        self._closed = True  # nothing more is asked
        self._thread.submit(self._close_library)  # on its own thread: SQLite's connection is that thread's
        self._thread.shutdown(wait=True)

    def _close_library(self) -> None:
        if self._library is not None:
            self._library.close()
            self._library = None

    # ---- internals ---------------------------------------------------------------------------
    def _activity(self, state: Qt.ApplicationState) -> None:
        self._active = state == Qt.ApplicationState.ApplicationActive
        if self._active and self._since is None and not self._solved:
            self._since = time.monotonic()
        elif not self._active and self._since is not None:
            self._spent += time.monotonic() - self._since
            self._since = None

    def _flush(self, solved: bool | None = None) -> None:
        """Write the time spent on the current puzzle since the last write (and whether it is solved)."""
        if self._since is not None:
            now = time.monotonic()
            self._spent += now - self._since
            self._since = now
        puzzle, seconds = self._puzzle, self._spent
        self._spent = 0.0
        if puzzle is None or (seconds < 1.0 and solved is None):
            return

        def write(library: Library) -> None:
            puzzle_id = library_id(library, puzzle)
            if puzzle_id is not None:  # only the library's puzzles have a diary
                record_progress(library, puzzle_id, seconds, solved)

        self._run(write)

    def _run(self, work: Callable[[Library], object]) -> None:
        """Do ``work(library)`` on the library's thread, opening the library first if need be."""
        if self._failed or self._closed:
            return

        def job() -> None:
            if self._failed:
                return
            try:
                if self._library is None:
                    self._library = open_library(self.path)
                work(self._library)
            except LibraryError as err:
                self._failed = True
                self.problem.emit(f"The library is not kept this session: {err}")

        self._thread.submit(job)
