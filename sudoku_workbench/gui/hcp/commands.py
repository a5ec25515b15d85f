"""Export → HCP and Puzzle → Solve through HCP: options dialog in, a worker job, the grid or a message out.

Solving runs in the session's worker (kind ``solve through HCP``) with progress in the status line and
Cancel; the status line then says how the job ended (found, no cycle in time, cancelled, failed). A found
cycle fills the grid as one undoable step and can then be drawn (Puzzle → Show the HCP cycle). Every
count in these messages goes through :func:`number`, so it is written one way.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog

from sudoku_workbench.core.step import HCP_TOUR
from sudoku_workbench.gui.commands.files import FileCommands
from sudoku_workbench.gui.hcp.cycle_view import CycleDialog
from sudoku_workbench.gui.hcp.dialogs import HcpOptionsDialog, SolveSettings, hcp_settings
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.hcp.export import ExportOptions, Variant
from sudoku_workbench.hcp.files import write_export
from sudoku_workbench.hcp.solve import HcpSolution, solve_through_hcp

__all__ = ["HcpCommands", "export_name", "number", "outcome_text"]

_HCP_FILTER = "TSPLIB HCP (*.hcp);;GraphML (*.graphml);;Arc list (*.arcs *.txt);;All files (*)"
_GRAPH_NAMES = {
    "undirected": "undirected graph",
    "compact": "compact undirected graph",
    "directed": "directed graph",
}


def number(value: float) -> str:
    """A count or a time as every HCP message writes it: thousands separated, seconds to a tenth."""
    return f"{value:,}" if isinstance(value, int) else f"{round(value, 1):,g}"


def export_name(document: Path | None, variant: Variant) -> str:
    """The export's proposed file: the document's name with the graph's suffix, or ``untitled``."""
    suffix = ".arcs" if variant == "directed" else ".hcp"
    return str(document.with_suffix(suffix)) if document is not None else f"untitled{suffix}"


def _sizes(written: str, path: Path) -> str:
    """The sizes ``write_export`` reports after the path, with their counts written by :func:`number`.

    ``hcp.files.summary`` writes plain digits (the command line prints them so); the window writes every
    count one way.
    """
    sizes = written.removeprefix(f"{path}: ")
    return re.sub(r"\d+", lambda found: number(int(found.group())), sizes)


def graph_text(result: HcpSolution) -> str:
    """The graph searched and its size, e.g. ``directed graph (9,267 vertices, 20,412 arcs)``."""
    export = result.export
    vertices, links = result.size
    name = ("shrunk " if export.shrunk else "") + _GRAPH_NAMES[export.variant]
    if export.directed:
        return f"{name} ({number(vertices)} vertices, {number(links)} arcs left after settling forced arcs)"
    before = ""
    if export.shrunk:
        before = f"; before shrinking {number(export.base_dimension)} and {number(len(export.base_edges))}"
    return f"{name} ({number(vertices)} vertices, {number(links)} edges{before})"


def outcome_text(result: HcpSolution) -> str:
    """One sentence on how a search ended, for the status line and the message box."""
    graph, spent = graph_text(result), number(result.seconds)
    if result.status == "found":
        return f"{result.solver} found a Hamiltonian cycle of the {graph} in {spent} s"
    if result.status == "none":
        struck = " with the candidates struck out in this position" if result.export.allowed else ""
        return (
            f"{result.solver} proved in {spent} s that the {graph} has no Hamiltonian cycle, "
            f"so the puzzle{struck} has no solution"
        )
    hint = "" if result.export.directed else "; the directed graph is much faster for CP-SAT"
    return (
        f"{result.solver} found no Hamiltonian cycle of the {graph} within the time limit of "
        f"{number(result.time_limit)} s ({spent} s spent){hint}"
    )


