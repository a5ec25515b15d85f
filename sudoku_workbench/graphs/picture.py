"""What the graph pane draws: a link graph laid over the board, plain data only.

Nodes sit at cell centres (row and column in cell units, 0.5 = the middle of the first cell), edges
carry their digits and which of those digits lie on a nonrepetitive cycle, and a step's chains are kept
when every link of them is an edge of the drawn graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import networkx as nx

from sudoku_workbench.core import Cell, Chain, Digit, Grid, Step
from sudoku_workbench.graphs.links import bilocation_links, bivalue_graph
from sudoku_workbench.graphs.nonrepetitive import NonrepetitiveGraph

__all__ = ["GraphKind", "GraphPicture", "PictureEdge", "PictureNode", "graph_picture"]

GraphKind = Literal["bilocation", "bivalue"]


@dataclass(frozen=True)
class PictureNode:
    """A cell of the graph at its place on the board."""

    cell: Cell
    row: float
    col: float
    name: str


@dataclass(frozen=True)
class PictureEdge:
    """An edge between two cells; ``cyclic`` are the labels whose link lies on a nonrepetitive cycle."""

    a: Cell
    b: Cell
    labels: tuple[Digit, ...]
    cyclic: tuple[Digit, ...]


@dataclass(frozen=True)
class GraphPicture:
    """A link graph ready to draw on an ``n`` x ``n`` board.

    ``problem`` says why the position is broken, if it is.
    """

    kind: GraphKind
    n: int
    nodes: tuple[PictureNode, ...]
    edges: tuple[PictureEdge, ...]
    chains: tuple[Chain, ...] = ()
    problem: str = ""


def graph_picture(grid: Grid, kind: GraphKind, step: Step | None = None) -> GraphPicture:
    """The bilocation or bivalue graph of ``grid`` as plain data, with the step's chains on it.

    Raises:
        ValueError: when ``kind`` is neither ``"bilocation"`` nor ``"bivalue"``.
    """
    if kind == "bilocation":
        graph, problem = _lenient_bilocation(grid)
    elif kind == "bivalue":
        graph, problem = bivalue_graph(grid), ""
    else:
        raise ValueError(f"unknown graph kind {kind!r}; expected 'bilocation' or 'bivalue'")
    geo = grid.geometry
    nodes = tuple(
        PictureNode(c, geo.row_of[c] + 0.5, geo.col_of[c] + 0.5, geo.cell_name(c)) for c in sorted(graph)
    )
    nrg = NonrepetitiveGraph.from_edge_labels(graph)
    cyclic = {(min(u, w), max(u, w), x) for u, w, x, _ in nrg.cyclic_edges()}
    edges = tuple(
        PictureEdge(a, b, tuple(sorted(labels)), tuple(x for x in sorted(labels) if (a, b, x) in cyclic))
        for a, b, labels in sorted((min(u, w), max(u, w), d) for u, w, d in graph.edges(data="digits"))
    )
    chains = step.highlights.chains if step is not None else ()
    drawn = tuple(c for c in chains if _drawn(graph, c))
    return GraphPicture(kind, geo.n, nodes, edges, drawn, problem)


def _lenient_bilocation(grid: Grid) -> tuple[nx.Graph, str]:
    """The bilocation graph even when a pair carries three labels (the problem is reported instead)."""
    geo = grid.geometry
    graph = nx.Graph()
    graph.add_nodes_from(grid.empty_cells)
    problem = ""
    for (a, b), labels in bilocation_links(grid).items():
        graph.add_edge(a, b, digits=frozenset(labels))
        if len(labels) > 2 and not problem:
            names = f"{geo.cell_name(a)} and {geo.cell_name(b)}"
            problem = f"{names} are the only places for {len(labels)} digits"
    return graph, problem


def _drawn(graph: nx.Graph, chain: Chain) -> bool:
    """A chain is drawn on a graph that holds all its cells; its links need not be edges there.

    A nice loop runs through grouped nodes, almost locked sets and weak links, none of which is an edge
    of either graph, and is still best read over the bilocation graph it mostly walks.
    """
    return len(chain.cells) > 1 and all(cell in graph for cell in chain.cells)
