"""The search for alternating inference chains over the links of :mod:`~.aic_graph`.

The search is breadth-first from every single-candidate node with a strong link, over nodes that can
carry a chain on, so each chain found is a shortest one from its start; short chains come before long
ones. A chain that starts and ends with a strong link proves that one of its ends is true; what that
removes is worked out here, and :mod:`~sudoku_workbench.logic.chains.nice_loops` turns it into steps.
"""

from __future__ import annotations

import array
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass
from typing import TypeAlias

from sudoku_workbench.core.geometry import Candidate
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.chains._aic_kernel import compiled_search
from sudoku_workbench.logic.chains.aic_graph import ChainGraph, Node, chain_graph, strong_states, weak_states
from sudoku_workbench.logic.shared._digit_links import (
    DigitLinks,
    bits_of,
    common_peers,
    digit_links,
    lowest_cell,
)

__all__ = ["LONGEST", "SHORT", "Found", "found_chains"]

#: Strong links per chain tried in the first pass, and at most.
SHORT, LONGEST = 4, 14

#: A walk's parent of each state (states as in :class:`ChainGraph`): UNSEEN if not reached, -1 at the
#: start. An array indexed by state is cheaper to ask and fill than a dict, and unlike a list the
#: garbage collector does not scan it (a search keeps a table per start it may carry on from).
_Parents: TypeAlias = "array.array[int]"
UNSEEN = -2
#: Where a walk stopped at its depth limit: its parents, its last layer of states, and the next hop.
_Stop = tuple[_Parents, list[int], int]


def _walk(
    links: DigitLinks,
    graph: ChainGraph,
    start: Node,
    limit: int,
    cut: dict[Node, _Stop],
    wanted: Callable[[Node], bool],
) -> Iterator[tuple[Node, _Parents]]:
    """From "start is false": each node forced true, with the walk's parent table.

    Only the nodes ``wanted`` accepts are handed out (asked inside the walk: most are not, and a
    generator's round trip per node cost more than the test).
    States alternate off, on, off, … along every link, so the breadth-first order is layer by layer:
    each layer of "on" states is one strong link deeper (no queue, no depth per state).
    When the depth limit stops the walk, where it stopped goes into ``cut`` under ``start``; a longer
    walk from it carries on from there (the same order as from scratch, without yielding twice).
    """
    nodes = graph.nodes
    adjacent = graph.adjacent

    def expand(state: int) -> tuple[int, ...]:
        return weak_states(links, graph, state >> 1) if state & 1 else strong_states(graph, state >> 1)

    first, unseen = graph.ids[start] << 1, UNSEEN
    if start in cut:
        parent, layer, begin = cut.pop(start)
    else:
        parent, layer, begin = array.array("i", [UNSEEN]) * (2 * len(nodes)), [first], 0
        parent[first] = -1
    for hop in range(begin, 2 * limit):  # even hops: off → on over strong links; odd: on → off over weak
        reached = []
        for state in layer:
            nexts = adjacent[state]
            if nexts is None:
                nexts = adjacent[state] = expand(state)
            for after in nexts:
                if parent[after] == unseen:
                    parent[after] = state
                    reached.append(after)
        if not reached:
            return
        if not hop & 1:  # "on" states, after hop // 2 + 1 strong links
            for after in reached:
                if wanted(nodes[after >> 1]):
                    yield nodes[after >> 1], parent
        layer = reached
    cut[start] = (parent, layer, 2 * limit)


def _path(graph: ChainGraph, parent: _Parents, end: Node) -> tuple[Node, ...] | None:
    """The chain (off, on, off, …, on) to ``end``; None if it passes a node twice (bar a loop's start)."""
    path: list[int] = []
    key = graph.ids[end] << 1 | 1
    while key >= 0:  # (never UNSEEN: every state on the way was reached)
        path.append(key >> 1)
        key = parent[key]
    distinct = len(set(path))
    if distinct == len(path) or (distinct == len(path) - 1 and path[0] == path[-1]):
        return tuple([graph.nodes[i] for i in reversed(path)])
    return None


def _weakly_linked(links: DigitLinks, a: Node, b: Node) -> bool:
    if a[0] == b[0]:
        return not a[1] & b[1] and not b[1] & ~common_peers(links.peers, a[1])
    return a[1] == b[1] and a[1].bit_count() == 1


def _pair_eliminations(
    links: DigitLinks, cands: tuple[int, ...], a: Node, b: Node, skip: int
) -> set[Candidate]:
    """Candidates weakly linked to both nodes, when one of the two is true (cells in ``skip`` kept)."""
    (x, ma), (y, mb) = a, b
    if x == y:
        victims = common_peers(links.peers, ma | mb) & links.holders[x] & ~skip
        return {(c, x) for c in bits_of(victims)}
    if ma.bit_count() != 1 or mb.bit_count() != 1:
        return set()
    ca, cb = lowest_cell(ma), lowest_cell(mb)
    if ca == cb:
        return {(ca, d + 1) for d in bits_of(cands[ca] & ~(1 << (x - 1)) & ~(1 << (y - 1)))}
    if not links.peers[ca] >> cb & 1:
        return set()
    found = set()
    if cands[cb] >> (x - 1) & 1:
        found.add((cb, x))
    if cands[ca] >> (y - 1) & 1:
        found.add((ca, y))
    return found


