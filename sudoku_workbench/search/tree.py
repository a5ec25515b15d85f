"""The search tree of a fewest-candidates backtracking search, recorded for display (not for speed).

This is the recording twin of the solver: the same idea (fill forced cells, branch on a cell with the
fewest candidates, try each digit), written plainly so every node can be kept: which cell and digit
it tried, at what depth, how many cells the guess forced (naked singles), and whether it ended in a
dead end or a solution. Big searches keep every node's count per depth but record only the first
``max_nodes`` nodes. For a puzzle with several solutions, :func:`split_points` names the nodes where
the solutions part.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid

__all__ = [
    "NodeStatus",
    "SearchNode",
    "SearchTree",
    "record_search",
    "solution_paths",
    "split_points",
    "tree_layout",
]

_REPORT_EVERY = 1000


class NodeStatus(enum.Enum):
    """How a node ended."""

    BRANCHED = "branched"
    DEAD_END = "dead end"
    SOLUTION = "solution"
    #: the search stopped (solution limit or node limit) before finishing this node's subtree
    CUT = "cut"


@dataclass
class SearchNode:
    """One node: the guess ``cell = digit`` made at the parent (the root has cell -1, digit 0)."""

    index: int
    parent: int
    depth: int
    cell: Cell
    digit: Digit
    forced: int = 0
    status: NodeStatus = NodeStatus.CUT
    solutions: int = 0
    children: list[int] = field(default_factory=list)

    def label(self, geo: Geometry) -> str:
        """``r3c4=5`` (``root`` for the root)."""
        return "root" if self.cell < 0 else f"{geo.cell_name(self.cell)}={digit_char(self.digit)}"


@dataclass
class SearchTree:
    """The recorded nodes (the first ``max_nodes``) and counts over the whole search."""

    geometry: Geometry
    nodes: list[SearchNode]
    per_depth: list[int]
    dead_ends_per_depth: list[int]
    solutions: list[Grid]
    visited: int = 0
    finished: bool = False

    @property
    def truncated(self) -> bool:
        """True when more nodes were visited than recorded."""
        return self.visited > len(self.nodes)


class _Recorder:
    def __init__(
        self,
        grid: Grid,
        max_nodes: int,
        max_solutions: int | None,
        node_limit: int,
        cancel: CancelToken | None,
        progress: Callable[[int], None] | None,
    ) -> None:
        self.grid = grid
        self.geo = grid.geometry
        self.max_nodes = max_nodes
        self.max_solutions = max_solutions
        self.node_limit = node_limit
        self.cancel = cancel
        self.progress = progress
        self.tree = SearchTree(self.geo, [], [], [], [])
        self.cut = False

    def _stopped(self) -> bool:
        tree = self.tree
        full = self.max_solutions is not None and len(tree.solutions) >= self.max_solutions
        return full or tree.visited >= self.node_limit

    def _count(self, depth: int, dead: bool) -> None:
        tree = self.tree
        while len(tree.per_depth) <= depth:
            tree.per_depth.append(0)
            tree.dead_ends_per_depth.append(0)
        tree.per_depth[depth] += 1
        tree.dead_ends_per_depth[depth] += dead

    def _propagate(self, values: list[int], masks: list[int]) -> int | None:
        """Place naked singles until none is left; the number placed, or None at a contradiction."""
        geo, placed, changed = self.geo, 0, True
        while changed:
            changed = False
            for cell in range(geo.size):
                if values[cell]:
                    continue
                mask = masks[cell]
                if not mask:
                    return None
                if mask & (mask - 1) == 0:
                    _place(geo, values, masks, cell, mask)
                    placed, changed = placed + 1, True
        return placed

    def visit(self, values: list[int], masks: list[int], node: SearchNode | None, depth: int) -> int:
        """Search below a position; returns the solutions found there."""
        tree = self.tree
        tree.visited += 1
        if not tree.visited % _REPORT_EVERY:
            if self.cancel is not None:
                self.cancel.check()
            if self.progress is not None:
                self.progress(tree.visited)
        forced = self._propagate(values, masks)
        self._count(depth, forced is None)
        if node is not None:
            node.forced = forced or 0
        if forced is None:
            _finish(node, NodeStatus.DEAD_END, 0)
            return 0
        empty = [c for c in range(self.geo.size) if not values[c]]
        if not empty:
            tree.solutions.append(Grid.from_values(self.geo, self.grid.givens, _entries(self.grid, values)))
            _finish(node, NodeStatus.SOLUTION, 1)
            return 1
        cell = min(empty, key=lambda c: masks[c].bit_count())
        found = 0
        mask = masks[cell]
        while mask and not self._stopped():
            low = mask & -mask
            mask ^= low
            child = self._new_node(node, depth + 1, cell, low.bit_length())
            child_values, child_masks = list(values), list(masks)
            _place(self.geo, child_values, child_masks, cell, low)
            found += self.visit(child_values, child_masks, child, depth + 1)
        self.cut = self.cut or bool(mask)
        _finish(node, NodeStatus.CUT if mask else NodeStatus.BRANCHED, found)
        return found

    def _new_node(self, parent: SearchNode | None, depth: int, cell: Cell, digit: Digit) -> SearchNode | None:
        """A recorded node, or None once ``max_nodes`` are kept or the parent was not kept."""
        nodes = self.tree.nodes
        if parent is None or len(nodes) >= self.max_nodes:
            return None
        node = SearchNode(len(nodes), parent.index, depth, cell, digit)
        nodes.append(node)
        parent.children.append(node.index)
        return node


def _place(geo: Geometry, values: list[int], masks: list[int], cell: Cell, bit: int) -> None:
    values[cell] = bit.bit_length()
    masks[cell] = 0
    for peer in geo.peers[cell]:
        masks[peer] &= ~bit


def _finish(node: SearchNode | None, status: NodeStatus, solutions: int) -> None:
    if node is not None:
        node.status, node.solutions = status, solutions


def _entries(grid: Grid, values: list[int]) -> list[int]:
    return [0 if g else v for g, v in zip(grid.givens, values)]


def record_search(
    grid: Grid,
    max_nodes: int = 2000,
    max_solutions: int | None = 2,
    node_limit: int = 1_000_000,
    cancel: CancelToken | None = None,
    progress: Callable[[int], None] | None = None,
) -> SearchTree:
    """Run the fewest-candidates search on a position's values and record its tree.

    Stops after ``max_solutions`` solutions (``None``: all; 2 answers "is it unique?") or
    ``node_limit`` visited nodes. ``progress(visited)`` every thousand nodes; ``cancel`` as often.

    Raises:
        Cancelled: when ``cancel`` is triggered.
    """
    recorder = _Recorder(grid, max_nodes, max_solutions, node_limit, cancel, progress)
    root = SearchNode(0, -1, 0, -1, 0)
    recorder.tree.nodes.append(root)
    start = Grid.from_values(grid.geometry, grid.values)
    values, masks = list(start.values), list(start.candidates)
    if start.problems():
        recorder.tree.visited = 1
        recorder._count(0, True)
        _finish(root, NodeStatus.DEAD_END, 0)
    else:
        recorder.visit(values, masks, root, 0)
    recorder.tree.finished = not recorder.cut
    return recorder.tree


def solution_paths(tree: SearchTree) -> list[int]:
    """The recorded nodes on a path from the root to a solution (those with solutions below them)."""
    return [n.index for n in tree.nodes if n.solutions]


def split_points(tree: SearchTree) -> list[SearchNode]:
    """The recorded nodes where the solutions part: two or more children lead to solutions."""
    nodes = tree.nodes
    return [n for n in nodes if sum(1 for c in n.children if nodes[c].solutions) >= 2]


def tree_layout(tree: SearchTree) -> list[tuple[float, float]]:
    """Drawing positions ``(x, depth)``: leaves side by side in search order, parents above the middle."""
    xs = [0.0] * len(tree.nodes)
    next_leaf = 0.0
    for node in tree.nodes:
        if not node.children:
            xs[node.index] = next_leaf
            next_leaf += 1.0
    for node in reversed(tree.nodes):
        if node.children:
            xs[node.index] = (xs[node.children[0]] + xs[node.children[-1]]) / 2
    return [(xs[n.index], float(n.depth)) for n in tree.nodes]
