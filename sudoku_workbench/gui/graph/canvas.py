"""The graph pane's drawing surface: :class:`GraphArrays` as nodes, edges, chains and labels in pyqtgraph.

Pens are cosmetic (widths in screen pixels), so the step's chain (a wide orange band under its edges),
edges on nonrepetitive cycles (pink) and plain edges (thin grey) look the same at every zoom. The wheel
zooms and dragging pans (pyqtgraph's own view box); a new picture is fitted unless the person moved the
view. The zoom stays between a view a few cells wide (nodes never fill the pane) and three times the
graph's extent, and panning keeps the graph within reach. Edge labels keep their size in pixels, so
:func:`graph.labels.place_labels` places them again for each view; those with no free spot appear while
the mouse is on one of their edge's nodes. The items are made once and refilled for each picture,
because creating pyqtgraph items costs milliseconds each: the edge labels a 9x9 picture needs (up to
about 75) are made ahead, a few at a time while the window is idle, since making them for the first
picture took 70 ms of the UI thread at once.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from sudoku_workbench.core.geometry import Cell, Geometry
from sudoku_workbench.gui.graph.arrays import GraphArrays
from sudoku_workbench.gui.graph.labels import place_labels

__all__ = ["CHAIN_WIDTH", "CYCLIC_WIDTH", "EDGE_WIDTH", "NODE_SIZE", "GraphCanvas"]

#: Pen widths in screen pixels (cosmetic pens): chain band > cycle edge > plain edge at every zoom.
CHAIN_WIDTH, CYCLIC_WIDTH, EDGE_WIDTH = 10.0, 3.5, 1.5
_NODE = pg.mkBrush(90, 140, 230)
_NODE_HOVER = pg.mkBrush(255, 140, 0)
NODE_SIZE = 0.3  # in cell units: nodes grow with the zoom, labels do not
_CHAIN_COLOUR = (255, 160, 30, 150)
#: The closest zoom shows at least this many cells across, and at least this share of the graph.
_CLOSEST_CELLS, _CLOSEST_SHARE = 3.0, 0.25
#: The farthest zoom shows this many times the graph's extent.
_FARTHEST = 3.0
#: Edge labels made ahead while idle, and how many at a time (one costs 1–2 ms).
_LABELS_AHEAD, _LABELS_PER_TICK = 96, 6
#: The persistent line items: colour, width in pixels, stacking order (chains lie under everything).
_LINES = {
    "faint": ((200, 200, 210, 90), 1.0, -10),
    "strong": ((160, 160, 175, 160), 2.0, -10),
    "plain": ((120, 120, 130, 220), EDGE_WIDTH, 1),
    "cyclic": ((200, 60, 160, 255), CYCLIC_WIDTH, 2),
}


class GraphCanvas(pg.PlotWidget):
    """Draws one picture at a time; ``node_hovered`` reports the cell under the mouse (-1: none)."""

    node_hovered = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.arrays: GraphArrays | None = None
        self._geometry: Geometry | None = None
        self.hovered: Cell = -1
        self._user_view = False
        self.labels: list[pg.TextItem] = []  # the picture's edge labels (the pool's first ones)
        self._label_pool: list[pg.TextItem] = []
        self._side_pool: list[pg.TextItem] = []
        self.chain_items: list[pg.PlotDataItem] = []
        self.setAspectLocked(True)
        self.invertY(True)
        self.hideAxis("left")
        self.hideAxis("bottom")
        self.setMenuEnabled(False)
        self.hideButtons()
        self.setMinimumSize(220, 220)
        self.setBackground(self.palette().color(QPalette.ColorRole.Base))
        self.nodes = pg.ScatterPlotItem(pxMode=False, size=NODE_SIZE)
        self.nodes.setZValue(5)
        self.addItem(self.nodes)
        self.lines = {name: self._line(colour, width, z) for name, (colour, width, z) in _LINES.items()}
        self._make_ahead = QTimer(self, interval=0)  # fires whenever the event loop has nothing else to do
        self._make_ahead.timeout.connect(self._make_labels_ahead)
        self._make_ahead.start()
        self._relabel = QTimer(self, singleShot=True, interval=40)
        self._relabel.timeout.connect(self._place_labels)
        view = self.getViewBox()
        view.sigRangeChanged.connect(lambda *_: self._relabel.start())
        view.sigRangeChangedManually.connect(self._user_moved)
        self.scene().sigMouseMoved.connect(self._mouse_moved)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a theme switch: background, node outlines and label colours come from the palette."""
        # pyqtgraph's own __init__ changes the palette before this class has set up its fields.
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "nodes"):
            self.setBackground(self.palette().color(QPalette.ColorRole.Base))
            if self.arrays is not None:
                self.draw(self.arrays, self._geometry)
        super().changeEvent(event)

    def resizeEvent(self, event: Any) -> None:
        """A larger canvas shows the whole graph larger (unless the person zoomed in by hand)."""
        super().resizeEvent(event)
        if getattr(self, "arrays", None) is not None and not self._user_view:  # None during __init__
            self.fit()

    def fit(self) -> None:
        """Show the whole graph (the Fit button; also after each new picture unless zoomed by hand)."""
        self._user_view = False
        self.getViewBox().autoRange(padding=0.02)

    def _user_moved(self, *_: Any) -> None:
        self._user_view = True

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, arrays: GraphArrays, geo: Geometry | None) -> None:
        """Show these arrays over a faint board of ``geo`` (None: no board, a matching)."""
        self.arrays, self._geometry = arrays, geo
        faint, strong = _grid_segments(geo) if geo is not None else ([], [])
        self._set_segments("faint", faint)
        self._set_segments("strong", strong)
        pos = arrays.pos
        for name, emphasised in (("plain", False), ("cyclic", True)):
            paths = [
                p for p, e in zip(arrays.paths, arrays.emphasised, strict=False) if bool(e) == emphasised
            ]
            self._set_segments(name, [pair for path in paths for pair in itertools.pairwise(path)])
        while len(self.chain_items) < len(arrays.chains):
            self.chain_items.append(self._line(_CHAIN_COLOUR, CHAIN_WIDTH, 0, connect="all"))
        for item, chain in zip(self.chain_items, arrays.chains, strict=False):
            item.setData(chain[:, 0], chain[:, 1])
        for item in self.chain_items[len(arrays.chains) :]:
            item.setData([], [])
        # The outline has the text's colour, so nodes keep their edge on a dark background too.
        outline = pg.mkPen(self.palette().color(QPalette.ColorRole.Text))
        self.nodes.setData(pos=pos, brush=self._brushes(), pen=outline, size=NODE_SIZE)
        self.labels = self._fill(self._label_pool, arrays.edge_labels, QPalette.ColorRole.Text)
        self._show_side_labels(arrays if -1 in arrays.node_cells else None)
        self._limit_view(arrays, geo)
        if not self._user_view:
            self.fit()
        self._place_labels()

    def _limit_view(self, arrays: GraphArrays, geo: Geometry | None) -> None:
        """Bound zoom and pan by the picture's extent: the board's side, else the nodes' bounding box."""
        if geo is not None:
            low, high = np.zeros(2), np.full(2, float(geo.n))
        elif len(arrays.pos):
            low, high = arrays.pos.min(axis=0) - 0.5, arrays.pos.max(axis=0) + 0.5
        else:
            return
        extent = float(max(high - low))
        closest = max(_CLOSEST_CELLS, extent * _CLOSEST_SHARE)
        farthest = extent * _FARTHEST
        self.getViewBox().setLimits(
            xMin=float(low[0]) - extent,
            xMax=float(high[0]) + extent,
            yMin=float(low[1]) - extent,
            yMax=float(high[1]) + extent,
            minXRange=closest,
            minYRange=closest,
            maxXRange=farthest,
            maxYRange=farthest,
        )

    def _line(self, colour: tuple[int, ...], width: float, z: int, connect: str = "pairs") -> pg.PlotDataItem:
        """A line item: separate segments (``pairs``) or one polyline (``all``, a chain)."""
        item = pg.PlotDataItem([], [], connect=connect, pen=_pen(colour, width))
        item.setZValue(z)
        self.addItem(item)
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
        for item, cell, (x, y) in zip(shown, arrays.node_cells, arrays.pos, strict=False):
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
            pool.append(self._new_label(bounded=pool is self._side_pool))  # a matching's names stay in view
        colour = palette.color(role)
        for item, text in zip(pool, texts, strict=False):
            if item.textItem.toPlainText() != text or item.color != colour:  # setText relayouts: skip it
                item.setText(text, color=colour)
            item.fill = pg.mkBrush(fill)
        for item in pool[len(texts) :]:
            item.setVisible(False)
        return pool[: len(texts)]

    def _new_label(self, bounded: bool = False) -> pg.TextItem:
        """A hidden label; unless ``bounded``, it never counts in the bounds Fit shows.

        An edge label lies at the last picture's spot until it is placed again, after the fit: counted,
        it widened the bounds (a 9x9 after a 16x16 was drawn at about 55 %).
        """
        item = pg.TextItem(anchor=(0.5, 0.5))
        item.setZValue(10)
        item.setVisible(False)
        self.addItem(item, ignoreBounds=not bounded)
        return item

    def _make_labels_ahead(self) -> None:
        for _ in range(_LABELS_PER_TICK):
            self._label_pool.append(self._new_label())
        if len(self._label_pool) >= _LABELS_AHEAD:
            self._make_ahead.stop()

    # ---- labels and hovering -----------------------------------------------------------------
    def _place_labels(self) -> None:
        """Put each edge label on a free spot of the current view; hide those with none."""
        arrays = self.arrays
        if arrays is None or not self.labels:
            return
        view = self.getViewBox()
        # The view maps cell units to pixels by a scale and a shift per axis (no rotation).
        origin = np.array(_scene(view, 0.0, 0.0))
        scale = np.array(_scene(view, 1.0, 1.0)) - origin
        pixels = origin + arrays.pos * scale
        radius = abs(scale[0]) * NODE_SIZE / 2
        # A label sits on the middle of its edge's path: the straight edge, or the arc's middle half.
        ends = np.array([origin + _middle(path) * scale for path in arrays.paths]).reshape(-1, 2, 2)
        sizes = np.array(
            [[i.textItem.boundingRect().width(), i.textItem.boundingRect().height()] for i in self.labels]
        )
        spots = place_labels(pixels, radius, ends, sizes, self._label_order(), forced=self._hovered_edges())
        for item, spot in zip(self.labels, spots, strict=False):
            item.setVisible(spot is not None and bool(item.textItem.toPlainText()))
            if spot is not None:
                point = view.mapSceneToView(QPointF(*spot))
                item.setPos(point.x(), point.y())

    def _hovered_edges(self) -> set[int]:
        """The edges of the node under the mouse: their labels are shown even where they do not fit."""
        arrays = self.arrays
        assert arrays is not None
        if self.hovered < 0:
            return set()
        return {
            i
            for i, (a, b) in enumerate(arrays.adj)
            if self.hovered in (arrays.node_cells[a], arrays.node_cells[b])
        }

    def _label_order(self) -> list[int]:
        """The hovered node's edges first, then the chain's, then cycle edges, then the rest."""
        arrays = self.arrays
        assert arrays is not None
        hovered = self.hovered

        def rank(i: int) -> tuple[int, int, int]:
            a, b = arrays.adj[i]
            touches = hovered >= 0 and hovered in (arrays.node_cells[a], arrays.node_cells[b])
            return (not touches, i not in arrays.on_chain, not arrays.emphasised[i])

        return sorted(range(len(arrays.adj)), key=rank)

    def _brushes(self) -> list[Any]:
        assert self.arrays is not None
        return [_NODE_HOVER if c == self.hovered and c >= 0 else _NODE for c in self.arrays.node_cells]

    def highlight_node(self, cell: Cell) -> None:
        """Colour the node of a cell (hovered on the board) and show its edges' labels; -1: none."""
        if self.arrays is None or cell == self.hovered:
            return
        self.hovered = cell
        if len(self.arrays.pos):
            self.nodes.setBrush(self._brushes())
            self._place_labels()

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        if self.arrays is None or not len(self.arrays.pos):
            return
        point = self.getViewBox().mapSceneToView(scene_pos)
        distances = np.hypot(self.arrays.pos[:, 0] - point.x(), self.arrays.pos[:, 1] - point.y())
        nearest = int(np.argmin(distances))
        cell = self.arrays.node_cells[nearest] if distances[nearest] < 0.35 else -1
        if cell != self.hovered:
            self.highlight_node(cell)
            self.node_hovered.emit(cell)


def _middle(path: Any) -> Any:
    """The two points around the middle of a path between which its label is placed."""
    if len(path) == 2:
        return path
    quarter = len(path) // 4
    return path[[quarter, len(path) - 1 - quarter]]


def _grid_segments(geo: Geometry) -> tuple[list[Any], list[Any]]:
    """The board's faint cell lines and strong region walls, as segments in cell units."""
    n = geo.n
    faint: list[Any] = []
    for i in range(n + 1):
        faint += [((i, 0), (i, n)), ((0, i), (n, i))]
    return faint, list(geo.walls)


def _pen(colour: tuple[int, ...], width: float) -> Any:
    pen = pg.mkPen(*colour, width=width)
    pen.setCosmetic(True)
    return pen


def _scene(view: Any, x: float, y: float) -> tuple[float, float]:
    point = view.mapViewToScene(QPointF(float(x), float(y)))
    return point.x(), point.y()
