"""Forced-arc propagation on the directed graph: Section 7's reduction without the undirected detour.

``undirected_sizes`` gives ``hcp-stats`` the reduced sizes; ``prune_forced`` hands CP-SAT the directed
graph without the arcs the propagation rules out (a cycle of the rest is a cycle of the whole graph).

In the undirected graph every directed vertex i is a path ``in–mid–out``: ``mid`` always has degree 2,
``in`` has degree 2 exactly when i has one arc in, ``out`` when i has one arc out. So the reduction's
edge-deletion rule (a vertex with exactly two degree-2 neighbours keeps only those) is, on the directed
graph, forced-arc propagation: when exactly one head j of i has in-degree 1, every other arc out of i
goes, and the same with in and out swapped. At the fixed point the contraction's counts follow from
degrees alone: with d_in1/d_out1 the vertices of in-/out-degree 1 and L the arcs i→j with out-degree(i)
= in-degree(j) = 1, the reduced graph has 3n − d_in1 − d_out1 − L vertices and 2n + A − d_in1 − d_out1
− L edges (A arcs left). Propagation starts from the blank grid's fixed point and only follows the arcs
the givens remove, which is what makes the whole royle17 file take minutes instead of hours.

Two situations only arise in graphs with no Hamiltonian cycle — a vertex with two forced arcs, or a
cycle of forced arcs — and there the undirected order of rule applications can matter; those graphs
are measured by ``shrink.shrunk_size`` itself, so the counts always equal it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Digit, Geometry
from sudoku_workbench.hcp.numbering import numbering
from sudoku_workbench.hcp.reduction import blank_arcs, given_arcs, undirected_edges
from sudoku_workbench.hcp.shrink import shrunk_size

__all__ = ["prune_forced", "undirected_sizes"]


@dataclass(frozen=True)
class _Blank:
    """The blank grid's arcs as adjacency tuples, and its propagation fixed point."""

    count: int
    heads: tuple[tuple[int, ...], ...]
    tails: tuple[tuple[int, ...], ...]
    arcs: int
    dead: frozenset[int]
    outdeg: tuple[int, ...]
    indeg: tuple[int, ...]


class _State:
    """Mutable degrees and removed arcs (``u * M + v``) of one puzzle's directed graph."""

    def __init__(self, blank: _Blank, dead: set[int], outdeg: list[int], indeg: list[int]) -> None:
        self.blank = blank
        self.key = blank.count + 1
        self.dead = dead
        self.outdeg = outdeg
        self.indeg = indeg
        self.check_out: list[int] = []
        self.check_in: list[int] = []
        self.witness = False

    def live_heads(self, u: int) -> list[int]:
        base, dead = u * self.key, self.dead
        return [v for v in self.blank.heads[u] if base + v not in dead]

    def live_tails(self, v: int) -> list[int]:
        dead, key = self.dead, self.key
        return [u for u in self.blank.tails[v] if u * key + v not in dead]

    def remove(self, u: int, v: int) -> None:
        """Drop arc u→v and queue the rules it may make applicable.

        Only a degree falling to 1 creates a forced arc: then the rule at the other end of that arc is
        checked (a tail whose head now has one arc in, a head whose tail now has one arc out).
        """
        arc = u * self.key + v
        if arc in self.dead:
            return
        self.dead.add(arc)
        self.outdeg[u] -= 1
        self.indeg[v] -= 1
        if self.outdeg[u] == 1:
            self.check_in.extend(self.live_heads(u))
        if self.indeg[v] == 1:
            self.check_out.extend(self.live_tails(v))

    def propagate(self) -> None:
        """Apply both forced-arc rules until neither changes anything."""
        while self.check_out or self.check_in:
            while self.check_out:
                self._force_out(self.check_out.pop())
            while self.check_in:
                self._force_in(self.check_in.pop())

    def _force_out(self, u: int) -> None:
        """If exactly one head of u has one arc in, u's other arcs out go."""
        self._force(u, self.outdeg, self.live_heads, self.indeg, lambda v: self.remove(u, v))

    def _force_in(self, v: int) -> None:
        """If exactly one tail of v has one arc out, v's other arcs in go."""
        self._force(v, self.indeg, self.live_tails, self.outdeg, lambda u: self.remove(u, v))

    def _force(
        self,
        x: int,
        degree: list[int],
        ends: Callable[[int], list[int]],
        end_degree: list[int],
        drop: Callable[[int], None],
    ) -> None:
        """One direction of both rules: x's arcs that way lose all but the one its end depends on.

        Two such ends at once mean no Hamiltonian cycle (``witness``).
        """
        if degree[x] < 2:
            return
        others = ends(x)
        forced = [y for y in others if end_degree[y] == 1]
        if len(forced) > 1:
            self.witness = True
        elif forced:
            for y in others:
                if y != forced[0]:
                    drop(y)

    def forced_links(self) -> int | None:
        """L, the arcs i→j with out-degree(i) = in-degree(j) = 1; None when they close a cycle."""
        outdeg, indeg = self.outdeg, self.indeg
        following: dict[int, int] = {}
        for u in range(1, self.blank.count + 1):
            if outdeg[u] == 1:
                v = self.live_heads(u)[0]
                if indeg[v] == 1:
                    following[u] = v
        done: set[int] = set()
        for start in following:
            path: set[int] = set()
            vertex = start
            while vertex in following and vertex not in done:
                if vertex in path:
                    return None
                path.add(vertex)
                vertex = following[vertex]
            done |= path
        return len(following)


