"""Turn a graph picture (or a step's cell–digit matching) into the arrays pyqtgraph's GraphItem draws.

Pure numpy, no painting, so the node and edge counts and labels are tested without a window. Node
positions are ``(column, row)`` in cell units, with the view's y axis pointing down like the board's.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from sudoku_workbench.core.geometry import Cell, Geometry, digit_char
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.rule_table import TABLE

__all__ = ["GraphArrays", "edge_paths", "graph_arrays", "matching_arrays", "step_graph_kind"]

#: The graph each rule's steps are read on, from its row (the mixed and forcing rules and nice loops
#: use both, so the pane keeps its graph).
_RULE_KINDS = {rule.id: rule.graph for rule in TABLE if rule.graph}


def step_graph_kind(step: Step | None) -> str | None:
    """The graph a step is read on: its matching, or the graph its rule works on (None: no own graph)."""
    if step is None:
        return None
    if step.highlights.matching:
        return "matching"
    return _RULE_KINDS.get(step.rule)


FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class GraphArrays:
    """Nodes (cells, or cell and digit vertices), edges as index pairs, labels and emphasis."""

    pos: FloatArray
    adj: IntArray
    node_cells: tuple[Cell, ...]
    node_labels: tuple[str, ...]
    edge_labels: tuple[str, ...]
    emphasised: BoolArray
    chains: tuple[FloatArray, ...] = field(default=())
    title: str = ""
    on_chain: frozenset[int] = frozenset()

    @functools.cached_property
    def paths(self) -> tuple[FloatArray, ...]:
        """Each edge as points from its first node to its second: straight, or an arc round other nodes."""
        return edge_paths(self.pos, self.adj)


def graph_arrays(picture: Any) -> GraphArrays:
    """Arrays of a ``graphs.picture.GraphPicture``: nodes at cell centres, edges labelled by digits.

    An edge is emphasised when one of its labels lies on a nonrepetitive cycle; each chain of the step
    becomes a polyline along the drawn paths of its links.
    """
    index = {node.cell: i for i, node in enumerate(picture.nodes)}
    pos = np.array([(node.col, node.row) for node in picture.nodes], dtype=float).reshape(-1, 2)
    adj = np.array([(index[e.a], index[e.b]) for e in picture.edges], dtype=np.int64).reshape(-1, 2)
    # "1,4", not "14": two digits on one edge must not read as the number fourteen
    labels = tuple(",".join(digit_char(d) for d in e.labels) for e in picture.edges)
    cyclic = np.array([bool(e.cyclic) for e in picture.edges], dtype=bool)
    paths = {
        frozenset((e.a, e.b)): path for e, path in zip(picture.edges, edge_paths(pos, adj), strict=False)
    }
    chains = tuple(_chain_line(chain, paths, pos, index) for chain in picture.chains)
    title = f"{picture.kind} graph: {len(pos)} cells, {len(adj)} edges"
    if picture.problem:
        title += f" — {picture.problem}"
    names = tuple(node.name for node in picture.nodes)
    links = {frozenset(pair) for chain in picture.chains for pair in itertools.pairwise(_walk(chain))}
    on_chain = frozenset(i for i, e in enumerate(picture.edges) if frozenset((e.a, e.b)) in links)
    return GraphArrays(pos, adj, tuple(index), names, labels, cyclic, chains, title, on_chain)


def _walk(chain: Any) -> list[Cell]:
    """The chain's cells in order, back to the first one when it is closed."""
    cells = list(chain.cells)
    if chain.closed and cells:
        cells.append(cells[0])
    return cells


def _chain_line(
    chain: Any, paths: dict[frozenset[Cell], FloatArray], pos: FloatArray, index: dict[Cell, int]
) -> FloatArray:
    """The chain as one polyline along the drawn paths of its links (so it follows their arcs).

    A link that is no edge of the graph (a chain's weak link) is a straight segment.
    """
    points = [pos[index[chain.cells[0]]]]
    for u, w in itertools.pairwise(_walk(chain)):
        path = paths.get(frozenset((u, w)), pos[[index[u], index[w]]])
        forward = np.allclose(path[0], points[-1])
        points.extend((path if forward else path[::-1])[1:])
    return np.array(points, dtype=float).reshape(-1, 2)


#: How far (cell units) an edge may pass by another node before it is drawn as an arc, and the arc's
#: height: rows and columns of cells would otherwise run edges straight through the nodes between.
_NEAR, _BULGE = 0.2, 0.3


def edge_paths(pos: FloatArray, adj: IntArray) -> tuple[FloatArray, ...]:
    """Each edge's points: its two ends, or nine points of an arc when a straight line meets a node."""
    return tuple(_arc(pos[a], pos[b]) if _meets_a_node(pos, int(a), int(b)) else pos[[a, b]] for a, b in adj)


def _meets_a_node(pos: FloatArray, a: int, b: int) -> bool:
    start, direction = pos[a], pos[b] - pos[a]
    along = (pos - start) @ direction / float(direction @ direction)
    offset = np.hypot(*(pos - start - np.outer(along, direction)).T)
    between = (along > 0.0) & (along < 1.0)
    between[[a, b]] = False
    return bool(np.any(between & (offset < _NEAR)))


def _arc(start: FloatArray, end: FloatArray, samples: int = 9) -> FloatArray:
    """A quadratic Bézier from ``start`` to ``end`` whose middle lies :data:`_BULGE` to one side."""
    direction = end - start
    normal = np.array([-direction[1], direction[0]]) / float(np.hypot(*direction))
    control = (start + end) / 2 + normal * 2 * _BULGE
    t = np.linspace(0.0, 1.0, samples)[:, None]
    return np.asarray((1 - t) ** 2 * start + 2 * (1 - t) * t * control + t**2 * end)


def matching_arrays(step: Step, geo: Geometry) -> GraphArrays:
    """The bipartite cell–digit graph of a Chain/Pile Exclusion step: cells left, digits right.

    Edges are the step's pattern and matching candidates; matched edges are emphasised.
    """
    candidates = sorted(set(step.highlights.pattern) | set(step.highlights.matching))
    cells = sorted({c for c, _ in candidates})
    digits = sorted({d for _, d in candidates})
    height = max(len(cells), len(digits), 1)
    pos = [(0.0, _spread(i, len(cells), height)) for i in range(len(cells))]
    pos += [(3.0, _spread(j, len(digits), height)) for j in range(len(digits))]
    adj = np.array(
        [(cells.index(c), len(cells) + digits.index(d)) for c, d in candidates], dtype=np.int64
    ).reshape(-1, 2)
    matched = set(step.highlights.matching)
    return GraphArrays(
        np.array(pos, dtype=float).reshape(-1, 2),
        adj,
        tuple(cells) + (-1,) * len(digits),
        tuple(geo.cell_name(c) for c in cells) + tuple(digit_char(d) for d in digits),
        ("",) * len(candidates),
        np.array([cand in matched for cand in candidates], dtype=bool),
        title=f"cell–digit graph of the step: {len(cells)} cells, {len(digits)} digits, "
        f"{len(matched)} matched",
    )


def _spread(i: int, count: int, height: int) -> float:
    return (i + 0.5) * height / max(count, 1)