@dataclass(frozen=True)
class Found:
    """A chain (nodes off, on, off, on, …) and what it proves."""

    nodes: tuple[Node, ...]
    kind: str
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]


def _conclusions(links: DigitLinks, cands: tuple[int, ...], path: tuple[Node, ...]) -> Found | None:
    start, end = path[0], path[-1]
    skip = 0
    for _digit, mask in path:
        skip |= mask
    if start == end:
        if start[1].bit_count() == 1:
            return Found(path[:-1], "discontinuous", ((lowest_cell(start[1]), start[0]),), ())
        return None
    if _weakly_linked(links, start, end):
        loop = (*path, start)
        gone: set[Candidate] = set()
        for i in range(0, len(loop) - 1, 2):  # on → off links (end → start closes the loop)
            a, b = loop[i - 1] if i else end, loop[i]
            gone |= _pair_eliminations(links, cands, a, b, skip)
        gone = {c for c in gone if not _on_chain(c, path)}
        return Found(path, "continuous", (), tuple(sorted(gone))) if gone else None
    gone = {c for c in _pair_eliminations(links, cands, start, end, skip) if not _on_chain(c, path)}
    return Found(path, "chain", (), tuple(sorted(gone))) if gone else None


def _on_chain(candidate: Candidate, path: tuple[Node, ...]) -> bool:
    cell, digit = candidate
    return any(d == digit and mask >> cell & 1 for d, mask in path)


def _promising(
    links: DigitLinks, cands: tuple[int, ...], start: Node, seen_by: dict[int, int]
) -> Callable[[Node], bool]:
    """A cheap test that ``start`` and an end can conclude anything (before the chain is traced).

    It is asked for every node a walk reaches, so what depends on ``start`` alone is worked out once;
    ``seen_by`` remembers, per cell mask, the cells that see all of it.
    """
    peers = links.peers
    x, ma = start
    seen_a = common_peers(peers, ma)
    holders_x = links.holders[x]
    # Another digit y ends a useful chain in a's cell, or in a cell seeing it that holds x (x leaves
    # it) or any cell seeing it when a's cell holds y (y leaves a's cell).
    digits_a = cands[lowest_cell(ma)] << 1
    near_any = ma | seen_a
    near_x = ma | seen_a & holders_x

    def promising(end: Node) -> bool:
        y, mb = end
        if x == y:
            if mb == ma:
                return True
            if mb not in seen_by:
                seen_by[mb] = common_peers(peers, mb)
            return not mb & ~seen_a or bool(seen_a & seen_by[mb] & holders_x)
        return not mb & (mb - 1) and bool(mb & (near_any if digits_a >> y & 1 else near_x))

    return promising


def found_chains(grid: Grid) -> Iterator[Found]:
    """Every chain that proves something new, shortest first from each start (up to LONGEST links)."""
    # Asked once: a search resumed after the engine moved on must not rebuild the tables of the new grid.
    links, cands = digit_links(grid), grid.candidates
    seen: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
    starts, chains, cut = _search(grid, links)
    for limit in (SHORT, LONGEST):
        for path in chains(starts if limit == SHORT else [s for s in starts if s in cut], limit):
            found = _conclusions(links, cands, path)
            if found is not None and (found.placements, found.eliminations) not in seen:
                seen.add((found.placements, found.eliminations))
                yield found


#: The chains (start first) of some starts' walks up to a limit of strong links, start after start, each
#: walk in its order; a start cut at a shorter limit before carries on from there.
_Chains = Callable[[list[Node], int], Iterator[tuple[Node, ...]]]


def _search(grid: Grid, links: DigitLinks) -> tuple[list[Node], _Chains, Container[Node]]:
    """The starts, sorted, and their chains: the compiled search's when there is one, else Python's.

    Chains start at single candidates: a chain between two groups is no use to anyone reading it.
    The compiled walk hands back only the chains that prove something, Python's every one; both come
    with the starts whose walk stopped at its limit (a longer walk from them carries on from there).
    """
    compiled = compiled_search(grid, links)
    if compiled is not None:
        starts, numbers, walk_on = compiled
        stopped_at: dict[Node, int] = {}

        def compiled_chains(pass_starts: list[Node], limit: int) -> Iterator[tuple[Node, ...]]:
            # One call walks on to the next start with a chain: most starts have none.
            ids = tuple([numbers[start] for start in pass_starts])
            begins = tuple([stopped_at.pop(start, 0) for start in pass_starts])
            first = 0
            while first < len(ids):
                index, found, stopped = walk_on(ids, begins, first, 2 * limit)
                for k in stopped:
                    stopped_at[pass_starts[k]] = 2 * limit
                yield from found
                first = index + 1

        return starts, compiled_chains, stopped_at
    graph = chain_graph(grid)
    cands = grid.candidates
    seen_by: dict[int, int] = {}
    cut: dict[Node, _Stop] = {}

    def walked(pass_starts: list[Node], limit: int) -> Iterator[tuple[Node, ...]]:
        for start in pass_starts:
            promising = _promising(links, cands, start, seen_by)
            for end, parent in _walk(links, graph, start, limit, cut, promising):
                path = _path(graph, parent, end)
                if path is not None:
                    yield path

    return sorted(node for node in graph.nodes if node[1].bit_count() == 1), walked, cut
