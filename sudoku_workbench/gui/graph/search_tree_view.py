"""A pyqtgraph view of a recorded search tree and of the nodes the search visited per depth.

Top: the recorded nodes (grey = branched, red = dead end, green = solution, orange = cut off by a
limit), larger blue rings where the solutions part; small trees get ``r3c4=5`` labels. Bottom: bars of
nodes per depth with the dead ends in red, which covers searches too big to draw node by node.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

# isort: split
# PySide6 first, so pyqtgraph binds to it.
import numpy as np
import pyqtgraph as pg

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.search.tree import (
    NodeStatus,
    SearchNode,
    SearchTree,
    solution_paths,
    split_points,
    tree_layout,
)

__all__ = ["STATUS_COLOURS", "SearchTreeView"]

STATUS_COLOURS: dict[NodeStatus, str] = {
    NodeStatus.BRANCHED: "#7f8c8d",
    NodeStatus.DEAD_END: "#c0392b",
    NodeStatus.SOLUTION: "#27ae60",
    NodeStatus.CUT: "#e67e22",
}
_NONE = "No search recorded yet."
_LABELLED_NODES = 40
_NAMED_SPLITS = 3


class SearchTreeView(QWidget):
    """Draws a :class:`SearchTree`: the node tree above, nodes and dead ends per depth below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("search_tree_view")
        layout = QVBoxLayout(self)
        self.summary_label = QLabel(_NONE, self)
        self.summary_label.setWordWrap(True)
        layout.addWidget(self.summary_label)
        layout.addWidget(QLabel(_legend(), self))
        self.plots = pg.GraphicsLayoutWidget(self)
        self.plots.setBackground("w")
        self.tree_plot = self.plots.addPlot(row=0, col=0)
        self.tree_plot.hideAxis("bottom")
        self.tree_plot.setLabel("left", "depth")
        self.tree_plot.invertY(True)
        self.depth_plot = self.plots.addPlot(row=1, col=0)
        self.depth_plot.setLabel("bottom", "depth")
        self.depth_plot.setLabel("left", "nodes")
        self.plots.ci.layout.setRowStretchFactor(0, 3)
        self.plots.ci.layout.setRowStretchFactor(1, 1)
        layout.addWidget(self.plots, stretch=1)
        # Small enough that the dock under the board never makes a maximized window taller than the screen.
        self.setMinimumSize(320, 200)
        self.tree: SearchTree | None = None

    def clear(self) -> None:
        """No tree: the position it was recorded on is gone (a new, opened or edited puzzle)."""
        self.tree = None
        self.tree_plot.clear()
        self.depth_plot.clear()
        self.summary_label.setText(_NONE)

    def show_tree(self, tree: SearchTree) -> None:
        """Replace the picture with this tree."""
        self.tree = tree
        self.tree_plot.clear()
        self.depth_plot.clear()
        self._draw_nodes(tree)
        self._draw_depths(tree)
        self.summary_label.setText(_summary(tree))

    def _draw_nodes(self, tree: SearchTree) -> None:
        points = np.array(tree_layout(tree), dtype=float).reshape(-1, 2)
        edges = [(n.parent, n.index) for n in tree.nodes if n.parent >= 0]
        on_path = set(solution_paths(tree))
        self._add_edges(points, edges, pg.mkPen("#bdc3c7", width=1))
        self._add_edges(points, [e for e in edges if e[1] in on_path], pg.mkPen("#27ae60", width=3))
        size = 10 if len(tree.nodes) <= 200 else 5
        brushes = [pg.mkBrush(STATUS_COLOURS[n.status]) for n in tree.nodes]
        self.tree_plot.addItem(
            pg.ScatterPlotItem(points[:, 0], points[:, 1], size=size, brush=brushes, pen=None)
        )
        ends = [n.index for n in tree.nodes if n.status is NodeStatus.SOLUTION]
        if ends:
            star = {
                "size": size + (8 if size > 5 else 3),
                "symbol": "star",
                "brush": STATUS_COLOURS[NodeStatus.SOLUTION],
            }
            self.tree_plot.addItem(pg.ScatterPlotItem(points[ends, 0], points[ends, 1], **star))
        splits = [n.index for n in _named_splits(tree)]
        if splits:
            ring = {"size": size + 10, "brush": None, "pen": pg.mkPen("#2471a3", width=3)}
            self.tree_plot.addItem(pg.ScatterPlotItem(points[splits, 0], points[splits, 1], **ring))
        if len(tree.nodes) <= _LABELLED_NODES:
            for node in tree.nodes[1:]:
                text = pg.TextItem(node.label(tree.geometry), color="#2c3e50", anchor=(0.5, 1.2))
                text.setPos(*points[node.index])
                self.tree_plot.addItem(text)

    def _add_edges(self, points: np.ndarray, edges: list[tuple[int, int]], pen: object) -> None:
        if edges:
            pairs = points[np.array(edges).ravel()]
            self.tree_plot.addItem(pg.PlotCurveItem(pairs[:, 0], pairs[:, 1], connect="pairs", pen=pen))

    def _draw_depths(self, tree: SearchTree) -> None:
        depths = np.arange(len(tree.per_depth))
        total = np.array(tree.per_depth, dtype=float)
        dead = np.array(tree.dead_ends_per_depth, dtype=float)
        self.depth_plot.addItem(pg.BarGraphItem(x=depths, height=total, width=0.8, brush="#95a5a6"))
        self.depth_plot.addItem(pg.BarGraphItem(x=depths, height=dead, width=0.5, brush="#c0392b"))
        every = max(1, len(depths) // 20)
        ticks = [(float(d), str(d)) for d in range(0, len(depths), every)]
        self.depth_plot.getAxis("bottom").setTicks([ticks])
        self.tree_plot.getAxis("left").setTicks([ticks])

    def node_at(self, x: float, y: float) -> str:
        """The label of the recorded node nearest to a point in tree coordinates (for tool tips)."""
        if self.tree is None or not self.tree.nodes:
            return ""
        points = np.array(tree_layout(self.tree), dtype=float)
        nearest = int(np.argmin((points[:, 0] - x) ** 2 + (points[:, 1] - y) ** 2))
        node = self.tree.nodes[nearest]
        return f"{node.label(self.tree.geometry)}: {node.status.value}, forced {node.forced}"


def _legend() -> str:
    names = {
        NodeStatus.BRANCHED: "branched",
        NodeStatus.DEAD_END: "dead end",
        NodeStatus.SOLUTION: "solution (star, green path)",
        NodeStatus.CUT: "cut off by a limit",
    }
    items = [f'<span style="color:{STATUS_COLOURS[s]}">&#9679;</span> {names[s]}' for s in NodeStatus]
    items.append('<span style="color:#2471a3">&#9711;</span> the solutions part here')
    return " &nbsp; ".join(items)


def _named_splits(tree: SearchTree) -> list[SearchNode]:
    """The shallowest few split points: the ones the summary names and the picture rings."""
    return sorted(split_points(tree), key=lambda n: n.depth)[:_NAMED_SPLITS]


def _split_text(tree: SearchTree, node: SearchNode) -> str:
    geo = tree.geometry
    ways = [tree.nodes[c] for c in node.children if tree.nodes[c].solutions]
    digits = " or ".join(digit_char(c.digit) for c in ways)
    return f"at {geo.cell_name(ways[0].cell)} = {digits} (below {node.label(geo)}, depth {node.depth})"


def _summary(tree: SearchTree) -> str:
    parts = [
        f"{tree.visited:,} nodes visited",
        f"{sum(tree.dead_ends_per_depth):,} dead ends",
        f"{len(tree.solutions)} solution(s)",
        f"deepest {len(tree.per_depth) - 1}",
    ]
    if tree.truncated:
        parts.append(f"first {len(tree.nodes):,} nodes drawn")
    if not tree.finished:
        parts.append("search stopped at its limit")
    text = ", ".join(parts) + "."
    splits = split_points(tree)
    if splits:
        shallow = _named_splits(tree)
        more = f"; and at {len(splits) - len(shallow):,} more nodes" if len(splits) > len(shallow) else ""
        text += " The solutions part " + "; ".join(_split_text(tree, n) for n in shallow) + more + "."
    return text
