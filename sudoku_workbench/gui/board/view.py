"""The board you edit: the painted board, with keys and mouse turned into intents.

It emits intents (a digit typed, a candidate toggled, a cell cleared, the cell under the mouse); it never
changes a grid itself. Keys: arrows move, digits (letters above 9) enter, Ctrl+digit toggles a candidate
(Shift+letter above 9: Ctrl+letter stays the menus' shortcut), Alt+digit highlights every cell holding
or allowing that digit, Delete/Backspace/0/. clear, Shift+arrows choose the cells passed too. Mouse:
a click selects, a drag or Ctrl+click chooses several cells (for Make cage), a right click on a
candidate's spot strikes it out or brings it back, Shift+click gives a candidate the first, then the
second marker colour, then none (two colours per digit, for colouring by hand).

While a region map is painted (Puzzle → Edit regions) the same keys and mouse paint instead: a digit
(a letter above 9) chooses the region, a click or drag paints cells with it, Space or Shift+arrows
paint from the keyboard, a right click takes the region of the cell clicked, Enter says done.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QWidget

from sudoku_workbench.core.geometry import Cell, Digit, digit_from_char
from sudoku_workbench.gui.board.canvas import BoardCanvas

__all__ = ["BoardView"]

_CLEAR_KEYS = {Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0, Qt.Key.Key_Period, Qt.Key.Key_Space}
_CTRL_ALT_SHIFT = (
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.ShiftModifier
)
_MOVES = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}


class BoardView(BoardCanvas):
    """The painted board taking keys and clicks."""

    digit_entered = Signal(int, int)
    candidate_toggled = Signal(int, int)
    cell_cleared = Signal(int)
    cell_hovered = Signal(int)
    cell_selected = Signal(int)
    #: The painted region map changed (cells painted, another region chosen); Enter: painting done.
    regions_painted = Signal()
    regions_done = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName("Sudoku board")
        self.auto_advance = False
        self.installEventFilter(self)

    # ---- input -------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Claim Ctrl+1…9 and Alt+digit before the menus see them as shortcuts (they act on the board).

        Ctrl+letter is left to the menus, so Ctrl+N, Ctrl+E or Ctrl+G work on a 16x16 or 25x25 board too.
        A filter rather than an ``event`` override: it looks at each event and returns, so the handlers
        (painting among them) are not called from inside it, one call deeper.
        """
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._digit_of(event) > 0
            and (_toggles_candidate(event) or event.modifiers() & Qt.KeyboardModifier.AltModifier)
        ):
            event.accept()
            return True
        return False

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
        elif self.painting is not None and self._paint_key(key, event):
            return
        elif key in _MOVES:
            before = self.selected
            self._move(*_MOVES[key])
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.choose(self.chosen | {before, self.selected})
        elif key in _CLEAR_KEYS:
            self.cell_cleared.emit(self.selected)
            self._advance()
        elif digit := self._digit_of(event):
            if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.set_highlight_digit(0 if digit == self.highlight_digit else digit)
            elif _toggles_candidate(event):
                self.candidate_toggled.emit(self.selected, digit)
            elif event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                super().keyPressEvent(event)  # Ctrl+letter that no menu binds: nothing to do here
            else:
                self.digit_entered.emit(self.selected, digit)
                self._advance()
        else:
            super().keyPressEvent(event)

    def _paint_key(self, key: Qt.Key, event: QKeyEvent) -> bool:
        """Keys while painting regions; False for those that act as usual (arrows, menu shortcuts)."""
        assert self.painting is not None
        shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        if key in _MOVES and shift:
            before = self.selected
            self._move(*_MOVES[key])
            self._paint_regions(before, self.selected)
        elif key == Qt.Key.Key_Space:
            self._paint_regions(self.selected)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.regions_done.emit()
        elif (digit := self._digit_of(event)) and not event.modifiers() & _CTRL_ALT_SHIFT:
            self.painting.choose(digit - 1)
            self.regions_painted.emit()
        else:  # plain arrows move as usual; no digit is entered or cleared while painting
            return key in _CLEAR_KEYS or self._digit_of(event) > 0
        return True

    def _paint_regions(self, *cells: Cell) -> None:
        assert self.painting is not None
        if self.painting.paint(cells):
            self.update()
            self.regions_painted.emit()

    def _advance(self) -> None:
        """In Givens mode the cursor moves on after each cell, as when copying a puzzle from paper."""
        if self.auto_advance and self.grid is not None:
            self.select((self.selected + 1) % self.grid.geometry.size)

    def _move(self, d_row: int, d_col: int) -> None:
        n = self._n()
        row, col = divmod(self.selected, n)
        self.select(((row + d_row) % n) * n + (col + d_col) % n)

    def select(self, cell: Cell) -> None:
        """Make a cell the one keys act on (the cells chosen together are let go)."""
        before = (self.selected, self.magnified_cell())
        self.selected = cell
        self.choose(frozenset())
        self.refresh_cells(*before, cell, self.magnified_cell())
        self.cell_selected.emit(cell)

    def choose(self, cells: frozenset[Cell]) -> None:
        """Choose these cells together (a drag, Ctrl+click, Shift+arrows); none: only the selected one."""
        changed = self.chosen ^ cells
        self.chosen = cells
        self.refresh_cells(*changed)

    def chosen_cells(self) -> tuple[Cell, ...]:
        """The cells a command on several cells acts on: those chosen, else the selected one."""
        return tuple(sorted(self.chosen or {self.selected}))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click selects a cell, Ctrl+click chooses it too (or lets it go).

        On a candidate's spot a right click toggles it, Shift+click colours it.
        """
        point = event.position()
        cell = self.cell_at(point)
        if cell < 0 or self.grid is None:
            return
        self.setFocus()
        if self.painting is not None:
            self.select(cell)
            if event.button() == Qt.MouseButton.RightButton:
                self.painting.pick(cell)
                self.regions_painted.emit()
            else:
                self._paint_regions(cell)
            return
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            chosen = self.chosen or {self.selected}
            self.select(cell)
            self.choose(frozenset(chosen) ^ {cell})
            return
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
        """Report the cell under the mouse (the graph pane highlights its node); a drag chooses cells."""
        cell = self.cell_at(event.position())
        if self.painting is not None:
            if event.buttons() & Qt.MouseButton.LeftButton and cell >= 0:
                self._paint_regions(cell)
        elif event.buttons() & Qt.MouseButton.LeftButton and cell >= 0 and cell not in self.chosen:
            self.choose(self.chosen | {self.selected, cell})
        if cell != self.hovered:
            self.set_hovered(cell)
            self.cell_hovered.emit(cell)

    def leaveEvent(self, event: QEvent) -> None:
        """The mouse left: no cell is hovered."""
        self.set_hovered(-1)
        self.cell_hovered.emit(-1)


def _toggles_candidate(event: QKeyEvent) -> bool:
    """Ctrl+1…9, and Shift+letter for the digits above 9 (Ctrl+letter belongs to the menus)."""
    modifiers = event.modifiers()
    if Qt.Key.Key_A <= event.key() <= Qt.Key.Key_Z:
        return modifiers & _CTRL_ALT_SHIFT == Qt.KeyboardModifier.ShiftModifier
    return bool(modifiers & Qt.KeyboardModifier.ControlModifier)
