"""The collection table's model: a million rows read lazily, sorted and filtered with numpy, no widgets.

The rows are the :class:`~sudoku_workbench.gui.collection.index.CollectionIndex`'s; a row's text is cut
from the file's bytes only when the view asks for it. Ratings live in one numpy array per column (NaN or
-1 while unknown). What the view shows is ``order``, a permutation of the rows that passed the filter,
sorted: sorting a computed column is one ``argsort`` and filtering one mask, so neither calls Python
per row (a ``QSortFilterProxyModel`` would call ``data`` millions of times). Unknown values sort last.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontDatabase

from sudoku_workbench.gui.collection.index import CollectionIndex
from sudoku_workbench.gui.collection.rating import RowRating
from sudoku_workbench.library.rating import IMPOSSIBLE as IMPOSSIBLE_NAME
from sudoku_workbench.logic.engine import step_name
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel

__all__ = [
    "COLUMNS",
    "IMPOSSIBLE",
    "RATED_COLUMNS",
    "STUCK",
    "CollectionFilter",
    "CollectionModel",
    "level_name",
]

#: The level column's codes for a puzzle HoDoKu's path could not finish (``stuck``) or found impossible;
#: HoDoKu's levels are their own numbers (1 … 5), -1 unknown.
STUCK, IMPOSSIBLE = 0, -2

#: The table's columns, in order: the puzzle's text last, where it may run as wide as the dock allows.
COLUMNS = ("#", "Clues", "Solutions", "SE", "HoDoKu", "Level", "Hardest technique", "Puzzle")
NUMBER, CLUES, SOLUTIONS, SE, SCORE, LEVEL, HARDEST, PUZZLE = range(len(COLUMNS))
#: The columns the rating fills.
RATED_COLUMNS = frozenset({SOLUTIONS, SE, SCORE, LEVEL, HARDEST})
#: Sorting by the text builds every key in Python: offered up to this many rows shown.
PUZZLE_SORT_LIMIT = 200_000
_SOLUTION_WORDS = {0: "none", 1: "1", 2: "many"}
_Index = QModelIndex | QPersistentModelIndex


def level_code(name: str | None) -> int:
    """The level column's code of a rating's level name (``easy`` … ``extreme``, ``stuck``, …)."""
    if name is None:
        return -1
    if name == IMPOSSIBLE_NAME:
        return IMPOSSIBLE
    known = HodokuLevel.__members__.get(name.upper())
    return int(known) if known is not None else STUCK


def level_name(code: int) -> str:
    """HoDoKu's level of a row as the table shows it ("" while unknown)."""
    if code == STUCK:
        return "stuck"
    if code == IMPOSSIBLE:
        return "impossible"
    return HodokuLevel(code).name.lower() if code > 0 else ""


@dataclass(frozen=True)
class CollectionFilter:
    """What the filter bar asks: text in the line, an SE band, a HoDoKu level, a technique SE's path took.

    A rating condition keeps only rows rated so far that meet it.
    """

    text: str = ""
    se_low: float | None = None
    se_high: float | None = None
    level: int | None = None
    technique: str | None = None

    def active(self) -> bool:
        """True when the filter leaves any row out."""
        return bool(self.text) or any(
            value is not None for value in (self.se_low, self.se_high, self.level, self.technique)
        )


