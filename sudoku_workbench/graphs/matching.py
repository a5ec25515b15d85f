"""Bipartite matchings of a position and the edges no perfect matching can use (networkx).

Two kinds of bipartite graph matter to Sudoku: the cells of a unit against the digits they may take
(Dr. Dobb's "permutation bipartite graph"), and, for one digit, the rows against the columns where it
may go (Eppstein). Either way a solution is a perfect matching, so an edge that lies in no perfect
matching is a candidate that can be removed. Given one perfect matching, orient matched edges left→right
and the others right→left: an unmatched edge lies in some perfect matching exactly when both ends are
in the same strongly connected component.

Graphs are described by ``masks``: ``masks[i]`` has bit ``j`` set when left node ``i`` is joined to
right node ``j``. Results are cached by those masks, since a solver asks again and again about units
that have not changed since the last step.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx
from networkx.algorithms import bipartite

from sudoku_workbench.core.geometry import Cell, Digit
from sudoku_workbench.core.grid import Grid, digits_of_mask

__all__ = [
    "BipartiteAnalysis",
    "analyse",
    "bipartite_graph",
    "digit_graph_masks",
    "forget_matchings",
    "hall_closure",
    "has_removable_edge",
    "is_perfect",
    "maximum_matching",
    "removable_edges",
    "unit_graph_masks",
]


@dataclass(frozen=True)
class BipartiteAnalysis:
    """A maximum matching and, when it is perfect, the edges that lie in no perfect matching.

    ``mate[i]`` is the right node matched to left node ``i`` (-1 when unmatched); ``removable`` lists
    ``(left, right)`` pairs, sorted.
    """

    mate: tuple[int, ...]
    perfect: bool
    removable: tuple[tuple[int, int], ...]


def _left(i: int) -> tuple[str, int]:
    return ("L", i)


def _right(j: int) -> tuple[str, int]:
    return ("R", j)


def bipartite_graph(masks: Sequence[int]) -> nx.Graph:
    """The graph with left nodes ``i`` and right nodes ``len(masks) + j``, an edge per set bit.

    The nodes are plain ints so that the sets networkx keeps of them iterate in the same order in every
    run: tuples holding strings hash differently per process (``PYTHONHASHSEED``), and Hopcroft–Karp
    walks its left set in that order, so the matching it found, shown with Chain Exclusion's steps,
    changed from run to run.
    """
    n = len(masks)
    graph = nx.Graph()
    right_count = max((m.bit_length() for m in masks), default=0)
    graph.add_nodes_from(range(n), bipartite=0)
    graph.add_nodes_from(range(n, n + right_count), bipartite=1)
    graph.add_edges_from((i, n + d - 1) for i, m in enumerate(masks) for d in digits_of_mask(m))
    return graph


#: Last perfect matching seen per graph key (a unit's open cells, a digit's rows), reused while valid.
_HINTS: dict[object, tuple[int, ...]] = {}
_HINT_LIMIT = 20000


def _still_perfect(masks: Sequence[int], mate: Sequence[int]) -> bool:
    return len(mate) == len(masks) and all(
        m >= 0 and mask >> m & 1 for mask, m in zip(masks, mate, strict=True)
    )


def maximum_matching(masks: tuple[int, ...], key: object = None) -> tuple[int, ...]:
    """A maximum matching, ``mate[i]`` = right node of left node ``i`` or -1 (Hopcroft–Karp).

    With a ``key`` naming the graph, the matching found last time for that key is reused when every
    one of its edges is still present: a perfect matching stays perfect when other edges go.
    """
    if key is not None:
        hint = _HINTS.get(key)
        if hint is not None and _still_perfect(masks, hint):
            return hint
    n = len(masks)
    matching = bipartite.hopcroft_karp_matching(bipartite_graph(masks), top_nodes=range(n))
    mate = tuple(matching[i] - n if i in matching else -1 for i in range(n))
    if key is not None:
        if len(_HINTS) > _HINT_LIMIT:
            _HINTS.clear()
        _HINTS[key] = mate
    return mate


def forget_matchings() -> None:
    """Drop the remembered matchings and analyses (benchmarks call this between passes)."""
    _HINTS.clear()
    removable_edges.cache_clear()
    has_removable_edge.cache_clear()


def is_perfect(masks: Sequence[int], mate: Sequence[int]) -> bool:
    """True when the matching covers every left node and there are as many right nodes in use."""
    right_used = functools.reduce(lambda acc, m: acc | m, masks, 0)
    return -1 not in mate and len(masks) == right_used.bit_count()


@functools.lru_cache(maxsize=16384)
def removable_edges(masks: tuple[int, ...], mate: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The edges ``(left, right)`` in no perfect matching, given a perfect one (strong components)."""
    oriented = nx.DiGraph()
    oriented.add_edges_from(
        (_left(i), _right(d - 1)) if mate[i] == d - 1 else (_right(d - 1), _left(i))
        for i, mask in enumerate(masks)
        for d in digits_of_mask(mask)
    )
    component = {}
    for number, nodes in enumerate(nx.strongly_connected_components(oriented)):
        for node in nodes:
            component[node] = number
    return tuple(
        (i, d - 1)
        for i, mask in enumerate(masks)
        for d in digits_of_mask(mask)
        if mate[i] != d - 1 and component[_left(i)] != component[_right(d - 1)]
    )


