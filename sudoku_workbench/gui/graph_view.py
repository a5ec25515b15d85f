"""The graph pane: the bilocation or bivalue graph of the position drawn with pyqtgraph over a faint grid.

Edges carry their digits; edges on nonrepetitive cycles are thick; the shown step's chains are drawn on
top, and a step with a cell–digit matching (Chain/Pile Exclusion) can be shown as its bipartite graph.
Hovering a node outlines its cell on the board, and hovering a cell marks its node. The picture is
computed by the session's worker; this view only draws the arrays of :mod:`graph_arrays`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, Signal
from PySide6.QtGui import QAction, QActionGroup, QPalette
from PySide6.QtWidgets import QCheckBox, QDockWidget, QLabel, QVBoxLayout, QWidget

from sudoku_workbench.core.geometry import Cell
from sudoku_workbench.gui.board_view import BoardView
from sudoku_workbench.gui.graph_arrays import GraphArrays, graph_arrays, matching_arrays
from sudoku_workbench.gui.job_kinds import JobKind
from sudoku_workbench.gui.session import Session

__all__ = ["GraphView"]

_NODE = pg.mkBrush(90, 140, 230)
_NODE_HOVER = pg.mkBrush(255, 140, 0)
_EDGE = (120, 120, 130, 200, 1.5)
_CYCLIC = (200, 60, 160, 255, 4.0)


class GraphView(QWidget):
    """A pyqtgraph plot of the session's link graph; ``node_hovered`` reports the cell under the mouse."""

    node_hovered = Signal(int)

    def __init__(self, session: Session, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.board = board
        self.kind = "bilocation"
        self.arrays: GraphArrays | None = None
        self._hover: Cell = -1
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.matching_box = QCheckBox("Show a matching step as its cell–digit graph")
        self.matching_box.setChecked(True)
        self.matching_box.toggled.connect(lambda _on: self.refresh())
        self.plot = pg.PlotWidget()
        self.plot.setAspectLocked(True)
        self.plot.invertY(True)
        self.plot.hideAxis("left")
        self.plot.hideAxis("bottom")
        self.plot.setMenuEnabled(False)
        self.plot.setMinimumSize(220, 220)
        self._follow_palette()
        self.graph = pg.GraphItem()
        self.plot.addItem(self.graph)
        self._extras: list[Any] = []
        self._graph_data: dict[str, Any] = {}
        layout.addWidget(self.title)
        layout.addWidget(self.matching_box)
        layout.addWidget(self.plot, 1)
        self.plot.scene().sigMouseMoved.connect(self._mouse_moved)
        session.grid_changed.connect(lambda _grid: self.refresh())
        session.graph_ready.connect(self._picture_ready)
        board.cell_hovered.connect(self._highlight_node)
        self.node_hovered.connect(board.set_hovered)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a theme switch: the plot's background is the palette's base colour."""
        if event.type() == QEvent.Type.PaletteChange:
            self._follow_palette()
            if self.arrays is not None:
                self.draw(self.arrays)
        super().changeEvent(event)

    def _follow_palette(self) -> None:
        self.plot.setBackground(self.palette().color(QPalette.ColorRole.Base))

    def connect_actions(self, actions: Mapping[str, QAction], dock: QDockWidget) -> None:
        """Bind View → Graph pane / Bilocation / Bivalue to this pane and its dock."""
        group = QActionGroup(self)
        for kind in ("bilocation", "bivalue"):
            group.addAction(actions[kind])
            actions[kind].triggered.connect(lambda _=False, k=kind: self.show_kind(k))
        actions["bilocation"].setChecked(True)
        pane = actions["graph_pane"]
        pane.setChecked(True)
        pane.toggled.connect(dock.setVisible)
        dock.visibilityChanged.connect(pane.setChecked)

    def show_kind(self, kind: str) -> None:
        """Draw the bilocation or the bivalue graph."""
        self.kind = kind
        self.refresh()

    def refresh(self) -> None:
        """Ask the session for the picture of the shown position (or draw the step's matching)."""
        step = self.session.history.last_step
        if step is not None and step.highlights.matching and self.matching_box.isChecked():
            self.session.cancel(JobKind.GRAPH)
            self.draw(matching_arrays(step, self.session.grid.geometry))
        else:
            self.session.jobs.graph(self.kind)

    def _picture_ready(self, picture: Any) -> None:
        self.draw(graph_arrays(picture))

    def draw(self, arrays: GraphArrays) -> None:
        """Replace the plot's contents with these arrays."""
        self.arrays = arrays
        for item in self._extras:
            self.plot.removeItem(item)
        self._extras = []
        self.title.setText(arrays.title)
        if arrays.node_cells and arrays.node_cells[0] >= 0 and -1 not in arrays.node_cells:
            self._add_grid_lines()
        pens = np.array([_CYCLIC if e else _EDGE for e in arrays.emphasised], dtype=_PEN_DTYPE)
        self._graph_data = {
            "pos": arrays.pos if len(arrays.pos) else np.zeros((0, 2)),
            "adj": arrays.adj if len(arrays.adj) else None,
            "pen": pens if len(pens) else None,
            "size": 0.32,
            "pxMode": False,
            "symbolPen": pg.mkPen(40, 40, 60),
        }
        self.graph.setData(**self._graph_data, symbolBrush=self._brushes())
        for chain in arrays.chains:
            self._add(pg.PlotDataItem(chain[:, 0], chain[:, 1], pen=pg.mkPen(255, 150, 0, 200, width=6)))
        for text, point in zip(arrays.edge_labels, arrays.midpoints):
            if text:
                self._add(self._label(text, point, QPalette.ColorRole.Text))
        if -1 in arrays.node_cells:
            for text, point in zip(arrays.node_labels, arrays.pos):
                self._add(self._label(text, point, QPalette.ColorRole.Link))
        self.plot.autoRange()

    def _label(self, text: str, point: Any, role: QPalette.ColorRole) -> pg.TextItem:
        """A label on a translucent patch of the background, in the palette's colours (light or dark)."""
        palette = self.palette()
        fill = palette.color(QPalette.ColorRole.Base)
        fill.setAlpha(200)
        item = pg.TextItem(text, color=palette.color(role), anchor=(0.5, 0.5), fill=pg.mkBrush(fill))
        item.setPos(float(point[0]), float(point[1]))
        return item

    def _add(self, item: Any) -> None:
        self.plot.addItem(item)
        self._extras.append(item)

    def _add_grid_lines(self) -> None:
        geo = self.session.grid.geometry
        n = geo.n
        xs: list[float] = []
        ys: list[float] = []
        for i in range(n + 1):
            xs += [i, i, 0, n]
            ys += [0, n, i, i]
        faint = pg.PlotDataItem(
            np.array(xs, float), np.array(ys, float), connect="pairs", pen=pg.mkPen(200, 200, 210, 90)
        )
        boxes = [i for i in range(n + 1) if i % geo.box_cols == 0]
        bx: list[float] = []
        by: list[float] = []
        for i in boxes:
            bx += [i, i]
            by += [0, n]
        for i in (i for i in range(n + 1) if i % geo.box_rows == 0):
            bx += [0, n]
            by += [i, i]
        strong = pg.PlotDataItem(
            np.array(bx, float),
            np.array(by, float),
            connect="pairs",
            pen=pg.mkPen(160, 160, 175, 160, width=2),
        )
        for item in (faint, strong):
            item.setZValue(-10)
            self._add(item)

    def _brushes(self) -> list[Any]:
        assert self.arrays is not None
        return [_NODE_HOVER if c == self._hover and c >= 0 else _NODE for c in self.arrays.node_cells]

    def _highlight_node(self, cell: Cell) -> None:
        if self.arrays is None or cell == self._hover:
            return
        self._hover = cell
        if len(self.arrays.pos):
            # GraphItem.setData replaces every point, so the whole data goes again with the new brushes.
            self.graph.setData(**self._graph_data, symbolBrush=self._brushes())

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


_PEN_DTYPE = [
    ("red", np.ubyte),
    ("green", np.ubyte),
    ("blue", np.ubyte),
    ("alpha", np.ubyte),
    ("width", float),
]
