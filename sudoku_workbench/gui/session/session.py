"""The session: the only owner of mutable UI state (grid history, mode, rules in use, jobs, marks, file).

Views call its methods (intents) and listen to its signals; it asks the core for answers and runs
long ones in the worker as the :class:`~sudoku_workbench.gui.session.job_table.JobTable` it is built
on, which drops results whose job is no longer wanted (the grid changed meanwhile). Its helpers (jobs,
status line, autosave) see it only through :mod:`~sudoku_workbench.gui.session.api` or callables.
Deductions and the player's entries become steps of the history; typing givens edits the puzzle
(undoable, no step).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.errors import FileError, ShapeError
from sudoku_workbench.core.geometry import Cell, Digit, Geometry, geometry_for_size, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.gui.session import player_steps
from sudoku_workbench.gui.session.autosave import AutosaveSchedule
from sudoku_workbench.gui.session.job_kinds import GRID_JOBS, PUZZLE_JOBS, JobKind
from sudoku_workbench.gui.session.job_table import JobTable
from sudoku_workbench.gui.session.jobs import Jobs
from sudoku_workbench.gui.session.status_line import StatusLine
from sudoku_workbench.gui.session.storage import Storage
from sudoku_workbench.gui.techniques.prefs import Techniques, load_techniques, save_techniques
from sudoku_workbench.logic.engine import Rule
from sudoku_workbench.logic.rule_choice import rules_count
from sudoku_workbench.search.solve import count

__all__ = ["Session"]


class Session(JobTable):
    """State of one open puzzle and the jobs working on it."""

    grid_changed = Signal(object)
    preview_changed = Signal(object)
    fill_previewed = Signal(object)
    history_changed = Signal()
    marks_changed = Signal(object)
    status_changed = Signal(str)
    document_changed = Signal()
    #: A puzzle the window generated (Generate and its targets): the library keeps it in the history.
    generated = Signal(object)
    graph_ready = Signal(object)
    #: Check's verdict on the shown position; the window keeps it until the position changes.
    finding = Signal(str)

    def __init__(self, storage: Storage | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.storage = storage or Storage()
        self._history = History(Grid.empty(geometry_for_size(9)))
        self._givens_mode = False
        self.remove_marks_when_placing = True
        self.techniques = load_techniques(self.storage.settings())
        self._assume_unique = False
        self._marks: tuple[Cell, ...] = ()
        self.path: Path | None = None
        self.dirty = False
        self._status_timer = QTimer(self)
        self._status_timer.setSingleShot(True)
        self._status_timer.setInterval(150)
        self._status_timer.timeout.connect(self._refresh_status)
        self._autosave = AutosaveSchedule(
            self, self.storage, self._unsaved, self.run_job, self.error.emit, self.message.emit
        )
        self.jobs = Jobs(self)
        self.status_line = StatusLine(self)

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

    def idle(self) -> bool:
        """True when no job runs and no status refresh is due (tests and screenshots wait for this)."""
        return not self.running() and not self._status_timer.isActive()

    @property
    def marks(self) -> tuple[Cell, ...]:
        """Cells marked by the last Check."""
        return self._marks

    # ---- the rules in use -------------------------------------------------------------------
    @property
    def rules(self) -> tuple[Rule, ...]:
        """The rules Logic, Step, Hint, Rate and Generate use: the techniques chosen, Assume one solution."""
        return self.techniques.rules(self._assume_unique)

    @property
    def assume_unique(self) -> bool:
        """True while Puzzle → Assume one solution lets the uniqueness rules run."""
        return self._assume_unique

    def set_techniques(self, choice: Techniques) -> None:
        """Use a new choice of techniques from now on, and remember it for the next start."""
        self.techniques = choice
        saved = save_techniques(self.storage.settings(), choice)
        kept = "" if saved else " (it cannot be remembered: the settings file cannot be written)"
        self.notify(f"Techniques from the {choice.preset} preset: {rules_count(choice.on_ids())}{kept}")

    def set_assume_unique(self, on: bool) -> bool:
        """Use the uniqueness rules from now on (or stop); False when refused for this puzzle."""
        self._assume_unique = False
        if not on:
            return True
        puzzle = self.grid.puzzle()
        found = count(puzzle, 2)
        if found != 1:
            what = "no solution" if found == 0 else "several solutions"
            self.warn(
                "Assume one solution",
                f"The puzzle has {what}, so the uniqueness rules could discard real solutions; "
                "they stay off.",
            )
            return False
        self._assume_unique = True
        names = ", ".join(rule.name for rule in self.rules if rule.one_solution)
        self.notify(f"Uniqueness rules on: {names or 'none is ticked in Preferences → Techniques'}")
        return True

    # ---- whole puzzles -----------------------------------------------------------------------
    def new_puzzle(self, geo: Geometry) -> None:
        """Start an empty grid of a size, in Givens mode."""
        self.set_puzzle(History(Grid.empty(geo)), dirty=False)
        self.set_givens_mode(True)

    def set_puzzle(self, history: History, path: Path | None = None, dirty: bool = True) -> None:
        """Replace the puzzle (opened, pasted, generated or recovered) with its history."""
        self.cancel_all(PUZZLE_JOBS)
        self._history = history
        self.path = path
        self._set_dirty(dirty)
        self._after_move()

    def set_generated(self, puzzle: Grid) -> None:
        """A puzzle the window made replaces the current one (nothing of the person's to lose yet)."""
        self.generated.emit(puzzle)
        self.set_puzzle(History(puzzle), dirty=False)

    def paste_puzzle(self, puzzle: Grid) -> None:
        """A pasted puzzle replaces the current one as an edit (Ctrl+Z brings the old one back)."""
        self.cancel_all(PUZZLE_JOBS)
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
        self._autosave.autosaver.discard()
        self.message.emit(f"Saved {target}")
        self._remember(target)
        return True

    def _remember(self, path: Path) -> None:
        """Add a file to the recent list on a pool thread (its write waits for the disk); failures told."""
        self.run_job(
            JobKind.RECENT,
            self.storage.remember,
            path,
            on_done=lambda _none: None,
            on_failed=lambda err: self.message.emit(f"The recent files list cannot be saved: {err}"),
        )

    def recover(self) -> bool:
        """Load the autosaved document left by a crash; True when there was one."""
        try:
            found = self.storage.read_recovery()
        except FileError as err:  # too large to be read: said, and left as it is
            self.message.emit(str(err))
            return False
        if found is None:
            return False
        self.set_puzzle(*found, dirty=True)
        self.message.emit("Recovered the unsaved work of the last session")
        return True

    def close(self) -> None:
        """The window closes on purpose: stop jobs and drop the recovery file."""
        self._closed = True
        self._status_timer.stop()
        self._autosave.timer.stop()
        self.shutdown()
        self._autosave.autosaver.discard()

    # ---- edits (intents from the board) ------------------------------------------------------
    def enter_digit(self, cell: Cell, digit: Digit) -> None:
        """A digit typed into a cell: in Givens mode an edit of the puzzle, else the player's entry."""
        grid = self.grid
        if self._givens_mode:
            self._set_given(cell, digit)
        elif not grid.givens[cell] and grid.entries[cell] != digit:
            if grid.entries[cell]:
                self.clear_cell(cell)
            self._record(player_steps.entry(grid, cell, digit, self.remove_marks_when_placing))

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
        self._record(player_steps.pencil_toggle(self.grid, self._history.pencil_marks(), cell, digit))

    def clear_cell(self, cell: Cell) -> None:
        """Delete/Backspace: remove the entry (or, in Givens mode, the given)."""
        if self._givens_mode and self.grid.givens[cell]:
            self._set_given(cell, 0)
        else:
            self._record(player_steps.clearing(self.grid, (cell,)))

    def clear_entries(self) -> None:
        """Remove every entry at once (one undoable step)."""
        self._record(player_steps.clearing(self.grid))

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

    # ---- internals ---------------------------------------------------------------------------
    def _record(self, step: Step | None, grid: Grid | None = None, cancel_jobs: bool = True) -> None:
        """Push a step (None: nothing to record) and tell the views."""
        if step is None:
            return
        if cancel_jobs:
            self.cancel_all(GRID_JOBS)
        try:
            self._history.push(step, grid)
        except ValueError as err:
            self.error.emit("The change was not made", str(err))
            return
        self._set_dirty(True)
        self._after_move()

    def edit_cages(self, cages: Iterable[Cage]) -> bool:
        """Make or remove killer cages: an edit of the puzzle, undone as one, like typing a given.

        False (and the reason shown) when the cages cannot be: an overlap, a sum no digits make.
        """
        start = self._history.start
        try:
            geo = with_cages(start.geometry, cages)
        except ShapeError as err:
            self.error.emit("The cage was not made", str(err))
            return False
        self.edit_shape(geo)
        return True

    def edit_shape(self, geo: Geometry) -> None:
        """Give the puzzle another shape (cages, painted regions), its givens kept: one undoable edit."""
        self.cancel_all(GRID_JOBS)
        self._history.edit_puzzle(Grid.from_values(geo, self._history.start.givens))
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
        self.cancel_all(PUZZLE_JOBS)
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
            self._autosave.timer.start()
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
        self._autosave.now()

    def _unsaved(self) -> tuple[History, Path | None] | None:
        """The document to autosave (the history and its file), or None when nothing is unsaved."""
        return (self._history, self.path) if self.dirty else None


def _located(err: Exception, path: Path) -> str:
    text = str(err)
    return text if str(path) in text or isinstance(err, OSError) else f"{path}: {text}"
