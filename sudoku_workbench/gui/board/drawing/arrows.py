"""The arrows of links on the board: a route that keeps off the digits drawn there, and the arrow's shape.

A link joins two candidate spots. Straight is best when nothing is in the way; otherwise the arrow bends
to one side as a gentle curve, and when no bend clears the digits between (a long link along a row of
givens) it runs along the border between two rows or columns, where no digit is ever drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF

from sudoku_workbench.gui.board.drawing.layout import BoardLayout

__all__ = ["Leg", "draw_arrow", "link_path", "route_link"]

#: One piece of a route: (the control point of a quadratic curve, or None for a straight line; its end).
Leg = tuple[QPointF | None, QPointF]

#: The bends tried, in cells from the straight line to the curve's control point (the curve's own peak
#: is half as far).
_BENDS = (0.5, 0.75, 1.0, 1.5, 2.0)
#: The band checked for each route: the arrow's 2 px line and a pixel of clearance on each side.
_CLEARANCE = 4.0


def route_link(start: QPointF, end: QPointF, obstacles: Sequence[QRectF], layout: BoardLayout) -> list[Leg]:
    """The legs from ``start`` to ``end`` crossing the fewest of ``obstacles`` (digits' boxes).

    Routes are tried simplest first, and the first that crosses nothing and stays on the board wins.
    """
    bounds = layout.board_rect()
    grow = 2 * layout.cell  # no route goes further from the straight line
    reach = QRectF(start, end).normalized().adjusted(-grow, -grow, grow, grow)
    nearby = [r for r in obstacles if r.intersects(reach)]
    best: list[Leg] = [(None, end)]
    fewest = len(nearby) + 2
    for legs in _routes(start, end, layout):
        crossed = _crossings(link_path(start, legs), nearby, bounds, fewest)
        if crossed < fewest:
            best, fewest = legs, crossed
        if not crossed:
            break
    return best


def _routes(start: QPointF, end: QPointF, layout: BoardLayout) -> Iterator[list[Leg]]:
    """Straight; then bent, towards the middle of the board first; then along a border."""
    yield [(None, end)]
    mid = (start + end) / 2
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    normal = QPointF(-dy / length, dx / length)
    if QPointF.dotProduct(normal, layout.board_rect().center() - mid) < 0:
        normal = -normal
    for bend in _BENDS:
        for side in (1, -1):
            yield [(mid + normal * (bend * layout.cell * side), end)]
    yield from _along_borders(start, end, layout)


def _along_borders(start: QPointF, end: QPointF, layout: BoardLayout) -> Iterator[list[Leg]]:
    """Out to a border between rows (or columns) next to either end, along it, and in again."""
    across = abs(end.x() - start.x()) >= abs(end.y() - start.y())
    turn = layout.cell * 0.3
    lines = sorted(
        {_border(layout, p, across, side) for p in (start, end) for side in (0, 1)},
        key=lambda line: abs(line - ((start.y() + end.y()) / 2 if across else (start.x() + end.x()) / 2)),
    )
    for line in lines:
        if across:
            sign = 1 if end.x() > start.x() else -1
            out, back = QPointF(start.x() + sign * turn, line), QPointF(end.x() - sign * turn, line)
            corner_a, corner_b = QPointF(start.x(), line), QPointF(end.x(), line)
        else:
            sign = 1 if end.y() > start.y() else -1
            out, back = QPointF(line, start.y() + sign * turn), QPointF(line, end.y() - sign * turn)
            corner_a, corner_b = QPointF(line, start.y()), QPointF(line, end.y())
        yield [(corner_a, out), (None, back), (corner_b, end)]


def _border(layout: BoardLayout, point: QPointF, across: bool, side: int) -> float:
    """The border above (side 0) or below (side 1) the point's row; left or right of its column."""
    if across:
        row = math.floor((point.y() - layout.top) / layout.cell)
        return layout.top + (row + side) * layout.cell
    col = math.floor((point.x() - layout.left) / layout.cell)
    return layout.left + (col + side) * layout.cell


def _crossings(path: QPainterPath, obstacles: Sequence[QRectF], bounds: QRectF, enough: int) -> int:
    """How many obstacles the drawn line touches, leaving the board counting as one (stops at ``enough``)."""
    stroker = QPainterPathStroker()
    stroker.setWidth(_CLEARANCE)
    band = stroker.createStroke(path)
    crossed = int(not bounds.contains(band.boundingRect()))
    for rect in obstacles:
        if crossed >= enough:
            break
        crossed += band.intersects(rect)
    return crossed


def link_path(start: QPointF, legs: Sequence[Leg], stop_short: float = 0.0) -> QPainterPath:
    """The route as a path; ``stop_short``: end this far before the last point (where a head begins)."""
    path = QPainterPath(start)
    for index, (control, point) in enumerate(legs):
        if stop_short and index == len(legs) - 1:
            control, point = _cut(path.currentPosition(), control, point, stop_short)
        if control is None:
            path.lineTo(point)
        else:
            path.quadTo(control, point)
    return path


def _cut(begin: QPointF, control: QPointF | None, end: QPointF, short: float) -> Leg:
    """The leg from ``begin`` ended about ``short`` before ``end``, on the same line or curve.

    A curve is cut at the parameter where that much of its length is left (its length taken as
    the mean of its chord and its control polygon), so the shorter curve keeps its route.
    """
    if control is None:
        length = math.hypot(end.x() - begin.x(), end.y() - begin.y()) or 1.0
        return None, end - (end - begin) * (short / length)
    chord = math.hypot(end.x() - begin.x(), end.y() - begin.y())
    polygon = math.hypot(control.x() - begin.x(), control.y() - begin.y()) + math.hypot(
        end.x() - control.x(), end.y() - control.y()
    )
    t = max(0.0, 1.0 - short / ((chord + polygon) / 2 or 1.0))
    point = begin * (1 - t) ** 2 + control * (2 * (1 - t) * t) + end * (t * t)
    return begin + (control - begin) * t, point


def draw_arrow(painter: QPainter, path: QPainterPath, pen: QPen, head: float) -> None:
    """The path with a filled head at its end, pointing the way the path arrives."""
    tip = path.currentPosition()
    before = path.elementAt(path.elementCount() - 2)  # the last control point gives the end's direction
    dx, dy = tip.x() - before.x, tip.y() - before.y
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    ux, uy = dx / length, dy / length
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    back = QPointF(tip.x() - ux * head, tip.y() - uy * head)
    left = QPointF(back.x() - uy * head * 0.5, back.y() + ux * head * 0.5)
    right = QPointF(back.x() + uy * head * 0.5, back.y() - ux * head * 0.5)
    painter.setPen(QPen(pen.color(), 1))
    painter.setBrush(QBrush(pen.color()))
    painter.drawPolygon(QPolygonF([tip, left, right]))
