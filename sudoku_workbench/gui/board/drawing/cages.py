"""Killer cages on the board, drawn as f-puzzles and SudokuPad draw them.

Each cage is a thin dashed line a little inside its cells, following the cage's outer boundary (one
line round the whole cage, turning at its corners, not a box per cell), with the sum written small in
the top left corner of its first cell over a patch of the board's colour that interrupts the line.
The candidates keep a band at the top of each cell free for the sums (``BoardLayout.band``), and the
digit in the middle stays clear of them. The cages a killer rule's step reads are drawn in the
highlight colour. The board, Export image, Print, booklets and the technique pictures share this;
the window keeps its cages as a picture while they and the board's size stay (``board.layer``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import rule_by_id
from sudoku_workbench.logic.killer.rule_45 import RULE_45
from sudoku_workbench.logic.rule_types import Shape

__all__ = ["INSET", "SUM_BAND", "cage_loops", "draw_cages", "step_cages"]

#: The share of a cell between its edge and a cage's dashed line.
INSET = 0.09
#: The share of a cell's height kept free above the candidates on a board with cages.
SUM_BAND = 0.2
#: The sum's font size and its patch's margin, as shares of a cell.
_SUM_FONT = 0.2
_SUM_PAD = 0.025
#: A dash and the gap after it, as shares of a cell.
_DASH = (0.085, 0.06)

#: A point of an outline in exact units: ``(a, b)`` is ``a / 2 + b * INSET`` cells.
Exact = tuple[int, int]


def cage_loops(cells: Collection[int], n: int) -> list[list[tuple[Exact, Exact]]]:
    """The closed outlines (clockwise on screen, corners only) of the cells' outer boundary, inset.

    A side of a cell is on the boundary when the cell across it is not in the cage. The line along it
    stops ``INSET`` short of a corner turning inwards, goes on to meet its neighbour's line where the
    boundary runs straight, and reaches ``INSET`` past the corner where the boundary turns outwards.
    """
    inside = set(cells)

    def has(row: int, col: int) -> bool:
        return 0 <= row < n and 0 <= col < n and row * n + col in inside

    following: dict[tuple[Exact, Exact], tuple[Exact, Exact]] = {}
    for cell in inside:
        row, col = divmod(cell, n)
        for nx, ny in ((0, -1), (1, 0), (0, 1), (-1, 0)):  # the outward normal of each side
            if not has(row + ny, col + nx):
                start, end = (_end(has, row, col, (nx, ny), sign) for sign in (-1, 1))
                following[start] = end
    loops = []
    while following:
        start, end = following.popitem()
        loop = [start]
        while end != start:
            loop.append(end)
            end = following.pop(end)
        loops.append(_corners(loop))
    return loops


def _end(
    has: Callable[[int, int], bool], row: int, col: int, normal: tuple[int, int], sign: int
) -> tuple[Exact, Exact]:
    """An end (``sign`` 1) or start (-1) of the inset line along a cell's side facing out by ``normal``."""
    nx, ny = normal
    tx, ty = -ny, nx  # along the side, clockwise
    ahead = has(row + sign * ty, col + sign * tx)
    reach = 1 if ahead and has(row + sign * ty + ny, col + sign * tx + nx) else 0 if ahead else -1
    return (2 * col + 1 + nx + sign * tx, -nx + sign * tx * reach), (
        2 * row + 1 + ny + sign * ty,
        -ny + sign * ty * reach,
    )


def _corners(loop: list[tuple[Exact, Exact]]) -> list[tuple[Exact, Exact]]:
    """The loop without the points where it runs straight on (so a dash pattern flows through them)."""
    kept = []
    for i, point in enumerate(loop):
        before, after = loop[i - 1], loop[(i + 1) % len(loop)]
        straight = before[0] == point[0] == after[0] or before[1] == point[1] == after[1]
        if not straight:
            kept.append(point)
    return kept


def step_cages(geo: Geometry, step: Step | None) -> frozenset[int]:
    """The cages a step of a cage rule reads; none for other steps.

    Most cage rules read the cages their shown cells lie in. The 45 rule reads the cages wholly inside
    its houses and those sticking out of them by its outies, not those of its innies.
    """
    if step is None or not geo.cages:
        return frozenset()
    try:
        cage_rule = rule_by_id(step.rule).shape is Shape.CAGES
    except KeyError:  # the player's own steps, the search's fill
        return frozenset()
    cells = step.highlights.cells if cage_rule else ()
    if step.rule != RULE_45:
        return frozenset(geo.cage_of[c] for c in cells if geo.cage_of[c] >= 0)
    houses = {c for unit in step.highlights.units for c in geo.units[unit]}
    inside = (i for i, cage in enumerate(geo.cages) if houses.issuperset(cage.cells))
    outies = (geo.cage_of[c] for c in cells if c not in houses and geo.cage_of[c] >= 0)
    return frozenset((*inside, *outies))


def draw_cages(
    painter: QPainter,
    geo: Geometry,
    origin: QPointF,
    cell: float,
    colours: tuple[QColor, QColor, QColor],
    used: frozenset[int] = frozenset(),
) -> None:
    """Paint ``geo``'s cages on a board at ``origin`` with cells of ``cell`` pixels.

    ``colours``: the lines and sums, the board (the sums' patches), and the cages in ``used``.
    """
    ink, base, highlight = colours
    width = max(1.0, cell * 0.022)
    painter.save()
    for index, cage in enumerate(geo.cages):
        pen = QPen(highlight if index in used else ink, width * (2 if index in used else 1))
        pen.setDashPattern([share * cell / pen.widthF() for share in _DASH])
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for loop in cage_loops(cage.cells, geo.n):
            path = QPainterPath(_pixel(origin, cell, loop[0]))
            for point in loop[1:]:
                path.lineTo(_pixel(origin, cell, point))
            path.closeSubpath()
            painter.drawPath(path)
    font = QFont(painter.font())
    font.setPixelSize(max(6, round(cell * _SUM_FONT)))
    font.setBold(False)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    pad = max(1.0, cell * _SUM_PAD)
    for index, cage in enumerate(geo.cages):
        if cage.total is None:
            continue
        text = str(cage.total)
        row, col = divmod(cage.cells[0], geo.n)
        corner = origin + QPointF(col * cell + pad, row * cell + pad)
        patch = QRectF(corner, corner + QPointF(metrics.horizontalAdvance(text) + 2 * pad, 0))
        patch.setHeight(metrics.capHeight() + 2 * pad)
        painter.fillRect(patch, base)
        painter.setPen(highlight if index in used else ink)
        painter.drawText(corner + QPointF(pad, pad + metrics.capHeight()), text)
    painter.restore()


def _pixel(origin: QPointF, cell: float, point: tuple[Exact, Exact]) -> QPointF:
    (ax, bx), (ay, by) = point
    return origin + QPointF((ax / 2 + bx * INSET) * cell, (ay / 2 + by * INSET) * cell)
