"""Nonrepetitive walks in labelled graphs through Eppstein's gadget digraph nr(G).

A walk is *nonrepetitive* when at every vertex it passes through, the edge it arrives by and the edge it
leaves by carry different labels there. In an edge-labelled graph both ends of an edge carry the edge's
label; in a flag-labelled graph each end has its own. Both are handled as lists of :data:`FlagEdge`.

Each vertex becomes a gadget with an *in* port and an *out* port per label, built so that in port x
reaches out port y exactly when x != y, with O(k) nodes and arcs for k labels (Lemma 1; labels grouped
in threes, as in Eppstein's Figure 1). A labelled edge becomes two arcs, out port to in port, one each
way. Paths in nr(G) are then the nonrepetitive walks of G, which gives the edges on nonrepetitive
cycles from strongly connected components (Theorem 2.1), reachability from a vertex and first label by
a search (Theorem 2.2), and shortest walks by a shortest-path search in which only the arcs between
gadgets cost anything.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import networkx as nx

__all__ = [
    "FlagEdge",
    "Hop",
    "NonrepetitiveGraph",
    "component_closure",
    "flag_edges",
    "gadget_arcs",
    "labelled_edges",
    "strong_components",
]

#: An undirected edge ``(u, w, label at u, label at w)``; an edge-labelled edge has both labels equal.
FlagEdge = tuple[Any, Any, Any, Any]

_IN, _OUT = 0, 1


@dataclass(frozen=True)
class Hop:
    """One edge of a walk, in the direction walked, with its labels at the two ends."""

    start: Any
    end: Any
    start_label: Any
    end_label: Any


def labelled_edges(graph: nx.Graph, attr: str = "digits") -> list[FlagEdge]:
    """The edges of an edge-labelled graph, one per label (``attr`` holds the set of labels)."""
    return [(u, w, x, x) for u, w, labels in graph.edges(data=attr) for x in sorted(labels)]


def flag_edges(graph: nx.Graph, attr: str = "flags") -> list[FlagEdge]:
    """The edges of a flag-labelled graph (``attr`` maps each end to its label)."""
    return [(u, w, flags[u], flags[w]) for u, w, flags in graph.edges(data=attr)]


def gadget_arcs(ins: Sequence[int], outs: Sequence[int], new_node: Any) -> list[tuple[int, int]]:
    """The arcs of a Lemma 1 gadget on given port nodes: ``ins[i]`` reaches ``outs[j]`` iff i != j.

    Labels are grouped in threes (twos where a single would be left over); each group gets cross
    arcs among its members plus one new in/out node pair that stands for the group one level up.
    ``new_node()`` returns a fresh node id.
    """
    arcs: list[tuple[int, int]] = []
    level = list(zip(ins, outs, strict=True))
    while len(level) > 1:
        groups = _groups(level)
        for group in groups:
            arcs += [(a_in, b_out) for a_in, _ in group for b_in, b_out in group if b_in != a_in]
        if len(groups) == 1:
            break
        parents = []
        for group in groups:
            up, down = new_node(), new_node()
            arcs += [(member_in, up) for member_in, _ in group]
            arcs += [(down, member_out) for _, member_out in group]
            parents.append((up, down))
        level = parents
    return arcs


def _groups(level: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Split into groups of three, using two groups of two instead of leaving a single behind."""
    count = len(level)
    sizes = [3] * (count // 3)
    if count % 3 == 2:
        sizes.append(2)
    elif count % 3 == 1:
        sizes[-1:] = [2, 2]
    groups, start = [], 0
    for size in sizes:
        groups.append(level[start : start + size])
        start += size
    return groups


def strong_components(successors: Sequence[Sequence[int]]) -> list[int]:
    """The strongly connected component of each node ``0 … n-1``, by Tarjan's method without recursion.

    Tarjan's method completes a component only after every component it reaches, so numbering them in
    the order completed is a reverse topological order: an arc never goes to a higher number.
    """
    count = len(successors)
    order, low, component = [-1] * count, [0] * count, [-1] * count
    stack: list[int] = []
    found = components = 0
    for root in range(count):
        if order[root] >= 0:
            continue
        order[root] = low[root] = found
        found += 1
        stack.append(root)
        work = [(root, iter(successors[root]))]
        while work:
            node, todo = work[-1]
            for nxt in todo:
                if order[nxt] < 0:
                    order[nxt] = low[nxt] = found
                    found += 1
                    stack.append(nxt)
                    work.append((nxt, iter(successors[nxt])))
                    break
                if component[nxt] < 0 and order[nxt] < low[node]:  # still on the stack
                    low[node] = order[nxt]
            else:
                work.pop()
                if work and low[node] < low[work[-1][0]]:
                    low[work[-1][0]] = low[node]
                if low[node] == order[node]:
                    while True:
                        member = stack.pop()
                        component[member] = components
                        if member == node:
                            break
                    components += 1
    return component


def component_closure(
    successors: Sequence[Sequence[int]], component: Sequence[int], weights: Iterable[tuple[int, int]]
) -> list[int]:
    """For each component, the OR of the ``(node, bits)`` weights over every node it reaches.

    ``component`` is numbered as :func:`strong_components` numbers it (arcs go to lower numbers), and a
    component reaches itself.
    """
    total = [0] * (max(component, default=-1) + 1)
    for node, bits in weights:
        total[component[node]] |= bits
    below: list[set[int]] = [set() for _ in total]
    for node, targets in enumerate(successors):
        here = component[node]
        for target in targets:
            if component[target] != here:
                below[here].add(component[target])
    for c, reached in enumerate(below):  # they have lower numbers, so they are complete by now
        for d in reached:
            total[c] |= total[d]
    return total


class NonrepetitiveGraph:
    """The gadget digraph nr(G) of a flag-labelled graph, with the analyses built on it.

    ``arcs`` join integer nodes; port nodes map back to ``(vertex, label)``, and ``hops`` maps every
    arc between gadgets to the :class:`Hop` it walks (the arcs inside gadgets walk nothing).
    """

    def __init__(self, edges: Iterable[FlagEdge]) -> None:
        self.edges: tuple[FlagEdge, ...] = tuple(dict.fromkeys(edges))
        # Port nodes are numbered as first met, in and out, before any node inside a gadget.
        ports: dict[tuple[Hashable, Hashable, int], int] = {}
        # Each arc between gadgets, with the edge it walks and whether forwards (Hops made on demand).
        walked: dict[tuple[int, int], tuple[FlagEdge, bool]] = {}
        labels: dict[Hashable, dict[Hashable, None]] = {}
        for edge in self.edges:
            u, w, fu, fw = edge
            labels.setdefault(u, {})[fu] = None
            labels.setdefault(w, {})[fw] = None
            start = ports.setdefault((u, fu, _OUT), len(ports))
            walked[start, ports.setdefault((w, fw, _IN), len(ports))] = (edge, True)
            start = ports.setdefault((w, fw, _OUT), len(ports))
            walked[start, ports.setdefault((u, fu, _IN), len(ports))] = (edge, False)
        self._ports, self._walked = ports, walked
        self.port_of: list[tuple[Hashable, Hashable, int] | None] = list(ports)
        arcs = list(walked)
        for vertex, vertex_labels in labels.items():
            ins = [ports[vertex, x, _IN] for x in vertex_labels]
            outs = [ports[vertex, x, _OUT] for x in vertex_labels]
            arcs += gadget_arcs(ins, outs, self._inner_node)
        self.arcs: tuple[tuple[int, int], ...] = tuple(arcs)

    @cached_property
    def hops(self) -> dict[tuple[int, int], Hop]:
        """Every arc between gadgets and the :class:`Hop` it walks."""
        return {arc: self._hop(arc) for arc in self._walked}

    def _hop(self, arc: tuple[int, int]) -> Hop:
        (u, w, fu, fw), forwards = self._walked[arc]
        return Hop(u, w, fu, fw) if forwards else Hop(w, u, fw, fu)

    @cached_property
    def digraph(self) -> nx.DiGraph:
        """nr(G) as a networkx digraph, for its path searches.

        Built on first use: most positions need only the components, found on :attr:`arcs` alone.
        """
        return nx.DiGraph(self.arcs)

    @classmethod
    def from_edge_labels(cls, graph: nx.Graph, attr: str = "digits") -> NonrepetitiveGraph:
        """nr(G) of a graph whose edges carry a set of labels in ``attr``."""
        return cls(labelled_edges(graph, attr))

    @classmethod
    def from_flag_labels(cls, graph: nx.Graph, attr: str = "flags") -> NonrepetitiveGraph:
        """nr(G) of a graph whose edges map each end to its label in ``attr``."""
        return cls(flag_edges(graph, attr))

    def _inner_node(self) -> int:
        node = len(self.port_of)
        self.port_of.append(None)
        return node

    def in_port(self, vertex: Hashable, label: Hashable) -> int | None:
        """The node where walks arrive at ``vertex`` by an edge labelled ``label`` there (None if none)."""
        return self._ports.get((vertex, label, _IN))

    def out_port(self, vertex: Hashable, label: Hashable) -> int | None:
        """The node where walks leave ``vertex`` by an edge labelled ``label`` there (None if none)."""
        return self._ports.get((vertex, label, _OUT))

    @cached_property
    def _successors(self) -> list[list[int]]:
        successors: list[list[int]] = [[] for _ in self.port_of]
        for a, b in self.arcs:
            successors[a].append(b)
        return successors

    @cached_property
    def component(self) -> list[int]:
        """The strongly connected component of every node, numbered so arcs go to lower numbers."""
        return strong_components(self._successors)

    def cyclic_edges(self) -> list[FlagEdge]:
        """The edges that lie on some nonrepetitive closed walk (Theorem 2.1)."""
        comp = self.component
        return [
            edge
            for edge in self.edges
            if comp[self._ports[edge[0], edge[2], _OUT]] == comp[self._ports[edge[1], edge[3], _IN]]
        ]

    def on_cycle(self, vertex: Hashable, first: Hashable, last: Hashable) -> bool:
        """True when a nonrepetitive closed walk leaves ``vertex`` by ``first`` and returns by ``last``.

        The gadget always leads from in port ``last`` to out port ``first`` (they differ), so the walk
        exists exactly when the two ports share a strongly connected component.
        """
        start, end = self.out_port(vertex, first), self.in_port(vertex, last)
        if first == last or start is None or end is None:
            return False
        return self.component[start] == self.component[end]

    def in_ports(self) -> Iterator[tuple[Any, Any, int]]:
        """Every ``(vertex, label, node)`` where walks can arrive."""
        return ((v, x, node) for (v, x, side), node in self._ports.items() if side == _IN)

    def out_ports(self) -> Iterator[tuple[Any, Any, int]]:
        """Every ``(vertex, label, node)`` where walks can leave."""
        return ((v, x, node) for (v, x, side), node in self._ports.items() if side == _OUT)

    def reachable_hops(self, vertex: Hashable, first: Hashable) -> set[Hop]:
        """The edges, as walked, of nonrepetitive walks from ``vertex`` by label ``first`` (Theorem 2.2)."""
        start = self.out_port(vertex, first)
        if start is None:
            return set()
        seen = nx.descendants(self.digraph, start) | {start}
        return {self.hops[arc] for arc in self.digraph.out_edges(seen) if arc in self.hops}

    def reachable_ends(self, vertex: Hashable, first: Hashable) -> set[tuple[Hashable, Hashable]]:
        """Every ``(end vertex, last label there)`` of a nonrepetitive walk from ``vertex`` by ``first``."""
        return {(hop.end, hop.end_label) for hop in self.reachable_hops(vertex, first)}

    def closure(self, weight: Mapping[int, int]) -> list[int]:
        """For each component, the OR of ``weight`` over every node it reaches (itself included).

        With bit sets as weights this answers "what can a walk from here reach" for every start at once.
        """
        return component_closure(self._successors, self.component, weight.items())

    @cached_property
    def _costed(self) -> tuple[list[list[tuple[int, int]]], list[list[tuple[int, int]]]]:
        """Each node's successors and predecessors with the arc's cost, in the order networkx keeps them.

        Only the arcs between gadgets cost anything (1). networkx keeps a node's neighbours in the order
        their first arc was added, which decides between walks of one length; these lists keep it.
        """
        forward: list[list[tuple[int, int]]] = [[] for _ in self.port_of]
        backward: list[list[tuple[int, int]]] = [[] for _ in self.port_of]
        between = len(self._walked)  # the arcs begin with those between gadgets; none is there twice
        for index, (a, b) in enumerate(self.arcs):
            cost = 1 if index < between else 0
            forward[a].append((b, cost))
            backward[b].append((a, cost))
        return forward, backward

    def shortest_walk(self, start: int, end: int) -> tuple[Hop, ...] | None:
        """A nonrepetitive walk with the fewest edges from a port node to a port node, or None."""
        nodes = _fewest_hops(*self._costed, start, end)
        if nodes is None:
            return None
        return tuple(self._hop(arc) for arc in itertools.pairwise(nodes) if arc in self._walked)

    def shortest_path(
        self, vertex: Hashable, first: Hashable, end: Hashable, last: Hashable
    ) -> tuple[Hop, ...] | None:
        """Fewest-edge nonrepetitive walk from ``vertex`` by label ``first`` to ``end`` by label ``last``."""
        start, stop = self.out_port(vertex, first), self.in_port(end, last)
        if start is None or stop is None:
            return None
        return self.shortest_walk(start, stop)

    def shortest_cycle(self, vertex: Hashable, first: Hashable, last: Hashable) -> tuple[Hop, ...] | None:
        """Fewest-edge nonrepetitive closed walk out of ``vertex`` by ``first``, back by ``last`` != first."""
        if first == last:
            return None
        return self.shortest_path(vertex, first, vertex, last)

    def cycle_through(self, edge: FlagEdge) -> tuple[Hop, ...] | None:
        """A shortest nonrepetitive closed walk that starts by walking ``edge`` from its first end."""
        u, w, fu, fw = edge
        start, stop = self.in_port(w, fw), self.out_port(u, fu)
        if start is None or stop is None:
            return None
        rest = self.shortest_walk(start, stop)
        return None if rest is None else (Hop(u, w, fu, fw), *rest)


def _fewest_hops(
    forward: list[list[tuple[int, int]]], backward: list[list[tuple[int, int]]], source: int, target: int
) -> list[int] | None:
    """The nodes of a cheapest path, as ``networkx.bidirectional_dijkstra`` finds it, or None.

    Its search step for step (the same expansions, heap ties and meeting node, so the same path among
    the shortest), on lists: building the networkx digraph of a position cost more than its searches
    (on SE's paths, nr(G) of a few hundred nodes is built for each position whose walk is written out).
    """
    if source == target:
        return [source]
    dists: list[dict[int, int]] = [{}, {}]
    preds: list[dict[int, int | None]] = [{source: None}, {target: None}]
    seen: list[dict[int, int]] = [{source: 0}, {target: 0}]
    tie = itertools.count()
    fringe: list[list[tuple[int, int, int]]] = [[(0, next(tie), source)], [(0, next(tie), target)]]
    neighbours = (forward, backward)
    best: int | None = None
    meet = -1
    direction = 1
    while fringe[0] and fringe[1]:
        direction = 1 - direction
        dist, _, node = heapq.heappop(fringe[direction])
        done, here, there = dists[direction], seen[direction], seen[1 - direction]
        if node in done:
            continue
        done[node] = dist
        if node in dists[1 - direction]:
            return _walk_back(preds[0], meet)[::-1] + _walk_back(preds[1], preds[1][meet])
        for other, cost in neighbours[direction][node]:
            length = dist + cost
            if other in done or (other in here and length >= here[other]):
                continue
            here[other] = length
            heapq.heappush(fringe[direction], (length, next(tie), other))
            preds[direction][other] = node
            if other in there and (best is None or best > length + there[other]):
                best, meet = length + there[other], other
    return None


def _walk_back(preds: dict[int, int | None], node: int | None) -> list[int]:
    path = []
    while node is not None:
        path.append(node)
        node = preds[node]
    return path
