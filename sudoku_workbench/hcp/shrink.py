"""Section 7's reduction heuristic, keeping the way back to the unreduced graph.

The paper repeats two rules until neither applies: two adjacent degree-2 vertices are contracted into
one, and a vertex with two degree-2 neighbours loses its other edges (a Hamiltonian cycle must use both
forced edges). Contraction never changes which vertices have degree 2 or which of their neighbours do,
so the same fixed point is reached in two passes: first delete edges by the second rule until nothing
changes, then collapse each maximal path of degree-2 vertices into one vertex. The paths are kept, and
every reduced edge remembers the original edge it is, so a tour of the reduced graph expands back.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Shrunk", "shrink", "shrunk_size"]

Edge = tuple[int, int]


@dataclass(frozen=True)
class Shrunk:
    """A reduced graph on ``1 … dimension`` and its map back to the original numbering.

    ``paths[v - 1]`` is the original path reduced vertex v stands for; :meth:`link` gives the original
    edge a reduced edge is. ``links`` holds it only for the edges with an end on a longer path: between
    two lone vertices it is the edge of those two (most of a 25x25's 450,000; 50 MB kept apart).
    """

    dimension: int
    edges: tuple[Edge, ...]
    paths: tuple[tuple[int, ...], ...]
    links: dict[Edge, Edge]

    def link(self, edge: Edge) -> Edge:
        """The original edge ``(end in a's path, end in b's path)`` reduced edge ``(a, b)``, a < b, is."""
        found = self.links.get(edge)
        return found if found is not None else (self.paths[edge[0] - 1][0], self.paths[edge[1] - 1][0])


def _adjacency(dimension: int, edges: list[Edge] | tuple[Edge, ...]) -> list[set[int]]:
    adj: list[set[int]] = [set() for _ in range(dimension + 1)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    return adj


def _drop_unusable_edges(adj: list[set[int]]) -> None:
    """Rule 2 to a fixed point: a vertex with exactly two degree-2 neighbours keeps only those edges.

    A vertex with three or more degree-2 neighbours proves the graph non-Hamiltonian; it is left alone.
    """
    pending = list(range(len(adj) - 1, 0, -1))
    while pending:
        u = pending.pop()
        neighbours = adj[u]
        if len(neighbours) <= 2:
            continue
        forced = [v for v in neighbours if len(adj[v]) == 2]
        if len(forced) != 2:
            continue
        for w in neighbours.difference(forced):
            adj[w].discard(u)
            pending.append(w)
            pending.extend(adj[w])
        adj[u] = set(forced)
        pending.extend(forced)


def _chain_from(adj: list[set[int]], start: int, taken: list[bool]) -> list[int]:
    """The maximal path of untaken degree-2 vertices through ``start``, in path order."""
    taken[start] = True
    halves: list[list[int]] = []
    for first in adj[start]:
        half: list[int] = []
        previous, current = start, first
        while len(adj[current]) == 2 and not taken[current]:
            taken[current] = True
            half.append(current)
            (previous, current) = current, next(v for v in adj[current] if v != previous)
        halves.append(half)
    if len(halves) < 2:  # degree 2 was checked by the caller; keeps mypy and odd inputs happy
        halves.append([])
    return [*reversed(halves[0]), start, *halves[1]]


def _groups(adj: list[set[int]]) -> list[tuple[int, ...]]:
    """The reduced vertices: each maximal degree-2 path, and every other vertex on its own.

    A path whose two ends meet the same vertex is split in two (the paper's pairwise contraction stops at
    that triangle too); a component that is a bare cycle is left uncontracted.
    """
    taken = [False] * len(adj)
    groups: list[tuple[int, ...]] = []
    for vertex in range(1, len(adj)):
        if taken[vertex]:
            continue
        if len(adj[vertex]) != 2:
            taken[vertex] = True
            groups.append((vertex,))
            continue
        chain = _chain_from(adj, vertex, taken)
        members = set(chain)
        outside = {v for end in (chain[0], chain[-1]) for v in adj[end] if v not in members}
        if not outside:
            groups.extend((v,) for v in chain)
        elif len(chain) > 1 and len(outside) == 1:
            middle = len(chain) // 2
            groups += [tuple(chain[:middle]), tuple(chain[middle:])]
        else:
            groups.append(tuple(chain))
    return groups


def shrink(dimension: int, edges: list[Edge] | tuple[Edge, ...]) -> Shrunk:
    """Reduce an undirected graph on ``1 … dimension`` (see the module docstring)."""
    adj = _adjacency(dimension, edges)
    _drop_unusable_edges(adj)
    paths = tuple(sorted(_groups(adj), key=min))
    owner = [0] * (dimension + 1)
    for index, path in enumerate(paths, 1):
        for vertex in path:
            owner[vertex] = index
    links: dict[Edge, Edge] = {}
    plain: list[Edge] = []
    read: set[int] = set()  # one empty set for every vertex done: the links grow as the sets go
    for u in range(1, dimension + 1):
        for v in adj[u]:
            a, b = owner[u], owner[v]
            if a < b:
                edge = (a, b)
                if len(paths[a - 1]) > 1 or len(paths[b - 1]) > 1:
                    links[edge] = (u, v)
                else:  # two lone vertices: met once (a set holds each neighbour once)
                    plain.append(edge)
        adj[u] = read  # a near-empty 25x25's sets are 78 MB, its links 100 MB
    return Shrunk(len(paths), tuple(sorted([*plain, *links])), paths, links)


def shrunk_size(dimension: int, edges: list[Edge] | tuple[Edge, ...]) -> tuple[int, int]:
    """Vertices and edges :func:`shrink` would leave, without building the map back (for statistics)."""
    adj = _adjacency(dimension, edges)
    _drop_unusable_edges(adj)
    groups = _groups(adj)
    remaining = sum(len(neighbours) for neighbours in adj) // 2
    internal = sum(len(group) - 1 for group in groups)
    return len(groups), remaining - internal
