"""The session: the only owner of mutable UI state (grid history, mode, jobs, marks, file, autosave).

Views call its methods (intents) and listen to its signals; it asks the core for answers, runs long ones in
the :class:`~sudoku_workbench.gui.worker.Worker` and drops results whose job is no longer wanted (the grid
changed meanwhile). Every change becomes a step on the :class:`~sudoku_workbench.gui.history.History`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import CLEAR, ENTRY, PENCIL, Step
from sudoku_workbench.gui.history import GIVEN, History, advance
from sudoku_workbench.gui.session_jobs import Jobs, refresh_status
from sudoku_workbench.gui.storage import Storage
from sudoku_workbench.gui.worker import Worker

__all__ = ["SEARCH", "Session"]

#: Rule id of the step the OK button records (the search's answer, every empty cell placed).
SEARCH = "search"

#: Job kinds that depend on the grid: an edit cancels them (their answers would be stale).
_GRID_JOBS = ("logic", "step", "solve", "check", "count", "rate", "status", "graph")

#: Background jobs the person did not ask for: no busy state, no error boxes.
_QUIET_JOBS = ("status", "graph")

Callback = Callable[[Any], None]


class Session(QObject):
    """State of one open puzzle and the jobs working on it."""

    grid_changed = Signal(object)
    preview_changed = Signal(object)
    history_changed = Signal()
    marks_changed = Signal(object)
    job_started = Signal(str)
    job_progress = Signal(str, object)
    job_finished = Signal(str, object)
    status_changed = Signal(str)
    message = Signal(str)
    error = Signal(str, str)
    document_changed = Signal()
    graph_ready = Signal(object)
    #: Check's verdict on the shown position; the window keeps it until the position changes.
    finding = Signal(str)

    def __init__(self, storage: Storage | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = Worker(self)
        self.storage = storage or Storage()
        self._history = History(Grid.empty(_default_geometry()))
        self._givens_mode = False
        self._marks: tuple[Cell, ...] = ()
        self._pending: dict[str, int] = {}
        self._callbacks: dict[int, tuple[Callback | None, Callback, Callback | None]] = {}
        self.path: Path | None = None
        self.dirty = False
        self._closed = False
        self._status_timer = _single_shot(self, 150, self._refresh_status)
        self._autosave_timer = _single_shot(self, 1000, self.autosave)
        self.jobs = Jobs(self)
        self._wire_worker()

    # ---- state -------------------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        """The grid at the history cursor."""
        return self._history.grid

    @property
    def history(self) -> History:
        """The history (read it; change it only through the session's methods)."""
        return self._history

    @property
    def givens_mode(self) -> bool:
        """True while typed digits become givens (entering a new puzzle)."""
        return self._givens_mode

    def set_givens_mode(self, on: bool) -> None:
        """Switch between Givens mode (typing a puzzle) and Solve mode (playing it)."""
        self._givens_mode = on
        self.message.emit("Givens mode: digits become clues" if on else "Solve mode: digits are entries")
        self.document_changed.emit()

    @property
    def marks(self) -> tuple[Cell, ...]:
        """Cells marked by the last Check."""
        return self._marks

    def busy(self, kind: str) -> bool:
        """True while a job of this kind runs."""
        return kind in self._pending

    def running(self) -> tuple[str, ...]:
        """The kinds of the jobs that run now."""
        return tuple(self._pending)

    def idle(self) -> bool:
        """True when no job runs and no status refresh is due (tests and screenshots wait for this)."""
        return not self._pending and not self._status_timer.isActive()

    # ---- whole puzzles -----------------------------------------------------------------------
    def new_puzzle(self, geo: Geometry) -> None:
        """Start an empty grid of a size, in Givens mode."""
        self.set_puzzle(History(Grid.empty(geo)), dirty=False)
        self.set_givens_mode(True)

    def set_puzzle(self, history: History, path: Path | None = None, dirty: bool = True) -> None:
        """Replace the puzzle (opened, pasted, generated or recovered) with its history."""
        self.cancel_all()
        self._history = history
        self.path = path
        self._set_dirty(dirty)
        self._after_move()

    def open_file(self, path: Path) -> bool:
        """Open a puzzle file or document; on failure the current puzzle stays and an error is shown."""
        try:
            history = self.storage.read(path)
        except (OSError, ValueError, LookupError) as err:
            self.error.emit("Could not open the file", _located(err, path))
            return False
        self.set_puzzle(history, path, dirty=False)
        self.set_givens_mode(False)
        self.storage.remember(path)
        return True

    def save(self, path: Path | None = None) -> bool:
        """Write the document (or puzzle file) to ``path`` or the current file; True when saved."""
        target = path or self.path
        if target is None:
            return False
        try:
            self.storage.write(target, self._history)
        except (OSError, ValueError, LookupError) as err:
            self.error.emit("Could not save the file", _located(err, target))
            return False
        self.path = target
        self._set_dirty(False)
        self.storage.discard_recovery()
        self.storage.remember(target)
        self.message.emit(f"Saved {target}")
        return True

    def recover(self) -> bool:
        """Load the autosaved document left by a crash; True when there was one."""
        found = self.storage.read_recovery()
        if found is None:
            return False
        history, path = found
        self.set_puzzle(history, path, dirty=True)
        self.message.emit("Recovered the unsaved work of the last session")
        return True

    def close(self) -> None:
        """The window closes on purpose: stop jobs and drop the recovery file."""
        self._closed = True
        self._status_timer.stop()
        self._autosave_timer.stop()
        self.shutdown()
        self.storage.discard_recovery()

    # ---- edits (intents from the board) ------------------------------------------------------
    def enter_digit(self, cell: Cell, digit: Digit) -> None:
        """A digit typed into a cell: a given in Givens mode, an entry otherwise."""
        grid = self.grid
        if self._givens_mode:
            if grid.givens[cell] != digit:
                removal = ((cell, grid.givens[cell]),) if grid.givens[cell] else ()
                self._record(
                    Step(GIVEN, ((cell, digit),), removal, explanation=_given_text(grid, cell, digit))
                )
            return
        if grid.givens[cell] or grid.entries[cell] == digit:
            return
        if grid.entries[cell]:
            self.clear_cell(cell)
        name = grid.geometry.cell_name(cell)
        self._record(Step(ENTRY, ((cell, digit),), explanation=f"entered {name}={digit_char(digit)}"))

    def toggle_candidate(self, cell: Cell, digit: Digit) -> None:
        """Pencil work: strike a candidate out, or bring it back."""
        grid = self.grid
        if grid.values[cell]:
            return
        candidate = ((cell, digit),)
        name = f"{grid.geometry.cell_name(cell)}:{digit_char(digit)}"
        if grid.candidates[cell] >> (digit - 1) & 1:
            self._record(Step(PENCIL, eliminations=candidate, explanation=f"struck out {name}"))
        else:
            self._record(Step(PENCIL, placements=candidate, explanation=f"restored {name}"))

    def clear_cell(self, cell: Cell) -> None:
        """Delete/Backspace: remove the entry (or, in Givens mode, the given)."""
        grid = self.grid
        name = grid.geometry.cell_name(cell)
        if self._givens_mode and grid.givens[cell]:
            self._record(
                Step(GIVEN, eliminations=((cell, grid.givens[cell]),), explanation=f"removed {name}")
            )
        elif grid.entries[cell]:
            self._record(
                Step(CLEAR, eliminations=((cell, grid.entries[cell]),), explanation=f"cleared {name}")
            )

    def clear_entries(self) -> None:
        """Remove every entry at once (one undoable step)."""
        grid = self.grid
        entries = tuple((c, d) for c, d in enumerate(grid.entries) if d)
        if entries:
            self._record(Step(CLEAR, eliminations=entries, explanation=f"cleared {len(entries)} entries"))

    def apply_step(self, step: Step) -> None:
        """Record a step found by a rule or the search."""
        self._record(step, cancel_jobs=False)

    # ---- moving through the history ----------------------------------------------------------
    def undo(self) -> None:
        """One step back (also the Back button)."""
        self.go_to(self._history.cursor - 1)

    def redo(self) -> None:
        """One undone step forward again."""
        self.go_to(self._history.cursor + 1)

    def go_to(self, cursor: int) -> None:
        """Show the position after ``cursor`` steps (clicking a step in the list)."""
        if self._history.move_to(cursor):
            self.cancel_all()
            self._set_dirty(True)
            self._after_move()

    # ---- jobs --------------------------------------------------------------------------------
    def run_job(
        self,
        kind: str,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callback,
        on_progress: Callback | None = None,
        on_failed: Callback | None = None,
        control: bool = False,
    ) -> int:
        """Submit a job, replacing any pending job of the same kind; callbacks run on the UI thread.

        Returns the job id, or -1 once the session is closed (nothing runs then).
        """
        self.cancel(kind)
        if self._closed:
            return -1
        job = self.worker.submit(fn, *args, kind=kind, control=control)
        self._pending[kind] = job
        self._callbacks[job] = (on_progress, on_done, on_failed)
        if kind not in _QUIET_JOBS:
            self.job_started.emit(kind)
        return job

    def cancel(self, kind: str) -> None:
        """Stop the pending job of a kind (its late answers are dropped)."""
        job = self._pending.pop(kind, None)
        if job is not None:
            self.worker.cancel(job)
            self._callbacks.pop(job, None)
            if kind not in _QUIET_JOBS:
                self.job_finished.emit(kind, None)

    def cancel_all(self, kinds: tuple[str, ...] | None = None) -> None:
        """Stop every pending job (or those of the given kinds)."""
        for kind in list(self._pending):
            if kinds is None or kind in kinds:
                self.cancel(kind)

    def shutdown(self) -> None:
        """Cancel every job and wait for the pool (the window is closing)."""
        self.cancel_all()
        self.worker.shutdown()

    def _wire_worker(self) -> None:
        self.worker.progress.connect(self._job_progress)
        self.worker.finished.connect(self._job_done)
        self.worker.failed.connect(self._job_failed)
        self.worker.cancelled.connect(self._job_cancelled)

    def _kind_of(self, job: int) -> str | None:
        return next((k for k, j in self._pending.items() if j == job), None)

    def _job_progress(self, job: int, value: Any) -> None:
        kind = self._kind_of(job)
        if kind is None:
            return
        on_progress = self._callbacks[job][0]
        if on_progress is not None:
            on_progress(value)
        self.job_progress.emit(kind, value)

    def _job_done(self, job: int, result: Any) -> None:
        kind = self._end(job)
        if kind is not None:
            self._callbacks.pop(job)[1](result)
            if kind not in _QUIET_JOBS:
                self.job_finished.emit(kind, result)

    def _job_failed(self, job: int, err: Any) -> None:
        kind = self._end(job)
        if kind is None:
            return
        on_failed = self._callbacks.pop(job)[2]
        if on_failed is not None:
            on_failed(err)
        elif kind not in _QUIET_JOBS:
            self.error.emit(f"{kind.capitalize()} failed", str(err))
        if kind not in _QUIET_JOBS:
            self.job_finished.emit(kind, None)

    def _job_cancelled(self, job: int) -> None:
        self._end(job)

    def _end(self, job: int) -> str | None:
        kind = self._kind_of(job)
        if kind is not None:
            del self._pending[kind]
        return kind

    # ---- internals ---------------------------------------------------------------------------
    def _record(self, step: Step, cancel_jobs: bool = True) -> None:
        try:
            grid = advance(self.grid, step)
        except ValueError as err:
            self.error.emit("The change was not made", str(err))
            return
        if cancel_jobs:
            self.cancel_all(_GRID_JOBS)
        self._history.push(step, grid)
        self._set_dirty(True)
        self._after_move()

    def set_marks(self, cells: tuple[Cell, ...]) -> None:
        """Mark cells on the board (Check's findings, a contradiction's cells)."""
        self._marks = tuple(sorted(set(cells)))
        self.marks_changed.emit(self._marks)

    def _after_move(self) -> None:
        self.set_marks(())
        self.history_changed.emit()
        self.grid_changed.emit(self.grid)
        self.preview_changed.emit(self._history.last_step)
        self._status_timer.start()

    def _set_dirty(self, dirty: bool) -> None:
        self.dirty = dirty
        if dirty:
            self._autosave_timer.start()
        self.document_changed.emit()

    def _refresh_status(self) -> None:
        if not self._closed:
            refresh_status(self)

    def autosave(self) -> None:
        """Write the open document to the recovery file (when the document format is available)."""
        if self.dirty:
            self.storage.write_recovery(self._history, self.path)


def _single_shot(parent: QObject, msecs: int, slot: Callable[[], None]) -> QTimer:
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(msecs)
    timer.timeout.connect(slot)
    return timer


def _default_geometry() -> Geometry:
    from sudoku_workbench.core.geometry import geometry_for_size

    return geometry_for_size(9)


def _given_text(grid: Grid, cell: Cell, digit: Digit) -> str:
    return f"clue {grid.geometry.cell_name(cell)}={digit_char(digit)}"


def _located(err: Exception, path: Path) -> str:
    text = str(err)
    return text if str(path) in text or isinstance(err, OSError) else f"{path}: {text}"
