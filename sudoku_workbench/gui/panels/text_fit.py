"""A word-wrapped text as tall as it needs at its width, up to a number of lines, then scrolling.

A dock shares its height among its widgets: a plain wrapped QLabel's minimum height is worked out for
some width of its own, so a dock short of room cuts a long text (hint 3, a four-line status) while a
list beside it keeps its rows. Here the text's own height at the width it has is its minimum, so the
layout takes room from the widgets that scroll; a text longer than ``lines`` scrolls itself.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QWidget

__all__ = ["TextFit"]


class TextFit(QScrollArea):
    """A :class:`QLabel` (``label``) in a frameless scroll area whose height follows the label's text."""

    def __init__(self, label: QLabel, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.lines = lines
        label.setWordWrap(True)
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        label.installEventFilter(self)

    def set_text(self, text: str) -> None:
        """Show ``text`` and ask the layout for the height it needs."""
        self.label.setText(text)
        self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Another font in the label wraps its text to another height."""
        if watched is self.label and event.type() == QEvent.Type.FontChange:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def _height(self) -> int:
        """The label's height at the viewport's width, at most ``lines`` lines."""
        width = self.viewport().width() if self.isVisible() else self.width()
        most = self.lines * self.label.fontMetrics().lineSpacing() + 2 * self.label.frameWidth()
        return min(self.label.heightForWidth(max(width, 1)), most) + 2 * self.frameWidth()

    def sizeHint(self) -> QSize:
        """As tall as the text (up to ``lines``)."""
        return QSize(super().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        """As tall as the text (up to ``lines``): a dock short of room takes it from the others."""
        return QSize(super().minimumSizeHint().width(), self._height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Another width wraps the text to another height."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()
