"""Where the board's parts go in a widget of a given size.

The square, the cells, the candidate spots, the font sizes and the magnifier are worked out in one
place so painting, clicks and tests agree.

The board is a square as large as the widget allows (times the zoom when that is below 1), centred
across and kept at the top: spare height goes below the board, never above it. On a killer the
candidates keep clear of the cages' lines (``inset`` on each side of a cell) and of a band at its top
(``band``), where a cage's sum is written.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from sudoku_workbench.core.geometry import Candidate, Cell, Digit

__all__ = ["READABLE_PX", "BoardLayout", "font_px"]

#: Empty border round the board, in pixels (room for the thick outer lines).
MARGIN = 4.0
#: Candidate text below this many pixels is not readable: the board magnifies a cell's candidates instead.
READABLE_PX = 9
#: The candidate font in the magnifier (a little above the readable minimum).
_MAGNIFIED_PX = 13
#: A font's pixel size as a share of the box it is centred in (a digit's ink is about 0.7 of that).
_CANDIDATE_SHARE = 0.9
_DIGIT_SHARE = 0.58


def font_px(box: float, share: float = _CANDIDATE_SHARE) -> int:
    """The pixel size of a font whose text fits a box of this side."""
    return max(5, int(box * share + 1e-6))  # 10 px at 0.9 is 9 px, not 8.999…


@dataclass(frozen=True)
class BoardLayout:
    """An n×n board whose top left corner is at (left, top), with square cells of side ``cell``."""

    n: int
    left: float
    top: float
    cell: float
    #: The shares of a cell kept free of candidates: a band at its top (the corner of a cage's sum),
    #: and a margin on its other sides (where the cages' lines run).
    band: float = 0.0
    inset: float = 0.0

    @classmethod
    def fit(
        cls, width: float, height: float, n: int, zoom: float = 1.0, frame: tuple[float, float] = (0, 0)
    ) -> BoardLayout:
        """The largest square that fits the widget (a zoom below 1 shrinks it; above 1 the widget grew).

        ``frame``: the ``band`` and ``inset`` kept free of candidates.
        """
        side = max(min(width, height) - 2 * MARGIN, 10.0) * min(zoom, 1.0)
        return cls(n, (width - side) / 2, MARGIN, side / n, *frame)

    @classmethod
    def readable_side(cls, n: int, frame: tuple[float, float] = (0, 0)) -> int:
        """The board's side (with its margin) at which an n×n grid's candidates become readable."""
        spot = math.ceil(READABLE_PX / _CANDIDATE_SHARE)
        per_pixel = cls(n, 0, 0, 1.0, *frame)._sub(QRectF(0, 0, 1, 1))  # a spot's side in a 1-pixel cell
        return math.ceil(spot / per_pixel * n - 1e-6) + round(2 * MARGIN)

    @property
    def side(self) -> float:
        """The board's side in pixels."""
        return self.cell * self.n

    @property
    def columns(self) -> int:
        """Candidate spots per row of a cell (3 for 9x9, 4 for 16x16, 5 for 25x25)."""
        return math.ceil(math.sqrt(self.n))

    def board_rect(self) -> QRectF:
        """The whole board."""
        return QRectF(self.left, self.top, self.side, self.side)

    def cell_rect(self, cell: Cell) -> QRectF:
        """Where a cell is drawn."""
        row, col = divmod(cell, self.n)
        return QRectF(self.left + col * self.cell, self.top + row * self.cell, self.cell, self.cell)

    def cell_at(self, point: QPointF) -> Cell:
        """The cell under a point, -1 off the board."""
        col = math.floor((point.x() - self.left) / self.cell)
        row = math.floor((point.y() - self.top) / self.cell)
        return row * self.n + col if 0 <= row < self.n and 0 <= col < self.n else -1

    def spot(self, rect: QRectF, digit: Digit) -> QRectF:
        """A candidate's spot inside ``rect``: a cell, or its magnified copy."""
        sub = self._sub(rect)
        row, col = divmod(digit - 1, self.columns)
        return QRectF(self._spots_left(rect) + col * sub, self._spots_top(rect) + row * sub, sub, sub)

    def candidate_at(self, point: QPointF) -> Candidate | None:
        """The candidate whose spot is under a point, None off the spots."""
        cell = self.cell_at(point)
        if cell < 0:
            return None
        rect = self.cell_rect(cell)
        sub = self._sub(rect)
        col = math.floor((point.x() - self._spots_left(rect)) / sub)
        row = math.floor((point.y() - self._spots_top(rect)) / sub)
        digit = row * self.columns + col + 1
        inside = 0 <= col < self.columns and 0 <= row < self._spot_rows() and digit <= self.n
        return (cell, digit) if inside else None

    def _spot_rows(self) -> int:
        return math.ceil(self.n / self.columns)

    def _sub(self, rect: QRectF) -> float:
        """A spot's side: a column's width, less where the band leaves too little height for the rows."""
        across = rect.width() * (1 - 2 * self.inset) / self.columns
        return min(across, rect.height() * (1 - self.band - self.inset) / self._spot_rows())

    def _spots_left(self, rect: QRectF) -> float:
        """Spots are centred across the cell (narrower than it under a band)."""
        return rect.left() + (rect.width() - self.columns * self._sub(rect)) / 2

    def _spots_top(self, rect: QRectF) -> float:
        """Spots are centred down the cell between the band and the inset (6x6 has two rows of three)."""
        free = rect.height() * (1 - self.band - self.inset)
        return rect.top() + rect.height() * self.band + (free - self._spot_rows() * self._sub(rect)) / 2

    def candidate_px(self) -> int:
        """The candidates' font size in pixels."""
        return font_px(self._sub(QRectF(0, 0, self.cell, self.cell)))

    def digit_px(self) -> int:
        """The font size of givens and entries."""
        return font_px(self.cell, _DIGIT_SHARE)

    def magnifier_px(self) -> int:
        """The candidates' font size in the magnifier."""
        side = self._magnifier_side()
        return font_px(self._sub(QRectF(0, 0, side, side)))

    def _magnifier_side(self) -> int:
        return math.ceil(_MAGNIFIED_PX / _CANDIDATE_SHARE) * self.columns

    def magnifier(self, cell: Cell, width: float, height: float) -> QRectF:
        """A square beside the cell, large enough for readable candidates and kept inside the widget."""
        side = self._magnifier_side()
        rect = self.cell_rect(cell)
        x = rect.right() + 2 if rect.right() + 2 + side <= width else rect.left() - 2 - side
        y = rect.bottom() + 2 if rect.bottom() + 2 + side <= height else rect.top() - 2 - side
        return QRectF(max(0.0, x), max(0.0, y), side, side)
