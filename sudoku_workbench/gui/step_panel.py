"""The logic step-through panel: Dr. Dobb's buttons, the step list, the explanation and the status line.

Buttons show the window's actions (so shortcuts, enabling and tooltips are shared with the menus);
clicking a row of the list emits ``position_chosen`` with the number of steps to have applied.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.step import Step

__all__ = ["BUTTONS", "StepPanel", "step_title"]

#: The panel's buttons, in order, by action name.
BUTTONS = ("logic", "step", "back", "ok", "check", "test", "cancel")


def step_title(step: Step, geo: Geometry, names: Mapping[str, str]) -> str:
    """``Naked single: r1c1=5`` — the rule's display name and the step's effects."""
    name = names.get(step.rule, step.rule.replace("_", " ").capitalize())
    summary = step.summary(geo)
    return f"{name}: {summary}" if summary else name


class StepPanel(QWidget):
    """Buttons over a list of the history's steps, the shown step's explanation and the status."""

    position_chosen = Signal(int)

    def __init__(self, actions: Mapping[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rule_names: dict[str, str] = {}
        self._shown: list[Step] = []
        self.buttons: dict[str, QToolButton] = {}
        layout = QVBoxLayout(self)
        layout.addLayout(self._button_grid(actions))
        self.steps = QListWidget()
        self.steps.setAccessibleName("Steps")
        self.steps.itemClicked.connect(lambda item: self.position_chosen.emit(self.steps.row(item)))
        self.explanation = QTextBrowser()
        self.explanation.setAccessibleName("Explanation")
        self.explanation.setMaximumHeight(120)
        self.steps.setMinimumHeight(140)
        self.progress = QLabel()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.steps, 1)
        layout.addWidget(self.explanation)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)

    def _button_grid(self, actions: Mapping[str, QAction]) -> QGridLayout:
        grid = QGridLayout()
        for index, name in enumerate(BUTTONS):
            button = QToolButton()
            button.setDefaultAction(actions[name])
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setMinimumWidth(64)
            self.buttons[name] = button
            grid.addWidget(button, index // 4, index % 4)
        return grid

    def set_history(self, start_label: str, steps: tuple[Step, ...], cursor: int, geo: Geometry) -> None:
        """Show the steps (row 0 is the start position) with the row at the cursor selected."""
        common = 0
        for old, new in zip(self._shown, steps, strict=False):
            if old is not new:
                break
            common += 1
        if self.steps.count() == 0:
            self.steps.addItem(QListWidgetItem(start_label))
        self.steps.item(0).setText(start_label)
        while self.steps.count() > common + 1:
            self.steps.takeItem(self.steps.count() - 1)
        for number, step in enumerate(steps[common:], start=common + 1):
            self.steps.addItem(QListWidgetItem(f"{number}. {step_title(step, geo, self.rule_names)}"))
        self._shown = list(steps)
        for row in range(1, self.steps.count()):
            self.steps.item(row).setForeground(
                self.palette().text() if row <= cursor else self.palette().mid()
            )
        self.steps.setCurrentRow(cursor)
        self.steps.scrollToItem(self.steps.item(cursor))

    def show_step(self, step: Step | None, geo: Geometry) -> None:
        """Explain the step that led to the shown position."""
        if step is None:
            self.explanation.setPlainText("Start position.")
            return
        title = step_title(step, geo, self.rule_names)
        self.explanation.setPlainText(f"{title}\n\n{step.explanation}" if step.explanation else title)

    def set_status(self, text: str) -> None:
        """The status line: rating, number of solutions, empty cells."""
        self.status.setText(text)

    def set_progress(self, text: str) -> None:
        """What the running job reports (nodes searched, puzzles tried)."""
        self.progress.setText(text)
