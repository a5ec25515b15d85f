"""The graph pane: the bilocation or bivalue graph of the position (or a step's cell–digit matching).

It follows the shown step's graph unless the person pins one (View menu or the pane's buttons). Wheel
zooms, dragging pans, *Fit* shows everything again, *Pop out* floats the pane as a large window. Pens are
cosmetic (widths in screen pixels), so the step's chain (a wide orange band under its edges), edges on
nonrepetitive cycles (pink) and plain edges (thin grey) look the same at every zoom. Edge labels are
placed by :func:`graph_labels.place_labels` for each view; those with no free spot appear while the mouse
is on one of their nodes. Hovering a node outlines its cell on the board, and the other way round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QPalette
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from sudoku_workbench.core.geometry import Cell
from sudoku_workbench.gui.board_view import BoardView
from sudoku_workbench.gui.graph_arrays import GraphArrays, graph_arrays, matching_arrays, step_graph_kind
from sudoku_workbench.gui.graph_labels import place_labels
from sudoku_workbench.gui.job_kinds import JobKind
from sudoku_workbench.gui.session import Session

__all__ = ["CHAIN_WIDTH", "CYCLIC_WIDTH", "EDGE_WIDTH", "GraphView"]

#: Pen widths in screen pixels (cosmetic pens): chain band > cycle edge > plain edge at every zoom.
CHAIN_WIDTH, CYCLIC_WIDTH, EDGE_WIDTH = 10.0, 3.5, 1.5
_NODE = pg.mkBrush(90, 140, 230)
_NODE_HOVER = pg.mkBrush(255, 140, 0)
_NODE_SIZE = 0.3  # in cell units: nodes grow with the zoom, labels do not
_CHAIN_COLOUR = (255, 160, 30, 150)
#: The persistent line items: colour, width in pixels, stacking order (chains lie under everything).
_LINES = {
    "faint": ((200, 200, 210, 90), 1.0, -10),
    "strong": ((160, 160, 175, 160), 2.0, -10),
    "plain": ((120, 120, 130, 220), EDGE_WIDTH, 1),
    "cyclic": ((200, 60, 160, 255), CYCLIC_WIDTH, 2),
}
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
    """A pyqtgraph plot of the session's link graph; ``node_hovered`` reports the cell under the mouse."""

    node_hovered = Signal(int)

    def __init__(self, session: Session, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.board = board
        self.pinned: str | None = None
        self.kind = "bilocation"
        self.arrays: GraphArrays | None = None
        self.dock: QDockWidget | None = None
        self._hover: Cell = -1
        self._user_view = False
        self._labels: list[pg.TextItem] = []  # the shown picture's edge labels (the pool's first ones)
        self._label_pool: list[pg.TextItem] = []
        self._side_pool: list[pg.TextItem] = []
        self.chain_items: list[pg.PlotDataItem] = []
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.toolbar = QHBoxLayout()
        self.plot = self._make_plot()
        self.nodes = pg.ScatterPlotItem(pxMode=False, size=_NODE_SIZE)
        self.nodes.setZValue(5)
        self.plot.addItem(self.nodes)
        # Items are made once and refilled for each picture: creating pyqtgraph items costs milliseconds.
        self.lines = {name: self._line(colour, width, z) for name, (colour, width, z) in _LINES.items()}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # Two rows (which graph; then the title beside Fit and Pop out) keep the pane narrow enough for
        # the window to fit 1024 pixels.
        self.view_row = QHBoxLayout()
        self.view_row.addWidget(self.title, 1)
        layout.addLayout(self.toolbar)
        layout.addLayout(self.view_row)
        layout.addWidget(self.plot, 1)
        self.legend = QLabel(_LEGEND)
        self.legend.setWordWrap(True)
        layout.addWidget(self.legend)
        self._relabel = QTimer(self, singleShot=True, interval=40)
        self._relabel.timeout.connect(self._place_labels)
        view = self.plot.getViewBox()
        view.sigRangeChanged.connect(lambda *_: self._relabel.start())
        view.sigRangeChangedManually.connect(self._user_moved)
        self.plot.scene().sigMouseMoved.connect(self._mouse_moved)
        # Logic applies dozens of steps in one go: only the position it ends on is drawn.
        self._stale = False
        session.grid_changed.connect(self._grid_changed)
        session.job_finished.connect(self._job_finished)
        session.graph_ready.connect(self._picture_ready)
        board.cell_hovered.connect(self._highlight_node)
        self.node_hovered.connect(board.set_hovered)

    def _make_plot(self) -> pg.PlotWidget:
        plot = pg.PlotWidget()
        plot.setAspectLocked(True)
        plot.invertY(True)
        plot.hideAxis("left")
        plot.hideAxis("bottom")
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.setMinimumSize(220, 220)
        plot.setBackground(self.palette().color(QPalette.ColorRole.Base))
        return plot

    def changeEvent(self, event: QEvent) -> None:
        """Follow a theme switch: the plot's background is the palette's base colour."""
        if event.type() == QEvent.Type.PaletteChange:
            self.plot.setBackground(self.palette().color(QPalette.ColorRole.Base))
            if self.arrays is not None:
                self.draw(self.arrays)
        super().changeEvent(event)

    def resizeEvent(self, event: Any) -> None:
        """A larger pane shows the whole graph larger (unless the person zoomed in by hand)."""
        super().resizeEvent(event)
        if not self._user_view:
            self.fit()

    # ---- which graph -------------------------------------------------------------------------
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
        actions["graph_fit"].triggered.connect(self.fit)
        actions["graph_pop_out"].triggered.connect(self.pop_out)
        pane = actions["graph_pane"]
        pane.setChecked(True)
        pane.toggled.connect(dock.setVisible)
        dock.visibilityChanged.connect(pane.setChecked)

    def pin(self, kind: str | None) -> None:
        """Always draw this graph (None: follow the shown step's graph again)."""
        self.pinned = kind
        self.refresh()

    def show_kind(self, kind: str) -> None:
        """Draw the bilocation or the bivalue graph (pins it)."""
        self.pin(kind)

    def wanted_kind(self) -> str:
        """The pinned graph, else the shown step's own graph, else the one drawn last."""
        step = self.session.history.last_step
        own = step_graph_kind(step)
        if self.pinned is not None:
            return self.pinned
        return own or ("bilocation" if self.kind == "matching" else self.kind)

    def refresh(self) -> None:
        """Ask the session for the picture of the shown position (or draw the step's matching)."""
        kind = self.wanted_kind()
        step = self.session.history.last_step
        if kind == "matching" and step is not None:
            self.session.cancel(JobKind.GRAPH)
            self.kind = kind
            self.draw(matching_arrays(step, self.session.grid.geometry))
        else:
            self.session.jobs.graph(kind)

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

    def _picture_ready(self, picture: Any) -> None:
        self.kind = str(picture.kind)
        self.draw(graph_arrays(picture))

    # ---- the view ----------------------------------------------------------------------------
    def fit(self) -> None:
        """Show the whole graph (the Fit button; also after each new picture unless zoomed by hand)."""
        self._user_view = False
        self.plot.getViewBox().autoRange(padding=0.02)

    def _user_moved(self, *_: Any) -> None:
        self._user_view = True

    def pop_out(self) -> None:
        """Float the pane as a large window of its own, or put it back."""
        if self.dock is None:
            return
        floating = not self.dock.isFloating()
        self.dock.setFloating(floating)
        if floating:
            screen = self.screen().availableGeometry()
            side = int(min(screen.width(), screen.height()) * 0.85)
            self.dock.resize(side, side)
            self.dock.move(screen.center().x() - side // 2, screen.center().y() - side // 2)

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, arrays: GraphArrays) -> None:
        """Show these arrays (the items are reused, only their data changes)."""
        self.arrays = arrays
        following = "pinned" if self.pinned else "following the step"
        self.title.setText(f"{arrays.title} ({following})")
        self.legend.setText(_MATCHING_LEGEND if self.kind == "matching" else _LEGEND)
        on_board = bool(arrays.node_cells) and -1 not in arrays.node_cells
        faint, strong = self._grid_segments() if on_board else ([], [])
        self._set_segments("faint", faint)
        self._set_segments("strong", strong)
        pos = arrays.pos
        plain = arrays.adj[~arrays.emphasised] if len(arrays.adj) else arrays.adj
        cyclic = arrays.adj[arrays.emphasised] if len(arrays.adj) else arrays.adj
        self._set_segments("plain", [tuple(map(tuple, pos[pair])) for pair in plain])
        self._set_segments("cyclic", [tuple(map(tuple, pos[pair])) for pair in cyclic])
        while len(self.chain_items) < len(arrays.chains):
            self.chain_items.append(self._line(_CHAIN_COLOUR, CHAIN_WIDTH, 0, connect="all"))
        for item, chain in zip(self.chain_items, arrays.chains):
            item.setData(chain[:, 0], chain[:, 1])
        for item in self.chain_items[len(arrays.chains) :]:
            item.setData([], [])
        # The outline has the text's colour, so nodes keep their edge on a dark background too.
        outline = pg.mkPen(self.palette().color(QPalette.ColorRole.Text))
        self.nodes.setData(pos=pos, brush=self._brushes(), pen=outline, size=_NODE_SIZE)
        self._labels = self._fill(self._label_pool, arrays.edge_labels, QPalette.ColorRole.Text)
        self._show_side_labels(arrays if -1 in arrays.node_cells else None)
        if not self._user_view:
            self.fit()
        self._place_labels()

    def _line(self, colour: tuple[int, ...], width: float, z: int, connect: str = "pairs") -> pg.PlotDataItem:
        """A line item: separate segments (``pairs``) or one polyline (``all``, a chain)."""
        item = pg.PlotDataItem([], [], connect=connect, pen=_pen(colour, width))
        item.setZValue(z)
        self.plot.addItem(item)
        return item

    def _set_segments(self, name: str, segments: list[Any]) -> None:
        points = np.array(segments, dtype=float).reshape(-1, 2)
        self.lines[name].setData(points[:, 0], points[:, 1], connect="pairs")

    def _show_side_labels(self, arrays: GraphArrays | None) -> None:
        """Matching: cell names left of the cells, digits right of the digits (never over a node)."""
        texts = arrays.node_labels if arrays is not None else ()
        shown = self._fill(self._side_pool, texts, QPalette.ColorRole.Link)
        if arrays is None:
            return
        for item, cell, (x, y) in zip(shown, arrays.node_cells, arrays.pos):
            item.setAnchor((1.0, 0.5) if cell >= 0 else (0.0, 0.5))
            item.setPos(float(x) - 0.25 if cell >= 0 else float(x) + 0.25, float(y))
            item.setVisible(True)

    def _fill(
        self, pool: list[pg.TextItem], texts: tuple[str, ...], role: QPalette.ColorRole
    ) -> list[pg.TextItem]:
        """The pool's first ``len(texts)`` labels with these texts (made when missing); the rest hidden."""
        palette = self.palette()
        fill = palette.color(QPalette.ColorRole.Base)
        fill.setAlpha(220)
        while len(pool) < len(texts):
            item = pg.TextItem(anchor=(0.5, 0.5))
            item.setZValue(10)
            self.plot.addItem(item)
            pool.append(item)
        colour = palette.color(role)
        for item, text in zip(pool, texts):
            if item.textItem.toPlainText() != text or item.color != colour:  # setText relayouts: skip it
                item.setText(text, color=colour)
            item.fill = pg.mkBrush(fill)
        for item in pool[len(texts) :]:
            item.setVisible(False)
        return pool[: len(texts)]

    def _place_labels(self) -> None:
        """Put each edge label on a free spot of the current view; hide those with none."""
        arrays = self.arrays
        if arrays is None or not self._labels:
            return
        view = self.plot.getViewBox()
        pixels = np.array([_scene(view, x, y) for x, y in arrays.pos]).reshape(-1, 2)
        origin, unit = _scene(view, 0.0, 0.0), _scene(view, 1.0, 0.0)
        radius = abs(unit[0] - origin[0]) * _NODE_SIZE / 2
        ends = pixels[arrays.adj] if len(arrays.adj) else np.zeros((0, 2, 2))
        sizes = np.array(
            [[i.textItem.boundingRect().width(), i.textItem.boundingRect().height()] for i in self._labels]
        )
        spots = place_labels(pixels, radius, ends, sizes, self._label_order())
        for item, spot in zip(self._labels, spots):
            item.setVisible(spot is not None and bool(item.textItem.toPlainText()))
            if spot is not None:
                point = view.mapSceneToView(QPointF(*spot))
                item.setPos(point.x(), point.y())

    def _label_order(self) -> list[int]:
        """The hovered node's edges first, then the chain's, then cycle edges, then the rest."""
        arrays = self.arrays
        assert arrays is not None
        hovered = self._hover

        def rank(i: int) -> tuple[int, int, int]:
            a, b = arrays.adj[i]
            touches = hovered >= 0 and hovered in (arrays.node_cells[a], arrays.node_cells[b])
            return (not touches, i not in arrays.on_chain, not arrays.emphasised[i])

        return sorted(range(len(arrays.adj)), key=rank)

    def visible_labels(self) -> list[str]:
        """The edge labels shown now (tests and screenshots read them)."""
        return [i.textItem.toPlainText() for i in self._labels if i.isVisible()]

    def _grid_segments(self) -> tuple[list[Any], list[Any]]:
        """The board's faint cell lines and strong box lines, as segments in cell units."""
        geo = self.session.grid.geometry
        n = geo.n
        faint: list[Any] = []
        strong: list[Any] = []
        for i in range(n + 1):
            column, row = ((i, 0), (i, n)), ((0, i), (n, i))
            faint += [column, row]
            strong += [column] if i % geo.box_cols == 0 else []
            strong += [row] if i % geo.box_rows == 0 else []
        return faint, strong

    def _brushes(self) -> list[Any]:
        assert self.arrays is not None
        return [_NODE_HOVER if c == self._hover and c >= 0 else _NODE for c in self.arrays.node_cells]

    def _highlight_node(self, cell: Cell) -> None:
        if self.arrays is None or cell == self._hover:
            return
        self._hover = cell
        if len(self.arrays.pos):
            self.nodes.setBrush(self._brushes())
            self._place_labels()

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        if self.arrays is None or not len(self.arrays.pos):
            return
        point = self.plot.getViewBox().mapSceneToView(scene_pos)
        distances = np.hypot(self.arrays.pos[:, 0] - point.x(), self.arrays.pos[:, 1] - point.y())
        nearest = int(np.argmin(distances))
        cell = self.arrays.node_cells[nearest] if distances[nearest] < 0.35 else -1
        if cell != self._hover:
            self._highlight_node(cell)
            self.node_hovered.emit(cell)


def _pen(colour: tuple[int, ...], width: float) -> Any:
    pen = pg.mkPen(*colour, width=width)
    pen.setCosmetic(True)
    return pen


def _scene(view: Any, x: float, y: float) -> tuple[float, float]:
    point = view.mapViewToScene(QPointF(float(x), float(y)))
    return point.x(), point.y()


def _button(action: QAction, text: str) -> QToolButton:
    action.setIconText(text)
    button = QToolButton()
    button.setDefaultAction(action)
    button.setAutoRaise(True)
    return button
