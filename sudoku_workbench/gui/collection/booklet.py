"""A booklet of puzzles as a PDF, drawn with Qt's own PDF writer: N puzzles a page, solutions at the end.

Each page has the title at the top and its number at the bottom; each puzzle its number above it and
its rating line (``library.booklet_plan``) under it. The solutions follow, twelve a page, the givens
in black and the rest grey, and then, if the items carry them, the solution paths in words. Boards
are drawn with the window's own lines, cages and constraints (``board.drawing.lines``,
``board.drawing.cages``, ``board.drawing.constraints``) in a 40-unit cell scaled to the page, so the
lines keep the proportions of the screen. The command line reaches this module lazily
(``cli/booklet.py``): it needs only a ``QGuiApplication``, which :func:`ensure_app` makes offscreen
when none runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.gui.board.drawing.cages import draw_cages
from sudoku_workbench.gui.board.drawing.constraints import ConstraintInk, draw_constraints
from sudoku_workbench.gui.board.drawing.lines import draw_board_lines
from sudoku_workbench.library.booklet_plan import BookletItem

__all__ = ["PER_PAGE", "booklet_pdf", "ensure_app", "write_booklet"]

#: Puzzles a page → (columns, rows).
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
_SOLUTION_GRID = (3, 4)
_DPI = 300
_CELL = 40.0  # the board's drawing unit; the painter scales it to the page
_INK = QColor(0, 0, 0)
_GREY = QColor(95, 95, 95)
#: Thermometers and arrows in the greys of the screen's light theme, the rest in ink on paper.
_CONSTRAINT_INK = ConstraintInk(QColor("#cfcfcf"), QColor("#9a9a9a"), _INK, QColor(255, 255, 255), _INK)


def ensure_app() -> QGuiApplication:
    """The running application, or a new offscreen one (a PDF needs fonts, never a screen)."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # A QApplication, though a PDF needs no widgets: a window made later in this process (the tests
    # run many in one) aborts under a plain QGuiApplication.
    return QApplication([])


def _font(points: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


class _Pages:
    """The writer's pages: a header and a footer on each, and the rectangle left for the content."""

    def __init__(self, writer: QPdfWriter, painter: QPainter, title: str) -> None:
        self.writer, self.painter, self.title = writer, painter, title
        self.count = 0
        self.body = QRectF()

    def start(self, heading: str = "") -> QRectF:
        """Begin a page (the first one is already open) and return its content rectangle."""
        if self.count:
            self.writer.newPage()
        self.count += 1
        p = self.painter
        width, height = self.writer.width(), self.writer.height()
        p.setPen(_INK)
        p.setFont(_font(13, bold=True))
        top = QRectF(0, 0, width, 0.05 * height)
        p.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.title)
        if heading:
            p.setFont(_font(11))
            p.drawText(top, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, heading)
        p.setFont(_font(9))
        p.drawText(
            QRectF(0, 0.96 * height, width, 0.04 * height), Qt.AlignmentFlag.AlignCenter, str(self.count)
        )
        p.drawLine(0, int(0.05 * height), width, int(0.05 * height))
        self.body = QRectF(0, 0.07 * height, width, 0.88 * height)
        return self.body


def _slots(body: QRectF, columns: int, rows: int) -> list[QRectF]:
    w, h = body.width() / columns, body.height() / rows
    return [
        QRectF(body.left() + c * w, body.top() + r * h, w, h) for r in range(rows) for c in range(columns)
    ]


def _draw_board(
    painter: QPainter, grid: Grid, left: float, top: float, side: float, given: Grid | None
) -> None:
    """The digits and lines in a ``side`` square at ``left``, ``top`` (``given``: whose givens are black).

    The lines, constraints and cages go under the digits, drawn in the board's 40-unit cell scaled to
    the square; the digits in page units, so their alignment is measured in the font the page really
    uses.
    """
    geo = grid.geometry
    cell = side / geo.n
    painter.fillRect(QRectF(left, top, side, side), QColor(255, 255, 255))
    painter.save()
    painter.translate(left, top)
    painter.scale(cell / _CELL, cell / _CELL)
    draw_board_lines(painter, geo, 0, 0, _CELL, _INK)
    draw_constraints(painter, geo, QPointF(0, 0), _CELL, _CONSTRAINT_INK)
    draw_cages(painter, geo, QPointF(0, 0), _CELL, (_INK, QColor(255, 255, 255), _INK))
    painter.restore()
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, int(cell * (0.62 if geo.n < 10 else 0.5))))
    givens = (given or grid).givens
    for index, value in enumerate(grid.values):
        if not value:
            continue
        black = given is None or givens[index] != 0
        font.setBold(black and given is not None)
        painter.setFont(font)
        painter.setPen(_INK if black else _GREY)
        rect = QRectF(left + geo.col_of[index] * cell, top + geo.row_of[index] * cell, cell, cell)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, digit_char(value))


