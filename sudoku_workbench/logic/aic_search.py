"""The search for alternating inference chains, with grouped nodes and almost locked sets.

A *node* is a digit in one cell, or a digit in a group of two or more cells where a line meets a box
("d is in one of these cells"). Nodes are joined by

* **strong links** (at least one end is true): the only two places for d in a unit (either place may be
  a group), the two candidates of a cell that holds only two — the edges of the bilocation and bivalue
  graphs the graph pane draws — or two digits of an almost locked set;
* **weak links** (not both ends are true): two digits of one cell, or one digit in two nodes whose cells
  all see each other.

The search is breadth-first from every single-candidate node with a strong link, over nodes that can
carry a chain on, so each chain found is a shortest one from its start; short chains come before long
ones. :mod:`~sudoku_workbench.logic.nice_loops` turns what a chain proves into steps.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Digit
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic._digit_links import bits_of, common_peers, digit_links, lowest_cell
from sudoku_workbench.logic._positions import intersections, unit_positions
from sudoku_workbench.logic.als import almost_locked_sets

__all__ = ["LONGEST", "MAX_ALS_CELLS", "SHORT", "Found", "Node", "als_link_cells", "found_chains"]

#: Strong links per chain tried in the first pass, and at most.
SHORT, LONGEST = 4, 14
#: Largest almost locked set used as a chain node.
MAX_ALS_CELLS = 5

#: A node: (digit, cell mask); one bit for a single candidate, more for a group.
Node = tuple[Digit, int]


@dataclass(frozen=True)
class _Graph:
    """The strong links of a position by node, and the grouped nodes of each digit.

    The walks number the nodes with a strong link and use states ``2 * number + on`` (ints hash far
    faster than nested tuples, and a walk looks up hundreds of states).
    """

    #: The number of each node with a strong link, in the order the links were met.
    ids: dict[Node, int]
    #: The nodes by number.
    nodes: tuple[Node, ...]
    #: Each node's partners by the links of units and two-candidate cells, an ordered set.
    links: dict[Node, dict[Node, None]]
    #: The nodes of each almost locked set used (in the order met), and the sets each node is in.
    als_nodes: tuple[tuple[tuple[Node, ...], int], ...]
    als_of: dict[Node, list[int]]
    #: The strong partners of each node (by number) as "on" states, filled in as the walks ask:
    #: the partners in ``links``, then the other nodes of each almost locked set the node is in.
    strong: list[tuple[int, ...] | None]
    groups: tuple[tuple[int, ...], ...]
    #: Per digit, the indices into ``groups`` by each group's lowest cell (a group inside the cells
    #: that see a node starts at one of them; there are many groups, as almost locked sets add theirs).
    group_starts: tuple[dict[Cell, list[int]], ...]
    #: Per digit, the cells some group starts at (a mask).
    group_cells: tuple[int, ...]
    #: Weak neighbours (as "off" states) of each node (by number), filled in as the walks ask.
    weak: list[tuple[int, ...] | None]
    #: Per digit, the cells whose single candidate has a strong link (a mask).
    singles: tuple[int, ...]


def _pieces(cells: tuple[Cell, ...], mask: int, key: tuple[int, ...]) -> list[int] | None:
    """The places (bit positions into ``cells``) split by ``key`` (box or line of each cell)."""
    parts: dict[int, int] = {}
    for index in bits_of(mask):
        cell = cells[index]
        parts[key[cell]] = parts.get(key[cell], 0) | 1 << cell
    return list(parts.values()) if len(parts) == 2 else None


@functools.lru_cache(maxsize=4)
def _graph(grid: Grid) -> _Graph:
    geo = grid.geometry
    n = geo.n
    cands = grid.candidates
    # Each node's partners as an ordered set: a link met twice keeps its first place.
    strong: dict[Node, dict[Node, None]] = {}

    def join(a: Node, b: Node) -> None:
        strong.setdefault(a, {})[b] = None
        strong.setdefault(b, {})[a] = None

    _unit_links(grid, join)
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            low = mask & -mask
            join((low.bit_length(), 1 << cell), ((mask ^ low).bit_length(), 1 << cell))
    groups: list[list[int]] = [[] for _ in range(n + 1)]
    als_nodes, als_of = _als_nodes(grid, strong, groups)
    holders = digit_links(grid).holders
    for inter in intersections(geo):
        inside = sum(1 << c for c in inter.cells)
        for digit in range(1, n + 1):
            group = holders[digit] & inside
            if group.bit_count() >= 2 and (digit, group) in strong:
                groups[digit].append(group)
    ids = {node: i for i, node in enumerate(strong)}
    unique_groups = tuple(tuple(dict.fromkeys(g)) for g in groups)
    group_starts: list[dict[Cell, list[int]]] = [{} for _ in range(n + 1)]
    for digit, masks in enumerate(unique_groups):
        for index, group in enumerate(masks):
            group_starts[digit].setdefault(lowest_cell(group), []).append(index)
    singles = [0] * (n + 1)
    for digit, mask in strong:
        if mask.bit_count() == 1:
            singles[digit] |= mask
    return _Graph(
        ids,
        tuple(strong),
        strong,
        als_nodes,
        als_of,
        [None] * len(ids),
        unique_groups,
        tuple(group_starts),
        tuple(sum(1 << cell for cell in starts) for starts in group_starts),
        [None] * len(ids),
        tuple(singles),
    )


def _unit_links(grid: Grid, join: Callable[[Node, Node], None]) -> None:
    """Strong links from units: the only two places for a digit, either of which may be a group."""
    geo = grid.geometry
    n = geo.n
    for unit, spots in enumerate(unit_positions(grid)):
        cells = geo.units[unit]
        for index, mask in enumerate(spots):
            count = mask.bit_count()
            digit = index + 1
            if count == 2:
                a, b = (cells[i] for i in bits_of(mask))
                join((digit, 1 << a), (digit, 1 << b))
            elif count > 2:
                keys = (geo.box_of,) if unit < 2 * n else (geo.row_of, geo.col_of)
                for key in keys:
                    pieces = _pieces(cells, mask, key)
                    if pieces is not None:
                        join((digit, pieces[0]), (digit, pieces[1]))


def _als_nodes(
    grid: Grid, strong: dict[Node, dict[Node, None]], groups: list[list[int]]
) -> tuple[tuple[tuple[tuple[Node, ...], int], ...], dict[Node, list[int]]]:
    """The nodes of almost locked sets of two or more cells, any two strongly linked.

    ("x is in the set, or else z is"). Each node gets a place in ``strong`` (so a number, and a place
    in the start list); its links are only made when a walk asks (:func:`_strong`): there are many
    sets, of up to 15 links each, and most searches stop at their first chain.
    """
    used: list[tuple[tuple[Node, ...], int]] = []
    als_of: dict[Node, list[int]] = {}
    for als in almost_locked_sets(grid):
        size = als.cells.bit_count()
        if size < 2 or size > MAX_ALS_CELLS:
            continue
        nodes = als.nodes
        for node in nodes:
            strong.setdefault(node, {})
            als_of.setdefault(node, []).append(len(used))
            if node[1].bit_count() > 1:
                groups[node[0]].append(node[1])
        used.append((nodes, als.cells))
    return tuple(used), als_of


def _strong(graph: _Graph, number: int) -> tuple[int, ...]:
    """A node's strong partners as "on" states, in the order the links were met.

    Those of units and cells, then the other nodes of each set it is in; a link met again keeps its
    first place.
    """
    node = graph.nodes[number]
    ends = dict(graph.links[node])
    for index in graph.als_of.get(node, ()):
        for other in graph.als_nodes[index][0]:
            if other != node:
                ends[other] = None
    ids = graph.ids
    return tuple([ids[end] << 1 | 1 for end in ends])


def _weak(grid: Grid, graph: _Graph, node: Node) -> tuple[int, ...]:
    """The nodes with a strong link that are weakly linked to ``node``, as "off" states.

    Same digit in cells that see all of ``node`` (single cells, then groups), then the cell's other digits.
    """
    digit, mask = node
    links = digit_links(grid)
    singles = graph.singles
    seen = common_peers(links.peers, mask) & links.holders[digit]
    found = [(digit, 1 << cell) for cell in bits_of(seen & singles[digit])]
    groups, starts = graph.groups[digit], graph.group_starts[digit]
    first_cells = seen & graph.group_cells[digit]
    if first_cells:
        inside = sorted(i for cell in bits_of(first_cells) for i in starts[cell] if not groups[i] & ~seen)
        found += [(digit, groups[i]) for i in inside]
    if mask.bit_count() == 1:
        cell = lowest_cell(mask)
        others = grid.candidates[cell] & ~(1 << (digit - 1))
        found += [(d + 1, mask) for d in bits_of(others) if singles[d + 1] >> cell & 1]
    ids = graph.ids
    return tuple([ids[node] << 1 for node in found])


#: A walk's parent of each state it reached (states as in :class:`_Graph`).
_Parents = dict[int, int | None]


def _walk(
    grid: Grid,
    start: Node,
    limit: int,
    cut: set[Node],
    shallow: int,
    wanted: Callable[[Node], bool],
) -> Iterator[tuple[Node, _Parents]]:
    """From "start is false": each node forced true after more than ``shallow`` strong links.

    Only the nodes ``wanted`` accepts are handed out (asked inside the walk: most are not, and a
    generator's round trip per node cost more than the test).
    Each comes with the walk's parent table; a second, longer walk skips what the first one yielded.
    When the depth limit stops the walk anywhere, ``start`` is added to ``cut`` (a longer walk from it
    could find more; one that was never cut finds nothing new).
    """
    graph = _graph(grid)
    weak, strong, nodes = graph.weak, graph.strong, graph.nodes
    first = graph.ids[start] << 1
    parent: _Parents = {first: None}
    queue = deque([(first, 0)])
    popleft, append = queue.popleft, queue.append
    while queue:
        state, depth = popleft()
        node = state >> 1
        if state & 1:  # on → off over weak links: nothing to yield, the depth stays
            nexts = weak[node]
            if nexts is None:
                nexts = weak[node] = _weak(grid, graph, nodes[node])
            for after in nexts:
                if after not in parent:
                    parent[after] = state
                    append((after, depth))
        elif depth < limit:  # off → on over strong links: one link more, each reached node yielded
            depth += 1
            nexts = strong[node]
            if nexts is None:
                nexts = strong[node] = _strong(graph, node)
            for after in nexts:
                if after not in parent:
                    parent[after] = state
                    append((after, depth))
                    if depth > shallow and wanted(nodes[after >> 1]):
                        yield nodes[after >> 1], parent
        else:
            cut.add(start)


def _path(graph: _Graph, parent: _Parents, end: Node) -> tuple[Node, ...] | None:
    """The chain (off, on, off, …, on) to ``end``; None if it passes a node twice (bar a loop's start)."""
    path: list[int] = []
    key: int | None = graph.ids[end] << 1 | 1
    while key is not None:
        path.append(key >> 1)
        key = parent[key]
    distinct = len(set(path))
    if distinct == len(path) or (distinct == len(path) - 1 and path[0] == path[-1]):
        return tuple([graph.nodes[i] for i in reversed(path)])
    return None


def _sees_all(grid: Grid, a: int, b: int) -> bool:
    peers = digit_links(grid).peers
    return not a & b and not b & ~common_peers(peers, a)


def _weakly_linked(grid: Grid, a: Node, b: Node) -> bool:
    if a[0] == b[0]:
        return _sees_all(grid, a[1], b[1])
    return a[1] == b[1] and a[1].bit_count() == 1


def _pair_eliminations(grid: Grid, a: Node, b: Node, skip: int) -> set[Candidate]:
    """Candidates weakly linked to both nodes, when one of the two is true (cells in ``skip`` kept)."""
    links = digit_links(grid)
    cands = grid.candidates
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


def _conclusions(grid: Grid, path: tuple[Node, ...]) -> Found | None:
    start, end = path[0], path[-1]
    skip = 0
    for _digit, mask in path:
        skip |= mask
    if start == end:
        if start[1].bit_count() == 1:
            return Found(path[:-1], "discontinuous", ((lowest_cell(start[1]), start[0]),), ())
        return None
    if _weakly_linked(grid, start, end):
        loop = (*path, start)
        gone: set[Candidate] = set()
        for i in range(0, len(loop) - 1, 2):  # on → off links (end → start closes the loop)
            a, b = loop[i - 1] if i else end, loop[i]
            gone |= _pair_eliminations(grid, a, b, skip)
        gone = {c for c in gone if not _on_chain(c, path)}
        return Found(path, "continuous", (), tuple(sorted(gone))) if gone else None
    gone = {c for c in _pair_eliminations(grid, start, end, skip) if not _on_chain(c, path)}
    return Found(path, "chain", (), tuple(sorted(gone))) if gone else None


def _on_chain(candidate: Candidate, path: tuple[Node, ...]) -> bool:
    cell, digit = candidate
    return any(d == digit and mask >> cell & 1 for d, mask in path)


def _promising(grid: Grid, start: Node, seen_by: dict[int, int]) -> Callable[[Node], bool]:
    """A cheap test that ``start`` and an end can conclude anything (before the chain is traced).

    It is asked for every node a walk reaches, so what depends on ``start`` alone is worked out once;
    ``seen_by`` remembers, per cell mask, the cells that see all of it.
    """
    links = digit_links(grid)
    peers, cands = links.peers, grid.candidates
    x, ma = start
    seen_a = common_peers(peers, ma)
    holders_x = links.holders[x]
    ca = lowest_cell(ma)

    def promising(end: Node) -> bool:
        y, mb = end
        if x == y:
            if mb == ma:
                return True
            if mb not in seen_by:
                seen_by[mb] = common_peers(peers, mb)
            return not mb & ~seen_a or bool(seen_a & seen_by[mb] & holders_x)
        if mb.bit_count() != 1:
            return False
        cb = lowest_cell(mb)
        # The ends' cells are one (other digits go) or see each other (y leaves a's cell, x b's).
        return ca == cb or bool(
            peers[ca] >> cb & 1 and (cands[cb] >> (x - 1) & 1 or cands[ca] >> (y - 1) & 1)
        )

    return promising


def found_chains(grid: Grid) -> Iterator[Found]:
    """Every chain that proves something new, shortest first from each start (up to LONGEST links)."""
    graph = _graph(grid)
    seen: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
    seen_by: dict[int, int] = {}
    # Chains start at single candidates: a chain between two groups is no use to anyone reading it.
    starts = sorted(node for node in graph.nodes if node[1].bit_count() == 1)
    cut: set[Node] = set()
    for limit in (SHORT, LONGEST):
        for start in starts if limit == SHORT else [s for s in starts if s in cut]:
            promising = _promising(grid, start, seen_by)
            for end, parent in _walk(grid, start, limit, cut, 0 if limit == SHORT else SHORT, promising):
                path = _path(graph, parent, end)
                found = _conclusions(grid, path) if path is not None else None
                if found is not None and (found.placements, found.eliminations) not in seen:
                    seen.add((found.placements, found.eliminations))
                    yield found


def als_link_cells(grid: Grid, a: Node, b: Node) -> int | None:
    """The cells of the first almost locked set of ``grid`` with both nodes (their strong link), or None."""
    graph = _graph(grid)
    other = graph.als_of.get(b, ())
    return next((graph.als_nodes[i][1] for i in graph.als_of.get(a, ()) if i in other), None)
