"""The HCP dialogs: export and solve options (remembered in QSettings), and a drawing of a found cycle.

The options dialog offers everything ``export-hcp`` and ``solve-hcp`` take; the last choices come back
the next time (default: the reduced undirected graph, all twelve given sets, no candidates, CP-SAT for
60 s). The cycle view draws the board with the solution and, in three colours, the order in which the
Hamiltonian cycle visits the cells in its block, row and column stretches.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import cast

from PySide6.QtCore import QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.hcp.cpsat import DEFAULT_WORKERS
from sudoku_workbench.hcp.cycle import PHASES, cell_walks
from sudoku_workbench.hcp.export import VARIANTS, ExportOptions, Variant, default_reduce
from sudoku_workbench.hcp.reduction import GIVEN_SETS, GivenSet
from sudoku_workbench.hcp.solve import GRAPHS, HcpSolution
from sudoku_workbench.hcp.solver import EXTERNAL, find_solver

__all__ = ["CycleView", "HcpOptionsDialog", "SolveSettings", "hcp_settings"]

_PHASE_COLOURS = {"blocks": "#2a9d8f", "rows": "#e76f51", "columns": "#6a4c93"}


@dataclass(frozen=True)
class SolveSettings:
    """How Solve through HCP runs: the solver, the graph CP-SAT searches, seconds and workers."""

    solver: str = "cpsat"
    graph: str = "directed"
    time_limit: float = 60.0
    workers: int = DEFAULT_WORKERS


def hcp_settings(data_dir: Path | None) -> QSettings:
    """The settings file beside the recovery file (tests give another folder), else the user's."""
    if data_dir is None:
        return QSettings("sudoku-workbench", "sudoku-workbench")
    return QSettings(str(data_dir / "settings.ini"), QSettings.Format.IniFormat)


def _installed_solvers() -> list[str]:
    return ["cpsat"] + [kind for kind in EXTERNAL if find_solver(kind) is not None]