class CollectionModel(QAbstractTableModel):
    """The rows of one collection in the filtered, sorted order."""

    def __init__(self, index: CollectionIndex) -> None:
        super().__init__()
        self.index_ = index
        rows = len(index)
        self.solutions = np.full(rows, -1, dtype=np.int8)
        self.se = np.full(rows, np.nan, dtype=np.float32)
        self.score = np.full(rows, -1, dtype=np.int32)
        self.level = np.full(rows, -1, dtype=np.int8)
        self.hardest = np.full(rows, -1, dtype=np.int16)
        self.techniques: list[str] = []  # technique ids met so far, by their code (``hardest``, ``used``)
        self._technique_code: dict[str, int] = {}
        #: Per row, the techniques SE's path took: bit ``code % 64`` of word ``code // 64``.
        self.used = np.zeros((rows, 1), dtype=np.uint64)
        self.order = np.arange(rows, dtype=np.int64)
        self._shown = self.order  # the rows the filter keeps, by number
        #: Where the model says why it did not do what was asked (the panel puts it on the status bar).
        self.notice: Callable[[str], None] = lambda _text: None
        self.where = self.order.copy()  # row → its place in ``order`` (-1: filtered out)
        self.sort_column, self.sort_order = NUMBER, Qt.SortOrder.AscendingOrder
        self.filter = CollectionFilter()
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

    # ---- the Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default
        """The rows shown (the filter's, not the file's)."""
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """The columns of :data:`COLUMNS`."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> object:
        """The column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: _Index, role: int = 0) -> object:
        """A cell's text, font, alignment or tooltip, computed as the view asks (nothing is stored)."""
        if not index.isValid():
            return None
        row = int(self.order[index.row()])
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell_text(row, column)
        if role == Qt.ItemDataRole.FontRole and column == PUZZLE:
            return self._mono
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Line {int(self.index_.lines[row])} of {self.index_.path.name}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (PUZZLE, LEVEL, HARDEST):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def cell_text(self, row: int, column: int) -> str:
        """What the table shows for a row (a row of the collection, not of the view) in a column."""
        if column == NUMBER:
            return str(row + 1)
        if column == PUZZLE:
            return self.index_.text(row)
        if column == HARDEST:
            code = int(self.hardest[row])
            return step_name(self.techniques[code]) if code >= 0 else ""
        if column == CLUES:
            return str(int(self.index_.clues[row]))
        if column == SOLUTIONS:
            return _SOLUTION_WORDS.get(int(self.solutions[row]), "")
        if column == SE:
            value = float(self.se[row])
            return "" if np.isnan(value) else f"{value:.1f}"
        if column == SCORE:
            return "" if self.score[row] < 0 else str(int(self.score[row]))
        return level_name(int(self.level[row]))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Header click: sort the shown rows by a column (unknown values last, ties by number)."""
        self.sort_column, self.sort_order = column, order
        self.beginResetModel()
        self.order = self._sorted(self._shown)
        self._update_where()
        self.endResetModel()

    # ---- rows --------------------------------------------------------------------------------
    def row_at(self, place: int) -> int:
        """The collection row shown at a place of the view."""
        return int(self.order[place])

    def place_of(self, row: int) -> int:
        """Where a collection row is shown (-1: filtered out)."""
        return int(self.where[row]) if 0 <= row < len(self.where) else -1

    def unrated(self, rows: Iterable[int]) -> list[int]:
        """Those of ``rows`` whose solutions are not counted yet."""
        return [row for row in rows if self.solutions[row] < 0]

    def add_ratings(self, ratings: list[RowRating]) -> None:
        """Answers of the rating job: stored, and the rows shown repainted (the order stays)."""
        if not ratings:
            return
        for answer in ratings:
            row, rated = answer.row, answer.rated
            self.solutions[row] = rated.solutions
            self.se[row] = np.nan if rated.se is None else rated.se
            self.score[row] = -1 if rated.hodoku_score is None else rated.hodoku_score
            self.level[row] = level_code(rated.hodoku_level)
            if rated.hardest:
                self.hardest[row] = self._code(rated.hardest)
            for technique in rated.techniques:
                code = self._code(technique)
                self.used[row, code // 64] |= np.uint64(1 << (code % 64))
        places = [self.where[r.row] for r in ratings if self.where[r.row] >= 0]
        if places:
            top, bottom = int(min(places)), int(max(places))
            self.dataChanged.emit(self.index(top, SOLUTIONS), self.index(bottom, HARDEST))

    def set_filter(self, wanted: CollectionFilter) -> None:
        """Show only the rows the filter keeps, in the current sort order."""
        self.filter = wanted
        self.refresh()

    def refresh(self) -> None:
        """Filter and sort again (new ratings may now pass the filter or move)."""
        self.beginResetModel()
        self._shown = np.flatnonzero(self._mask()).astype(np.int64)
        self.order = self._sorted(self._shown)
        self._update_where()
        self.endResetModel()

    # ---- internals ---------------------------------------------------------------------------
    def _code(self, technique: str) -> int:
        code = self._technique_code.get(technique)
        if code is None:
            code = self._technique_code[technique] = len(self.techniques)
            self.techniques.append(technique)
            if code // 64 >= self.used.shape[1]:
                self.used = np.pad(self.used, ((0, 0), (0, 1)))
        return code

    def _mask(self) -> np.ndarray:
        wanted = self.filter
        keep = np.ones(len(self.index_), dtype=bool)
        if wanted.text:
            keep &= self._text_rows(wanted.text)
        if wanted.se_low is not None:
            keep &= self.se >= wanted.se_low
        if wanted.se_high is not None:
            keep &= self.se <= wanted.se_high
        if wanted.level is not None:
            keep &= self.level == wanted.level
        if wanted.technique is not None:
            code = self._technique_code.get(wanted.technique)
            if code is None:
                keep[:] = False
            else:
                keep &= (self.used[:, code // 64] & np.uint64(1 << (code % 64))) != 0
        return keep

    def _text_rows(self, text: str) -> np.ndarray:
        """Rows whose line holds ``text``: one regular-expression pass over the file's bytes."""
        index = self.index_
        found = np.fromiter(
            (m.start() for m in re.finditer(re.escape(text.encode()), index.data)), dtype=np.int64
        )
        keep = np.zeros(len(index), dtype=bool)
        if len(found):
            rows = np.searchsorted(index.starts, found, side="right") - 1
            inside = (rows >= 0) & (found + len(text.encode()) <= index.starts[rows] + index.lengths[rows])
            keep[rows[inside]] = True
        return keep

    def _sorted(self, rows: np.ndarray) -> np.ndarray:
        """``rows`` (ascending numbers) in the order of the sort column; unknown values last.

        The keys are small integers (SE in tenths), so numpy's stable sort is a radix sort: about 30 ms
        for a million rows, ties in number order.
        """
        column, descending = self.sort_column, self.sort_order == Qt.SortOrder.DescendingOrder
        if column == NUMBER:
            return rows[::-1].copy() if descending else rows
        if column == PUZZLE and len(rows) > PUZZLE_SORT_LIMIT:
            self.notice(f"Sorting by the puzzle's text is offered up to {PUZZLE_SORT_LIMIT:,} rows shown")
            return rows
        if column == PUZZLE:
            keys = self._puzzle_keys(rows)
            order = np.argsort(keys, kind="stable")
            return rows[order[::-1] if descending else order]
        values, known = self._key(column, rows)
        if descending:
            values = -values
        values[~known] = np.iinfo(values.dtype).max
        return rows[np.argsort(values, kind="stable")]

    def _key(self, column: int, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The integer sort key of ``rows`` in a computed column, and which rows have a value."""
        if column == CLUES:
            values = self.index_.clues[rows].astype(np.int16)
            return values, np.ones(len(rows), dtype=bool)
        if column == SE:
            picked = self.se[rows]
            known = ~np.isnan(picked)
            return np.rint(np.where(known, picked, 0) * 10).astype(np.int16), known
        if column == SCORE:
            values = self.score[rows].astype(np.int32)
            return values, values >= 0
        if column in (SOLUTIONS, LEVEL):
            values = (self.solutions if column == SOLUTIONS else self.level)[rows].astype(np.int16)
            return values, values != -1
        rank = np.zeros(max(1, len(self.techniques)), dtype=np.int16)
        by_name = sorted(range(len(self.techniques)), key=lambda code: step_name(self.techniques[code]))
        for place, code in enumerate(by_name):
            rank[code] = place
        codes = self.hardest[rows]
        return rank[np.maximum(codes, 0)], codes >= 0

    def _puzzle_keys(self, rows: np.ndarray) -> np.ndarray:
        """The first 81 bytes of each row's line, as fixed-width byte strings numpy can sort."""
        data, starts, lengths = self.index_.data, self.index_.starts, self.index_.lengths
        ends = np.minimum(starts[rows] + 81, starts[rows] + lengths[rows]).tolist()
        return np.array([data[s:e] for s, e in zip(starts[rows].tolist(), ends, strict=True)], dtype="S81")

    def _update_where(self) -> None:
        self.where = np.full(len(self.index_), -1, dtype=np.int64)
        self.where[self.order] = np.arange(len(self.order), dtype=np.int64)
