"""The links alternating inference chains run on, with grouped nodes and almost locked sets.

A *node* is a digit in one cell, or a digit in a group of two or more cells where a line meets a box
("d is in one of these cells"). Nodes are joined by

* **strong links** (at least one end is true): the only two places for d in a unit (either place may be
  a group), the two candidates of a cell that holds only two — the edges of the bilocation and bivalue
  graphs the graph pane draws — or two digits of an almost locked set;
* **weak links** (not both ends are true): two digits of one cell, or one digit in two nodes whose cells
  all see each other.

The graph of a position is built once; a node's links are made when the search first asks for them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.als.als_sets import almost_locked_sets
from sudoku_workbench.logic.shared._digit_links import bits_of, common_peers, digit_links, lowest_cell
from sudoku_workbench.logic.shared._positions import intersections, unit_positions

__all__ = [
    "MAX_ALS_CELLS",
    "ChainGraph",
    "Node",
    "als_link_cells",
    "chain_graph",
    "strong_states",
    "weak_states",
]

#: Largest almost locked set used as a chain node.
MAX_ALS_CELLS = 5

#: A node: (digit, cell mask); one bit for a single candidate, more for a group.
Node = tuple[Digit, int]


@dataclass(frozen=True)
class ChainGraph:
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
def chain_graph(grid: Grid) -> ChainGraph:
    """The strong links and groups of a position (kept for the last few grids: the walks ask often)."""
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
    return ChainGraph(
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


def strong_states(graph: ChainGraph, number: int) -> tuple[int, ...]:
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


def weak_states(grid: Grid, graph: ChainGraph, number: int) -> tuple[int, ...]:
    """The nodes with a strong link that are weakly linked to node ``number``, as "off" states.

    Same digit in cells that see all of the node (single cells, then groups), then its cell's other digits.
    """
    digit, mask = graph.nodes[number]
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


def als_link_cells(grid: Grid, a: Node, b: Node) -> int | None:
    """The cells of the first almost locked set of ``grid`` with both nodes (their strong link), or None."""
    graph = chain_graph(grid)
    other = graph.als_of.get(b, ())
    return next((graph.als_nodes[i][1] for i in graph.als_of.get(a, ()) if i in other), None)
