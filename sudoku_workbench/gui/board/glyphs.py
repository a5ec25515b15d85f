"""Candidate digits laid out once and placed once per cell size, for the board's repaints.

A 25x25 board draws 15,625 candidates; laying out each one's text again on every repaint took most of
the time of a repaint (about 0.7 s of the UI thread on a loaded machine; about 0.17 s with these).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QStaticText

from sudoku_workbench.core.geometry import Digit, digit_char
from sudoku_workbench.gui.board.drawing.layout import BoardLayout

__all__ = ["CandidateGlyphs"]

Placed = list[tuple[Digit, QStaticText, QPointF]]


class CandidateGlyphs:
    """Each digit's laid-out text per font size, and where it sits in a cell of a given size."""

    def __init__(self) -> None:
        self._glyphs: dict[tuple[Digit, int], QStaticText] = {}
        self._placed: dict[tuple[float, float, int], Placed] = {}

    def glyph(self, digit: Digit, font: QFont) -> QStaticText:
        """The candidate ``digit`` in ``font``, laid out the first time it is asked for."""
        key = (digit, font.pixelSize())
        glyph = self._glyphs.get(key)
        if glyph is None:
            glyph = self._glyphs[key] = QStaticText(digit_char(digit))
            glyph.prepare(font=font)
        return glyph

    def placed(self, layout: BoardLayout, rect: QRectF, font: QFont) -> Placed:
        """Each digit with its glyph and top-left corner (centred on its spot), from ``rect``'s top left."""
        key = (rect.width(), rect.height(), font.pixelSize())
        placed = self._placed.get(key)
        if placed is None:
            placed = []
            for digit in range(1, layout.n + 1):
                glyph = self.glyph(digit, font)
                centre = layout.spot(QRectF(0, 0, rect.width(), rect.height()), digit).center()
                size = glyph.size()
                placed.append((digit, glyph, centre - QPointF(size.width() / 2, size.height() / 2)))
            self._placed[key] = placed
        return placed
