"""The HCP options dialog of Export → HCP and Solve through HCP, remembered in QSettings.

It offers everything ``export-hcp`` and ``solve-hcp`` take, in words saying what each choice does (the
paper's section numbers are in the tooltips only). Exporting and solving remember their choices apart,
because what suits a file for Concorde (the reduced undirected graph) is what CP-SAT is slowest on: the
solve dialog starts on the directed graph. The solver searches exactly the graph chosen, so the choice is
never silently replaced by another graph.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from PySide6.QtCore import QSettings
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.gui.dialogs import ok_cancel
from sudoku_workbench.hcp.export import ExportOptions, Variant, default_reduce
from sudoku_workbench.hcp.reduction import GivenSet
from sudoku_workbench.hcp.solver import EXTERNAL, find_solver

__all__ = ["HcpOptionsDialog", "SolveSettings", "choose", "hcp_settings"]

#: The graph variants in the person's words, in the order offered.
_VARIANT_NAMES: dict[Variant, str] = {
    "undirected": "Undirected (a TSPLIB HCP file, for Concorde and LKH)",
    "directed": "Directed (a list of arcs; the fastest for CP-SAT)",
    "compact": "Compact undirected (fewer vertices)",
}
_GIVEN_NAMES: dict[GivenSet, str] = {
    "full": "Every arc it rules out",
    "paper": "Only the arcs the paper counts (6 of its 12 kinds)",
}
_SOLVER_NAMES = {"cpsat": "CP-SAT (built in)", "lkh": "LKH", "concorde": "Concorde", "linkern": "linkern"}
_EXPORT_NOTE = "Undirected graphs are written as TSPLIB HCP files; the directed graph as a list of arcs."
_SOLVE_NOTE = (
    "The solver searches the graph chosen above. CP-SAT is fastest on the directed graph (about two "
    "seconds for a hard 9x9 puzzle); on an undirected graph it may need many minutes. LKH, Concorde "
    "and linkern read undirected graphs only."
)


@dataclass(frozen=True)
class SolveSettings:
    """How Solve through HCP runs: the solver, its time limit in seconds and CP-SAT's worker threads.

    ``workers`` 0 leaves them to CP-SAT's caller: one on the directed graph, two on an undirected one.
    """

    solver: str = "cpsat"
    time_limit: float = 60.0
    workers: int = 0


def hcp_settings(data_dir: Path | None) -> QSettings:
    """The settings file beside the recovery file (tests give another folder), else the user's."""
    if data_dir is None:
        return QSettings("sudoku-workbench", "sudoku-workbench")
    return QSettings(str(data_dir / "settings.ini"), QSettings.Format.IniFormat)


def choose(combo: QComboBox, value: object) -> None:
    """Select the entry of ``combo`` whose data is ``value`` (unknown values keep the selection)."""
    index = combo.findData(value)
    if index >= 0:
        combo.setCurrentIndex(index)


def _combo(names: Iterable[tuple[object, str]], tip: str = "") -> QComboBox:
    box = QComboBox()
    for value, text in names:
        box.addItem(text, value)
    box.setToolTip(tip)
    return box


def _installed_solvers() -> dict[str, str]:
    found = [kind for kind in EXTERNAL if find_solver(kind) is not None]
    return {kind: _SOLVER_NAMES.get(kind, kind) for kind in ("cpsat", *found)}


class HcpOptionsDialog(QDialog):
    """Export → HCP options, and with ``solving`` also the solver, its time limit and workers."""

    def __init__(self, parent: QWidget | None, settings: QSettings, solving: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Solve through HCP" if solving else "Export as a Hamiltonian cycle problem")
        self._settings = settings
        self._solving = solving
        self._group = "hcp-solve" if solving else "hcp"
        self.variant = _combo(
            _VARIANT_NAMES.items(),
            "The graphs of Haythorpe's paper: directed (Section 2), undirected (Section 4)",
        )
        self.reduce = QCheckBox("Shrin&k the graph: merge away vertices that have only two neighbours")
        self.reduce.setToolTip(
            "Haythorpe's degree-2 reduction (Section 7); the directed graph is never shrunk"
        )
        self.givens = _combo(
            _GIVEN_NAMES.items(), "Which of the twelve kinds of arcs of Section 5 a given removes"
        )
        self.candidates = QCheckBox("Also remove the arcs of &candidates struck out in this position")
        self.solver = _combo(_installed_solvers().items())
        self.time_limit = QDoubleSpinBox()
        self.time_limit.setRange(0.5, 3600.0)
        self.time_limit.setSuffix(" s")
        self.workers = QSpinBox()
        self.workers.setRange(0, 64)
        self.workers.setSpecialValueText("as the graph needs")
        layout = QVBoxLayout(self)
        layout.addLayout(self._form())
        note = QLabel(_SOLVE_NOTE if solving else _EXPORT_NOTE)
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(ok_cancel(self))
        self.variant.currentIndexChanged.connect(self._variant_changed)
        self.solver.currentIndexChanged.connect(self._solver_changed)
        self._load()

    def _form(self) -> QFormLayout:
        form = QFormLayout()
        form.addRow("&Graph:", self.variant)
        form.addRow("", self.reduce)
        form.addRow("&Each given removes:", self.givens)
        form.addRow("", self.candidates)
        if self._solving:
            form.addRow("&Solver:", self.solver)
            form.addRow("&Time limit:", self.time_limit)
            form.addRow("CP-SAT t&hreads:", self.workers)
        return form

    def _variant_changed(self) -> None:
        self.reduce.setEnabled(self.variant.currentData() != "directed")

    def _solver_changed(self) -> None:
        """The external solvers read TSPLIB files, which are undirected: the directed graph is not offered."""
        external = self.solver.currentData() != "cpsat"
        model = cast(QStandardItemModel, self.variant.model())
        model.item(self.variant.findData("directed")).setEnabled(not external)
        if external and self.variant.currentData() == "directed":
            choose(self.variant, "undirected")
        self.workers.setEnabled(not external)

    def _value(self, key: str, default: object) -> object:
        return self._settings.value(f"{self._group}/{key}", default)

    def _load(self) -> None:
        choose(self.variant, self._value("variant", "directed" if self._solving else "undirected"))
        self.reduce.setChecked(_flag(self._value("reduce", default_reduce("undirected"))))
        choose(self.givens, self._value("givens", "full"))
        self.candidates.setChecked(_flag(self._value("candidates", False)))
        choose(self.solver, self._value("solver", "cpsat"))
        self.time_limit.setValue(float(str(self._value("time_limit", 60.0))))
        self.workers.setValue(int(str(self._value("workers", 0))))
        self._variant_changed()
        self._solver_changed()

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
            values.update(solver=solve.solver, time_limit=solve.time_limit, workers=solve.workers)
        for key, value in values.items():
            self._settings.setValue(f"{self._group}/{key}", value)
        self._settings.sync()
        super().accept()

    def options(self) -> ExportOptions:
        """The export options chosen (no reduction for the directed graph)."""
        variant = cast(Variant, self.variant.currentData())  # the combo box holds only VARIANTS
        reduce = self.reduce.isChecked() and variant != "directed"
        givens = cast(GivenSet, self.givens.currentData())  # and this one only GIVEN_SETS
        return ExportOptions(variant, reduce, givens, self.candidates.isChecked())

    def solve_settings(self) -> SolveSettings:
        """The solver settings chosen."""
        return SolveSettings(str(self.solver.currentData()), self.time_limit.value(), self.workers.value())


def _flag(value: object) -> bool:
    """QSettings' INI files give booleans back as the strings ``true``/``false``."""
    return value is True or str(value).lower() == "true"
