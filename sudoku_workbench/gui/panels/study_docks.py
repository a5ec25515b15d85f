"""The study tools of the main window: Anneal, Search tree, and DIMACS export / SAT model import.

Annealing runs in the session's worker (job kind ``anneal``, started by the dock): its snapshots feed
the dock's live plot and preview the fill on the board; a solved fill that agrees with the position's
entries joins the history as one step, anything else is only shown in the dock. The search tree of the
position on the board is recorded in the worker and drawn in its dock. File → Export → DIMACS writes the
position as CNF or graph colouring; Import SAT model reads a solver's model back as one step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.step import ANNEAL, SAT_MODEL
from sudoku_workbench.formats.dimacs import read_model, write_export
from sudoku_workbench.gui.commands.files import FileCommands
from sudoku_workbench.gui.graph.search_tree_view import SearchTreeView
from sudoku_workbench.gui.panels.anneal_dock import AnnealDock
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.search.anneal import AnnealResult
from sudoku_workbench.search.tree import SearchTree, record_search

__all__ = ["StudyDocks"]

_DIMACS_FILTER = "DIMACS CNF (*.cnf);;DIMACS graph colouring (*.col);;All files (*)"


class StudyDocks:
    """Creates the two docks on first use and connects them to the session; files go through ``files``."""

    def __init__(self, files: FileCommands, window: QMainWindow) -> None:
        self.files = files
        self.session = files.session
        self.window = window
        self._anneal: AnnealDock | None = None
        self._tree_dock: QDockWidget | None = None
        self.tree_view: SearchTreeView | None = None

    def anneal_dock(self) -> AnnealDock:
        """The anneal dock (created, docked at the bottom and wired on first use)."""
        if self._anneal is None:
            dock = AnnealDock(self.session, self.window)
            dock.result_ready.connect(self._annealed)
            self.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
            self._anneal = dock
        return self._anneal

    def open_anneal(self) -> None:
        """Puzzle → Anneal: show the dock with the current puzzle loaded (Start runs it)."""
        dock = self.anneal_dock()
        dock.set_grid(self.session.grid)
        dock.show()
        dock.raise_()

    def _annealed(self, result: AnnealResult) -> None:
        session = self.session
        grid = session.grid
        agrees = all(result.grid.values[c] == v for c, v in enumerate(grid.values) if v)
        if result.solved and agrees:
            text = f"simulated annealing fills the empty cells ({result.iterations:,} iterations)"
            session.fill_from(result.grid, ANNEAL, text)
            session.notify("Solved by simulated annealing.")

    def show_search_tree(self) -> None:
        """View → Search tree: record the search of the current position and draw it; again: close it."""
        if self._tree_dock is not None and self._tree_dock.isVisible():
            self._tree_dock.hide()
            return
        if self.tree_view is None:
            view = self.tree_view = SearchTreeView()
            self._tree_dock = QDockWidget("Search tree", self.window)
            self._tree_dock.setObjectName("search_tree_dock")
            self._tree_dock.setWidget(view)
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self._tree_dock)
            self.session.grid_changed.connect(lambda _grid: view.clear())  # that position's tree is gone
        assert self._tree_dock is not None
        self._tree_dock.show()
        self._tree_dock.raise_()
        self.tree_view.summary_label.setText("Recording the search…")
        self.session.run_job(
            JobKind.SEARCH_TREE,
            record_search,
            self.session.grid,
            control=True,
            on_done=self._tree_ready,
        )

    def _tree_ready(self, tree: SearchTree) -> None:
        if self.tree_view is not None:
            self.tree_view.show_tree(tree)

    def export_dimacs(self, path: Path | None = None) -> None:
        """File → Export → DIMACS: the position as CNF (``.cnf``) or graph colouring (``.col``)."""
        title = "Export for a SAT solver or a graph colouring program"
        path = path or self.files.choose_save(title, _DIMACS_FILTER, "puzzle.cnf")
        if path is None:
            return
        try:
            said = write_export(path, self.session.grid)
        except OSError as err:
            self.session.warn("The file was not written", str(err))
            return
        self.session.notify(f"Exported {said}")

    def import_model(self, path: Path | None = None) -> None:
        """File → Import SAT model: a solver's model of the exported CNF fills the grid as one step."""
        path = path or self.files.choose_open("Import a SAT model", "All files (*)")
        if path is None:
            return
        session = self.session
        try:
            solution = read_model(path, session.grid)
        except FormatError as err:
            session.warn("The model cannot be read", str(err))
            return
        if solution.problems() or any(
            v and v != solution.values[c] for c, v in enumerate(session.grid.values)
        ):
            session.warn("The model does not solve this position", f"{path}: {solution.to_line()}")
            return
        session.fill_from(solution, SAT_MODEL, "the SAT solver's model fills the empty cells")
        session.notify("Read the SAT model back into the grid.")
