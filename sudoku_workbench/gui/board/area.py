"""The board's frame in the window: the board fits the room it has.

Only a zoom past that (Ctrl++) makes the board larger than the frame, which then scrolls; Ctrl+0 (zoom 1)
fits it again.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QScrollArea, QWidget

from sudoku_workbench.gui.board.view import BoardView

__all__ = ["BoardArea", "dock_widths"]

#: The narrowest the graph and steps panes are made (the steps pane's own minimum).
_PANE_MIN = 300


def dock_widths(
    width: int, board_height: int, readable_side: int, graph_docked: bool = True
) -> tuple[int, int]:
    """How a window this wide shares its width: (graph pane, steps pane); the board has the rest.

    The board gets a square of its height as long as the graph keeps a third of the width; a grid whose
    candidates need more room to be readable (16x16) gets it from the graph, down to the panes' minimum.
    With the graph closed or popped out, the board takes what the steps pane does not need.
    """
    graph_least = max(_PANE_MIN, width // 3) if graph_docked else 0
    board = min(board_height, width - graph_least - _PANE_MIN)
    if readable_side > board:
        board = min(readable_side, board_height, width - _PANE_MIN - (_PANE_MIN if graph_docked else 0))
    rest = width - board
    if not graph_docked:
        return 0, rest
    steps = max(_PANE_MIN, round(rest * 0.4))
    return max(_PANE_MIN, rest - steps), steps


class BoardArea(QScrollArea):
    """A scroll area that sizes its board: the frame's size when fitted, a zoomed square beyond it."""

    def __init__(self, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from the board to the panes, not to its frame
        self.setWidget(board)
        board.zoom_changed.connect(self._size_board)
        board.cell_selected.connect(self._show_cell)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The fitted size follows the frame; a zoomed board keeps its zoom of the new fitted size."""
        super().resizeEvent(event)
        self._size_board()

    def _show_cell(self, cell: int) -> None:
        """A zoomed board scrolls to keep the cell the keys act on in sight."""
        centre = self.board.cell_rect(cell).center().toPoint()
        margin = round(self.board.cell_rect(cell).width())
        self.ensureVisible(centre.x(), centre.y(), margin, margin)

    def _size_board(self) -> None:
        room = self.maximumViewportSize()  # the frame without scroll bars
        side = round(min(room.width(), room.height()) * self.board.zoom) if self.board.zoom > 1 else 0
        self.board.setMinimumSize(side, side)
