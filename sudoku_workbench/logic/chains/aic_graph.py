"""The links alternating inference chains run on, with grouped nodes and almost locked sets.

A *node* is a digit in one cell, or a digit in a group of two or more cells where a line meets a box
("d is in one of these cells"). Nodes are joined by

* **strong links** (at least one end is true): the only two places for d in a unit (either place may be
  a group), the two candidates of a cell that holds only two — the edges of the bilocation and bivalue
  graphs the graph pane draws — or two digits of an almost locked set;
* **weak links** (not both ends are true): two digits of one cell, or one digit in two nodes whose cells
  all see each other.

The graph of a position is built once; a node's links are made when the search first asks for them.
Everything a walk asks per node is a list index or a mask operation: node tuples are hashed only
while the graph is built (a solve builds over a thousand graphs and asks each for hundreds of nodes).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.als.als_sets import Als, almost_locked_sets
from sudoku_workbench.logic.shared._digit_links import (
    DigitLinks,
    bits_of,
    common_peers,
    digit_links,
    lowest_cell,
)
from sudoku_workbench.logic.shared._positions import unit_positions

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
    #: Each node's partners by the links of units and two-candidate cells, an ordered set (only the
    #: nodes that have such links).
    links: dict[Node, dict[Node, None]]
    #: The almost locked sets used (in the order met), and per node a mask of the indices of its sets.
    sets: tuple[Als, ...]
    member: dict[Node, int]
    #: The states next to each state, filled in as the walks ask: after an "off" state its node's
    #: strong partners as "on" states (:func:`strong_states`), after an "on" state its weak
    #: neighbours as "off" states (:func:`weak_states`). One table for both saves a walk a lookup.
    adjacent: list[tuple[int, ...] | None]
    groups: tuple[tuple[int, ...], ...]
    #: Per digit, the "off" state of each group (in the order of ``groups``).
    group_states: tuple[tuple[int, ...], ...]
    #: Per digit, the indices into ``groups`` by each group's lowest cell (a group inside the cells
    #: that see a node starts at one of them; there are many groups, as almost locked sets add theirs).
    group_starts: tuple[dict[Cell, list[int]], ...]
    #: Per digit, the cells some group starts at (a mask).
    group_cells: tuple[int, ...]
    #: Per digit, the cells whose single candidate has a strong link (a mask), and per digit and cell
    #: that node's "off" state (-1 for none).
    singles: tuple[int, ...]
    single_states: tuple[list[int], ...]
    #: Per cell, the digits whose single candidate there is a node (a mask, bit d - 1 for digit d).
    single_digits: list[int]


@functools.cache
def _splits(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per unit, how a group may split it: lines by box, boxes by row and then by column (cell masks)."""
    n = geo.n
    found: list[tuple[tuple[int, ...], ...]] = []
    for unit, cells in enumerate(geo.units):
        keys = (geo.box_of,) if unit < 2 * n else (geo.row_of, geo.col_of)
        per_key: list[tuple[int, ...]] = []
        for key in keys:
            parts: dict[int, int] = {}
            for cell in cells:
                parts[key[cell]] = parts.get(key[cell], 0) | 1 << cell
            per_key.append(tuple(parts.values()))
        found.append(tuple(per_key))
    return tuple(found)


@functools.cache
def _intersection_masks(geo: Geometry) -> tuple[int, ...]:
    """The cells of each box's meeting with a row or column (boxes in order, rows before columns)."""
    n = geo.n
    found: list[int] = []
    for box in range(2 * n, 3 * n):
        for lines in (geo.row_of, geo.col_of):
            parts: dict[int, int] = {}
            for cell in geo.units[box]:
                parts[lines[cell]] = parts.get(lines[cell], 0) | 1 << cell
            found.extend(parts.values())
    return tuple(found)


@functools.lru_cache(maxsize=4)
def chain_graph(grid: Grid) -> ChainGraph:
    """The strong links and groups of a position (kept for the last few grids: the walks ask often)."""
    geo = grid.geometry
    n = geo.n
    holders = digit_links(grid).holders
    links = _strong_links(grid, holders)
    ids = {node: i for i, node in enumerate(links)}
    groups: list[list[int]] = [[] for _ in range(n + 1)]
    sets, member = _als_nodes(grid, ids, groups)
    for inside in _intersection_masks(geo):
        for digit in range(1, n + 1):
            group = holders[digit] & inside
            if group & (group - 1) and (digit, group) in ids:
                groups[digit].append(group)
    unique_groups = tuple(tuple(dict.fromkeys(g)) for g in groups)
    group_starts: list[dict[Cell, list[int]]] = [{} for _ in range(n + 1)]
    for digit, masks in enumerate(unique_groups):
        for index, group in enumerate(masks):
            group_starts[digit].setdefault(lowest_cell(group), []).append(index)
    singles, single_states, single_digits = _single_tables(ids, n, geo.size)
    return ChainGraph(
        ids,
        tuple(ids),
        links,
        sets,
        member,
        [None] * (2 * len(ids)),
        unique_groups,
        tuple(
            tuple([ids[digit, group] << 1 for group in masks]) for digit, masks in enumerate(unique_groups)
        ),
        tuple(group_starts),
        tuple(sum(1 << cell for cell in starts) for starts in group_starts),
        singles,
        single_states,
        single_digits,
    )


