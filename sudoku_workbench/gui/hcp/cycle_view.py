"""Puzzle → Show the HCP cycle: the found Hamiltonian cycle's walk through the solved board, readably.

Every Hamiltonian cycle of Haythorpe's graph passes the cells in three stretches: block by block, row by
row, column by column, passing all of a unit's cells before it moves on. Drawn all at once
that is three tangled colours, so the dialog shows one stretch at a time (or all three, set apart), with
a legend, the direction of travel (pale to dark, with arrows), each cell's place in the walk as a small
number, and a slider that walks the cycle cell by cell.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.geometry import Cell, digit_char
from sudoku_workbench.gui.board.drawing.lines import draw_board_lines
from sudoku_workbench.hcp.cycle import PHASES, cell_walks
from sudoku_workbench.hcp.solve import HcpSolution

__all__ = ["LAYERS", "PHASE_COLOURS", "CycleDialog", "CycleView", "Segment"]

#: What the dialog can show: one stretch of the cycle, or all three.
LAYERS = (*PHASES, "all")
PHASE_COLOURS = {"blocks": "#1b8a5a", "rows": "#d9480f", "columns": "#5f3dc4"}
_UNIT = {"blocks": "block", "rows": "row", "columns": "column"}
_BUTTONS = {"blocks": "&Blocks", "rows": "&Rows", "columns": "&Columns", "all": "&All three"}
#: In the "all" view the three walks are drawn this far apart (in cells) so they do not hide each other.
_APART = {"blocks": -0.18, "rows": 0.0, "columns": 0.18}


@dataclass(frozen=True)
class Segment:
    """One move of the walk: from cell to cell within a stretch; ``jump`` when it goes to the next unit."""

    phase: str
    start: Cell
    end: Cell
    jump: bool
    position: int  # the place of ``end`` in its stretch, counted from 1


class CycleView(QWidget):
    """The solved board with the chosen stretch (or all three) of the cycle, up to ``shown`` cells."""

    def __init__(self, result: HcpSolution, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if result.grid is None or result.cycle is None:
            raise ValueError("only a found cycle can be drawn")
        self.grid = result.grid
        self.walks = cell_walks(self.grid.geometry, result.cycle)
        self.layer = "blocks"
        self.shown = self.length()
        self.setMinimumSize(420, 420)

    # ---- what is drawn -----------------------------------------------------------------------
    def phases(self) -> tuple[str, ...]:
        """The stretches of the layer shown."""
        return PHASES if self.layer == "all" else (self.layer,)

    def sequence(self) -> list[tuple[str, Cell]]:
        """The layer's cells in the cycle's order, each with its stretch."""
        return [(phase, cell) for phase in self.phases() for cell in self.walks[phase]]

    def length(self) -> int:
        """How many cells the layer's walk has (the slider's range)."""
        return len(self.sequence())

    def set_layer(self, layer: str) -> None:
        """Show one stretch (``blocks``, ``rows``, ``columns``) or ``all``, from start to end."""
        if layer not in LAYERS:
            raise ValueError(f"unknown layer {layer!r}; choose one of {', '.join(LAYERS)}")
        self.layer = layer
        self.shown = self.length()
        self.update()

    def set_shown(self, count: int) -> None:
        """Draw the walk's first ``count`` cells only (the slider)."""
        self.shown = max(1, min(count, self.length()))
        self.update()

    def segments(self) -> list[Segment]:
        """The moves drawn now: consecutive cells of one stretch among the first ``shown`` cells."""
        n, left, found = self.grid.geometry.n, self.shown, []
        for phase in self.phases():
            walk = self.walks[phase][:left]
            left -= len(walk)
            pairs = enumerate(itertools.pairwise(walk), 1)  # numbered by the place of the move's end
            found += [Segment(phase, a, b, place % n == 0, place + 1) for place, (a, b) in pairs]
        return found

    def current(self) -> tuple[str, Cell] | None:
        """The last cell drawn (where the slider stands) and its stretch."""
        visible = self.sequence()[: self.shown]
        return visible[-1] if visible else None

    # ---- painting ----------------------------------------------------------------------------
    def _cell_size(self) -> float:
        return (min(self.width(), self.height()) - 20) / self.grid.geometry.n

    def _centre(self, phase: str, cell: Cell) -> QPointF:
        geo, step = self.grid.geometry, self._cell_size()
        apart = _APART[phase] if self.layer == "all" else 0.0
        return QPointF(
            10 + (geo.col_of[cell] + 0.5 + apart) * step, 10 + (geo.row_of[cell] + 0.5 + apart) * step
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        """Board and digits, then the moves (jumps dashed) with arrows, places in the walk and the ring."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        self._paint_board(painter)
        lengths = {phase: max(1, len(self.walks[phase])) for phase in PHASES}
        for segment in self.segments():
            colour = _shade(segment.phase, segment.position / lengths[segment.phase])
            self._paint_move(painter, segment, colour)
        if self.layer != "all":
            self._paint_places(painter)
        current = self.current()
        if current is not None:
            painter.setPen(QPen(QColor("black"), 2.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            radius = self._cell_size() * 0.3
            painter.drawEllipse(self._centre(*current), radius, radius)
        painter.end()

    def _paint_board(self, painter: QPainter) -> None:
        geo, step = self.grid.geometry, self._cell_size()
        draw_board_lines(painter, geo, 10, 10, step, QColor("black"))
        painter.setPen(QColor("#b0b0b0"))
        font = painter.font()
        font.setPixelSize(max(8, int(step * 0.45)))
        painter.setFont(font)
        for cell, digit in enumerate(self.grid.values):
            box = QRectF(10 + geo.col_of[cell] * step, 10 + geo.row_of[cell] * step, step, step)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, digit_char(digit))

    def _paint_move(self, painter: QPainter, segment: Segment, colour: QColor) -> None:
        """A move bends left (inside its cell's row or column): moves both ways along a line stay apart.

        The arrow sits on the middle of the bend.
        """
        start, end = self._centre(segment.phase, segment.start), self._centre(segment.phase, segment.end)
        pen = QPen(colour, 1.2 if segment.jump else 2.2)
        pen.setStyle(Qt.PenStyle.DashLine if segment.jump else Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if segment.jump:
            painter.drawLine(start, end)
            return
        along = end - start
        length = math.hypot(along.x(), along.y())
        bend = QPointF(along.y(), -along.x()) * (min(0.25 * length, 0.3 * self._cell_size()) / length)
        path = QPainterPath(start)
        path.quadTo((start + end) / 2 + bend, end)
        painter.drawPath(path)
        tip = (start + end) / 2 + bend / 2
        angle = math.atan2(along.y(), along.x())
        size = max(5.0, self._cell_size() * 0.16)
        wings = [
            QPointF(tip.x() - size * math.cos(angle + s), tip.y() - size * math.sin(angle + s))
            for s in (0.45, -0.45)
        ]
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPolygon(QPolygonF([tip, *wings]))

    def _paint_places(self, painter: QPainter) -> None:
        """Each drawn cell's place in the walk, small in its cell's top left corner."""
        geo, step = self.grid.geometry, self._cell_size()
        font = painter.font()
        font.setPixelSize(max(7, int(step * 0.22)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(PHASE_COLOURS[self.layer]))
        for place, (_phase, cell) in enumerate(self.sequence()[: self.shown], 1):
            box = QRectF(10 + geo.col_of[cell] * step + 2, 10 + geo.row_of[cell] * step + 1, step, step)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(place))


def _shade(phase: str, progress: float) -> QColor:
    """The stretch's colour, pale at its start and full at its end: the direction without arrows."""
    base = QColor(PHASE_COLOURS[phase])
    return base.lighter(int(185 - 85 * max(0.0, min(progress, 1.0))))


def _swatch(phase: str) -> str:
    colour = PHASE_COLOURS[phase]
    pale = _shade(phase, 0.0).name()
    return f'<span style="color:{pale}">━</span><span style="color:{colour}">━▶</span>'


def legend_text(layer: str) -> str:
    """What the colours, arrows, numbers and ring of the view mean, for the layer shown."""
    phases = PHASES if layer == "all" else (layer,)
    lines = [
        f"{_swatch(p)} <b>{p.capitalize()}</b>: the cycle passes every cell of a {_UNIT[p]}, "
        f"then jumps (dashed) to the next {_UNIT[p]}."
        for p in phases
    ]
    places = "" if layer == "all" else " Small numbers: each cell's place in the walk."
    lines.append(
        "The cycle runs blocks, then rows, then columns, and back to the start. Pale to dark and the "
        f"arrows: its direction.{places} The black ring: where the slider stands."
    )
    return "<br>".join(lines)


class CycleDialog(QDialog):
    """The cycle view with its layer buttons, legend and slider."""

    def __init__(self, result: HcpSolution, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The Hamiltonian cycle through the cells")
        self.view = CycleView(result, self)
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName("Walk the cycle")
        self.place = QLabel()
        self.buttons = QButtonGroup(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Show:"))
        for layer in LAYERS:
            button = QRadioButton(_BUTTONS[layer])
            button.setObjectName(layer)
            self.buttons.addButton(button)
            row.addWidget(button)
            button.toggled.connect(functools.partial(self._toggled, layer))
        row.addStretch(1)
        walk = QHBoxLayout()
        walk.addWidget(QLabel("&Walk the cycle:"))
        walk.itemAt(0).widget().setBuddy(self.slider)  # type: ignore[union-attr]
        walk.addWidget(self.slider, 1)
        walk.addWidget(self.place)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)
        layout.addLayout(walk)
        layout.addWidget(self.legend)
        self.slider.valueChanged.connect(self._walked)
        self.button("blocks").setChecked(True)

    def button(self, layer: str) -> QRadioButton:
        """The radio button of a layer."""
        found = self.findChild(QRadioButton, layer)
        assert found is not None
        return found

    def show_layer(self, layer: str) -> None:
        """Show one layer from start to end, with its legend."""
        self.view.set_layer(layer)
        self.legend.setText(legend_text(layer))
        self.slider.setRange(1, self.view.length())
        self.slider.setValue(self.view.length())
        self._walked(self.view.length())

    def _toggled(self, layer: str, on: bool) -> None:
        if on:
            self.show_layer(layer)

    def _walked(self, count: int) -> None:
        self.view.set_shown(count)
        current = self.view.current()
        if current is None:
            return
        _phase, cell = current
        geo = self.view.grid.geometry
        digit = digit_char(self.view.grid.values[cell])
        self.place.setText(f"{self.view.shown} of {self.view.length()}: {geo.cell_name(cell)} = {digit}")
