"""The graph pane: which graph to draw and the controls around the :class:`GraphCanvas` that draws it.

The pane follows the shown step's graph (bilocation, bivalue, or the step's cell–digit matching) unless
the person pins one (View menu or the pane's buttons). *Fit* shows everything again, *Pop out* floats the
pane as a large window beside the main window, or where the screen has no room for it there, beside the
board and the step list, else beside the board: never over the board. Hovering a node outlines its cell
on the board, and the other way round. The pictures are computed by the session's worker; while Logic
runs, or while the pane is closed, only the position it ends on is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.gui.graph.arrays import GraphArrays, graph_arrays, matching_arrays, step_graph_kind
from sudoku_workbench.gui.graph.canvas import GraphCanvas
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.gui.session.session import Session

__all__ = ["GraphView"]

_MOUSE = "<small>(wheel: zoom · drag: pan · mouse on a cell: its hidden labels)</small>"
_LEGEND = (
    '<span style="color:#ffa01e">━━</span> the step\'s chain &nbsp; '
    '<span style="color:#c83ca0">━━</span> on a nonrepetitive cycle &nbsp; '
    f'<span style="color:#78788c">━━</span> other links &nbsp; {_MOUSE}'
)
_MATCHING_LEGEND = (
    '<span style="color:#c83ca0">━━</span> matched cell and digit &nbsp; '
    f'<span style="color:#78788c">━━</span> other candidates of the pattern &nbsp; {_MOUSE}'
)
_BUTTON_TEXT = {
    "graph_follow": "Follow step",
    "bilocation": "Bilocation",
    "bivalue": "Bivalue",
    "graph_fit": "Fit",
    "graph_pop_out": "Pop out",
}


class GraphView(QWidget):
    """Buttons, title and legend around the canvas; ``kind`` is the graph drawn now."""

    def __init__(self, session: Session, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pinned: str | None = None
        self.kind = "bilocation"
        self.dock: QDockWidget | None = None
        self.board = board
        self._stale = False
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.canvas = GraphCanvas()
        self.legend = QLabel(_LEGEND)
        self.legend.setWordWrap(True)
        # Two rows (which graph; then the title beside Fit and Pop out) keep the pane narrow enough for
        # the window to fit 1024 pixels.
        self.toolbar = QHBoxLayout()
        self.view_row = QHBoxLayout()
        self.view_row.addWidget(self.title, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(self.toolbar)
        layout.addLayout(self.view_row)
        layout.addWidget(self.canvas, 1)
        layout.addWidget(self.legend)
        session.grid_changed.connect(self._grid_changed)
        session.job_finished.connect(self._job_finished)
        session.graph_ready.connect(self._picture_ready)
        board.cell_hovered.connect(self.canvas.highlight_node)
        self.canvas.node_hovered.connect(board.set_hovered)

    @property
    def arrays(self) -> GraphArrays | None:
        """The picture drawn now (None before the first)."""
        return self.canvas.arrays

    def connect_actions(self, actions: Mapping[str, QAction], dock: QDockWidget) -> None:
        """Bind View → Graph pane / Follow the step / Bilocation / Bivalue, and the pane's buttons."""
        self.dock = dock
        group = QActionGroup(self)
        for name, kind in (("graph_follow", None), ("bilocation", "bilocation"), ("bivalue", "bivalue")):
            group.addAction(actions[name])
            actions[name].triggered.connect(lambda _=False, k=kind: self.pin(k))
            self.toolbar.addWidget(_button(actions[name], _BUTTON_TEXT[name]))
        actions["graph_follow"].setChecked(True)
        self.toolbar.addStretch(1)
        for name in ("graph_fit", "graph_pop_out"):
            self.view_row.addWidget(_button(actions[name], _BUTTON_TEXT[name]))
        actions["graph_fit"].triggered.connect(self.canvas.fit)
        actions["graph_pop_out"].triggered.connect(self.pop_out)
        pane = actions["graph_pane"]
        pane.setChecked(True)
        pane.toggled.connect(dock.setVisible)
        dock.visibilityChanged.connect(pane.setChecked)

    # ---- which graph -------------------------------------------------------------------------
    def pin(self, kind: str | None) -> None:
        """Always draw this graph (None: follow the shown step's graph again)."""
        self.pinned = kind
        self.refresh()

    def wanted_kind(self) -> str:
        """The pinned graph, else the shown step's own graph, else the one drawn last."""
        if self.pinned is not None:
            return self.pinned
        own = step_graph_kind(self.session.history.last_step)
        return own or ("bilocation" if self.kind == "matching" else self.kind)

    def refresh(self) -> None:
        """Ask the session for the picture of the shown position (or draw the step's matching)."""
        kind = self.wanted_kind()
        step = self.session.history.last_step
        if kind == "matching" and step is not None:
            self.session.cancel(JobKind.GRAPH)
            self.kind = kind
            self._draw(matching_arrays(step, self.session.grid.geometry), on_board=False)
        else:
            self.session.jobs.graph(kind)

    def _picture_ready(self, picture: Any) -> None:
        self.kind = str(picture.kind)
        self._draw(graph_arrays(picture), on_board=True)

    def _draw(self, arrays: GraphArrays, on_board: bool) -> None:
        following = "pinned" if self.pinned else "following the step"
        self.title.setText(f"{arrays.title} ({following})")
        self.legend.setText(_MATCHING_LEGEND if self.kind == "matching" else _LEGEND)
        self.canvas.draw(arrays, self.session.grid.geometry if on_board else None)

    def _grid_changed(self, _grid: Any) -> None:
        """Draw the new position now, or once Logic has finished or the closed pane is shown again."""
        if self.session.busy(JobKind.LOGIC) or not self.isVisible():
            self._stale = True
        else:
            self.refresh()

    def _job_finished(self, kind: str, _result: Any) -> None:
        if kind == JobKind.LOGIC and self._stale and self.isVisible():
            self._stale = False
            self.refresh()

    def showEvent(self, event: Any) -> None:
        """A pane that was closed catches up with the position shown."""
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.refresh()

    # ---- the window around it ----------------------------------------------------------------
    def pop_out(self) -> None:
        """Float the pane as a large window of its own beside the main window (never over the board).

        Again: put it back.
        """
        dock = self.dock
        if dock is None:
            return
        floating = not dock.isFloating()
        dock.setFloating(floating)
        main = self.board.window()
        layout = main.layout()
        if not floating or layout is None:
            return
        layout.activate()  # the board takes the pane's room now: measure it where it will be
        board = _drawn_board(self.board)
        panes = board
        for other in main.findChildren(QDockWidget):
            if other is not dock and other.isVisible() and not other.isFloating():
                panes = panes.united(_global(other))
        avoid = [main.frameGeometry(), panes, board]
        screen = main.screen().availableGeometry()
        least = dock.minimumSizeHint().expandedTo(QSize(_LEAST, _LEAST))
        frame = place_beside(screen, avoid, least)
        extra = main.frameGeometry().size() - main.geometry().size()  # the window manager's frame
        dock.resize(frame.size() - extra)
        dock.move(frame.topLeft())