class HcpCommands:
    """The HCP commands of one window; ``last`` is the latest solution found (for drawing its cycle).

    They use the file commands' session, dialogs and parent window, and enable ``cycle_action`` (Puzzle →
    Show the HCP cycle) once a cycle is found.
    """

    def __init__(self, files: FileCommands, cycle_action: QAction) -> None:
        self.files = files
        self.session = files.session
        self.window = files.window
        self.cycle_action = cycle_action
        self.last: HcpSolution | None = None
        self.cycle_dialog: CycleDialog | None = None
        self._spent: float | None = None  # seconds the running solve has reported; None: none runs
        self.session.job_finished.connect(self._job_finished)

    def _options(self, solving: bool) -> tuple[ExportOptions, SolveSettings] | None:
        dialog = HcpOptionsDialog(self.window, hcp_settings(self.session.storage.data_dir), solving)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        self.files.focus_board()  # with no window manager, nothing else gives the window the keys back
        return (dialog.options(), dialog.solve_settings()) if accepted else None

    def export(self, path: Path | None = None, options: ExportOptions | None = None) -> None:
        """File → Export → HCP: options (remembered), a file named after the document, then the export."""
        if options is None:
            chosen = self._options(solving=False)
            if chosen is None:
                return
            options = chosen[0]
        title = "Export as a Hamiltonian cycle problem"
        suggested = export_name(self.session.path, options.variant)
        path = path or self.files.choose_save(title, _HCP_FILTER, suggested)
        self.files.focus_board()
        if path is None:
            return
        grid = self.session.grid
        self.session.run_job(
            JobKind.HCP_EXPORT,
            functools.partial(write_export, options=options),
            path,
            grid if options.candidates else grid.puzzle(),
            on_done=lambda text: self.session.notify(f"Exported {path}: {_sizes(text, path)}"),
            on_failed=lambda err: self.session.warn("Export failed", str(err)),
        )

    def solve(self, options: ExportOptions | None = None, settings: SolveSettings | None = None) -> None:
        """Puzzle → Solve through HCP: search the chosen graph in the worker and read the grid from it."""
        if options is None or settings is None:
            chosen = self._options(solving=True)
            if chosen is None:
                return
            options, settings = chosen
        self.session.run_job(
            JobKind.HCP_SOLVE,
            functools.partial(
                solve_through_hcp,
                options=options,
                solver=settings.solver,
                graph="export",  # the graph the person chose, never another one
                time_limit=settings.time_limit,
                workers=settings.workers or None,
            ),
            self.session.grid,
            control=True,
            on_progress=lambda seconds: self._progress(seconds, settings.time_limit),
            on_done=self._solved,
            on_failed=self._failed,
        )
        self._spent = 0.0

    def _progress(self, seconds: float, limit: float) -> None:
        self._spent = seconds
        self.session.notify(f"Solving through HCP: {number(seconds)} s of {number(limit)} s (Esc cancels)")

    def _job_finished(self, kind: str, _result: Any) -> None:
        """A solve that ends without an answer or a failure was cancelled: the status line says so."""
        if kind != JobKind.HCP_SOLVE or self._spent is None:
            return
        spent, self._spent = self._spent, None
        self.session.notify(f"Solve through HCP cancelled after {number(spent)} s; the grid is unchanged")

    def _failed(self, err: Exception) -> None:
        self._spent = None
        self.session.notify("Solve through HCP failed; the grid is unchanged")
        self.session.warn("Solve through HCP failed", str(err))

    def _solved(self, result: HcpSolution) -> None:
        self._spent = None
        outcome = outcome_text(result)
        if result.grid is None:
            self.session.notify(outcome)
            self.session.warn("No Hamiltonian cycle found", outcome)
            return
        grid = self.session.grid
        clash = [c for c, e in enumerate(grid.entries) if e and e != result.grid.values[c]]
        if clash:
            names = ", ".join(grid.geometry.cell_name(c) for c in clash)
            text = f"{outcome}, but it differs from your entries at {names}"
            self.session.notify(text)
            self.session.warn("The cycle disagrees with your entries", text)
            return
        self.last = result
        self.cycle_action.setEnabled(True)
        if grid.empty_cells:
            text = (
                f"The Hamiltonian cycle {result.solver} found in the puzzle's graph fills the "
                f"{number(len(grid.empty_cells))} empty cells: next to each cell's own vertex the cycle "
                "passes a vertex of one digit, and that digit is the cell's (Haythorpe's reduction)."
            )
            self.session.fill_from(result.grid, HCP_TOUR, text)
        self.session.notify(f"{outcome}. Puzzle → Show the HCP cycle draws it.")

    def show_cycle(self) -> None:
        """Puzzle → Show the HCP cycle: the last found cycle over its solved board, one layer at a time."""
        if self.last is None:
            self.session.notify("Solve through HCP first: there is no cycle to draw yet.")
            return
        dialog = CycleDialog(self.last, self.window)
        dialog.resize(640, 760)
        self.cycle_dialog = dialog
        dialog.show()