def _strong_links(grid: Grid, holders: tuple[int, ...]) -> dict[Node, dict[Node, None]]:
    """Each node's partners by units and two-candidate cells, an ordered set (a link met twice stays)."""
    links: dict[Node, dict[Node, None]] = {}

    def join(a: Node, b: Node) -> None:
        if a in links:
            links[a][b] = None
        else:
            links[a] = {b: None}
        if b in links:
            links[b][a] = None
        else:
            links[b] = {a: None}

    _unit_links(grid, holders, join)
    for cell, mask in enumerate(grid.candidates):
        if mask.bit_count() == 2:
            low = mask & -mask
            join((low.bit_length(), 1 << cell), ((mask ^ low).bit_length(), 1 << cell))
    return links


def _single_tables(
    ids: dict[Node, int], n: int, size: int
) -> tuple[tuple[int, ...], tuple[list[int], ...], list[int]]:
    """The tables of single-candidate nodes, by digit and by cell (see :class:`ChainGraph`)."""
    singles = [0] * (n + 1)
    states = tuple([-1] * size for _ in range(n + 1))
    digits = [0] * size
    for (digit, mask), number in ids.items():
        if not mask & (mask - 1):
            cell = mask.bit_length() - 1
            singles[digit] |= mask
            states[digit][cell] = number << 1
            digits[cell] |= 1 << (digit - 1)
    return tuple(singles), states, digits


def _unit_links(grid: Grid, holders: tuple[int, ...], join: Callable[[Node, Node], None]) -> None:
    """Strong links from units: the only two places for a digit, either of which may be a group."""
    splits = _splits(grid.geometry)
    unit_masks = digit_links(grid).units
    for unit, spots in enumerate(unit_positions(grid)):
        for index, mask in enumerate(spots):
            count = mask.bit_count()
            if count < 2:
                continue
            digit = index + 1
            places = holders[digit] & unit_masks[unit]
            if count == 2:
                low = places & -places
                join((digit, low), (digit, places ^ low))
                continue
            for parts in splits[unit]:
                pieces = [piece for part in parts if (piece := places & part)]
                if len(pieces) == 2:
                    first, second = pieces
                    if first & -first > second & -second:  # the piece met first in the unit leads
                        first, second = second, first
                    join((digit, first), (digit, second))


def _als_nodes(
    grid: Grid, ids: dict[Node, int], groups: list[list[int]]
) -> tuple[tuple[Als, ...], dict[Node, int]]:
    """The almost locked sets of two or more cells whose nodes are strongly linked to each other.

    ("x is in the set, or else z is"). Each new node gets a number in ``ids`` (so a place in the start
    list); its links are only made when a walk asks (:func:`strong_states`): there are many sets, of
    up to 15 links each, and most searches stop at their first chain.
    """
    used: list[Als] = []
    member: dict[Node, int] = {}
    for als in almost_locked_sets(grid):
        if not 2 <= als.cells.bit_count() <= MAX_ALS_CELLS:
            continue
        bit = 1 << len(used)
        for node in als.nodes:
            if node in member:
                member[node] |= bit
                continue
            member[node] = bit
            if node not in ids:
                ids[node] = len(ids)
            mask = node[1]
            if mask & (mask - 1):
                groups[node[0]].append(mask)
        used.append(als)
    return tuple(used), member


def strong_states(graph: ChainGraph, number: int) -> tuple[int, ...]:
    """A node's strong partners as "on" states, in the order the links were met.

    Those of units and cells, then the other nodes of each set it is in; a link met again keeps its
    first place.
    """
    node = graph.nodes[number]
    ids = graph.ids
    linked = graph.links.get(node)
    in_sets = graph.member.get(node, 0)
    if not in_sets:
        return tuple([ids[end] << 1 | 1 for end in linked]) if linked else ()
    ends = dict(linked) if linked else {}
    sets = graph.sets
    for index in bits_of(in_sets):
        for other in sets[index].nodes:
            if other != node:
                ends[other] = None
    return tuple([ids[end] << 1 | 1 for end in ends])


def weak_states(links: DigitLinks, graph: ChainGraph, number: int) -> tuple[int, ...]:
    """The nodes with a strong link that are weakly linked to node ``number``, as "off" states.

    Same digit in cells that see all of the node (single cells, then groups), then its cell's other digits.
    """
    digit, mask = graph.nodes[number]
    single = not mask & (mask - 1)
    seen = (
        links.peers[mask.bit_length() - 1] if single else common_peers(links.peers, mask)
    ) & links.holders[digit]
    row = graph.single_states[digit]
    found = [row[cell] for cell in bits_of(seen & graph.singles[digit])]
    first_cells = seen & graph.group_cells[digit]
    if first_cells:
        groups, starts, states = graph.groups[digit], graph.group_starts[digit], graph.group_states[digit]
        if first_cells & (first_cells - 1):
            inside = sorted(i for cell in bits_of(first_cells) for i in starts[cell] if not groups[i] & ~seen)
        else:  # (one cell's list is in order already)
            inside = [i for i in starts[first_cells.bit_length() - 1] if not groups[i] & ~seen]
        found += [states[i] for i in inside]
    if single:
        cell = mask.bit_length() - 1
        states_of = graph.single_states
        found += [
            states_of[other + 1][cell] for other in bits_of(graph.single_digits[cell] & ~(1 << (digit - 1)))
        ]
    return tuple(found)


def als_link_cells(grid: Grid, a: Node, b: Node) -> int | None:
    """The cells of the first almost locked set of ``grid`` with both nodes (their strong link), or None."""
    graph = chain_graph(grid)
    both = graph.member.get(a, 0) & graph.member.get(b, 0)
    return graph.sets[lowest_cell(both)].cells if both else None
