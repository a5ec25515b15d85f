"""A dock that runs simulated annealing on a puzzle and plots the cost J and temperature T live.

The dock owns its settings controls, the two pyqtgraph plots (J above, T below, sharing the iteration
axis) and a small picture of the current fill. The job runs in the session's worker like every other
job (kind ``anneal``); each snapshot is plotted and previewed on the board through the session.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

# isort: split
# PySide6 first, so pyqtgraph binds to it.
import pyqtgraph as pg

from sudoku_workbench.core.geometry import Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.search.anneal import (
    SCHEDULES,
    AnnealProgress,
    AnnealResult,
    AnnealSettings,
    Moves,
    anneal,
)

if TYPE_CHECKING:
    from sudoku_workbench.gui.session.session import Session

__all__ = ["AnnealDock", "fill_picture"]

#: The move kinds the dock offers, in its list's order (box moves first: they suit 9x9 best).
_MOVES: tuple[Moves, ...] = ("box", "cell")


def fill_picture(geo: Geometry, values: tuple[int, ...]) -> str:
    """The fill as monospaced text with box rules (none on a jigsaw), ``.`` for an empty cell."""
    box_rows, box_cols = geo.box or (geo.n, geo.n)
    lines = []
    for row in range(geo.n):
        if row and not row % box_rows:
            lines.append("-" * (2 * geo.n + 2 * (geo.n // box_cols - 1) - 1))
        cells = []
        for col in range(geo.n):
            if col and not col % box_cols:
                cells.append("|")
            value = values[geo.cell(row, col)]
            cells.append(digit_char(value) if value else ".")
        lines.append(" ".join(cells))
    return "\n".join(lines)


class AnnealDock(QDockWidget):
    """Settings, Start/Stop, live J and T plots and the current fill of an annealing job."""

    #: the job ended with an :class:`AnnealResult` (the main window may show its grid)
    result_ready = Signal(object)
    #: the job failed or was stopped; the message says why
    job_failed = Signal(str)

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__("Simulated annealing", parent)
        self.setObjectName("anneal_dock")
        self.session = session
        self._grid: Grid | None = None
        self._iterations: list[float] = []
        self._costs: list[float] = []
        self._temperatures: list[float] = []
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addLayout(self._build_controls())
        layout.addWidget(self._build_plots(), stretch=1)
        self.fill_label = QLabel("", body)
        self.fill_label.setFont(QFont("DejaVu Sans Mono", 9))
        self.fill_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.fill_label)
        self.status_label = QLabel("Open a puzzle and press Start.", body)
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)
        self.setWidget(body)
        self.result_ready.connect(self.show_result)
        self.job_failed.connect(self._show_failure)

    def _build_controls(self) -> QHBoxLayout:
        form = QFormLayout()
        self.schedule_box = QComboBox()
        self.schedule_box.addItems(list(SCHEDULES))
        self.schedule_box.setCurrentText("geometric")
        self.moves_box = QComboBox()
        self.moves_box.addItems(list(_MOVES))
        self.iterations_box = QSpinBox()
        self.iterations_box.setRange(1000, 50_000_000)
        self.iterations_box.setSingleStep(100_000)
        self.iterations_box.setValue(AnnealSettings.max_iterations)
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2**31 - 1)
        form.addRow("Schedule", self.schedule_box)
        form.addRow("Moves", self.moves_box)
        form.addRow("Max iterations", self.iterations_box)
        form.addRow("Seed", self.seed_box)
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self._start_or_stop)
        row = QHBoxLayout()
        row.addLayout(form)
        row.addWidget(self.start_button, alignment=Qt.AlignmentFlag.AlignBottom)
        return row

    def _build_plots(self) -> pg.GraphicsLayoutWidget:
        self.plots = pg.GraphicsLayoutWidget()
        self.plots.setBackground("w")
        self.cost_plot = self.plots.addPlot(row=0, col=0)
        self.cost_plot.setLabel("left", "cost J (conflicting pairs)")
        self.cost_plot.showGrid(x=True, y=True, alpha=0.3)
        self.cost_curve = self.cost_plot.plot(pen=pg.mkPen("#c0392b", width=2))
        self.temp_plot = self.plots.addPlot(row=1, col=0)
        self.temp_plot.setLabel("left", "temperature T")
        self.temp_plot.getAxis("left").enableAutoSIPrefix(False)
        self.temp_plot.setLabel("bottom", "iteration")
        self.temp_plot.showGrid(x=True, y=True, alpha=0.3)
        self.temp_plot.setXLink(self.cost_plot)
        self.temp_curve = self.temp_plot.plot(pen=pg.mkPen("#2471a3", width=2))
        self.setMinimumSize(360, 520)
        return self.plots

    def settings(self) -> AnnealSettings:
        """The settings the controls describe."""
        return AnnealSettings(
            schedule=SCHEDULES[self.schedule_box.currentIndex()],
            moves=_MOVES[self.moves_box.currentIndex()],
            max_iterations=self.iterations_box.value(),
        )

    def set_grid(self, grid: Grid) -> None:
        """The puzzle the next run fills (its givens stay)."""
        self._grid = grid
        self.fill_label.setText(fill_picture(grid.geometry, grid.puzzle().values))

    def clear_plot(self) -> None:
        """Forget the curves of an earlier run."""
        self._iterations.clear()
        self._costs.clear()
        self._temperatures.clear()
        self.cost_curve.setData([], [])
        self.temp_curve.setData([], [])

    @Slot(object)
    def add_snapshot(self, snapshot: AnnealProgress) -> None:
        """Append a snapshot to the curves and show its fill."""
        self._iterations.append(snapshot.iteration)
        self._costs.append(snapshot.cost)
        self._temperatures.append(snapshot.temperature)
        self.cost_curve.setData(self._iterations, self._costs)
        self.temp_curve.setData(self._iterations, self._temperatures)
        if self._grid is not None:
            self.fill_label.setText(fill_picture(self._grid.geometry, snapshot.values))
        self.status_label.setText(
            f"iteration {snapshot.iteration:,}: J = {snapshot.cost}, T = {snapshot.temperature:.3f}, "
            f"restarts {snapshot.restarts}"
        )

    @Slot(object)
    def show_result(self, result: AnnealResult) -> None:
        """Say how the run ended and show the best fill (the board shows the position again)."""
        self._finish_job()
        self.fill_label.setText(fill_picture(result.grid.geometry, result.grid.values))
        verdict = "solved" if result.solved else f"not solved, best J = {result.cost}"
        self.status_label.setText(
            f"{verdict} after {result.iterations:,} iterations and {result.restarts} restarts"
        )

    @Slot(str)
    def _show_failure(self, message: str) -> None:
        self._finish_job()
        self.status_label.setText(message)

    def is_running(self) -> bool:
        """True while the session runs an anneal job."""
        return self.session.busy(JobKind.ANNEAL)

    def start(self) -> None:
        """Anneal the current grid in the session's worker (no-op without a grid or while one runs)."""
        if self._grid is None or self.is_running():
            return
        self.clear_plot()
        self.start_button.setText("Stop")
        self.session.run_job(
            JobKind.ANNEAL,
            anneal,
            self._grid,
            self.settings(),
            random.Random(self.seed_box.value()),
            control=True,
            on_progress=self._progress,
            on_done=self.result_ready.emit,
            on_failed=lambda err: self.job_failed.emit(f"stopped: {err}"),
        )

    def stop(self, wait: bool = False) -> None:
        """Cancel a running job (its late answers are dropped); with ``wait`` block until it has ended."""
        if self.is_running():
            self.session.cancel(JobKind.ANNEAL)
            self.job_failed.emit("stopped: cancelled")
        if wait:
            self.session.worker.wait()

    def _progress(self, snapshot: AnnealProgress) -> None:
        self.add_snapshot(snapshot)
        self.session.preview_fill(snapshot.values)

    def _start_or_stop(self) -> None:
        if self.is_running():
            self.stop()
        else:
            self.start()

    def _finish_job(self) -> None:
        self.start_button.setText("Start")
        self.session.preview_fill(None)
