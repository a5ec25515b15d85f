"""The collection view's behaviour: open a file of many puzzles, rate, filter, and step through it.

Opening a file whose first records are lines (:func:`first_of_collection`) puts its first puzzle on the
board at once and indexes the file in the worker (job ``collection reading``); the dock then shows the
table. Choosing a row opens its puzzle, asked first as Open asks; Page Down / Page Up and Alt+→ / Alt+←
step through the list as it is filtered and sorted, and the status bar says where the board is in it.
Rating runs as job ``collection rating`` (worker processes, see ``collection.rating``): its answers
fill the table as they come, Esc or Stop ends it, and opening another of the collection's puzzles does
not (only jobs about the board's puzzle stop then).
"""

from __future__ import annotations

import functools
import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.gui.collection.dock import CollectionDock
from sudoku_workbench.gui.collection.index import CollectionIndex, first_of_collection, index_file
from sudoku_workbench.gui.collection.model import RATED_COLUMNS, CollectionFilter, CollectionModel
from sudoku_workbench.gui.collection.rating import RowRating, rate_rows, rating_processes
from sudoku_workbench.gui.commands.files import FileCommands
from sudoku_workbench.gui.session.job_kinds import JobKind

__all__ = ["CollectionPanel"]


class CollectionPanel(QObject):
    """The open collection of one window (at most one), its dock and its place on the board."""

    def __init__(self, files: FileCommands, window: QMainWindow) -> None:
        super().__init__(window)
        self.files = files
        self.session = files.session
        self.window = window
        self.model: CollectionModel | None = None
        self.path: Path | None = None
        self.current = -1  # the collection row on the board (-1: none of it)
        self.processes = rating_processes()
        self._dock: CollectionDock | None = None
        self._choosing = False  # the panel itself moves the table's current row
        self._rating: tuple[int, int, float] | None = None  # (asked, rated so far, started)
        self.where = QLabel()
        self.where.setAccessibleName("Place in the collection")
        window.statusBar().addPermanentWidget(self.where)
        self.session.job_finished.connect(self._job_finished)
        self.session.document_changed.connect(self._show_place)
        for key, delta in ((Qt.Key.Key_PageDown, 1), (Qt.Key.Key_PageUp, -1)):  # on the board, while solving
            shortcut = QShortcut(QKeySequence(key), files.board, context=Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(functools.partial(self.step, delta))

    # ---- opening -----------------------------------------------------------------------------
    @property
    def dock(self) -> CollectionDock:
        """The dock (created, docked along the bottom and wired on first use).

        At the bottom the table has the window's whole width, so every column shows beside the board,
        the graph and the steps; on the left it would squeeze the board to a third of its width.
        """
        if self._dock is None:
            dock = self._dock = CollectionDock(self.window)
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.filter_changed.connect(self._filter)
            dock.rate_shown.clicked.connect(self.rate_shown)
            dock.rate_all.clicked.connect(self.rate_all)
            dock.stop.clicked.connect(lambda: self.session.cancel(JobKind.COLLECTION_RATE))
        return self._dock

    def offer(self, path: Path) -> bool:
        """File → Open's question: True when ``path`` is a collection, now being opened here."""
        first = first_of_collection(path)
        if first is None:
            return False
        self._start(path, first)
        return True

    def open_collection(self, path: Path | None = None) -> None:
        """File → Open collection: any puzzle file as a table, even of one puzzle."""
        if not self.files.confirm_discard():
            return
        path = path or self.files.choose_open("Open a collection")
        if path is not None:
            self._start(path, first_of_collection(path))
        self.files.focus_board()

    def _start(self, path: Path, first: Grid | None) -> None:
        session = self.session
        session.cancel(JobKind.COLLECTION_RATE)
        self.model, self.path, self.current = None, path, -1
        if first is not None:
            self.current = 0
            session.set_puzzle(History(first), path, dirty=False)
            session.set_givens_mode(False)
        dock = self.dock
        dock.table.setModel(None)
        dock.summary.setText(f"Reading {path.name}…")
        if not dock.isVisible():
            dock.show()
            height = max(dock.minimumSizeHint().height(), self.window.height() * 2 // 5)
            self.window.resizeDocks([dock], [height], Qt.Orientation.Vertical)
        dock.raise_()
        session.run_job(
            JobKind.COLLECTION_INDEX,
            index_file,
            path,
            control=True,
            on_progress=functools.partial(self._indexed, False),
            on_done=functools.partial(self._indexed, True),
            on_failed=lambda err: session.warn("Could not open the collection", str(err)),
        )

    def _indexed(self, whole: bool, index: CollectionIndex) -> None:
        """Show an index: the head's first (rows to look at while the rest is read), then the whole."""
        model = self.model = CollectionModel(index)
        model.notice = self.session.notify
        dock = self.dock
        dock.show_model(model)
        dock.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        for button in (dock.rate_shown, dock.rate_all):
            button.setEnabled(whole)
        if not whole:
            self._select(self.current)
            dock.summary.setText(f"{index.path.name}: reading… the first {len(index):,} puzzles shown")
            return
        if not len(index):
            self.session.warn("No puzzle in the collection", f"{index.path}: no line holds a puzzle")
        elif self.current < 0:
            self._open_row(0)
        self._select(self.current)
        self._show_summary()
        self._show_place()

    # ---- moving through the list -------------------------------------------------------------
    def _row_chosen(self, now: QModelIndex, _before: QModelIndex) -> None:
        if self._choosing or self.model is None or not now.isValid():
            return
        row = self.model.row_at(now.row())
        if row == self.current:
            return
        if not self.files.confirm_discard():
            self._select(self.current)  # the board keeps its puzzle, so does the table
            return
        self._open_row(row)

    def _open_row(self, row: int) -> None:
        assert self.model is not None
        try:
            grid = self.model.index_.grid(row)
        except FormatError as err:  # the file changed on disk since it was indexed
            self.session.warn("Could not open the puzzle", str(err))
            return
        self.current = row
        self.session.set_puzzle(History(grid), self.path, dirty=False)
        self.session.set_givens_mode(False)
        self._show_place()

    def _select(self, row: int) -> None:
        """Make ``row`` the table's current row (shown), without opening it again."""
        if self.model is None or self._dock is None:
            return
        place = self.model.place_of(row)
        table = self._dock.table
        self._choosing = True
        try:
            if place < 0:
                table.selectionModel().clear()
            else:
                index = self.model.index(place, 0)
                flags = QItemSelectionModel.SelectionFlag
                table.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)
                table.scrollTo(index)
        finally:
            self._choosing = False

    def step(self, delta: int) -> None:
        """Next (+1) or previous (−1) puzzle of the list as filtered and sorted."""
        model = self.model
        if model is None or not model.rowCount():
            self.session.notify("No collection is open (File → Open collection…)")
            return
        place = model.place_of(self.current)
        target = 0 if place < 0 else min(max(place + delta, 0), model.rowCount() - 1)
        if target == place:
            self.session.notify(f"The {'last' if delta > 0 else 'first'} puzzle of the list")
            return
        self.dock.table.setCurrentIndex(model.index(target, 0))  # asks, then opens (_row_chosen)

    def next_puzzle(self) -> None:
        """Page Down / Alt+→: the next puzzle of the list."""
        self.step(1)

    def previous_puzzle(self) -> None:
        """Page Up / Alt+←: the previous puzzle of the list."""
        self.step(-1)

    def place_text(self) -> str:
        """``puzzle 12 of 1,465``, with the place in the list when it is filtered or sorted."""
        model = self.model
        if model is None or self.current < 0 or self.session.path != self.path:
            return ""
        text = f"puzzle {self.current + 1:,} of {len(model.index_):,}"
        place = model.place_of(self.current)
        if model.rowCount() != len(model.index_) or place != self.current:
            shown = model.rowCount()
            text += f" · {place + 1:,} of {shown:,} in the list" if place >= 0 else " · filtered out"
        return text

    def _show_place(self) -> None:
        self.where.setText(self.place_text())

    def _show_summary(self) -> None:
        model = self.model
        if model is None:
            return
        index = model.index_
        many = "s" if index.bad_count != 1 else ""
        bad = f", {index.bad_count:,} bad line{many}" if index.bad_count else ""
        shown = model.rowCount()
        filtered = f" · {shown:,} shown" if shown != len(index) else ""
        rated = int(np.count_nonzero(model.solutions >= 0))
        self.dock.summary.setText(
            f"{index.path.name}: {len(index):,} puzzles{bad}{filtered} · {rated:,} rated"
        )

    def _filter(self, wanted: CollectionFilter) -> None:
        if self.model is not None:
            self.model.set_filter(wanted)
            self._select(self.current)
            self._show_summary()
            self._show_place()

    # ---- rating ------------------------------------------------------------------------------
    def rate_shown(self) -> None:
        """Rate the rows in sight (and the board's), those not rated yet."""
        model, table = self.model, self.dock.table
        if model is None:
            return
        top = max(table.rowAt(0), 0)
        bottom = table.rowAt(table.viewport().height() - 1)
        bottom = model.rowCount() - 1 if bottom < 0 else bottom
        rows = [model.row_at(place) for place in range(top, bottom + 1)]
        if self.current >= 0 and self.current not in rows:
            rows.insert(0, self.current)
        self.rate(np.array(rows, dtype=np.int64))

    def rate_all(self) -> None:
        """Rate every row of the list (in its order) not rated yet."""
        if self.model is not None:
            self.rate(self.model.order)

    def rate(self, rows: np.ndarray) -> None:
        """Rate those of ``rows`` (collection rows) that are not rated yet, in the worker's processes."""
        model = self.model
        if model is None:
            return
        todo = rows[model.solutions[rows] < 0]
        if not len(todo):
            self.session.notify("Every one of those puzzles is rated already")
            return
        index = model.index_
        pairs = ((int(row), index.text(int(row))) for row in todo)
        self._rating = (len(todo), 0, time.perf_counter())
        self.dock.set_rating(True, len(todo))
        self.session.run_job(
            JobKind.COLLECTION_RATE,
            functools.partial(rate_rows, rules=self.session.rules, processes=self.processes),
            pairs,
            control=True,
            on_progress=self._rated,
            on_done=lambda _none: self._rating_ended(True),
            on_failed=lambda err: self.session.warn("The rating stopped", str(err)),
        )

    def _rated(self, batch: list[RowRating]) -> None:
        if self.model is None or self._rating is None:
            return
        self.model.add_ratings(batch)
        asked, done, started = self._rating
        self._rating = (asked, done + len(batch), started)
        self.dock.progress.setValue(done + len(batch))
        self.dock.set_techniques(self.model.techniques)

    def _job_finished(self, kind: str, _result: object) -> None:
        if kind == JobKind.COLLECTION_RATE and self._rating is not None:
            self._rating_ended(False)

    def _rating_ended(self, finished: bool) -> None:
        if self._rating is None:
            return
        asked, done, started = self._rating
        self._rating = None
        self.dock.set_rating(False)
        seconds = time.perf_counter() - started
        said = "Rated" if finished else "Rating stopped:"
        self.session.notify(f"{said} {done:,} of {asked:,} puzzles in {seconds:.1f} s")
        model = self.model
        if model is not None and (model.sort_column in RATED_COLUMNS or model.filter.active()):
            model.refresh()  # the new ratings take their places in the order and the filter
            self._select(self.current)
        self._show_summary()
        self._show_place()
