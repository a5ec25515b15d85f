"""A region map being painted on the board (Puzzle → Edit regions), and how the board shows it.

The map is the puzzle's own at the start; each cell painted takes the chosen region. Until every region
holds N connected cells the map is no shape (``core.geometry.jigsaw`` refuses it), so the board draws
the map itself: each region in its own tint with its number in the corner, walls between regions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPainter

from sudoku_workbench.core.geometry import (
    Cell,
    Geometry,
    ShapeError,
    digit_char,
    jigsaw,
    region_walls,
    with_cages,
    with_constraints,
)
from sudoku_workbench.gui.board.drawing.layout import BoardLayout

__all__ = ["RegionPaint", "draw_region_map"]

_CORNER = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom
#: Regions listed one by one in the problem; more are counted.
_NAMED = 4


class RegionPaint:
    """The map being painted (region numbers 0 … N−1 per cell) and the region the mouse paints with."""

    def __init__(self, geo: Geometry) -> None:
        self.start = geo
        self.n = geo.n
        self.region_of = list(geo.region_of)
        self.current = 0

    def paint(self, cells: Iterable[Cell]) -> bool:
        """Give these cells the current region; True when one of them changed."""
        changed = False
        for cell in cells:
            changed |= self.region_of[cell] != self.current
            self.region_of[cell] = self.current
        return changed

    def pick(self, cell: Cell) -> None:
        """Paint with the region of this cell from now on (a right click: as a colour picker)."""
        self.current = self.region_of[cell]

    def choose(self, region: int) -> None:
        """Paint with this region (0-based) from now on."""
        self.current = region

    def walls(self) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """The walls of the map as painted so far, drawn instead of the puzzle's."""
        return region_walls(self.n, self.region_of)

    def sizes(self) -> Counter[int]:
        """How many cells each region holds now."""
        return Counter(self.region_of)

    def shape(self) -> Geometry:
        """The puzzle's shape with the painted regions (its extras, cages and constraints kept).

        Raises:
            ShapeError: naming what is wrong: the regions of the wrong size, else a region in pieces
                (or an extra that needs boxes).
        """
        sizes = self.sizes()
        wrong = [r for r in range(self.n) if sizes[r] != self.n]
        if wrong:
            named = ", ".join(f"region {r + 1} has {sizes[r]}" for r in wrong[:_NAMED])
            more = f" and {len(wrong) - _NAMED} more" if len(wrong) > _NAMED else ""
            raise ShapeError(f"every region needs {self.n} cells: {named}{more}")
        start = self.start
        regions = jigsaw(self.region_of, start.extras)
        return with_constraints(with_cages(regions, start.cages), start.constraints)

    def problem(self) -> str:
        """What keeps the map from being a shape, "" when it is one."""
        try:
            self.shape()
        except ShapeError as err:
            return str(err)
        return ""


def region_tint(region: int, n: int) -> QColor:
    """A light tint per region: hues spread by the golden angle, so neighbouring numbers differ."""
    return QColor.fromHsv(region * 137 % 360, 70 if n <= 16 else 90, 255, 150)


def draw_region_map(painter: QPainter, paint: RegionPaint, layout: BoardLayout, line: QColor) -> None:
    """Each cell in its region's tint with the region's number in its corner (``line``'s colour)."""
    n = paint.n
    font = QFont(painter.font())
    font.setPixelSize(max(int(layout.cell * 0.22), 7))
    painter.setFont(font)
    for cell, region in enumerate(paint.region_of):
        rect = layout.cell_rect(cell)
        painter.fillRect(rect, region_tint(region, n))
        painter.setPen(line)
        corner = rect.adjusted(3, 1, -3, -1)
        painter.drawText(corner, _CORNER, digit_char(region + 1))