#: A popped-out pane is at least this wide and high, and at most this share of the screen's shorter side.
_LEAST, _MOST = 360, 0.85


def place_beside(screen: QRect, avoid: list[QRect], least: QSize) -> QRect:
    """Where a popped-out window goes: beside the first rectangle of ``avoid`` that leaves it room.

    Each rectangle leaves four strips of the screen (left, right, above, below); the largest one at
    least ``least`` in size wins, and the window takes it up to :data:`_MOST` of the screen, next to the
    rectangle it avoids. When none leaves room, the last rectangle's largest strip is taken as it is.
    """
    for index, obstacle in enumerate(avoid):
        strips = _strips(screen, obstacle)
        roomy = [s for s in strips if s[1].width() >= least.width() and s[1].height() >= least.height()]
        if roomy or (strips and index == len(avoid) - 1):
            where, strip = max(roomy or strips, key=lambda s: s[1].width() * s[1].height())
            return _next_to(where, strip, int(min(screen.width(), screen.height()) * _MOST))
    return QRect(screen.topLeft(), least)


def _next_to(where: str, strip: QRect, most: int) -> QRect:
    """A box of at most ``most`` pixels a side in the strip, against the side facing what it avoids.

    Beside it, the box sits at the strip's bottom: over the window, that leaves the Logic and Step
    buttons at the top of the steps pane in sight.
    """
    box = QRect(0, 0, min(strip.width(), most), min(strip.height(), most))
    box.moveCenter(strip.center())
    if where in ("left", "right"):
        box.moveBottom(strip.bottom())
    if where == "left":
        box.moveRight(strip.right())
    elif where == "right":
        box.moveLeft(strip.left())
    elif where == "above":
        box.moveBottom(strip.bottom())
    else:
        box.moveTop(strip.top())
    return box


def _strips(screen: QRect, obstacle: QRect) -> list[tuple[str, QRect]]:
    """The parts of the screen left of, right of, above and below a rectangle (the empty ones left out)."""
    found = [
        ("left", QRect(QPoint(screen.left(), screen.top()), QPoint(obstacle.left() - 1, screen.bottom()))),
        ("right", QRect(QPoint(obstacle.right() + 1, screen.top()), QPoint(screen.right(), screen.bottom()))),
        ("above", QRect(QPoint(screen.left(), screen.top()), QPoint(screen.right(), obstacle.top() - 1))),
        (
            "below",
            QRect(QPoint(screen.left(), obstacle.bottom() + 1), QPoint(screen.right(), screen.bottom())),
        ),
    ]
    return [(where, strip) for where, strip in found if strip.isValid()]


def _global(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def _drawn_board(board: BoardView) -> QRect:
    """The board's grid on the screen (the widget around it may be wider)."""
    if board.grid is None:
        return _global(board)
    drawn = board.cell_rect(0).united(board.cell_rect(board.grid.geometry.size - 1)).toAlignedRect()
    return QRect(board.mapToGlobal(drawn.topLeft()), drawn.size())


def _button(action: QAction, text: str) -> QToolButton:
    action.setIconText(text)
    button = QToolButton()
    button.setDefaultAction(action)
    button.setAutoRaise(True)
    return button
