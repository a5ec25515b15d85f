"""The session: the only owner of mutable UI state (grid history, mode, jobs, marks, file, autosave).

Views call its methods (intents) and listen to its signals; it asks the core for answers, runs long ones in
the :class:`~sudoku_workbench.gui.worker.Worker` and drops results whose job is no longer wanted (the grid
changed meanwhile). Deductions and the player's entries become steps of the
:class:`~sudoku_workbench.core.history.History`; typing givens edits the puzzle itself (undoable, no step).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import CLEAR, ENTRY, ENTRY_KEEPING_MARKS, PENCIL, Highlights, Step
from sudoku_workbench.gui.autosave import Autosaver
from sudoku_workbench.gui.job_kinds import GRID_JOBS, QUIET_JOBS, JobKind
from sudoku_workbench.gui.session_jobs import Jobs
from sudoku_workbench.gui.status_line import StatusLine
from sudoku_workbench.gui.storage import Storage
from sudoku_workbench.gui.worker import Worker

__all__ = ["Session"]

Callback = Callable[[Any], None]


class Session(QObject):
    """State of one open puzzle and the jobs working on it."""

    grid_changed = Signal(object)
    preview_changed = Signal(object)
    fill_previewed = Signal(object)
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
        self.remove_marks_when_placing = True
        self._marks: tuple[Cell, ...] = ()
        self._pending: dict[JobKind, int] = {}
        self._callbacks: dict[int, tuple[Callback | None, Callback, Callback | None]] = {}
        self.path: Path | None = None
        self.dirty = False
        self._closed = False
        self._status_timer = _single_shot(self, 150, self._refresh_status)
        self._autosaver = Autosaver(self.storage)
        self._autosave_timer = _single_shot(self, 1000, self._autosave_in_the_worker)
        self._autosave_ok = True  # False after a failure was shown, so it is not shown after every edit
        self.jobs = Jobs(self)
        self.status_line = StatusLine(self)
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

    def busy(self, kind: JobKind) -> bool:
        """True while a job of this kind runs."""
        return kind in self._pending

    def running(self) -> tuple[JobKind, ...]:
        """The kinds of the jobs that run now."""
        return tuple(self._pending)

    def busy_with_asked_jobs(self) -> bool:
        """True while a job the person asked for runs (not the status line or the graph pane)."""
        return any(kind not in QUIET_JOBS for kind in self._pending)

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

    def paste_puzzle(self, puzzle: Grid) -> None:
        """A pasted puzzle replaces the current one as an edit (Ctrl+Z brings the old one back)."""
        self.cancel_all()
        self._history.edit_puzzle(puzzle)
        self.path = None
        self._set_dirty(True)
        self.set_givens_mode(False)
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
        self._remember(path)
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
        self._autosaver.discard()
        self.message.emit(f"Saved {target}")
        self._remember(target)
        return True

    def _remember(self, path: Path) -> None:
        """Add a file to the recent list; a data folder that cannot be written is only reported."""
        try:
            self.storage.remember(path)
        except OSError as err:
            self.message.emit(f"The recent files list cannot be saved: {err}")

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
        self._autosaver.discard()

    # ---- edits (intents from the board) ------------------------------------------------------
    def enter_digit(self, cell: Cell, digit: Digit) -> None:
        """A digit typed into a cell: in Givens mode an edit of the puzzle, else the player's entry."""
        grid = self.grid
        if self._givens_mode:
            self._set_given(cell, digit)
            return
        if grid.givens[cell] or grid.entries[cell] == digit:
            return
        if grid.entries[cell]:
            self.clear_cell(cell)
        name = grid.geometry.cell_name(cell)
        rule = ENTRY if self.remove_marks_when_placing else ENTRY_KEEPING_MARKS
        self._record(Step(rule, ((cell, digit),), explanation=f"entered {name}={digit_char(digit)}"))

    def set_remove_marks_when_placing(self, on: bool) -> None:
        """Whether a digit you enter strikes itself from the pencil marks of the cells it sees."""
        self.remove_marks_when_placing = on
        self.message.emit(
            "Placing a digit removes it from the pencil marks it sees"
            if on
            else "Placing a digit leaves the pencil marks as you wrote them"
        )

    def toggle_candidate(self, cell: Cell, digit: Digit) -> None:
        """Pencil work: strike a candidate out, or bring it back."""
        grid = self.grid
        if grid.values[cell]:
            return
        candidate = ((cell, digit),)
        name = f"{grid.geometry.cell_name(cell)}:{digit_char(digit)}"
        if self._history.pencil_marks()[cell] >> (digit - 1) & 1:
            self._record(Step(PENCIL, eliminations=candidate, explanation=f"struck out {name}"))
        else:
            self._record(Step(PENCIL, placements=candidate, explanation=f"restored {name}"))

    def clear_cell(self, cell: Cell) -> None:
        """Delete/Backspace: remove the entry (or, in Givens mode, the given)."""
        grid = self.grid
        name = grid.geometry.cell_name(cell)
        if self._givens_mode and grid.givens[cell]:
            self._set_given(cell, 0)
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

    def apply_step(self, step: Step, grid: Grid | None = None) -> None:
        """Record a step found by a rule or the search (``grid``: the grid after it, when known)."""
        self._record(step, grid, cancel_jobs=False)

    def apply_steps(self, found: list[tuple[Step, Grid]]) -> None:
        """Record several steps with their grids (a batch of Logic's) and tell the views once."""
        for step, grid in found:
            try:
                self._history.push(step, grid)
            except ValueError as err:
                self.error.emit("The change was not made", str(err))
                break
        self._set_dirty(True)
        self._after_move()

    def fill_from(self, solution: Grid, rule: str, text: str) -> None:
        """Record the empty cells of the position filled from ``solution`` as one step of ``rule``.

        Used by OK (the search), annealing, a SAT model and an HCP tour read back.
        """
        placements = tuple((c, solution.values[c]) for c in self.grid.empty_cells)
        cells = tuple(c for c, _ in placements)
        self.apply_step(Step(rule, placements, highlights=Highlights(cells=cells), explanation=text))

    def preview_fill(self, values: tuple[Digit, ...] | None) -> None:
        """Show a tentative fill of the empty cells on the board (annealing); None: the position again."""
        grid = self.grid
        if values is None:
            self.fill_previewed.emit(grid)
            return
        entries = [0 if g else v for g, v in zip(grid.givens, values, strict=True)]
        self.fill_previewed.emit(Grid.from_values(grid.geometry, grid.givens, entries))

    # ---- what the person is told -------------------------------------------------------------
    def notify(self, text: str) -> None:
        """A short message for the status bar (a job's outcome, a progress count)."""
        self.message.emit(text)

    def show_finding(self, text: str) -> None:
        """Check's verdict on the position shown: the panel keeps it until the position changes."""
        self.finding.emit(text)

    def warn(self, title: str, text: str) -> None:
        """A failure the person must see (a message box), with what went wrong and where."""
        self.error.emit(title, text)

    def set_status(self, text: str) -> None:
        """The status line of the position shown (rating, solutions, empty cells)."""
        self.status_changed.emit(text)

    def show_graph(self, picture: object) -> None:
        """Hand a computed graph picture to the graph pane."""
        self.graph_ready.emit(picture)

    # ---- moving through the history ----------------------------------------------------------
    def undo(self) -> None:
        """Ctrl+Z: take back the last step, or at the start of the steps the last edit of the puzzle."""
        if self._history.undo():
            self._moved()

    def redo(self) -> None:
        """Make an undone step or puzzle edit again."""
        if self._history.redo():
            self._moved()

    def go_to(self, cursor: int) -> None:
        """Show the position after ``cursor`` steps (the step list, Step over a recorded step, Back).

        Browsing is a view, not an edit: the document stays unmodified (only the jobs about the old
        position stop; the puzzle's rating goes on).
        """
        if self._history.move_to(cursor):
            self.cancel_all(GRID_JOBS)
            self._after_move()

    # ---- jobs --------------------------------------------------------------------------------
    def run_job(
        self,
        kind: JobKind,
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
        if kind not in QUIET_JOBS:
            self.job_started.emit(kind)
        return job

    def cancel(self, kind: JobKind) -> None:
        """Stop the pending job of a kind (its late answers are dropped)."""
        job = self._pending.pop(kind, None)
        if job is not None:
            self.worker.cancel(job)
            self._callbacks.pop(job, None)
            if kind not in QUIET_JOBS:
                self.job_finished.emit(kind, None)

    def cancel_all(self, kinds: frozenset[JobKind] | None = None) -> None:
        """Stop every pending job (or those of the given kinds)."""
        for kind in list(self._pending):
            if kinds is None or kind in kinds:
                self.cancel(kind)

    def cancel_asked(self) -> None:
        """Cancel (Esc): stop every job, saying which of those the person had asked for stop.

        Said first, so a job that reports its own ending (Solve through HCP) has the last word.
        """
        asked = [kind.value for kind in self._pending if kind not in QUIET_JOBS]
        if asked:
            self.notify(f"Cancelled: {', '.join(asked)}")
        self.cancel_all()

    def shutdown(self) -> None:
        """Cancel every job and wait for the pool (the window is closing)."""
        self.cancel_all()
        self.worker.shutdown()

    def _wire_worker(self) -> None:
        self.worker.progress.connect(self._job_progress)
        self.worker.finished.connect(self._job_done)
        self.worker.failed.connect(self._job_failed)
        self.worker.cancelled.connect(self._job_cancelled)

    def _kind_of(self, job: int) -> JobKind | None:
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
            if kind not in QUIET_JOBS:
                self.job_finished.emit(kind, result)

    def _job_failed(self, job: int, err: Any) -> None:
        kind = self._end(job)
        if kind is None:
            return
        on_failed = self._callbacks.pop(job)[2]
        if on_failed is not None:
            on_failed(err)
        elif kind not in QUIET_JOBS:
            self.error.emit(f"{kind.value[0].upper()}{kind.value[1:]} failed", str(err))
        if kind not in QUIET_JOBS:
            self.job_finished.emit(kind, None)

    def _job_cancelled(self, job: int) -> None:
        self._end(job)

    def _end(self, job: int) -> JobKind | None:
        kind = self._kind_of(job)
        if kind is not None:
            del self._pending[kind]
        return kind

    # ---- internals ---------------------------------------------------------------------------
    def _record(self, step: Step, grid: Grid | None = None, cancel_jobs: bool = True) -> None:
        if cancel_jobs:
            self.cancel_all(GRID_JOBS)
        try:
            self._history.push(step, grid)
        except ValueError as err:
            self.error.emit("The change was not made", str(err))
            return
        self._set_dirty(True)
        self._after_move()

    def _set_given(self, cell: Cell, digit: Digit) -> None:
        if self._history.start.givens[cell] == digit:
            return
        self.cancel_all(GRID_JOBS)
        self._history.set_given(cell, digit)
        self._set_dirty(True)
        self._after_move()

    def _moved(self) -> None:
        """Undo or Redo: Edit menu commands, so unlike browsing they mark the document modified."""
        self.cancel_all()
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
        """Say what the shown position is once Logic has stopped moving it.

        Counting each batch's solutions would run beside Logic, taking the interpreter from it and from
        the UI thread.
        """
        if self.busy(JobKind.LOGIC):
            self._status_timer.start()
        elif not self._closed:
            self.status_line.refresh()

    def autosave(self) -> None:
        """Write the document to the recovery file now; a failure is shown once, then on the status line."""
        if not self.dirty:
            return
        try:
            self._autosaver.write(self._autosaver.snapshot(self._history, self.path))
        except OSError as err:
            self._autosave_failed(err)
            return
        self._autosave_ok = True

    def _autosave_in_the_worker(self) -> None:
        """The autosave a second after an edit: the document is made and written on a pool thread."""
        if self.dirty:
            self.run_job(
                JobKind.AUTOSAVE,
                self._autosaver.write,
                self._autosaver.snapshot(self._history, self.path),
                on_done=self._autosaved,
                on_failed=self._autosave_failed,
            )

    def _autosaved(self, _written: bool) -> None:
        self._autosave_ok = True

    def _autosave_failed(self, err: object) -> None:
        text = f"Autosave failed, so unsaved work is not protected against a crash: {err}"
        if self._autosave_ok:
            self.error.emit("Autosave failed", text)
        else:
            self.message.emit(text)
        self._autosave_ok = False


def _single_shot(parent: QObject, msecs: int, slot: Callable[[], None]) -> QTimer:
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(msecs)
    timer.timeout.connect(slot)
    return timer


def _default_geometry() -> Geometry:
    from sudoku_workbench.core.geometry import geometry_for_size

    return geometry_for_size(9)


def _located(err: Exception, path: Path) -> str:
    text = str(err)
    return text if str(path) in text or isinstance(err, OSError) else f"{path}: {text}"
