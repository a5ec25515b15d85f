"""The lines of a board of any shape, as the variant communities draw them.

Thin cell lines, thick walls between regions (a classic grid's box lines, a jigsaw's region outlines),
both diagonals of an X puzzle as faint lines corner to corner, and windoku's windows shaded grey.
Disjoint groups and the anti-knight and anti-king rules have no mark on the board (their rule is
named under it, as in SudokuPad). The board, the HCP cycle view and the graph pane share these.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from sudoku_workbench.core.geometry import Geometry

__all__ = ["WINDOW_SHADE", "draw_board_lines"]

#: Windoku's windows: a grey that leaves every highlight readable on top.
WINDOW_SHADE = QColor(128, 128, 128, 45)


Walls = tuple[tuple[tuple[int, int], tuple[int, int]], ...]


def draw_board_lines(
    painter: QPainter,
    geo: Geometry,
    left: float,
    top: float,
    cell: float,
    colour: QColor,
    walls: Walls | None = None,
) -> None:
    """Paint the board's lines at ``left``, ``top`` with cells of ``cell`` pixels.

    ``walls`` replace the shape's own (a region map being painted, which is no shape yet).
    """
    n = geo.n

    def point(x: float, y: float) -> QPointF:
        return QPointF(left + x * cell, top + y * cell)

    for house in geo.windows:
        for c in geo.units[house]:
            painter.fillRect(
                QRectF(point(geo.col_of[c], geo.row_of[c]), point(geo.col_of[c] + 1, geo.row_of[c] + 1)),
                WINDOW_SHADE,
            )
    painter.setPen(QPen(colour, 0.8))
    for i in range(n + 1):
        painter.drawLine(point(i, 0), point(i, n))
        painter.drawLine(point(0, i), point(n, i))
    if "x" in geo.extras:
        diagonal = QColor(colour)
        diagonal.setAlpha(110)
        painter.setPen(QPen(diagonal, 1.2, Qt.PenStyle.SolidLine))
        painter.drawLine(point(0, 0), point(n, n))
        painter.drawLine(point(n, 0), point(0, n))
    pen = QPen(colour, 2.5)
    pen.setCapStyle(Qt.PenCapStyle.SquareCap)
    painter.setPen(pen)
    for (x1, y1), (x2, y2) in geo.walls if walls is None else walls:
        painter.drawLine(point(x1, y1), point(x2, y2))
