"""The painted board: givens, entries and candidates of any size, with a step's highlights on top.

It renders what it is given and emits intents (a digit typed, a candidate toggled, a cell cleared, the
cell under the mouse); it never changes a grid itself. Keys: arrows move, digits (letters above 9)
enter, Ctrl+digit toggles a candidate, Alt+digit highlights every cell holding or allowing that digit,
Delete/Backspace/0/. clear. Mouse: a click selects, a right click on a candidate's spot strikes it out
or brings it back, Shift+click gives a candidate the first, then the second marker colour, then none
(two colours per digit, for colouring by hand). Markers and the highlighted digit are the view's own
state: they help the eye and are not part of the puzzle.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char, digit_from_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Link, Step
from sudoku_workbench.gui.board_paint import Colours, draw_arrow

__all__ = ["BoardView"]

_CLEAR_KEYS = {Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0, Qt.Key.Key_Period, Qt.Key.Key_Space}
_MOVES = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}


class BoardView(QWidget):
    """An N×N board that paints a :class:`Grid` and the shown :class:`Step`'s highlights."""

    digit_entered = Signal(int, int)
    candidate_toggled = Signal(int, int)
    cell_cleared = Signal(int)
    cell_hovered = Signal(int)
    digit_highlighted = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Sudoku board")
        self.grid: Grid | None = None
        #: The pencil marks drawn per cell: the grid's candidates unless the session says otherwise.
        self.pencil: tuple[int, ...] = ()
        self.step: Step | None = None
        self.marks: frozenset[Cell] = frozenset()
        self.selected: Cell = 0
        self.hovered: Cell = -1
        self.show_candidates = True
        self.zoom = 1.0
        self.auto_advance = False
        self.highlight_digit: Digit = 0
        self.markers: dict[Candidate, int] = {}

    # ---- inputs from the session -------------------------------------------------------------
    def set_grid(self, grid: Grid, pencil: tuple[int, ...] | None = None) -> None:
        """Show a position (the selection stays when the size does); ``pencil``: the marks to draw."""
        if self.grid is None or self.grid.geometry != grid.geometry:
            self.selected = 0
            self.updateGeometry()
        if self.grid is None or self.grid.givens != grid.givens:
            self.markers = {}  # another puzzle: the colouring was about the old one
        self.grid = grid
        self.pencil = grid.candidates if pencil is None else pencil
        self.update()

    def set_step(self, step: Step | None) -> None:
        """Show a step's highlights (None: no highlights)."""
        self.step = step
        self.update()

    def set_marks(self, cells: tuple[Cell, ...]) -> None:
        """Mark cells that are at fault (Check)."""
        self.marks = frozenset(cells)
        self.update()

    def set_hovered(self, cell: Cell) -> None:
        """Outline a cell pointed at elsewhere (the graph pane); -1 for none."""
        if cell != self.hovered:
            self.hovered = cell
            self.update()

    def set_show_candidates(self, on: bool) -> None:
        """Draw or hide the candidates."""
        self.show_candidates = on
        self.update()

    def set_highlight_digit(self, digit: Digit) -> None:
        """Tint every cell holding or allowing this digit (0: none)."""
        if digit != self.highlight_digit:
            self.highlight_digit = digit
            self.digit_highlighted.emit(digit)
            self.update()

    def cycle_marker(self, candidate: Candidate) -> None:
        """No colour → first colour → second colour → no colour."""
        colour = self.markers.pop(candidate, -1) + 1
        if colour < 2:
            self.markers[candidate] = colour
        self.update()

    def clear_markers(self) -> None:
        """Remove every marker colour."""
        self.markers = {}
        self.update()

    def set_zoom(self, zoom: float) -> None:
        """Scale the preferred size (View → Zoom)."""
        self.zoom = max(0.5, min(zoom, 3.0))
        self.setMinimumSize(self.sizeHint() * 0.6)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        """Room for readable candidates: larger grids ask for more pixels."""
        n = self.grid.geometry.n if self.grid else 9
        side = int(max(360, n * 36) * self.zoom)
        return QSize(side, side)

    # ---- layout ------------------------------------------------------------------------------
    def _layout(self) -> tuple[float, float, float]:
        n = self.grid.geometry.n if self.grid else 9
        side = min(self.width(), self.height()) - 16
        cell = max(side, 10) / n
        left = (self.width() - cell * n) / 2
        top = (self.height() - cell * n) / 2
        return left, top, cell

    def cell_rect(self, cell: Cell) -> QRectF:
        """Where a cell is drawn, in widget coordinates."""
        assert self.grid is not None
        n = self.grid.geometry.n
        left, top, size = self._layout()
        return QRectF(left + (cell % n) * size, top + (cell // n) * size, size, size)

    def cell_at(self, point: QPointF) -> Cell:
        """The cell under a point, -1 outside the board."""
        if self.grid is None:
            return -1
        n = self.grid.geometry.n
        left, top, size = self._layout()
        col, row = math.floor((point.x() - left) / size), math.floor((point.y() - top) / size)
        return row * n + col if 0 <= row < n and 0 <= col < n else -1

    def candidate_point(self, candidate: Candidate) -> QPointF:
        """The centre of a candidate's sub-cell position."""
        cell, digit = candidate
        rect = self.cell_rect(cell)
        per_row = self._sub_columns()
        sub = rect.width() / per_row
        row, col = divmod(digit - 1, per_row)
        rows = math.ceil(self._n() / per_row)
        top = rect.top() + (rect.height() - rows * sub) / 2
        return QPointF(rect.left() + (col + 0.5) * sub, top + (row + 0.5) * sub)

    def candidate_at(self, point: QPointF) -> Candidate | None:
        """The candidate whose spot is under a point (struck out or not), None off the spots."""
        cell = self.cell_at(point)
        if cell < 0:
            return None
        rect = self.cell_rect(cell)
        per_row = self._sub_columns()
        sub = rect.width() / per_row
        rows = math.ceil(self._n() / per_row)
        top = rect.top() + (rect.height() - rows * sub) / 2
        col, row = math.floor((point.x() - rect.left()) / sub), math.floor((point.y() - top) / sub)
        digit = row * per_row + col + 1
        return (cell, digit) if 0 <= col < per_row and 0 <= row < rows and digit <= self._n() else None

    def _n(self) -> int:
        return self.grid.geometry.n if self.grid else 9

    def _sub_columns(self) -> int:
        return math.ceil(math.sqrt(self._n()))

    # ---- painting ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """Background shading, lines, digits, candidates, then links and chains on top."""
        if self.grid is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = Colours.for_palette(self.palette())
        painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Window))
        self._paint_cells(painter, colours)
        self._paint_lines(painter, colours)
        self._paint_digits(painter, colours)
        if self.show_candidates:
            self._paint_candidates(painter, colours)
        self._paint_links(painter, colours)
        painter.end()

    def _cell_fill(self, cell: Cell, colours: Colours, units: set[int]) -> QColor | None:
        assert self.grid is not None
        step = self.step
        if cell in self.marks:
            return colours.mark
        if step is not None and any(c == cell for c, _ in step.placements):
            return colours.placement_fill
        if step is not None and cell in step.highlights.cells:
            return colours.focus
        if cell == self.selected:
            return colours.selection
        if units.intersection(self.grid.geometry.units_of[cell]):
            return colours.unit
        digit = self.highlight_digit
        if digit and self.grid.values[cell] == digit:
            return colours.digit_cell
        if digit and not self.grid.values[cell] and self.grid.candidates[cell] >> (digit - 1) & 1:
            return colours.digit_option
        return None

    def _paint_cells(self, painter: QPainter, colours: Colours) -> None:
        assert self.grid is not None
        painter.fillRect(self._board_rect(), colours.base)
        units = set(self.step.highlights.units) if self.step else set()
        for cell in range(self.grid.geometry.size):
            fill = self._cell_fill(cell, colours, units)
            if fill is not None:
                painter.fillRect(self.cell_rect(cell), fill)
        if self.hasFocus():
            painter.setPen(QPen(colours.selection_line, 2))
            painter.drawRect(self.cell_rect(self.selected).adjusted(2, 2, -2, -2))
        if self.hovered >= 0:
            painter.setPen(QPen(colours.hover, 3))
            painter.drawRect(self.cell_rect(self.hovered).adjusted(1.5, 1.5, -1.5, -1.5))

    def _board_rect(self) -> QRectF:
        left, top, size = self._layout()
        return QRectF(left, top, size * self._n(), size * self._n())

    def _paint_lines(self, painter: QPainter, colours: Colours) -> None:
        assert self.grid is not None
        geo = self.grid.geometry
        left, top, size = self._layout()
        end = size * geo.n
        for i in range(geo.n + 1):
            thick_col = i % geo.box_cols == 0
            thick_row = i % geo.box_rows == 0
            painter.setPen(QPen(colours.line, 2.5 if thick_col else 0.8))
            painter.drawLine(QPointF(left + i * size, top), QPointF(left + i * size, top + end))
            painter.setPen(QPen(colours.line, 2.5 if thick_row else 0.8))
            painter.drawLine(QPointF(left, top + i * size), QPointF(left + end, top + i * size))

    def _paint_digits(self, painter: QPainter, colours: Colours) -> None:
        assert self.grid is not None
        grid = self.grid
        placed = {c for c, _ in self.step.placements} if self.step else set()
        _, _, size = self._layout()
        given_font = QFont(self.font())
        given_font.setPixelSize(max(6, int(size * 0.58)))
        given_font.setBold(True)
        entry_font = QFont(given_font)
        entry_font.setBold(False)
        for cell, digit in enumerate(grid.values):
            if not digit:
                continue
            is_given = bool(grid.givens[cell])
            painter.setFont(given_font if is_given else entry_font)
            colour = colours.given if is_given else colours.placement if cell in placed else colours.entry
            painter.setPen(colour)
            painter.drawText(self.cell_rect(cell), Qt.AlignmentFlag.AlignCenter, digit_char(digit))

    def _candidate_font(self) -> QFont:
        _, _, size = self._layout()
        font = QFont(self.font())
        font.setPixelSize(max(5, int(size / self._sub_columns() * 0.78)))
        return font

    def _paint_candidates(self, painter: QPainter, colours: Colours) -> None:
        assert self.grid is not None
        grid = self.grid
        step = self.step
        struck = set(step.eliminations) if step else set()
        pattern = set(step.highlights.pattern) | set(step.highlights.matching) if step else set()
        painter.setFont(self._candidate_font())
        sub = self.cell_rect(0).width() / self._sub_columns()
        for cell in grid.empty_cells:
            for digit in range(1, grid.geometry.n + 1):
                present = bool(self.pencil[cell] >> (digit - 1) & 1)
                if present or (cell, digit) in struck:
                    self._paint_candidate(painter, colours, (cell, digit), sub, pattern, struck)

    def _paint_candidate(
        self,
        painter: QPainter,
        colours: Colours,
        candidate: Candidate,
        sub: float,
        pattern: set[Candidate],
        struck: set[Candidate],
    ) -> None:
        centre = self.candidate_point(candidate)
        box = QRectF(centre.x() - sub / 2, centre.y() - sub / 2, sub, sub)
        marker = self.markers.get(candidate)
        if marker is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colours.marker[marker])
            painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), sub / 5, sub / 5)
        if candidate in pattern:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colours.pattern)
            painter.drawEllipse(box.adjusted(1, 1, -1, -1))
        painter.setPen(colours.eliminated if candidate in struck else colours.candidate)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, digit_char(candidate[1]))
        if candidate in struck:
            painter.setPen(QPen(colours.eliminated, 1.6))
            painter.drawLine(box.bottomLeft() + QPointF(2, -2), box.topRight() + QPointF(-2, 2))

    def _paint_links(self, painter: QPainter, colours: Colours) -> None:
        if self.step is None:
            return
        for chain in self.step.highlights.chains:
            points = [self.cell_rect(c).center() for c in chain.cells]
            if chain.closed and points:
                points.append(points[0])
            painter.setPen(QPen(colours.chain, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            for a, b in itertools.pairwise(points):
                painter.drawLine(a, b)
        for link in self.step.highlights.links:
            self._paint_link(painter, colours, link)

    def _paint_link(self, painter: QPainter, colours: Colours, link: Link) -> None:
        start, end = self.candidate_point(link.start), self.candidate_point(link.end)
        style = Qt.PenStyle.SolidLine if link.strong else Qt.PenStyle.DashLine
        draw_arrow(painter, start, end, QPen(colours.link, 2, style), self.cell_rect(0).width() / 8)

    # ---- input -------------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        """Claim Ctrl+digit before the menus see it as a shortcut (it toggles a candidate here)."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
            and self._digit_of(event) > 0
        ):
            event.accept()
            return True
        return super().event(event)

    def _digit_of(self, event: QKeyEvent) -> Digit:
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9 or Qt.Key.Key_A <= key <= Qt.Key.Key_Z:
            digit = digit_from_char(chr(key))
            return digit if 1 <= digit <= self._n() else 0
        return 0

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Arrows move, digits enter (Ctrl: toggle a candidate), clearing keys clear."""
        key = Qt.Key(event.key())
        if self.grid is None:
            super().keyPressEvent(event)
        elif key in _MOVES:
            self._move(*_MOVES[key])
        elif key in _CLEAR_KEYS:
            self.cell_cleared.emit(self.selected)
            self._advance()
        elif digit := self._digit_of(event):
            if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.set_highlight_digit(0 if digit == self.highlight_digit else digit)
            elif event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self.candidate_toggled.emit(self.selected, digit)
            else:
                self.digit_entered.emit(self.selected, digit)
                self._advance()
        else:
            super().keyPressEvent(event)

    def _advance(self) -> None:
        """In Givens mode the cursor moves on after each cell, as when copying a puzzle from paper."""
        if self.auto_advance and self.grid is not None:
            self.select((self.selected + 1) % self.grid.geometry.size)

    def _move(self, d_row: int, d_col: int) -> None:
        n = self._n()
        row, col = divmod(self.selected, n)
        self.select(((row + d_row) % n) * n + (col + d_col) % n)

    def select(self, cell: Cell) -> None:
        """Make a cell the one keys act on."""
        self.selected = cell
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click selects a cell; on a candidate's spot a right click toggles it, Shift+click colours it."""
        point = event.position()
        cell = self.cell_at(point)
        if cell < 0 or self.grid is None:
            return
        self.setFocus()
        self.select(cell)
        candidate = self.candidate_at(point) if not self.grid.values[cell] else None
        if candidate is None or not self.show_candidates:
            return
        if event.button() == Qt.MouseButton.RightButton:
            self.candidate_toggled.emit(*candidate)
        elif event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.cycle_marker(candidate)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The right button toggles candidates here: no window menu pops up over the board."""
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Report the cell under the mouse (the graph pane highlights its node)."""
        cell = self.cell_at(event.position())
        if cell != self.hovered:
            self.set_hovered(cell)
            self.cell_hovered.emit(cell)

    def leaveEvent(self, event: QEvent) -> None:
        """The mouse left: no cell is hovered."""
        self.set_hovered(-1)
        self.cell_hovered.emit(-1)
