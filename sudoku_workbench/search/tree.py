"""The search tree of the OK button's fewest-candidates search, recorded for display (not for speed).

The recorder drives the same engine as :func:`sudoku_workbench.search.solve.solutions` — its
propagation (naked and hidden singles, locked candidates) and its choice of branch (a cell with fewest
candidates, or a digit with two places left in a unit) — but walks it recursively so that every node can
be kept: the guess ``cell = digit`` it tried, its depth, how many cells the guess forced, and whether it
ended in a dead end or a solution. Big searches keep every node's count per depth but record only the
first ``max_nodes`` nodes. For a puzzle with several solutions, :func:`split_points` names the nodes
where the solutions part.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search._engine import engine_for, initial_state

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
        self.engine = engine_for(self.geo)
        self.max_nodes = max_nodes
        self.max_solutions = max_solutions
        self.node_limit = node_limit
        self.cancel = cancel
        self.progress = progress
        self.tree = SearchTree(self.geo, [SearchNode(0, -1, 0, -1, 0)], [], [], [])
        self.cut = False

    def _stopped(self) -> bool:
        tree = self.tree
        full = self.max_solutions is not None and len(tree.solutions) >= self.max_solutions
        return full or tree.visited >= self.node_limit

    def enter(self, depth: int, dead: bool) -> None:
        """Count a node (checking for cancellation and reporting progress now and then)."""
        tree = self.tree
        tree.visited += 1
        if not tree.visited % _REPORT_EVERY:
            if self.cancel is not None:
                self.cancel.check()
            if self.progress is not None:
                self.progress(tree.visited)
        while len(tree.per_depth) <= depth:
            tree.per_depth.append(0)
            tree.dead_ends_per_depth.append(0)
        tree.per_depth[depth] += 1
        tree.dead_ends_per_depth[depth] += dead

    def visit(self, state: list[int], node: SearchNode | None, depth: int) -> int:
        """Search below a propagated position (already counted); returns the solutions found there."""
        options = self.engine.branch_options(state)
        if options is None:
            entries = [0 if g else m.bit_length() for g, m in zip(self.grid.givens, state, strict=True)]
            self.tree.solutions.append(Grid.from_values(self.geo, self.grid.givens, entries))
            _finish(node, NodeStatus.SOLUTION, 1)
            return 1
        found, tried = 0, 0
        for cell, bit in options:
            if self._stopped():
                break
            tried += 1
            child = self._new_node(node, depth + 1, cell, bit.bit_length())
            after = state[:]
            after[cell] = bit
            alive = self.engine.propagate(after, [cell])
            self.enter(depth + 1, not alive)
            if not alive:
                _finish(child, NodeStatus.DEAD_END, 0)
                continue
            if child is not None:
                child.forced = _decided(after) - _decided(state) - 1
            found += self.visit(after, child, depth + 1)
        cut = tried < len(options)
        self.cut = self.cut or cut
        _finish(node, NodeStatus.CUT if cut else NodeStatus.BRANCHED, found)
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


def _decided(state: list[int]) -> int:
    return sum(1 for mask in state if not mask & (mask - 1))


def _finish(node: SearchNode | None, status: NodeStatus, solutions: int) -> None:
    if node is not None:
        node.status, node.solutions = status, solutions


def record_search(
    grid: Grid,
    max_nodes: int = 2000,
    max_solutions: int | None = 2,
    node_limit: int = 1_000_000,
    cancel: CancelToken | None = None,
    progress: Callable[[int], None] | None = None,
) -> SearchTree:
    """Run the OK button's search on a position and record its tree.

    The position's pencil marks count, as in the OK search: a wrongly removed candidate is not tried.

    Stops after ``max_solutions`` solutions (``None``: all; 2 answers "is it unique?") or
    ``node_limit`` visited nodes. ``progress(visited)`` every thousand nodes; ``cancel`` as often.

    Raises:
        Cancelled: when ``cancel`` is triggered.
    """
    if cancel is not None:
        cancel.check()
    recorder = _Recorder(grid, max_nodes, max_solutions, node_limit, cancel, progress)
    root = recorder.tree.nodes[0]
    state, decided = initial_state(grid)
    alive = recorder.engine.propagate(state, decided)
    recorder.enter(0, not alive)
    if alive:
        root.forced = _decided(state) - sum(1 for v in grid.values if v)
        recorder.visit(state, root, 0)
    else:
        _finish(root, NodeStatus.DEAD_END, 0)
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
