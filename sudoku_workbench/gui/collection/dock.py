"""The collection dock's widgets: filter bar, table, rating buttons with their progress, bad lines.

Only widgets and their layout live here; :mod:`~sudoku_workbench.gui.collection.panel` connects them to
the session. The table is one ``QTableView`` over the lazy model: a row is painted when shown, never
made into a widget, and rows have one fixed height so a million of them cost the view nothing.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.gui.collection.index import CollectionIndex
from sudoku_workbench.gui.collection.model import (
    COLUMNS,
    HARDEST,
    IMPOSSIBLE,
    LEVEL,
    NUMBER,
    STUCK,
    CollectionFilter,
    CollectionModel,
    level_name,
)
from sudoku_workbench.logic.engine import step_name
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel

__all__ = ["CollectionDock"]

#: Milliseconds the filter waits after the last key before it filters (a million rows take ~0.1 s).
_FILTER_DELAY = 250
_LEVELS = (*(int(level) for level in HodokuLevel), STUCK, IMPOSSIBLE)


class CollectionDock(QDockWidget):
    """The dock; ``filter_changed`` carries a :class:`CollectionFilter` once the person stops typing."""

    filter_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Collection", parent)
        self.setObjectName("collection_dock")
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel("No collection")
        self.summary.setWordWrap(True)
        column.addWidget(self.summary)
        column.addLayout(self._filter_bar())
        self.table = QTableView()
        self.table.setAccessibleName("Puzzles of the collection")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        rows.hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setMinimumWidth(280)
        column.addWidget(self.table, 1)
        column.addLayout(self._rating_bar())
        self.bad_label = QLabel()
        self.bad_lines = QPlainTextEdit()
        self.bad_lines.setReadOnly(True)
        self.bad_lines.setMaximumHeight(110)
        self.bad_lines.setAccessibleName("Lines of the file that are no puzzle")
        for widget in (self.bad_label, self.bad_lines):
            widget.hide()
            column.addWidget(widget)
        self.setWidget(body)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(_FILTER_DELAY)
        self._filter_timer.timeout.connect(lambda: self.filter_changed.emit(self.current_filter()))

    # ---- building ----------------------------------------------------------------------------
    def _filter_bar(self) -> QVBoxLayout:
        """One row: the text, the SE band, the level and a technique the puzzles need."""
        rows = QVBoxLayout()
        bar = QHBoxLayout()
        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText("Filter: text in the line")
        self.text_filter.setClearButtonEnabled(True)
        self.se_low, self.se_high = self._se_box("SE from"), self._se_box("SE up to")
        self.level_filter = QComboBox()
        self.level_filter.addItem("Any level", None)
        for code in _LEVELS:
            self.level_filter.addItem(level_name(code), code)
        self.technique_filter = QComboBox()
        self.technique_filter.addItem("Any technique", None)
        self.technique_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.technique_filter.setMinimumContentsLength(10)
        bar.addWidget(self.text_filter, 1)
        for label, box in (("SE", self.se_low), ("–", self.se_high)):
            bar.addWidget(QLabel(label))
            bar.addWidget(box)
        bar.addWidget(self.level_filter)
        bar.addWidget(self.technique_filter)
        rows.addLayout(bar)
        self.text_filter.textChanged.connect(lambda _text: self._filter_timer.start())
        for box in (self.se_low, self.se_high):
            box.valueChanged.connect(lambda _value: self._filter_timer.start())
        for combo in (self.level_filter, self.technique_filter):
            combo.currentIndexChanged.connect(lambda _i: self._filter_timer.start())
        return rows

    def _se_box(self, name: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(0.0, 12.0)
        box.setSingleStep(0.1)
        box.setDecimals(1)
        box.setSpecialValueText("any")  # 0.0: no bound
        box.setAccessibleName(name)
        return box

    def _rating_bar(self) -> QVBoxLayout:
        rows = QVBoxLayout()
        bar = QHBoxLayout()
        self.rate_shown = QPushButton("Rate shown")
        self.rate_shown.setToolTip("Rate the rows in sight and the selected one")
        self.rate_all = QPushButton("Rate all")
        self.rate_all.setToolTip("Rate every row of the list not rated yet (Esc stops)")
        self.stop = QPushButton("Stop")
        self.stop.setToolTip("Stop the rating (Esc); the rows rated so far keep their ratings")
        self.stop.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        for widget in (self.rate_shown, self.rate_all, self.stop):
            bar.addWidget(widget)
        bar.addWidget(self.progress, 1)
        bar.addStretch()
        rows.addLayout(bar)
        return rows

    # ---- showing -----------------------------------------------------------------------------
    def show_model(self, model: CollectionModel) -> None:
        """Put a collection's model in the table, sorted by number, and list its bad lines."""
        self.table.setSortingEnabled(False)
        self.table.setModel(model)
        header = self.table.horizontalHeader()
        header.setSortIndicator(NUMBER, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        metrics = self.table.fontMetrics()
        digit = metrics.horizontalAdvance("0")
        widths = {NUMBER: digit * (len(str(len(model.index_))) + 2), LEVEL: digit * 11, HARDEST: digit * 24}
        for column in range(len(COLUMNS) - 1):  # the puzzle, last, takes the rest
            title = metrics.horizontalAdvance(COLUMNS[column]) + 3 * digit  # room for the sort arrow
            self.table.setColumnWidth(column, widths.get(column, title))
        self.show_bad_lines(model.index_)

    def show_bad_lines(self, index: CollectionIndex) -> None:
        """The lines that are no puzzle, each with its reason (hidden when there is none)."""
        shown = bool(index.bad_count)
        self.bad_label.setVisible(shown)
        self.bad_lines.setVisible(shown)
        if not shown:
            return
        more = index.bad_count - len(index.bad)
        many = index.bad_count != 1
        self.bad_label.setText(
            f"{index.bad_count:,} line{'s' if many else ''} of the file "
            f"{'are' if many else 'is'} no puzzle, left out:"
        )
        text = "\n".join(bad.reason for bad in index.bad)
        self.bad_lines.setPlainText(text + (f"\n… and {more:,} more" if more > 0 else ""))

    def set_techniques(self, techniques: list[str]) -> None:
        """Offer the techniques met so far in the technique filter (the choice is kept)."""
        combo = self.technique_filter
        if combo.count() - 1 == len(techniques):
            return
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem("Any technique", None)
        for technique in sorted(techniques, key=step_name):
            combo.addItem(step_name(technique), technique)
        combo.setCurrentIndex(max(0, combo.findData(chosen)))
        combo.blockSignals(False)

    def current_filter(self) -> CollectionFilter:
        """What the filter bar asks for now."""
        low, high = self.se_low.value(), self.se_high.value()
        return CollectionFilter(
            text=self.text_filter.text().strip(),
            se_low=low or None,
            se_high=high or None,
            level=self.level_filter.currentData(),
            technique=self.technique_filter.currentData(),
        )

    def set_rating(self, running: bool, total: int = 0) -> None:
        """Show the progress bar and Stop while a rating runs."""
        self.progress.setVisible(running)
        self.stop.setEnabled(running)
        if running:
            self.progress.setRange(0, max(total, 1))
            self.progress.setValue(0)
            self.progress.setFormat(f"%v of {total:,} rated")
