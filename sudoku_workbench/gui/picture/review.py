"""Checking a reading on the board before it becomes the puzzle: the doubtful cells marked, typing fixes.

While a review is open the board shows the reading, not the session's puzzle, and its keys edit the
reading: a digit (or Delete for empty) sets the selected cell, Enter confirms the selected cell as read,
Ctrl+Enter accepts and Esc cancels. Each fix or confirmation unmarks its cell and moves on to the next
doubtful one. Nothing reaches the session until Accept, so Cancel leaves the old puzzle untouched. An
event filter on the board takes those keys before the board (and the menus' shortcuts) see them; clicks
still select, but the right-button and Shift clicks that would change the session's pencil marks are
swallowed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent

from sudoku_workbench.core.geometry import Cell, Digit, digit_from_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.gui.picture.reading import PictureRead

__all__ = ["PictureReview"]

_CLEAR_KEYS = {Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_Space}
_ENTER_KEYS = {Qt.Key.Key_Return, Qt.Key.Key_Enter}


class PictureReview(QObject):
    """One reading under review on the board: ``changed`` on each edit, then ``accepted``/``cancelled``."""

    changed = Signal()
    accepted = Signal()
    cancelled = Signal()

    def __init__(self, board: BoardView, read: PictureRead, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.read = read
        reading = read.reading
        self.geometry = reading.grid.geometry
        self.values: list[Digit] = list(reading.grid.givens)
        #: Cells still to look at: the reader's doubts and the cells its uniqueness repair changed.
        self.doubtful: set[Cell] = set(reading.doubtful) | set(reading.changed)
        #: Cells the person typed (fixed) or confirmed.
        self.checked: set[Cell] = set()
        self.active = False

    # ---- the board ---------------------------------------------------------------------------
    def grid(self) -> Grid:
        """The reading as it stands, the person's fixes included (every digit a given)."""
        return Grid.from_values(self.geometry, self.values)

    def start(self) -> None:
        """Show the reading on the board and take its keys; the first doubtful cell is selected."""
        self.active = True
        self.board.installEventFilter(self)
        self.show()
        first = self.next_doubtful(-1)
        self.board.select(first if first >= 0 else 0)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def show(self) -> None:
        """Paint the reading (no pencil marks: it should look like the picture) with its doubts marked."""
        self.board.set_grid(self.grid(), (0,) * self.geometry.size)
        self.board.set_step(None)
        self.board.set_marks(tuple(sorted(self.doubtful)))

    def stop(self) -> None:
        """Give the board its keys back (the caller shows the session's puzzle again)."""
        if self.active:
            self.active = False
            self.board.removeEventFilter(self)

    # ---- edits -------------------------------------------------------------------------------
    def set_cell(self, cell: Cell, digit: Digit) -> None:
        """The person's value for a cell (0: empty): it is no longer in doubt."""
        self.values[cell] = digit
        self._settle(cell)

    def confirm(self, cell: Cell | None = None) -> None:
        """The cell (default: the selected one) is right as read."""
        self._settle(self.board.selected if cell is None else cell)

    def _settle(self, cell: Cell) -> None:
        self.doubtful.discard(cell)
        self.checked.add(cell)
        self.show()
        following = self.next_doubtful(cell)
        if following >= 0:
            self.board.select(following)
        self.changed.emit()

    def next_doubtful(self, after: Cell) -> Cell:
        """The first doubtful cell after ``after`` in reading order, wrapping round; -1 when none is left."""
        size = self.geometry.size
        for step in range(1, size + 1):
            cell = (after + step) % size
            if cell in self.doubtful:
                return cell
        return -1

    # ---- keys and clicks ---------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The review's keys on the board; everything else goes on as usual."""
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if self._action_of(event) is not None:
                event.accept()  # the key is the review's: no menu shortcut fires (Esc, Enter, letters)
                return True
            return False
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            action = self._action_of(event)
            if action is None:
                return False
            action()
            return True
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick) and isinstance(
            event, QMouseEvent
        ):
            plain = event.button() == Qt.MouseButton.LeftButton and not (
                event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            )
            if not plain:
                return True  # no pencil mark of the hidden puzzle changes under the reading
        return False

    def _action_of(self, event: QKeyEvent) -> Callable[[], object] | None:
        """What a key does in the review, as a call; None when the key is not the review's."""
        key = Qt.Key(event.key())
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ctrl = modifiers == Qt.KeyboardModifier.ControlModifier
        if key in _ENTER_KEYS:
            if ctrl:
                return self.accepted.emit
            return self.confirm if modifiers == Qt.KeyboardModifier.NoModifier else None
        if key == Qt.Key.Key_Escape and modifiers == Qt.KeyboardModifier.NoModifier:
            return self.cancelled.emit
        if modifiers not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return None  # Ctrl+Z, Ctrl+V and the other shortcuts keep working
        if key in _CLEAR_KEYS:
            return lambda: self.set_cell(self.board.selected, 0)
        digit = digit_from_char(event.text()) if len(event.text()) == 1 else -1
        if 0 <= digit <= self.geometry.n:
            return lambda: self.set_cell(self.board.selected, digit)
        return None
