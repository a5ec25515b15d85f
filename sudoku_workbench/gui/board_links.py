"""The shown step's chains and links on the board: lines and arrows routed round the digits drawn there.

Routing is most of the cost of painting a forcing net (a hundred arrows, each kept off every digit), so
the routes are kept while the position, the step and the board's size stay (a hover repaints often),
and the digits' boxes are measured once per position, not once per arrow: that took the first paint
of a 125-arrow step from about 120 ms of the processor to 15 ms.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from sudoku_workbench.core.geometry import Candidate, Cell, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Link, Step
from sudoku_workbench.gui.board_arrows import Leg, draw_arrow, link_path, route_link
from sudoku_workbench.gui.board_layout import BoardLayout
from sudoku_workbench.gui.board_paint import Colours

__all__ = ["StepLinks"]


class StepLinks:
    """A step's chains and links laid out on one position at one size; :meth:`prepare` before use."""

    def __init__(self) -> None:
        self._for: object = None
        self._step: Step | None = None
        self._layout = BoardLayout(9, 0.0, 0.0, 1.0)
        self._measure: Callable[[], dict[Cell, QRectF]] = dict
        self._digit_boxes: dict[Cell, QRectF] | None = None
        self._routes: dict[tuple[float, float, float, float], list[Leg]] = {}

    def prepare(
        self, grid: Grid, step: Step | None, layout: BoardLayout, font: Callable[[bool], QFont]
    ) -> None:
        """Lay out for this position, step and size; ``font(given)`` is the digits' font.

        Nothing is recomputed while all three stay the same, and the digits are measured only when a
        line is routed.
        """
        key = (grid.values, step, layout)
        if key != self._for:
            self._for, self._step, self._layout, self._routes = key, step, layout, {}
            self._measure, self._digit_boxes = lambda: _digit_boxes(grid, layout, font), None

    def digit_rect(self, cell: Cell) -> QRectF:
        """The box of the digit drawn in a filled cell (its font's line box round the glyph)."""
        return self._boxes()[cell]

    def _boxes(self) -> dict[Cell, QRectF]:
        if self._digit_boxes is None:
            self._digit_boxes = self._measure()
        return self._digit_boxes

    def paint(self, painter: QPainter, colours: Colours) -> None:
        """The chains as wide translucent lines, then the links as arrows (dashed when weak)."""
        if self._step is None:
            return
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colours.chain, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for chain in self._step.highlights.chains:
            for path in self.chain_paths(chain):
                painter.drawPath(path)
        pens = {
            strong: QPen(colours.link, 2, Qt.PenStyle.SolidLine if strong else Qt.PenStyle.DashLine)
            for strong in (True, False)
        }
        for link in self._step.highlights.links:
            draw_arrow(painter, self.link_path(link), pens[link.strong], self._arrow_head())

    def link_path(self, link: Link) -> QPainterPath:
        """The line a link's arrow is drawn along: around the digits of the cells between its ends."""
        start, end = self._point(link.start), self._point(link.end)
        legs = self._route(start, end, (link.start[0], link.end[0]))
        return link_path(start, legs, self._arrow_head() * 0.6)

    def chain_paths(self, chain: Chain) -> list[QPainterPath]:
        """The lines from cell to cell of a chain (a cycle's last back to its first), round the digits."""
        cells = chain.cells + chain.cells[:1] if chain.closed else chain.cells
        paths = []
        for a, b in itertools.pairwise(cells):
            start, end = self._layout.cell_rect(a).center(), self._layout.cell_rect(b).center()
            paths.append(link_path(start, self._route(start, end, (a, b))))
        return paths

    def _point(self, candidate: Candidate) -> QPointF:
        layout = self._layout
        return layout.spot(layout.cell_rect(candidate[0]), candidate[1]).center()

    def _arrow_head(self) -> float:
        return self._layout.cell / 8

    def _route(self, start: QPointF, end: QPointF, ends: tuple[Cell, Cell]) -> list[Leg]:
        """The legs of a line from ``start`` to ``end`` round the digits of every cell but its ends."""
        at = (start.x(), start.y(), end.x(), end.y())
        if at not in self._routes:
            digits = [box for cell, box in self._boxes().items() if cell not in ends]
            self._routes[at] = route_link(start, end, digits, self._layout)
        return self._routes[at]


def _digit_boxes(grid: Grid, layout: BoardLayout, font: Callable[[bool], QFont]) -> dict[Cell, QRectF]:
    """The box of each filled cell's digit, by cell."""
    metrics = {given: QFontMetricsF(font(given)) for given in (False, True)}
    centre = Qt.AlignmentFlag.AlignCenter
    return {
        cell: metrics[bool(grid.givens[cell])].boundingRect(layout.cell_rect(cell), centre, digit_char(v))
        for cell, v in enumerate(grid.values)
        if v
    }
