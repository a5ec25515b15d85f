"""The picture beside the board while a reading is checked: the photo with the found grid drawn on it.

The grid's outline and cell lines are mapped onto the photo through the perspective the corners give, so
a person sees at once whether the right square was found. The doubtful cells are tinted there as on the
board, and the board's selected cell is outlined in the photo: the digit to compare is easy to find.
Above the photo, what was read and the three buttons (Confirm cell, Accept, Cancel).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from sudoku_workbench.core.geometry import Cell
from sudoku_workbench.gui.picture.review import PictureReview

__all__ = ["PicturePanel", "PictureView", "summary"]

_OUTLINE = QColor(0, 170, 255)
_DOUBT = QColor(230, 40, 40, 90)
_SELECTED = QColor(255, 140, 0)


class PictureView(QWidget):
    """The photo scaled to fit, with the found grid, the doubtful cells and the selected cell on it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("The imported picture with the grid found in it")
        self.image = QImage()
        self.corners: tuple[tuple[float, float], ...] = ()
        self.n = 9
        self.doubtful: frozenset[Cell] = frozenset()
        self.selected: Cell = -1

    def sizeHint(self) -> QSize:
        """Room for a photo a person can compare digits on."""
        return QSize(360, 360)

    def minimumSizeHint(self) -> QSize:
        """Small enough to give the board the room when the window is narrow."""
        return QSize(160, 160)

    def show_picture(self, image: QImage, corners: tuple[tuple[float, float], ...], n: int) -> None:
        """A new picture and its grid's corners (in the picture's pixels, clockwise from the top left)."""
        self.image, self.corners, self.n = image, corners, n
        self.update()

    def set_cells(self, doubtful: frozenset[Cell], selected: Cell) -> None:
        """The cells to tint and the one to outline."""
        self.doubtful, self.selected = doubtful, selected
        self.update()

    def target(self) -> QRectF:
        """Where the picture is drawn: fitted in the widget, its shape kept, centred across, at the top."""
        if self.image.isNull():
            return QRectF()
        size = self.image.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        return QRectF((self.width() - size.width()) / 2, 0, size.width(), size.height())

    def cell_polygon(self, cell: Cell) -> QPolygonF:
        """A cell's four corners in widget coordinates (the grid's perspective applied)."""
        row, col = divmod(cell, self.n)
        unit = QRectF(col / self.n, row / self.n, 1 / self.n, 1 / self.n)
        return self._to_widget().map(QPolygonF(unit))

    def _to_widget(self) -> QTransform:
        """From the unit square to the grid's quadrilateral in widget coordinates."""
        target = self.target()
        scale = target.width() / max(1, self.image.width())
        quad = QPolygonF(
            [QPointF(target.left() + x * scale, target.top() + y * scale) for x, y in self.corners]
        )
        transform = QTransform()
        QTransform.squareToQuad(quad, transform)
        return transform

    def paintEvent(self, event: QPaintEvent) -> None:
        """The photo, then the doubtful cells, the grid's lines and the selected cell."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.image.isNull():
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "(this picture cannot be shown)")
            painter.end()
            return
        painter.drawImage(self.target(), self.image)
        if len(self.corners) == 4:
            self._paint_grid(painter)
        painter.end()

    def _paint_grid(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_DOUBT)
        for cell in self.doubtful:
            painter.drawPolygon(self.cell_polygon(cell))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        transform = self._to_widget()
        painter.setPen(QPen(_OUTLINE, 1))
        for k in range(1, self.n):
            at = k / self.n
            painter.drawLine(transform.map(QPointF(at, 0)), transform.map(QPointF(at, 1)))
            painter.drawLine(transform.map(QPointF(0, at)), transform.map(QPointF(1, at)))
        painter.setPen(QPen(_OUTLINE, 3))
        painter.drawPolygon(transform.map(QPolygonF(QRectF(0, 0, 1, 1))))
        if 0 <= self.selected < self.n * self.n:
            painter.setPen(QPen(_SELECTED, 2.5))
            painter.drawPolygon(self.cell_polygon(self.selected))


class PicturePanel(QWidget):
    """The dock's content: the picture, what was read, and Confirm cell, Accept and Cancel."""

    confirm_clicked = Signal()
    accept_clicked = Signal()
    cancel_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = PictureView()
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.confirm_button = QPushButton("Confirm &cell")
        self.confirm_button.setToolTip("The selected cell is right as read (Enter on the board)")
        self.accept_button = QPushButton("&Accept")
        self.accept_button.setToolTip(
            "Make the reading the puzzle; Undo brings the old one back (Ctrl+Enter)"
        )
        self.cancel_button = QPushButton("Ca&ncel")
        self.cancel_button.setToolTip("Put the reading away and keep the puzzle as it was (Esc on the board)")
        buttons = QHBoxLayout()
        for button in (self.confirm_button, self.accept_button, self.cancel_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the board keeps the keys for typing fixes
            buttons.addWidget(button)
        column = QVBoxLayout(self)  # the words and buttons first: under a tall photo they would be far down
        column.addWidget(self.text)
        column.addLayout(buttons)
        column.addWidget(self.view, 1)
        self.confirm_button.clicked.connect(self.confirm_clicked)
        self.accept_button.clicked.connect(self.accept_clicked)
        self.cancel_button.clicked.connect(self.cancel_clicked)

    def show_review(self, review: PictureReview) -> None:
        """A new reading: its picture and its summary."""
        read = review.read
        self.view.show_picture(read.image, read.reading.corners, review.geometry.n)
        self.refresh(review)

    def refresh(self, review: PictureReview) -> None:
        """After an edit or a move: the tinted cells, the selected cell and the summary again."""
        self.view.set_cells(frozenset(review.doubtful), review.board.selected)
        self.text.setText(summary(review))
        self.confirm_button.setEnabled(review.board.selected in review.doubtful)


def summary(review: PictureReview) -> str:
    """What was read and what is left to check, in a few plain lines."""
    reading = review.read.reading
    geo = review.geometry
    givens = sum(1 for v in review.values if v)
    lines = [f"Read from {review.read.source}: a {geo.label} grid with {givens} givens."]
    if reading.changed:
        names = ", ".join(geo.cell_name(c) for c in reading.changed)
        lines.append(f"Corrected so the puzzle has one solution: {names}.")
    elif not reading.unique:
        lines.append("No reading with exactly one solution was found: check the cells.")
    left = len(review.doubtful)
    if left:
        lines.append(
            f"{left} doubtful cell{'' if left == 1 else 's'} marked red: type the right digit "
            "(Delete: empty), or Enter to confirm it as read."
        )
    else:
        lines.append("Nothing left in doubt.")
    lines.append("Accept makes it the puzzle (one step, Undo brings the old one back); Cancel keeps the old.")
    return "\n".join(lines)