@functools.lru_cache(maxsize=16384)
def has_removable_edge(masks: tuple[int, ...]) -> bool:
    """True when the graph has a perfect matching and an edge that lies in none.

    Both are facts of the graph, whichever matching is found, so this small check on plain bit masks
    answers the common "nothing to remove" case without building a networkx graph (the rules that show
    a matching still take theirs from :func:`maximum_matching`). Cached, as most units keep their
    candidates from one step to the next.
    """
    if functools.reduce(operator.or_, masks, 0).bit_count() != len(masks):
        return False
    owner = _perfect_owners(masks)
    if owner is None:
        return False
    mate = [0] * len(masks)
    for right, left in enumerate(owner):
        if left >= 0:
            mate[left] = right
    reach = _reach(masks, owner, mate)
    # An unmatched edge (i, j) lies on a perfect matching when i is reached from j's owner (an
    # alternating cycle through it).
    for i, mask in enumerate(masks):
        rest = mask & ~(1 << mate[i])
        while rest:
            low = rest & -rest
            if not reach[owner[low.bit_length() - 1]] >> i & 1:
                return True
            rest ^= low
    return False


def _reach(masks: Sequence[int], owner: list[int], mate: list[int]) -> list[int]:
    """Per left node i, the left nodes it leads to, as a mask.

    i takes another right node from that node's owner, who takes another from its owner, and so on
    (closed Warshall's way, one pass per node).
    """
    reach = []
    for i, mask in enumerate(masks):
        rest, cells = mask & ~(1 << mate[i]), 0
        while rest:
            low = rest & -rest
            cells |= 1 << owner[low.bit_length() - 1]
            rest ^= low
        reach.append(cells)
    for k, through in enumerate(reach):
        bit = 1 << k
        for i, cells in enumerate(reach):
            if cells & bit:
                reach[i] = cells | through
    return reach


def _perfect_owners(masks: Sequence[int]) -> list[int] | None:
    """A matching of every left node, as the left node of each right node (-1: none), or None.

    Kuhn's augmenting paths, on bit masks.
    """
    owner = [-1] * functools.reduce(operator.or_, masks, 0).bit_length()
    for left in range(len(masks)):
        if not _augment(masks, owner, left, [0]):
            return None
    return owner


def _augment(masks: Sequence[int], owner: list[int], left: int, seen: list[int]) -> bool:
    """Match ``left``, moving matched left nodes along an augmenting path (``seen``: rights tried)."""
    free = masks[left] & ~seen[0]
    while free:
        low = free & -free
        free ^= low
        if seen[0] & low:
            continue  # tried deeper down this search
        seen[0] |= low
        right = low.bit_length() - 1
        other = owner[right]
        if other < 0 or _augment(masks, owner, other, seen):
            owner[right] = left
            return True
    return False


def analyse(masks: tuple[int, ...], key: object = None) -> BipartiteAnalysis:
    """Maximum matching and, when it is perfect, the edges in no perfect matching."""
    mate = maximum_matching(masks, key)
    if not is_perfect(masks, mate):
        return BipartiteAnalysis(mate, False, ())
    if not has_removable_edge(masks):  # the common case, without building the oriented graph
        return BipartiteAnalysis(mate, True, ())
    return BipartiteAnalysis(mate, True, removable_edges(masks, mate))


def hall_closure(masks: Sequence[int], mate: Sequence[int], start: int) -> tuple[int, int]:
    """The smallest set S of left nodes containing ``start`` that is matched onto all its neighbours.

    Grows S by adding the mates of every right node S reaches (Dr. Dobb's chain search). Returns
    ``(S, T)`` as bit masks over left and right nodes; with a perfect matching ``|S| = |T|``.
    """
    owner = {j: i for i, j in enumerate(mate) if j >= 0}
    left_set, right_set = 1 << start, 0
    frontier = [start]
    while frontier:
        i = frontier.pop()
        fresh = masks[i] & ~right_set
        right_set |= fresh
        for d in digits_of_mask(fresh):
            partner = owner.get(d - 1)
            if partner is not None and not left_set >> partner & 1:
                left_set |= 1 << partner
                frontier.append(partner)
    return left_set, right_set


def unit_graph_masks(grid: Grid, unit: int) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
    """The open cells of a unit and their candidate masks: the unit's cell–digit bipartite graph."""
    cands = grid.candidates
    cells = tuple(c for c in grid.geometry.units[unit] if cands[c])
    return cells, tuple(cands[c] for c in cells)


def digit_graph_masks(grid: Grid, digit: Digit) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rows still lacking ``digit`` and, per row, the mask of columns where it may go."""
    placed, places = _row_tables(grid)
    index = digit - 1
    rows = tuple(row for row, used in enumerate(placed) if not used >> index & 1)
    return rows, tuple(places[row][index] for row in rows)


_last_rows: tuple[Grid | None, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = (None, ((), ()))


def _row_tables(grid: Grid) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per row, the mask of digits placed and, per digit, the columns open to it (kept for the last grid).

    Every digit's graph is read from the same grid in a row, so one pass over the cells serves all N.
    """
    global _last_rows
    cached = _last_rows  # read once: another thread may hand over its own grid in between
    if cached[0] is grid:
        return cached[1]
    geo = grid.geometry
    values, cands = grid.values, grid.candidates
    placed, places = [], []
    for cells in geo.rows:
        used = 0
        where = [0] * geo.n
        for col, cell in enumerate(cells):
            if values[cell]:
                used |= 1 << (values[cell] - 1)
            mask = cands[cell]
            while mask:
                low = mask & -mask
                where[low.bit_length() - 1] |= 1 << col
                mask ^= low
        placed.append(used)
        places.append(tuple(where))
    tables = (tuple(placed), tuple(places))
    _last_rows = (grid, tables)
    return tables