class HcpOptionsDialog(QDialog):
    """Export → HCP options, and with ``solving`` also the solver, graph, time limit and workers."""

    def __init__(self, parent: QWidget | None, settings: QSettings, solving: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Solve through HCP" if solving else "Export as a Hamiltonian cycle problem")
        self._settings = settings
        self._solving = solving
        form = QFormLayout()
        self.variant = QComboBox()
        self.variant.addItems(VARIANTS)
        self.reduce = QCheckBox("Section 7's degree-2 reduction")
        self.givens = QComboBox()
        self.givens.addItems(sorted(GIVEN_SETS))
        self.candidates = QCheckBox("Also drop the arcs of candidates eliminated in this position")
        form.addRow("Graph:", self.variant)
        form.addRow("Reduce:", self.reduce)
        form.addRow("Arcs per given:", self.givens)
        form.addRow("Candidates:", self.candidates)
        self.solver = QComboBox()
        self.solver.addItems(_installed_solvers())
        self.graph = QComboBox()
        self.graph.addItems(GRAPHS)
        self.time_limit = QDoubleSpinBox()
        self.time_limit.setRange(0.5, 3600.0)
        self.time_limit.setSuffix(" s")
        self.workers = QSpinBox()
        self.workers.setRange(1, 64)
        if solving:
            form.addRow("Solver:", self.solver)
            form.addRow("CP-SAT searches:", self.graph)
            form.addRow("Time limit:", self.time_limit)
            form.addRow("CP-SAT workers:", self.workers)
        note = QLabel(
            "CP-SAT searches the directed graph of Section 2 (fastest) unless told to search the "
            "export itself; LKH, Concorde and linkern always read the export."
            if solving
            else "Undirected and compact graphs are TSPLIB HCP files; the directed one is an arc list."
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.variant.currentTextChanged.connect(self._variant_changed)
        self._load()

    def _variant_changed(self, variant: str) -> None:
        self.reduce.setEnabled(variant != "directed")

    def _load(self) -> None:
        s = self._settings
        self.variant.setCurrentText(str(s.value("hcp/variant", "undirected")))
        self.reduce.setChecked(_flag(s.value("hcp/reduce", default_reduce("undirected"))))
        self.givens.setCurrentText(str(s.value("hcp/givens", "full")))
        self.candidates.setChecked(_flag(s.value("hcp/candidates", False)))
        self.solver.setCurrentText(str(s.value("hcp/solver", "cpsat")))
        self.graph.setCurrentText(str(s.value("hcp/graph", "directed")))
        self.time_limit.setValue(float(str(s.value("hcp/time_limit", 60.0))))
        self.workers.setValue(int(str(s.value("hcp/workers", DEFAULT_WORKERS))))
        self._variant_changed(self.variant.currentText())

    def accept(self) -> None:
        """Remember the choices, then close."""
        options, solve = self.options(), self.solve_settings()
        values: dict[str, object] = {
            "variant": options.variant,
            "reduce": self.reduce.isChecked(),
            "givens": options.givens,
            "candidates": options.candidates,
        }
        if self._solving:
            values.update(
                solver=solve.solver, graph=solve.graph, time_limit=solve.time_limit, workers=solve.workers
            )
        for key, value in values.items():
            self._settings.setValue(f"hcp/{key}", value)
        self._settings.sync()
        super().accept()

    def options(self) -> ExportOptions:
        """The export options chosen (no reduction for the directed graph)."""
        variant: Variant = self.variant.currentText()  # type: ignore[assignment]
        reduce = self.reduce.isChecked() and variant != "directed"
        givens = cast(GivenSet, self.givens.currentText())  # the combo box holds only GIVEN_SETS
        return ExportOptions(variant, reduce, givens, self.candidates.isChecked())

    def solve_settings(self) -> SolveSettings:
        """The solver settings chosen."""
        return SolveSettings(
            self.solver.currentText(), self.graph.currentText(), self.time_limit.value(), self.workers.value()
        )


def _flag(value: object) -> bool:
    """QSettings' INI files give booleans back as the strings ``true``/``false``."""
    return value is True or str(value).lower() == "true"


class CycleView(QWidget):
    """The solved board with the cycle's walk through the cells, one colour per phase."""

    def __init__(self, result: HcpSolution, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if result.grid is None or result.cycle is None:
            raise ValueError("only a found cycle can be drawn")
        self.grid = result.grid
        self.walks = cell_walks(self.grid.geometry, result.cycle)
        self.setMinimumSize(420, 420)
        self.setToolTip(
            "The Hamiltonian cycle's order through the cells: blocks (green), rows (orange), "
            "columns (purple); within each block, row and column the walk takes the digits in order"
        )

    def paintEvent(self, event: object) -> None:
        """Grid, digits, then the three walks slightly apart so they do not hide each other."""
        geo = self.grid.geometry
        side = min(self.width(), self.height()) - 20
        step = side / geo.n
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        painter.translate(10, 10)
        for line in range(geo.n + 1):
            thick = line % geo.box_cols == 0
            painter.setPen(QPen(QColor("black"), 2.5 if thick else 0.8))
            painter.drawLine(QPointF(line * step, 0), QPointF(line * step, side))
            thick = line % geo.box_rows == 0
            painter.setPen(QPen(QColor("black"), 2.5 if thick else 0.8))
            painter.drawLine(QPointF(0, line * step), QPointF(side, line * step))
        painter.setPen(QColor("#999999"))
        font = painter.font()
        font.setPixelSize(max(8, int(step * 0.45)))
        painter.setFont(font)
        for cell, digit in enumerate(self.grid.values):
            box = QRectF(geo.col_of[cell] * step, geo.row_of[cell] * step, step, step)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, digit_char(digit))
        for offset, phase in zip((-0.18, 0.0, 0.18), PHASES, strict=True):
            cells = self.walks[phase]
            if not cells:
                continue
            path = QPainterPath()
            for position, cell in enumerate(cells):
                point = QPointF(
                    (geo.col_of[cell] + 0.5 + offset) * step, (geo.row_of[cell] + 0.5 + offset) * step
                )
                if position:
                    path.lineTo(point)
                else:
                    path.moveTo(point)
            painter.setPen(QPen(QColor(_PHASE_COLOURS[phase]), 1.6))
            painter.drawPath(path)
        painter.end()