def _closure(count: int, arcs: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> _State:
    """The propagation fixed point of any directed graph on ``1 … count``."""
    heads: list[list[int]] = [[] for _ in range(count + 1)]
    tails: list[list[int]] = [[] for _ in range(count + 1)]
    for u, v in arcs:
        heads[u].append(v)
        tails[v].append(u)
    graph = _Blank(
        count,
        tuple(map(tuple, heads)),
        tuple(map(tuple, tails)),
        len(arcs),
        frozenset(),
        tuple(map(len, heads)),
        tuple(map(len, tails)),
    )
    state = _State(graph, set(), list(graph.outdeg), list(graph.indeg))
    state.check_out.extend(range(1, count + 1))
    state.check_in.extend(range(1, count + 1))
    state.propagate()
    return state


def prune_forced(
    count: int, arcs: tuple[tuple[int, int], ...] | list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The arcs no propagation rule removes, in their order: every Hamiltonian cycle uses only these."""
    state = _closure(count, arcs)
    key, dead = state.key, state.dead
    return [(u, v) for u, v in arcs if u * key + v not in dead]


@functools.cache
def _blank(geo: Geometry) -> _Blank:
    arcs = blank_arcs(geo)
    state = _closure(numbering(geo.n).count, arcs)
    graph = state.blank
    return _Blank(
        graph.count,
        graph.heads,
        graph.tails,
        len(arcs),
        frozenset(state.dead),
        tuple(state.outdeg),
        tuple(state.indeg),
    )


def undirected_sizes(
    geo: Geometry, givens: tuple[Digit, ...], sets: frozenset[int]
) -> tuple[int, int, int, int]:
    """Vertices and edges of a puzzle's undirected graph, before and after Section 7's reduction.

    The same numbers as ``export_graph(…, "undirected")`` and ``shrink.shrunk_size`` of it.
    """
    blank = _blank(geo)
    state = _State(blank, set(blank.dead), list(blank.outdeg), list(blank.indeg))
    removed: set[tuple[int, int]] = set()
    for cell, digit in enumerate(givens):
        if digit:
            removed |= given_arcs(geo, cell, digit, sets)
    for u, v in removed:
        state.remove(u, v)
    state.propagate()
    n = blank.count
    before = (3 * n, 2 * n + blank.arcs - len(removed))
    links = None if state.witness else state.forced_links()
    if links is None:
        return (*before, *_exact(geo, givens, sets))
    in1, out1 = state.indeg.count(1), state.outdeg.count(1)
    arcs = blank.arcs - len(state.dead)
    return (*before, 3 * n - in1 - out1 - links, 2 * n + arcs - in1 - out1 - links)


def _exact(geo: Geometry, givens: tuple[Digit, ...], sets: frozenset[int]) -> tuple[int, int]:
    from sudoku_workbench.hcp.reduction import puzzle_arcs

    count = numbering(geo.n).count
    return shrunk_size(3 * count, undirected_edges(puzzle_arcs(geo, givens, sets), count))
