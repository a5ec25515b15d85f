"""Export → HCP and Puzzle → Solve through HCP: options dialog in, a worker job, the grid or a message out.

Solving runs in the session's worker (kind ``hcp_solve``) with progress in the status line and Cancel;
a found cycle fills the grid as one undoable step and can then be drawn (Puzzle → Show the HCP cycle).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QVBoxLayout

from sudoku_workbench.core.step import HCP_TOUR
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.hcp_dialogs import CycleView, HcpOptionsDialog, SolveSettings, hcp_settings
from sudoku_workbench.gui.job_kinds import JobKind
from sudoku_workbench.hcp.export import ExportOptions
from sudoku_workbench.hcp.files import write_export
from sudoku_workbench.hcp.solve import HcpSolution, solve_through_hcp

if TYPE_CHECKING:
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.session import Session

__all__ = ["HcpCommands"]

_HCP_FILTER = "TSPLIB HCP (*.hcp);;GraphML (*.graphml);;Arc list (*.arcs *.txt);;All files (*)"


class HcpCommands:
    """The HCP commands of one window; ``last`` is the latest solution found (for drawing its cycle)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.last: HcpSolution | None = None
        self.cycle_dialog: QDialog | None = None

    @property
    def session(self) -> Session:
        """The window's session."""
        return self.window.session

    def _options(self, solving: bool) -> tuple[ExportOptions, SolveSettings] | None:
        dialog = HcpOptionsDialog(self.window, hcp_settings(self.session.storage.data_dir), solving)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.options(), dialog.solve_settings()

    def export(self, path: Path | None = None, options: ExportOptions | None = None) -> None:
        """File → Export → HCP: options (remembered), a file, then the export in the worker."""
        if options is None:
            chosen = self._options(solving=False)
            if chosen is None:
                return
            options = chosen[0]
        title = "Export as a Hamiltonian cycle problem"
        suggested = "puzzle.arcs" if options.variant == "directed" else "puzzle.hcp"
        path = path or dialogs.choose_save_path(self.window, title, _HCP_FILTER, suggested)
        if path is None:
            return
        grid = self.session.grid
        self.session.run_job(
            JobKind.HCP_EXPORT,
            functools.partial(write_export, options=options),
            path,
            grid if options.candidates else grid.puzzle(),
            on_done=lambda text: self.session.notify(f"Exported {text}"),
            on_failed=lambda err: self.session.warn("Export failed", str(err)),
        )

    def solve(self, options: ExportOptions | None = None, settings: SolveSettings | None = None) -> None:
        """Puzzle → Solve through HCP: find a Hamiltonian cycle in the worker and read the grid from it."""
        if options is None or settings is None:
            chosen = self._options(solving=True)
            if chosen is None:
                return
            options, settings = chosen
        limit = settings.time_limit
        self.session.run_job(
            JobKind.HCP_SOLVE,
            functools.partial(
                solve_through_hcp,
                options=options,
                solver=settings.solver,
                graph=settings.graph,
                time_limit=limit,
                workers=settings.workers,
            ),
            self.session.grid,
            control=True,
            on_progress=lambda seconds: self.session.notify(
                f"Solving through HCP: {seconds:.0f} s of {limit:g} s (Esc cancels)"
            ),
            on_done=self._solved,
            on_failed=lambda err: self.session.warn("Solve through HCP failed", str(err)),
        )

    def _solved(self, result: HcpSolution) -> None:
        if result.grid is None:
            self.session.warn("No Hamiltonian cycle found", result.message())
            return
        grid = self.session.grid
        clash = [c for c, e in enumerate(grid.entries) if e and e != result.grid.values[c]]
        if clash:
            names = ", ".join(grid.geometry.cell_name(c) for c in clash)
            self.session.warn(
                "The cycle disagrees with your entries", f"{result.message()}; it differs at {names}"
            )
            return
        self.last = result
        self.window.acts["hcp_cycle"].setEnabled(True)
        if grid.empty_cells:
            text = (
                f"the Hamiltonian cycle {result.solver} found fills the {len(grid.empty_cells)} empty "
                "cells (Haythorpe, Section 6)"
            )
            self.session.fill_from(result.grid, HCP_TOUR, text)
        self.session.notify(result.message() + ". Puzzle → Show the HCP cycle draws it.")

    def show_cycle(self) -> None:
        """Puzzle → Show the HCP cycle: the last found cycle drawn over its solved board."""
        if self.last is None:
            self.session.notify("Solve through HCP first: there is no cycle to draw yet.")
            return
        dialog = QDialog(self.window)
        dialog.setWindowTitle("The Hamiltonian cycle: blocks, rows, columns")
        layout = QVBoxLayout(dialog)
        layout.addWidget(CycleView(self.last, dialog))
        dialog.resize(560, 560)
        self.cycle_dialog = dialog
        dialog.show()
