"""Thermometers, arrows, kropki dots and X/V on the board, drawn as SudokuPad and f-puzzles draw them.

A thermometer is a grey bulb in its first cell with a thick grey line through the centres of the
others; an arrow a thin grey circle round its bulb (a rounded outline round a bulb of several cells)
and a thin line from the bulb's edge through its shaft, ending in an arrowhead; a kropki dot a small
white or black circle on the edge between its two cells; an X or V a bold letter on that edge, with a
rim of the board's colour so it reads across the grid's line. All of it lies under the digits and
candidates (the board draws them after), and a board with dots or X/V keeps its candidates
``MARK_CLEAR`` away from the cells' sides. The constraint a thermometer, arrow or mark rule's step
reads is drawn in the highlight colour. The board, Export image, Print, booklets and the technique
pictures share this; the window keeps it as a picture (``board.layer``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen

from sudoku_workbench.core.constraints import XV, Arrow, Constraint, Dot, Thermo
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import rule_by_id
from sudoku_workbench.logic.rule_types import Shape

__all__ = ["MARK_CLEAR", "ConstraintInk", "draw_constraints", "has_marks", "step_constraints"]

#: The share of a cell kept free of candidates along its sides on a board with dots or X/V.
MARK_CLEAR = 0.07
#: Sizes as shares of a cell: a thermometer's bulb radius and line width, an arrow's bulb radius,
#: line width and arrowhead, a dot's radius and a letter's height.
_THERMO_BULB, _THERMO_LINE = 0.4, 0.3
_ARROW_BULB, _ARROW_LINE, _ARROW_HEAD = 0.4, 0.045, 0.24
_DOT, _DOT_LINE = 0.11, 0.03
_LETTER, _LETTER_RIM = 0.3, 0.08
#: The rules whose steps read one constraint's cells.
_READERS = (Shape.THERMOS, Shape.ARROWS, Shape.MARKS)


@dataclass(frozen=True)
class ConstraintInk:
    """The constraints' colours: thermometers, arrows, outlines and letters, the board, a step's."""

    thermo: QColor
    arrow: QColor
    ink: QColor
    base: QColor
    used: QColor

    def key(self) -> tuple[int, ...]:
        """The colours as numbers (a kept picture's key)."""
        return tuple(c.rgba() for c in (self.thermo, self.arrow, self.ink, self.base, self.used))


def has_marks(geo: Geometry) -> bool:
    """Whether the board has dots or X/V on its edges (its candidates then keep clear of them)."""
    return any(isinstance(item, Dot | XV) for item in geo.constraints)


def _cells(item: Constraint) -> frozenset[int]:
    """The cells a constraint is drawn on (none for the negative rules, which are not drawn)."""
    if isinstance(item, Thermo):
        return frozenset(item.cells)
    if isinstance(item, Arrow):
        return frozenset(item.bulb + item.shaft)
    if isinstance(item, Dot | XV):
        return frozenset((item.a, item.b))
    return frozenset()


def step_constraints(geo: Geometry, step: Step | None) -> frozenset[int]:
    """The constraints (indexes into ``geo.constraints``) a constraint rule's step reads; none for others.

    Such a step shows exactly the cells of the thermometer, arrow or marked pair it narrows; a pair
    bound only by a negative rule has no mark to draw.
    """
    if step is None or not geo.constraints:
        return frozenset()
    try:
        reads = rule_by_id(step.rule).shape in _READERS
    except KeyError:  # the player's own steps, the search's fill
        return frozenset()
    shown = frozenset(step.highlights.cells)
    if not reads or not shown:
        return frozenset()
    return frozenset(i for i, item in enumerate(geo.constraints) if _cells(item) == shown)


def draw_constraints(
    painter: QPainter,
    geo: Geometry,
    origin: QPointF,
    cell: float,
    ink: ConstraintInk,
    used: frozenset[int] = frozenset(),
) -> None:
    """Paint ``geo``'s thermometers, arrows, dots and X/V on a board at ``origin``, cells of ``cell`` px.

    Lines go first and marks last, so a dot on a thermometer's edge stays whole.
    """
    board = _Board(geo.n, origin, cell)
    painter.save()
    items = list(enumerate(geo.constraints))
    for index, item in items:
        if isinstance(item, Thermo):
            _thermo(painter, board, item, _mix(ink.used, ink.base) if index in used else ink.thermo)
    bulbs: dict[tuple[int, ...], bool] = {}
    for index, item in items:
        if isinstance(item, Arrow):
            _shaft(painter, board, item, ink.used if index in used else ink.arrow, index in used)
            bulbs[item.bulb] = bulbs.get(item.bulb, False) or index in used
    for bulb, lit in bulbs.items():
        _outline(painter, board, bulb, ink.used if lit else ink.arrow, lit)
    for index, item in items:
        if isinstance(item, Dot):
            _dot(painter, board, item, ink, index in used)
        elif isinstance(item, XV):
            _letter(painter, board, item, ink, index in used)
    painter.restore()


@dataclass(frozen=True)
class _Board:
    """Where cells are: an n×n board at ``origin`` with cells of ``cell`` pixels."""

    n: int
    origin: QPointF
    cell: float

    def centre(self, index: int) -> QPointF:
        row, col = divmod(index, self.n)
        return self.origin + QPointF((col + 0.5) * self.cell, (row + 0.5) * self.cell)

    def edge(self, a: int, b: int) -> QPointF:
        return (self.centre(a) + self.centre(b)) / 2

    def width(self, share: float, least: float = 1.0) -> float:
        return max(least, share * self.cell)


def _mix(colour: QColor, base: QColor, share: float = 0.6) -> QColor:
    """``share`` of ``colour`` over ``base``: a thick highlighted line light enough to read digits on."""
    pairs = zip(_rgb(colour), _rgb(base), strict=True)
    return QColor(*(round(share * a + (1 - share) * b) for a, b in pairs))


def _rgb(colour: QColor) -> tuple[int, int, int]:
    return colour.red(), colour.green(), colour.blue()


def _pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _polyline(points: list[QPointF]) -> QPainterPath:
    path = QPainterPath(points[0])
    for point in points[1:]:
        path.lineTo(point)
    return path


def _thermo(painter: QPainter, board: _Board, item: Thermo, colour: QColor) -> None:
    centres = [board.centre(c) for c in item.cells]
    painter.setPen(_pen(colour, board.width(_THERMO_LINE)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(_polyline(centres))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    radius = _THERMO_BULB * board.cell
    painter.drawEllipse(centres[0], radius, radius)


def _shaft(painter: QPainter, board: _Board, item: Arrow, colour: QColor, lit: bool) -> None:
    """The line from the bulb's edge through the shaft's centres, and the arrowhead at its end."""
    first = board.centre(item.shaft[0])
    nearest = min(item.bulb, key=lambda c: _length(board.centre(c) - first))
    start = board.centre(nearest)
    out = first - start
    start += out * (_ARROW_BULB * board.cell / _length(out))
    points = [start, *(board.centre(c) for c in item.shaft)]
    painter.setPen(_pen(colour, board.width(_ARROW_LINE) * (1.6 if lit else 1)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(_polyline(points))
    tip, before = points[-1], points[-2]
    back = (before - tip) * (_ARROW_HEAD * board.cell / _length(before - tip))
    for turn in (-0.7, 0.7):  # about 40° either side of the line
        cos, sin = math.cos(turn), math.sin(turn)
        wing = QPointF(back.x() * cos - back.y() * sin, back.x() * sin + back.y() * cos)
        painter.drawLine(tip, tip + wing)


def _length(vector: QPointF) -> float:
    return math.hypot(vector.x(), vector.y())


def _outline(painter: QPainter, board: _Board, bulb: tuple[int, ...], colour: QColor, lit: bool) -> None:
    """A circle round a one-cell bulb; round a longer bulb, the outline of its cells' circles joined."""
    radius = _ARROW_BULB * board.cell
    inside = set(bulb)
    shape = QPainterPath()
    for c in bulb:
        part = QPainterPath()
        part.addEllipse(board.centre(c), radius, radius)
        shape = shape.united(part)
        for step in (1, board.n, board.n + 1):  # right, down, and the square of four
            across = c % board.n < board.n - 1 or step == board.n
            block = (c + 1, c + board.n, c + board.n + 1) if step == board.n + 1 else (c + step,)
            if across and inside.issuperset(block):
                a, b = board.centre(c), board.centre(c + step)
                grow = {1: QPointF(0, radius), board.n: QPointF(radius, 0)}.get(step, QPointF(0, 0))
                part = QPainterPath()
                part.addRect(QRectF(a - grow, b + grow).normalized())
                shape = shape.united(part)
    painter.setPen(_pen(colour, board.width(_ARROW_LINE) * (1.6 if lit else 1)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(shape)


def _dot(painter: QPainter, board: _Board, item: Dot, ink: ConstraintInk, lit: bool) -> None:
    outline = ink.used if lit else ink.ink
    fill = (ink.used if lit else QColor(0, 0, 0)) if item.black else QColor(255, 255, 255)
    painter.setPen(QPen(outline, board.width(_DOT_LINE) * (1.8 if lit else 1)))
    painter.setBrush(QBrush(fill))
    radius = _DOT * board.cell
    painter.drawEllipse(board.edge(item.a, item.b), radius, radius)


def _letter(painter: QPainter, board: _Board, item: XV, ink: ConstraintInk, lit: bool) -> None:
    """The X or V centred on the edge, filled over a rim of the board's colour."""
    font = QFont(painter.font())
    font.setPixelSize(max(6, round(_LETTER * board.cell)))
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, "X" if item.total == 10 else "V")
    path.translate(board.edge(item.a, item.b) - path.boundingRect().center())
    painter.strokePath(path, _pen(ink.base, board.width(_LETTER_RIM, 2.0)))
    painter.fillPath(path, ink.used if lit else ink.ink)
