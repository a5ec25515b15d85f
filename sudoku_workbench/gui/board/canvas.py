"""The painted board: givens, entries and candidates of any size, with a step's highlights on top.

It paints what it is given (the editing, by keys and mouse, is :mod:`board.view`'s). Markers and the
highlighted digit are the board's own state: they help the eye and are not part of the puzzle. When the
candidates are too small to read (25x25 in a normal window), the cell under the mouse, or else the
selected one of the focused board, shows its candidates magnified beside it. Killer cages are drawn
under the highlights (:mod:`board.drawing.cages`), thermometers, arrows, dots and X/V over the grid's lines
and under the digits (:mod:`board.drawing.constraints`); what a step of their rules reads in the highlight
colour.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import PLAYER_STEPS, Chain, Link, Step
from sudoku_workbench.gui.board.drawing.cages import INSET, SUM_BAND, draw_cages, step_cages
from sudoku_workbench.gui.board.drawing.constraints import (
    MARK_CLEAR,
    ConstraintInk,
    draw_constraints,
    has_marks,
    step_constraints,
)
from sudoku_workbench.gui.board.drawing.layout import MARGIN, READABLE_PX, BoardLayout
from sudoku_workbench.gui.board.drawing.lines import draw_board_lines
from sudoku_workbench.gui.board.drawing.links import StepLinks
from sudoku_workbench.gui.board.drawing.paint import Colours
from sudoku_workbench.gui.board.glyphs import CandidateGlyphs
from sudoku_workbench.gui.board.layer import KeptLayer
from sudoku_workbench.gui.board.regions import RegionPaint, draw_region_map

__all__ = ["BoardCanvas"]


class BoardCanvas(QWidget):
    """An N×N board that paints a :class:`Grid` and the shown :class:`Step`'s highlights."""

    digit_highlighted = Signal(int)
    zoom_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.grid: Grid | None = None
        #: The pencil marks drawn per cell: the grid's candidates unless the session says otherwise.
        self.pencil: tuple[int, ...] = ()
        self.step: Step | None = None
        self.marks: frozenset[Cell] = frozenset()
        self.selected: Cell = 0
        #: The cells chosen together (a drag, Ctrl+click), for commands on several cells: Make cage.
        self.chosen: frozenset[Cell] = frozenset()
        self.hovered: Cell = -1
        self.show_candidates = True
        self.zoom = 1.0
        self.highlight_digit: Digit = 0
        self.markers: dict[Candidate, int] = {}
        #: Painting a picture (Export image, Print): no cursor, hover or magnifier, which are the screen's.
        self.picture = False
        #: The region map being painted (Puzzle → Edit regions), drawn instead of the shape's regions.
        self.painting: RegionPaint | None = None
        self._links = StepLinks()
        self._glyphs = CandidateGlyphs()
        self._cages = KeptLayer()
        self._constraints = KeptLayer()
        #: The shown step's struck-out candidates and its pattern, read once per step, not per cell.
        self._decorated: tuple[frozenset[Candidate], frozenset[Candidate]] = (frozenset(), frozenset())

    # ---- inputs from the session -------------------------------------------------------------
    def set_grid(self, grid: Grid, pencil: tuple[int, ...] | None = None) -> None:
        """Show a position (the selection stays when the size does); ``pencil``: the marks to draw."""
        if self.grid is None or self.grid.geometry != grid.geometry:
            self.chosen = frozenset()  # a cage made of them, or another shape
        if self.grid is None or self.grid.geometry.uncaged != grid.geometry.uncaged:
            self.selected = 0
        if self.grid is None or self.grid.givens != grid.givens:
            self.markers = {}  # another puzzle: the colouring was about the old one
        self.grid = grid
        self.pencil = grid.candidates if pencil is None else pencil
        self.update()

    def set_step(self, step: Step | None) -> None:
        """Show a step's highlights (None, or the player's own edit: no highlights, nothing to explain)."""
        step = None if step is None or step.rule in PLAYER_STEPS else step
        self.step = step
        self._decorated = (
            (
                frozenset(step.eliminations),
                frozenset(step.highlights.pattern) | frozenset(step.highlights.matching),
            )
            if step
            else (frozenset(), frozenset())
        )
        self.update()

    def set_marks(self, cells: tuple[Cell, ...]) -> None:
        """Mark cells that are at fault (Check)."""
        self.marks = frozenset(cells)
        self.update()

    def set_hovered(self, cell: Cell) -> None:
        """Outline a cell pointed at elsewhere (the graph pane); -1 for none."""
        if cell != self.hovered:
            before = (self.hovered, self.magnified_cell())
            self.hovered = cell
            self.refresh_cells(*before, cell, self.magnified_cell())

    def refresh_cells(self, *cells: Cell) -> None:
        """Repaint only these cells and their magnifiers (all of a 25x25 board takes about 0.2 s)."""
        if self.grid is None:
            return
        layout = self.layout_now()
        for cell in {c for c in cells if 0 <= c < self.grid.geometry.size}:
            for rect in (layout.cell_rect(cell), self.magnifier_rect(cell)):
                self.update(rect.adjusted(-3, -3, 3, 3).toAlignedRect())

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
        """1 fits the board to its area; above 1 it grows past it (the area scrolls), below 1 it shrinks."""
        self.zoom = max(0.5, min(zoom, 3.0))
        self.zoom_changed.emit(self.zoom)
        self.update()

    def sizeHint(self) -> QSize:
        """A first size before the window shares its room out; the board then fills what it is given."""
        return QSize(480, 480)

    def minimumSizeHint(self) -> QSize:
        """Small: fitted to its area, the board never forces a scroll bar."""
        return QSize(120, 120)

    # ---- layout ------------------------------------------------------------------------------
    def layout_now(self) -> BoardLayout:
        """Where everything goes at the widget's present size."""
        return BoardLayout.fit(self.width(), self.height(), self._n(), self.zoom, self._frame())

    def _frame(self) -> tuple[float, float]:
        """What the candidates keep clear of: on a killer the sums' band and the cages' lines, dots, X/V."""
        geo = self.grid.geometry if self.grid is not None else None
        caged = geo is not None and bool(geo.cages)
        inset = max(INSET + 0.01 if caged else 0.0, MARK_CLEAR if geo is not None and has_marks(geo) else 0.0)
        return (SUM_BAND if caged else 0.0, inset)

    def candidate_pixel_size(self) -> int:
        """The candidates' font size in pixels at the present size (readable from :data:`READABLE_PX`)."""
        return self.layout_now().candidate_px()

    def readable_side(self) -> int:
        """The side the board needs for readable candidates (the window gives it that room if it can)."""
        return BoardLayout.readable_side(self._n(), self._frame())

    def cell_rect(self, cell: Cell) -> QRectF:
        """Where a cell is drawn, in widget coordinates."""
        return self.layout_now().cell_rect(cell)

    def cell_at(self, point: QPointF) -> Cell:
        """The cell under a point, -1 outside the board."""
        return -1 if self.grid is None else self.layout_now().cell_at(point)

    def candidate_point(self, candidate: Candidate) -> QPointF:
        """The centre of a candidate's sub-cell position."""
        layout = self.layout_now()
        return layout.spot(layout.cell_rect(candidate[0]), candidate[1]).center()

    def candidate_at(self, point: QPointF) -> Candidate | None:
        """The candidate whose spot is under a point (struck out or not), None off the spots."""
        return None if self.grid is None else self.layout_now().candidate_at(point)

    def digit_rect(self, cell: Cell) -> QRectF:
        """The box of the digit drawn in a filled cell (its font's line box round the glyph)."""
        return self._step_links().digit_rect(cell)

    def link_path(self, link: Link) -> QPainterPath:
        """The line a link's arrow is drawn along: around the digits of the cells between its ends."""
        return self._step_links().link_path(link)

    def chain_paths(self, chain: Chain) -> list[QPainterPath]:
        """The lines from cell to cell of a chain (a cycle's last back to its first), round the digits."""
        return self._step_links().chain_paths(chain)

    def _step_links(self) -> StepLinks:
        assert self.grid is not None
        self._links.prepare(self.grid, self.step, self.layout_now(), self._digit_font)
        return self._links

    @contextmanager
    def as_picture(self) -> Iterator[QRect]:
        """Paint as a picture (Export image, Print) inside the block; yields the part of the widget to draw.

        That is the board's square and margin, not the spare room below it, and without the cursor, the
        hover and the magnifier, which are there for the person at the screen.
        """
        self.picture = True
        try:
            yield self.layout_now().board_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN).toAlignedRect()
        finally:
            self.picture = False

    def magnified_cell(self) -> Cell:
        """The cell whose candidates are shown magnified (only when too small to read); -1 for none."""
        too_big = self.candidate_pixel_size() >= READABLE_PX
        if self.grid is None or not self.show_candidates or self.picture or too_big:
            return -1
        cell = self.hovered if self.hovered >= 0 else self.selected if self.hasFocus() else -1
        return cell if 0 <= cell < self.grid.geometry.size and not self.grid.values[cell] else -1

    def magnifier_rect(self, cell: Cell) -> QRectF:
        """Where a cell's magnified candidates are drawn."""
        return self.layout_now().magnifier(cell, self.width(), self.height())

    def _n(self) -> int:
        return self.grid.geometry.n if self.grid else 9

    # ---- painting ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """Background shading, lines, digits, candidates, links and chains, then the magnifier on top."""
        if self.grid is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = Colours.for_palette(self.palette())
        layout = self.layout_now()
        around = colours.base if self.picture else self.palette().color(QPalette.ColorRole.Window)
        painter.fillRect(self.rect(), around)
        self._paint_cells(painter, colours, layout)
        self._paint_lines(painter, colours, layout)
        self._paint_digits(painter, colours, layout)
        if self.show_candidates and self.painting is None:
            self._paint_candidates(painter, colours, layout, QRectF(event.rect()))
        self._step_links().paint(painter, colours, self.pencil if self.show_candidates else None)
        self._paint_magnifier(painter, colours, layout)
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
        if (cell == self.selected or cell in self.chosen) and not self.picture:
            return colours.selection
        if units.intersection(self.grid.geometry.units_of[cell]):
            return colours.unit
        digit = self.highlight_digit
        if digit and self.grid.values[cell] == digit:
            return colours.digit_cell
        if digit and not self.grid.values[cell] and self.grid.candidates[cell] >> (digit - 1) & 1:
            return colours.digit_option
        return None

    def _paint_cells(self, painter: QPainter, colours: Colours, layout: BoardLayout) -> None:
        assert self.grid is not None
        painter.fillRect(layout.board_rect(), colours.base)
        geo = self.grid.geometry
        if geo.cages:
            inks = (colours.line, colours.base, colours.cage_used)
            used = step_cages(geo, self.step)
            key = (geo.n, geo.cages, tuple(c.rgba() for c in inks), used)
            cages = functools.partial(draw_cages, geo=geo, cell=layout.cell, colours=inks, used=used)
            self._cages.paint(painter, layout.board_rect().topLeft(), layout.side, key, cages, self.picture)
        units = set(self.step.highlights.units) if self.step else set()
        if self.painting is not None:
            draw_region_map(painter, self.painting, layout, colours.candidate)
        for cell in range(self.grid.geometry.size):
            fill = self._cell_fill(cell, colours, units)
            if fill is not None:
                painter.fillRect(layout.cell_rect(cell), fill)
        if self.picture:
            return
        if self.hasFocus():
            painter.setPen(QPen(colours.selection_line, 2))
            painter.drawRect(layout.cell_rect(self.selected).adjusted(2, 2, -2, -2))
        if self.hovered >= 0:
            painter.setPen(QPen(colours.hover, 3))
            painter.drawRect(layout.cell_rect(self.hovered).adjusted(1.5, 1.5, -1.5, -1.5))

    def _paint_lines(self, painter: QPainter, colours: Colours, layout: BoardLayout) -> None:
        """The grid's lines, and the constraints over them (a dot sits on its edge's line)."""
        assert self.grid is not None
        geo = self.grid.geometry
        walls = self.painting.walls() if self.painting is not None else None
        draw_board_lines(painter, geo, layout.left, layout.top, layout.cell, colours.line, walls)
        if not geo.constraints:
            return
        ink = ConstraintInk(colours.thermo, colours.arrow, colours.line, colours.base, colours.cage_used)
        used = step_constraints(geo, self.step)
        key = (geo.n, geo.constraints, ink.key(), used)
        marks = functools.partial(draw_constraints, geo=geo, cell=layout.cell, ink=ink, used=used)
        self._constraints.paint(painter, layout.board_rect().topLeft(), layout.side, key, marks, self.picture)

    def _digit_font(self, given: bool) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(self.layout_now().digit_px())
        font.setBold(given)
        return font

    def _paint_digits(self, painter: QPainter, colours: Colours, layout: BoardLayout) -> None:
        assert self.grid is not None
        grid = self.grid
        placed = {c for c, _ in self.step.placements} if self.step else set()
        given_font, entry_font = self._digit_font(True), self._digit_font(False)
        for cell, digit in enumerate(grid.values):
            if not digit:
                continue
            is_given = bool(grid.givens[cell])
            painter.setFont(given_font if is_given else entry_font)
            colour = colours.given if is_given else colours.placement if cell in placed else colours.entry
            painter.setPen(colour)
            painter.drawText(layout.cell_rect(cell), Qt.AlignmentFlag.AlignCenter, digit_char(digit))

    def _candidate_font(self, px: int) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(px)
        return font

    def _paint_candidates(
        self, painter: QPainter, colours: Colours, layout: BoardLayout, exposed: QRectF
    ) -> None:
        """The candidates of the cells in the part being repainted."""
        assert self.grid is not None
        painter.setFont(self._candidate_font(layout.candidate_px()))
        painter.setPen(colours.candidate)
        for cell in self.grid.empty_cells:
            rect = layout.cell_rect(cell)
            if rect.intersects(exposed):
                self._paint_cell_candidates(painter, colours, layout, cell, rect)

    def _paint_cell_candidates(
        self, painter: QPainter, colours: Colours, layout: BoardLayout, cell: Cell, rect: QRectF
    ) -> None:
        """A cell's candidates in ``rect`` (the cell itself, or the magnifier), with the pen at ``candidate``.

        Plain candidates are drawn from glyphs placed once per size; only those with a marker, in the
        step's pattern or struck out take the decorated path (a 25x25 board has 15,625 candidates).
        """
        struck, pattern = self._decorated
        origin = rect.topLeft()
        pencil = self.pencil[cell]
        for digit, glyph, offset in self._glyphs.placed(layout, rect, painter.font()):
            candidate = (cell, digit)
            if candidate in struck or candidate in pattern or candidate in self.markers:
                if pencil >> (digit - 1) & 1 or candidate in struck:
                    self._paint_candidate(painter, colours, candidate, layout.spot(rect, digit))
                    painter.setPen(colours.candidate)
            elif pencil >> (digit - 1) & 1:
                painter.drawStaticText(origin + offset, glyph)

    def _paint_candidate(
        self, painter: QPainter, colours: Colours, candidate: Candidate, box: QRectF
    ) -> None:
        """A candidate with its marker, pattern disc or strike-through."""
        struck, pattern = self._decorated
        sub = box.width()
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
        glyph = self._glyphs.glyph(candidate[1], painter.font())
        size = glyph.size()
        painter.drawStaticText(box.center() - QPointF(size.width() / 2, size.height() / 2), glyph)
        if candidate in struck:
            painter.setPen(QPen(colours.eliminated, 1.6))
            painter.drawLine(box.bottomLeft() + QPointF(2, -2), box.topRight() + QPointF(-2, 2))

    def _paint_magnifier(self, painter: QPainter, colours: Colours, layout: BoardLayout) -> None:
        """The magnified cell's candidates in a framed square beside it, at a readable size."""
        cell = self.magnified_cell()
        if cell < 0:
            return
        rect = self.magnifier_rect(cell)
        painter.setPen(QPen(colours.hover, 2))
        painter.setBrush(colours.base)
        painter.drawRect(rect)
        painter.setFont(self._candidate_font(layout.magnifier_px()))
        painter.setPen(colours.candidate)
        self._paint_cell_candidates(painter, colours, layout, cell, rect)
