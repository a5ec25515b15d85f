"""The study tools of the main window: Anneal, Search tree, and DIMACS export / SAT model import.

Annealing runs in the session's worker (job kind ``anneal``): its snapshots feed the dock's live plot
and preview the fill on the board; a solved fill that agrees with the position's entries joins the
history as one step, anything else is only shown in the dock. The search tree of the position on the
board is recorded in the worker (kind ``search_tree``) and drawn in its dock. File → Export → DIMACS
writes the position as CNF or graph colouring; Import SAT model reads a solver's model back as one step.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.formats.dimacs import read_model, write_export
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.anneal_dock import AnnealDock
from sudoku_workbench.gui.search_tree_view import SearchTreeView
from sudoku_workbench.search.anneal import AnnealProgress, AnnealResult, AnnealSettings, anneal
from sudoku_workbench.search.tree import SearchTree, record_search

if TYPE_CHECKING:
    from sudoku_workbench.gui.main_window import MainWindow

__all__ = ["ANNEAL_RULE", "MODEL_RULE", "SessionAnnealRunner", "StudyDocks"]

#: The history rule id of a fill found by annealing.
ANNEAL_RULE = "anneal"
#: The history rule id of a fill read from a SAT solver's model.
MODEL_RULE = "sat_model"
_DIMACS_FILTER = "DIMACS CNF (*.cnf);;DIMACS graph colouring (*.col);;All files (*)"


class SessionAnnealRunner:
    """Runs the anneal dock's job in the main window's session worker, previewing fills on the board."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self._dock: AnnealDock | None = None

    def start(self, dock: AnnealDock, grid: Grid, settings: AnnealSettings, seed: int) -> None:
        """Submit the job; progress and the answer come back on the UI thread."""
        self._dock = dock

        def progress(snapshot: AnnealProgress) -> None:
            dock.add_snapshot(snapshot)
            entries = [0 if g else v for g, v in zip(grid.givens, snapshot.values)]
            self.window.board.set_grid(Grid.from_values(grid.geometry, grid.givens, entries))

        self.window.session.run_job(
            "anneal",
            anneal,
            grid,
            settings,
            random.Random(seed),
            control=True,
            on_progress=progress,
            on_done=dock.result_ready.emit,
            on_failed=lambda err: dock.job_failed.emit(f"stopped: {err}"),
        )

    def stop(self, wait: bool = False) -> None:
        """Cancel the job (the session drops its late answers) and say so in the dock."""
        session = self.window.session
        if session.busy("anneal"):
            session.cancel("anneal")
            if self._dock is not None:
                self._dock.job_failed.emit("stopped: cancelled")
        if wait:
            session.worker.wait()

    def running(self) -> bool:
        """True while the session runs an anneal job."""
        return self.window.session.busy("anneal")


class StudyDocks:
    """Creates the two docks on first use and connects them to the window's session."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self._anneal: AnnealDock | None = None
        self._tree_dock: QDockWidget | None = None
        self.tree_view: SearchTreeView | None = None

    def anneal_dock(self) -> AnnealDock:
        """The anneal dock (created, docked at the bottom and wired on first use)."""
        if self._anneal is None:
            dock = AnnealDock(self.window)
            dock.runner = SessionAnnealRunner(self.window)
            dock.result_ready.connect(self._annealed)
            dock.job_failed.connect(lambda _message: self._restore_board())
            self.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
            self._anneal = dock
        return self._anneal

    def open_anneal(self) -> None:
        """Puzzle → Anneal: show the dock with the current puzzle loaded (Start runs it)."""
        dock = self.anneal_dock()
        dock.set_grid(self.window.session.grid)
        dock.show()
        dock.raise_()

    def _annealed(self, result: AnnealResult) -> None:
        session = self.window.session
        grid = session.grid
        agrees = all(result.grid.values[c] == v for c, v in enumerate(grid.values) if v)
        if not result.solved or not agrees:
            self._restore_board()
            return
        text = f"simulated annealing fills the empty cells ({result.iterations:,} iterations)"
        self._fill(result.grid, ANNEAL_RULE, text)
        session.message.emit("Solved by simulated annealing.")

    def _fill(self, solution: Grid, rule: str, text: str) -> None:
        """Record the empty cells of the position filled from ``solution`` as one history step."""
        placements = tuple((c, solution.values[c]) for c in self.window.session.grid.empty_cells)
        cells = tuple(c for c, _ in placements)
        self.window.session.apply_step(
            Step(rule, placements, highlights=Highlights(cells=cells), explanation=text)
        )

    def _restore_board(self) -> None:
        self.window.board.set_grid(self.window.session.grid)

    def show_search_tree(self) -> None:
        """View → Search tree: record the search of the current position and draw it in its dock."""
        if self.tree_view is None:
            self.tree_view = SearchTreeView()
            self._tree_dock = QDockWidget("Search tree", self.window)
            self._tree_dock.setObjectName("search_tree_dock")
            self._tree_dock.setWidget(self.tree_view)
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self._tree_dock)
        assert self._tree_dock is not None
        self._tree_dock.show()
        self._tree_dock.raise_()
        self.tree_view.summary_label.setText("Recording the search…")
        self.window.session.run_job(
            "search_tree", record_search, self.window.session.grid, control=True, on_done=self._tree_ready
        )

    def _tree_ready(self, tree: SearchTree) -> None:
        if self.tree_view is not None:
            self.tree_view.show_tree(tree)

    def export_dimacs(self, path: Path | None = None) -> None:
        """File → Export → DIMACS: the position as CNF (``.cnf``) or graph colouring (``.col``)."""
        title = "Export for a SAT solver or a graph colouring program"
        path = path or dialogs.choose_save_path(self.window, title, _DIMACS_FILTER, "puzzle.cnf")
        if path is None:
            return
        try:
            said = write_export(path, self.window.session.grid)
        except OSError as err:
            self.window.session.error.emit("The file was not written", str(err))
            return
        self.window.session.message.emit(f"Exported {said}")

    def import_model(self, path: Path | None = None) -> None:
        """File → Import SAT model: a solver's model of the exported CNF fills the grid as one step."""
        path = path or dialogs.choose_open_path(self.window, "Import a SAT model", "All files (*)")
        if path is None:
            return
        session = self.window.session
        try:
            solution = read_model(path, session.grid)
        except FormatError as err:
            session.error.emit("The model cannot be read", str(err))
            return
        if solution.problems() or any(
            v and v != solution.values[c] for c, v in enumerate(session.grid.values)
        ):
            session.error.emit("The model does not solve this position", f"{path}: {solution.to_line()}")
            return
        self._fill(solution, MODEL_RULE, "the SAT solver's model fills the empty cells")
        session.message.emit("Read the SAT model back into the grid.")
