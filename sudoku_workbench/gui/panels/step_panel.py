"""The logic step-through panel: Dr. Dobb's buttons, the step list, the explanation and the status line.

Buttons show the window's actions (so shortcuts, enabling and tooltips are shared with the menus);
choosing a row of the list (a click, or the arrows, Home, End, Page Up/Down) emits ``position_chosen``
with the number of steps to have applied.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.step import Step
from sudoku_workbench.gui.panels.text_fit import TextFit

__all__ = ["BUTTONS", "LONG_STEP", "StepPanel", "step_title"]

#: The panel's buttons, in order, by action name.
BUTTONS = ("logic", "step", "back", "hint", "ok", "check", "test", "cancel")


#: A step with more effects than this is summarised by counts (its effects are shown on demand).
LONG_STEP = 6


def step_title(step: Step, geo: Geometry, names: Mapping[str, str]) -> str:
    """``Naked single: r1c1=5`` — the rule's display name and the step's effects (counted when many)."""
    name = names.get(step.rule, step.rule.replace("_", " ").capitalize())
    if _is_long(step):
        counts = [_count(len(step.placements), "placement"), _count(len(step.eliminations), "elimination")]
        return f"{name}: {', '.join(c for c in counts if c)}"
    summary = step.summary(geo)
    return f"{name}: {summary}" if summary else name


def _is_long(step: Step) -> bool:
    return len(step.placements) + len(step.eliminations) > LONG_STEP


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}" if number else ""


class _StepList(QListWidget):
    """The step list: the current row stays whole in view when the rows are laid out again.

    A narrower or shorter list wraps its rows anew after the scroll to the current row was made,
    which would leave that row cut at the bottom edge.
    """

    def updateGeometries(self) -> None:
        super().updateGeometries()
        item = self.currentItem()
        if item is not None:
            self.scrollToItem(item)


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
        self.steps = _StepList()
        self.steps.setAccessibleName("Steps")
        # Long rows wrap instead of needing a horizontal scroll bar.
        self.steps.setWordWrap(True)
        self.steps.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps.setResizeMode(QListView.ResizeMode.Adjust)
        # The current row, however it moved (mouse or keys), is the position shown.
        self.steps.currentRowChanged.connect(self._row_chosen)
        self.explanation = QTextBrowser()
        self.explanation.setAccessibleName("Explanation of the step shown")
        self.explanation.setOpenLinks(False)
        self.explanation.anchorClicked.connect(lambda _url: self._toggle_details())
        # When the dock is short of room the list and the explanation give it up (they scroll), down
        # to three rows and four lines: the texts below keep their whole height.
        lines = self.fontMetrics().lineSpacing()
        self.explanation.setMaximumHeight(8 * lines)
        self.explanation.setMinimumHeight(4 * lines + 2 * self.explanation.frameWidth())
        self.steps.setMinimumHeight(3 * lines + 2 * self.steps.frameWidth())
        self.finding = QLabel()
        self.finding.setAccessibleName("Check or hint")
        self.finding.setFrameShape(QFrame.Shape.StyledPanel)
        self.finding.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.finding_box = TextFit(self.finding, 12)
        self.finding_box.hide()
        self.progress = QLabel()
        self.progress.setWordWrap(True)
        self.progress.setAccessibleName("Progress of the running job")
        self.progress.hide()
        self.status = QLabel()
        self.status.setAccessibleName("Status: the puzzle's rating and the position shown")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_box = TextFit(self.status, 8)
        self._step: tuple[Step, Geometry] | None = None
        self._cursor = -1  # the cursor the rows' colours show (-1: recolour them all)
        self._details = False
        layout.addWidget(self.steps, 1)
        layout.addWidget(self.explanation)
        layout.addWidget(self.finding_box)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_box)

    def _button_grid(self, actions: Mapping[str, QAction]) -> QGridLayout:
        grid = QGridLayout()
        for index, name in enumerate(BUTTONS):
            button = QToolButton()
            button.setDefaultAction(actions[name])
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setMinimumWidth(64)
            button.setAccessibleName(actions[name].text().replace("&", "").rstrip("…"))
            self.buttons[name] = button
            grid.addWidget(button, index // 4, index % 4)
        return grid

    def set_history(self, start_label: str, steps: tuple[Step, ...], cursor: int, geo: Geometry) -> None:
        """Show the steps (row 0 is the start position) with the row at the cursor selected.

        The list's own signals are blocked meanwhile: rows removed here move its current row, and that
        must not read as the person choosing a position.
        """
        blocker = QSignalBlocker(self.steps)
        self._fill(start_label, steps, cursor, geo)
        del blocker

    def _row_chosen(self, row: int) -> None:
        if row >= 0:
            self.position_chosen.emit(row)

    def _fill(self, start_label: str, steps: tuple[Step, ...], cursor: int, geo: Geometry) -> None:
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
        # Only rows that changed side of the cursor, or are new, are recoloured: Logic adds rows one by
        # one, and recolouring the whole list each time would grow with the square of its length.
        low, high = sorted((self._cursor, cursor)) if self._cursor >= 0 else (0, self.steps.count())
        self._cursor = cursor
        self._recolour({*range(low + 1, high + 1), *range(common + 1, self.steps.count())})
        self.steps.setCurrentRow(cursor)
        self.steps.scrollToItem(self.steps.item(cursor))

    def _recolour(self, rows: set[int]) -> None:
        """Rows up to the cursor in the text colour, the undone ones after it greyed."""
        applied, undone = self.palette().text(), self.palette().mid()
        for row in rows:
            if 0 < row < self.steps.count():
                self.steps.item(row).setForeground(applied if row <= self._cursor else undone)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch recolours every row."""
        if event.type() == QEvent.Type.PaletteChange:
            self._recolour(set(range(self.steps.count())))
        super().changeEvent(event)

    def row_of_step(self, index: int) -> int:
        """The list row of the history's step ``index`` (row 0 is the start position)."""
        return index + 1

    def show_step(self, step: Step | None, geo: Geometry) -> None:
        """Explain the step that led to the shown position (a long one's effects on demand)."""
        self._step = None if step is None else (step, geo)
        self._details = False
        self._explain()

    def _toggle_details(self) -> None:
        self._details = not self._details
        self._explain()

    def _explain(self) -> None:
        if self._step is None:
            self.explanation.setPlainText("Start position.")
            return
        step, geo = self._step
        parts = [f"<b>{html.escape(step_title(step, geo, self.rule_names))}</b>"]
        if step.explanation:
            parts.append(html.escape(step.explanation))
        if _is_long(step):
            if self._details:
                parts += [html.escape(step.summary(geo)), '<a href="details">Hide the details</a>']
            else:
                parts.append('<a href="details">Show every placement and elimination</a>')
        self.explanation.setHtml("".join(f"<p>{part}</p>" for part in parts))

    def set_finding(self, text: str) -> None:
        """Check's verdict or a hint: it stays, wrapped, until the position changes (empty text hides it)."""
        self.finding_box.set_text(text)
        self.finding_box.setVisible(bool(text))

    def set_status(self, text: str) -> None:
        """The status line: rating, number of solutions, empty cells."""
        self.status_box.set_text(text)

    def set_progress(self, text: str) -> None:
        """What the running job reports (nodes searched, puzzles tried)."""
        self.progress.setText(text)
        self.progress.setVisible(bool(text))