def _draw_slot(
    painter: QPainter, slot: QRectF, label: str, caption: str, grid: Grid, given: Grid | None
) -> None:
    """One board in its slot: the label above it, the caption below, the board as large as fits."""
    line = slot.height() * (0.07 if slot.height() < 1500 else 0.045)
    side = min(slot.width() * 0.88, slot.height() - 2.9 * line)
    left = slot.left() + (slot.width() - side) / 2
    top = slot.top() + 1.1 * line
    painter.setPen(_INK)
    painter.setFont(_font(10, bold=True))
    painter.drawText(
        QRectF(left, slot.top(), side, line), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, label
    )
    _draw_board(painter, grid, left, top, side, given)
    if caption:
        painter.setPen(_GREY)
        painter.setFont(_font(8.5))
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        painter.drawText(QRectF(left, top + side + 0.15 * line, side, 1.5 * line), flags, caption)


def _chunks(items: Sequence[BookletItem], size: int) -> Iterator[Sequence[BookletItem]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _paint_paths(pages: _Pages, items: Sequence[BookletItem]) -> None:
    """The solution paths in words, flowing from page to page."""
    painter = pages.painter
    body = QRectF()
    y = 0.0
    for item in (i for i in items if i.steps):
        paragraphs = [(f"Puzzle {item.number}", True)]
        paragraphs += [(f"{n}. {text}", False) for n, text in enumerate(item.steps, 1)]
        for text, heading in paragraphs:
            painter.setFont(_font(10 if heading else 8, bold=heading))
            room = QRectF(body.left(), y, body.width(), 10_000)
            needed = painter.boundingRect(room, Qt.TextFlag.TextWordWrap, text).height()
            if not body.isValid() or y + needed > body.bottom():
                body = pages.start("Solution paths")
                y = body.top()
                room = QRectF(body.left(), y, body.width(), 10_000)
            painter.setPen(_INK)
            painter.drawText(room, Qt.TextFlag.TextWordWrap, text)
            y += needed + (needed * 0.4 if heading else needed * 0.15)


def booklet_pdf(
    items: Sequence[BookletItem], title: str, per_page: int, solutions: bool = True
) -> tuple[bytes, int]:
    """The booklet's PDF bytes and its page count.

    Raises:
        ValueError: for a number of puzzles a page other than those of :data:`PER_PAGE`.
    """
    if per_page not in PER_PAGE:
        raise ValueError(f"{per_page} puzzles a page: choose {', '.join(map(str, PER_PAGE))}")
    ensure_app()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("Sudoku Workbench")
    writer.setResolution(_DPI)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(14, 12, 14, 12),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter(writer)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pages = _Pages(writer, painter, title)
    for chunk in _chunks(items, per_page):
        for slot, item in zip(_slots(pages.start(), *PER_PAGE[per_page]), chunk, strict=False):
            _draw_slot(
                painter, slot, str(item.number), item.caption, parse_puzzle(item.puzzle, "<booklet>"), None
            )
    solved = [item for item in items if item.solution] if solutions else []
    for chunk in _chunks(solved, _SOLUTION_GRID[0] * _SOLUTION_GRID[1]):
        for slot, item in zip(_slots(pages.start("Solutions"), *_SOLUTION_GRID), chunk, strict=False):
            puzzle = parse_puzzle(item.puzzle, "<booklet>")
            _draw_slot(painter, slot, str(item.number), "", parse_puzzle(item.solution, "<booklet>"), puzzle)
    _paint_paths(pages, items)
    if not pages.count:
        pages.start()
    painter.end()
    return bytes(buffer.data().data()), pages.count


def write_booklet(
    path: str | os.PathLike[str],
    items: Sequence[BookletItem],
    title: str,
    per_page: int,
    solutions: bool = True,
) -> int:
    """Write the booklet to ``path`` in one piece; returns its page count.

    Raises:
        FileError: when the file cannot be written (an old one is then unchanged).
    """
    data, count = booklet_pdf(items, title, per_page, solutions)
    write_atomic(path, data)
    return count
