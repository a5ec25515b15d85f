"""The shown step's chains and links on the board: lines and arrows routed round the digits drawn there.

Routing is most of the cost of painting a forcing net (a hundred arrows, each kept off every digit), so
the routes are kept while the position, the step and the board's size stay (a hover repaints often),
and the digits' boxes are measured once per position, not once per arrow: that took the first paint
of a 125-arrow step from about 120 ms of the processor to 15 ms.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QRegion,
)

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Link, Step
from sudoku_workbench.gui.board.drawing.arrows import Leg, draw_arrow, link_path, route_link
from sudoku_workbench.gui.board.drawing.layout import BoardLayout
from sudoku_workbench.gui.board.drawing.paint import Colours

__all__ = ["StepLinks"]

#: The links' opacity: the candidates and digits they pass near still read through them.
_LINK_ALPHA = 0.7
#: Pixels between the points at which a link's path is looked at for the candidates it passes over.
_WALK_STEP = 1.5


class StepLinks:
    """A step's chains and links laid out on one position at one size; :meth:`prepare` before use."""

    def __init__(self) -> None:
        self._for: object = None
        self._step: Step | None = None
        self._layout = BoardLayout(9, 0.0, 0.0, 1.0)
        self._measure: Callable[[], dict[Cell, QRectF]] = dict
        self._digit_boxes: dict[Cell, QRectF] | None = None
        self._routes: dict[tuple[float, float, float, float], list[Leg]] = {}
        self._values: tuple[int, ...] = ()
        self._gaps: tuple[tuple[int, ...], QRegion] | None = None  # the candidates shown, their gaps

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
            self._values, self._gaps = grid.values, None
            self._measure, self._digit_boxes = lambda: _digit_boxes(grid, layout, font), None

    def digit_rect(self, cell: Cell) -> QRectF:
        """The box of the digit drawn in a filled cell (its font's line box round the glyph)."""
        return self._boxes()[cell]

    def _boxes(self) -> dict[Cell, QRectF]:
        if self._digit_boxes is None:
            self._digit_boxes = self._measure()
        return self._digit_boxes

    def paint(self, painter: QPainter, colours: Colours, shown: Sequence[int] | None) -> None:
        """The chains as wide translucent lines, then the links as arrows (dashed when weak).

        ``shown`` are the candidates drawn, a digit mask per cell (None: none drawn). The arrows are
        thin and translucent, run from the edge of one candidate's spot to the edge of the other's,
        and leave a gap round every candidate they pass over: a forcing net's hundred arrows must not
        hide the candidates the person reads the net by.
        """
        if self._step is None:
            return
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colours.chain, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for chain in self._step.highlights.chains:
            for path in self.chain_paths(chain):
                painter.drawPath(path)
        links = self._step.highlights.links
        if not links:
            return
        colour = QColor(colours.link)
        colour.setAlphaF(_LINK_ALPHA)
        width = max(1.0, self._layout.cell / 36)
        pens = {
            strong: QPen(colour, width, Qt.PenStyle.SolidLine if strong else Qt.PenStyle.DashLine)
            for strong in (True, False)
        }
        paths = [self.link_path(link) for link in links]
        painter.save()
        if shown is not None:
            if self._gaps is None or self._gaps[0] != shown:
                self._gaps = (tuple(shown), self._gap_region(paths, shown))
            painter.setClipRegion(self._gaps[1])
        for link, path in zip(links, paths, strict=True):
            draw_arrow(painter, path, pens[link.strong], self._arrow_head())
        painter.restore()

    def link_path(self, link: Link) -> QPainterPath:
        """The line a link's arrow is drawn along: around the digits of the cells between its ends.

        It ends (the tip of its head) at the edge of its last candidate's spot; its start, under its
        first candidate, is left out of the drawing by that candidate's gap.
        """
        start, end = self._point(link.start), self._point(link.end)
        legs = self._route(start, end, (link.start[0], link.end[0]))
        return link_path(start, legs, self._spot_radius())

    def _spot_radius(self) -> float:
        """How far from a candidate's centre its arrows start and end: the edge of its spot."""
        return self._layout.cell / self._layout.columns * 0.45

    def _gap_region(self, paths: list[QPainterPath], shown: Sequence[int]) -> QRegion:
        """The board less the glyph boxes of the shown candidates that the paths pass over.

        The paths are walked in steps of a pixel or two, all points at once: a 25x25's net crosses
        thousands of spots, and asking each glyph box about each curve took seconds. Kept with the
        routes (a hover repaints often).
        """
        layout = self._layout
        size = layout.candidate_px() + 2.0
        points = _walk(paths, _WALK_STEP)
        cols = np.floor((points[:, 0] - layout.left) / layout.cell).astype(int)
        rows = np.floor((points[:, 1] - layout.top) / layout.cell).astype(int)
        on_board = (cols >= 0) & (cols < layout.n) & (rows >= 0) & (rows < layout.n)
        points, cells = points[on_board], (rows * layout.n + cols)[on_board]
        sub = layout.cell / layout.columns
        spot_rows = -(-layout.n // layout.columns)
        inside = points - np.stack([cols[on_board], rows[on_board]], axis=1) * layout.cell
        inside -= (layout.left, layout.top + (layout.cell - spot_rows * sub) / 2)
        spot_col, spot_row = (
            np.floor(inside[:, 0] / sub).astype(int),
            np.floor(inside[:, 1] / sub).astype(int),
        )
        digits = spot_row * layout.columns + spot_col + 1
        off = np.abs(inside - (np.stack([spot_col, spot_row], axis=1) + 0.5) * sub)
        masks = np.array([0 if value else mask for value, mask in zip(self._values, shown, strict=True)])
        near = (off[:, 0] <= 0.4 * size + _WALK_STEP) & (off[:, 1] <= 0.5 * size + _WALK_STEP)
        near &= (spot_row >= 0) & (spot_row < spot_rows) & (spot_col >= 0) & (spot_col < layout.columns)
        near &= (digits >= 1) & (digits <= layout.n)
        near[near] = (masks[cells[near]] >> (digits[near] - 1)) & 1 == 1
        crossed = set(zip(cells[near].tolist(), digits[near].tolist(), strict=True))
        gaps = [QRegion(self._glyph_box(cell, digit, size).toAlignedRect()) for cell, digit in crossed]
        while len(gaps) > 1:  # a union in pairs: one at a time grows with the square of the count
            gaps = [gaps[i] | gaps[i + 1] if i + 1 < len(gaps) else gaps[i] for i in range(0, len(gaps), 2)]
        board = QRegion(layout.board_rect().toAlignedRect())
        return board - gaps[0] if gaps else board

    def _glyph_box(self, cell: Cell, digit: Digit, size: float) -> QRectF:
        """The box round a candidate's glyph: its font's pixel size square, centred on its spot."""
        centre = self._point((cell, digit))
        return QRectF(centre.x() - size * 0.4, centre.y() - size / 2, size * 0.8, size)

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
        return self._layout.cell / 10

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


def _walk(paths: list[QPainterPath], step: float) -> np.ndarray:
    """Points along the paths (curves flattened), at most ``step`` apart, as an array of (x, y)."""
    chunks = [np.zeros((0, 2))]
    for path in paths:
        for polygon in path.toSubpathPolygons():
            corners = np.array([(point.x(), point.y()) for point in polygon.toList()])
            if len(corners) < 2:
                continue
            starts, moves = corners[:-1], np.diff(corners, axis=0)
            counts = np.maximum(1, np.ceil(np.hypot(moves[:, 0], moves[:, 1]) / step)).astype(int)
            segment = np.repeat(np.arange(len(starts)), counts)
            along = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
            chunks += [starts[segment] + moves[segment] * (along / counts[segment])[:, None], corners[-1:]]
    return np.concatenate(chunks)
