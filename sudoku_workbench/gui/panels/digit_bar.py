"""The digit bar over the board: press a digit to tint every cell holding or allowing it, again to stop.

It mirrors the board's highlighted digit both ways (Alt+digit on the board presses the button here), and
holds the switches a person solving by hand reaches for: pencil marks shown or hidden, and clearing the
marker colours.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSignalBlocker
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QHBoxLayout, QToolButton, QWidget

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.gui.board.view import BoardView

__all__ = ["DigitBar"]

#: The most digits in one row of the bar: 16x16 gets two rows, 25x25 three, so the bar never makes the
#: window wider than a 9x9's (a 1024-pixel screen holds it).
_ONE_ROW = 12


class DigitBar(QWidget):
    """One checkable button per digit of the board's size, at most one pressed."""

    def __init__(self, board: BoardView, extras: tuple[QAction, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.group = QButtonGroup(self)
        self.group.setExclusive(False)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 2, 8, 2)
        self._digits = QGridLayout()
        self._digits.setSpacing(2)
        self._layout.addLayout(self._digits)
        self._layout.addStretch(1)
        for action in extras:
            button = QToolButton()
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            self._layout.addWidget(button)
        self.group.idClicked.connect(self._clicked)
        board.digit_highlighted.connect(self._follow_board)
        self.n = 0

    def set_size(self, n: int) -> None:
        """One button per digit 1 … n (letters above 9, as on the board)."""
        if n == self.n:
            return
        for button in self.group.buttons():
            self.group.removeButton(button)
            self._digits.removeWidget(button)
            button.setParent(None)  # gone now, not at the next event loop turn
            button.deleteLater()
        per_row = math.ceil(n / math.ceil(n / _ONE_ROW))
        for digit in range(1, n + 1):
            char = digit_char(digit)
            button = QToolButton()
            button.setText(char)
            button.setCheckable(True)
            button.setFixedWidth(self.fontMetrics().horizontalAdvance("W") + 8)
            button.setToolTip(f"Tint the cells holding or allowing {char} (Alt+{char})")
            self.group.addButton(button, digit)
            self._digits.addWidget(button, (digit - 1) // per_row, (digit - 1) % per_row)
        self.n = n

    def button(self, digit: int) -> QToolButton:
        """The button of a digit (tests press it)."""
        found = self.group.button(digit)
        assert isinstance(found, QToolButton)
        return found

    def _clicked(self, digit: int) -> None:
        self.board.set_highlight_digit(digit if self.group.button(digit).isChecked() else 0)

    def _follow_board(self, digit: int) -> None:
        for button in self.group.buttons():
            blocker = QSignalBlocker(button)
            button.setChecked(self.group.id(button) == digit)
            del blocker
