"""Turn a graph picture (or a step's cell–digit matching) into the arrays pyqtgraph's GraphItem draws.

Pure numpy, no painting, so the node and edge counts and labels are tested without a window. Node
positions are ``(column, row)`` in cell units, with the view's y axis pointing down like the board's.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from sudoku_workbench.core.geometry import Cell, Geometry, digit_char
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic import bivalue_rules, cycles

__all__ = ["GRAPH_KINDS", "GraphArrays", "graph_arrays", "matching_arrays", "step_graph_kind"]

#: What the pane can draw: the two link graphs of the position and a step's cell–digit matching.
GRAPH_KINDS = ("bilocation", "bivalue", "matching")

#: The rules read on one graph (the mixed and forcing rules use both, so the pane keeps its graph).
_RULE_KINDS = dict.fromkeys(cycles.RULE_IDS, "bilocation") | {
    rule_id: "bivalue"
    for rule_id in bivalue_rules.RULE_IDS
    if rule_id != bivalue_rules.MIXED_CONFLICTING_PATHS
}


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

    @property
    def midpoints(self) -> FloatArray:
        """Where each edge's label goes."""
        if len(self.adj) == 0:
            return np.zeros((0, 2))
        return np.asarray((self.pos[self.adj[:, 0]] + self.pos[self.adj[:, 1]]) / 2.0)


def graph_arrays(picture: Any) -> GraphArrays:
    """Arrays of a ``graphs.picture.GraphPicture``: nodes at cell centres, edges labelled by digits.

    An edge is emphasised when one of its labels lies on a nonrepetitive cycle; each chain of the step
    becomes a polyline through its cells' centres.
    """
    index = {node.cell: i for i, node in enumerate(picture.nodes)}
    pos = np.array([(node.col, node.row) for node in picture.nodes], dtype=float).reshape(-1, 2)
    adj = np.array([(index[e.a], index[e.b]) for e in picture.edges], dtype=np.int64).reshape(-1, 2)
    labels = tuple("".join(digit_char(d) for d in e.labels) for e in picture.edges)
    cyclic = np.array([bool(e.cyclic) for e in picture.edges], dtype=bool)
    n = picture.n
    chains = tuple(_chain_line(chain, n) for chain in picture.chains)
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


def _chain_line(chain: Any, n: int) -> FloatArray:
    return np.array([(c % n + 0.5, c // n + 0.5) for c in _walk(chain)], dtype=float).reshape(-1, 2)


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
