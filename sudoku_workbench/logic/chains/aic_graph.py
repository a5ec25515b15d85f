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
from typing import NamedTuple

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
    "als_link",
    "chain_graph",
    "chain_sets",
    "meeting_masks",
    "strong_states",
    "unit_splits",
    "weak_states",
]

#: Largest almost locked set used as a chain node.
MAX_ALS_CELLS = 5

#: A node: (digit, cell mask); one bit for a single candidate, more for a group.
Node = tuple[Digit, int]


class SingleTables(NamedTuple):
    """The single-candidate nodes by digit and by cell."""

    #: Per digit, the cells whose single candidate has a strong link (a mask).
    singles: tuple[int, ...]
    #: Per digit and cell, that node's "off" state (-1 for none).
    states: tuple[list[int], ...]
    #: Per cell, the digits whose single candidate there is a node (a mask, bit d - 1 for digit d).
    digits: list[int]


class GroupTables(NamedTuple):
    """The grouped nodes by digit, as Python's walk asks for them."""

    #: Per digit, the "off" state of each group (in the order of ``ChainGraph.groups``).
    states: tuple[tuple[int, ...], ...]
    #: Per digit, the indices into ``groups`` by each group's lowest cell (a group inside the cells that
    #: see a node starts at one of them; there are many groups, as almost locked sets add theirs).
    starts: tuple[dict[Cell, list[int]], ...]
    #: Per digit, the cells some group starts at (a mask).
    cells: tuple[int, ...]


@dataclass(frozen=True)
class ChainGraph:
    """The strong links of a position by node, and the grouped nodes of each digit.

    The walks number the nodes with a strong link and use states ``2 * number + on`` (ints hash far
    faster than nested tuples, and a walk looks up hundreds of states). The tables only Python's walk
    and the explanations ask for are made when first asked (the compiled walk makes its own).
    """

    #: The number of each node with a strong link, in the order the links were met.
    ids: dict[Node, int]
    #: The nodes by number.
    nodes: tuple[Node, ...]
    #: Each node's partners by the links of units and two-candidate cells, an ordered set (only the
    #: nodes that have such links).
    links: dict[Node, dict[Node, None]]
    #: The almost locked sets used (in the order met).
    sets: tuple[Als, ...]
    #: The states next to each state, filled in as the walks ask: after an "off" state its node's
    #: strong partners as "on" states (:func:`strong_states`), after an "on" state its weak
    #: neighbours as "off" states (:func:`weak_states`). One table for both saves a walk a lookup.
    adjacent: list[tuple[int, ...] | None]
    #: Per digit, the masks of its grouped nodes: those of almost locked sets, then those of units.
    groups: tuple[tuple[int, ...], ...]
    #: The number of cells.
    size: int

    @functools.cached_property
    def member(self) -> dict[Node, int]:
        """Per node in a set, a mask of the indices of its sets."""
        return _members(self.sets)

    @functools.cached_property
    def group_tables(self) -> GroupTables:
        """The groups' states and where they start (see :class:`GroupTables`)."""
        ids = self.ids
        starts: list[dict[Cell, list[int]]] = [{} for _ in self.groups]
        for digit, masks in enumerate(self.groups):
            for index, group in enumerate(masks):
                starts[digit].setdefault(lowest_cell(group), []).append(index)
        return GroupTables(
            tuple(
                tuple([ids[digit, group] << 1 for group in masks]) for digit, masks in enumerate(self.groups)
            ),
            tuple(starts),
            tuple(sum(1 << cell for cell in per_digit) for per_digit in starts),
        )

    @functools.cached_property
    def single_tables(self) -> SingleTables:
        """The tables of single-candidate nodes, by digit and by cell."""
        n = len(self.groups) - 1
        singles = [0] * (n + 1)
        states = tuple([-1] * self.size for _ in range(n + 1))
        digits = [0] * self.size
        for number, (digit, mask) in enumerate(self.nodes):
            if not mask & (mask - 1):
                cell = mask.bit_length() - 1
                singles[digit] |= mask
                states[digit][cell] = number << 1
                digits[cell] |= 1 << (digit - 1)
        return SingleTables(tuple(singles), states, digits)


@functools.cache
def unit_splits(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per unit, how a group may split it: lines by box, boxes by row and then by column (cell masks)."""
    n = geo.n
    found: list[tuple[tuple[int, ...], ...]] = []
    for unit, cells in enumerate(geo.units):
        keys = (geo.region_of,) if unit < 2 * n else (geo.row_of, geo.col_of)
        per_key: list[tuple[int, ...]] = []
        for key in keys:
            parts: dict[int, int] = {}
            for cell in cells:
                parts[key[cell]] = parts.get(key[cell], 0) | 1 << cell
            per_key.append(tuple(parts.values()))
        found.append(tuple(per_key))
    return tuple(found)


@functools.cache
def meeting_masks(geo: Geometry) -> tuple[int, ...]:
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
    sets = _als_nodes(grid, ids, groups)
    meetings = meeting_masks(geo)
    for digit in range(1, n + 1):
        held = holders[digit]
        groups[digit] += [g for inside in meetings if (g := held & inside) & (g - 1) and (digit, g) in ids]
    return ChainGraph(
        ids,
        tuple(ids),
        links,
        sets,
        [None] * (2 * len(ids)),
        tuple(tuple(dict.fromkeys(g)) for g in groups),
        geo.size,
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


def _unit_links(grid: Grid, holders: tuple[int, ...], join: Callable[[Node, Node], None]) -> None:
    """Strong links from units: the only two places for a digit, either of which may be a group."""
    splits = unit_splits(grid.geometry)
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


def _als_nodes(grid: Grid, ids: dict[Node, int], groups: list[list[int]]) -> tuple[Als, ...]:
    """The almost locked sets of two or more cells whose nodes are strongly linked to each other.

    ("x is in the set, or else z is"). Each new node gets a number in ``ids`` (so a place in the start
    list), and each grouped node joins its digit's groups when a set first has it; its links are only
    made when a walk asks (:func:`strong_states`): there are many sets, of up to 15 links each, and
    most searches stop at their first chain.
    """
    used = chain_sets(grid)
    for node in dict.fromkeys([node for als in used for node in als.nodes]):
        ids.setdefault(node, len(ids))
        digit, mask = node
        if mask & (mask - 1):
            groups[digit].append(mask)
    return used


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
    singles = graph.single_tables
    row = singles.states[digit]
    found = [row[cell] for cell in bits_of(seen & singles.singles[digit])]
    tables = graph.group_tables
    first_cells = seen & tables.cells[digit]
    if first_cells:
        groups, starts, states = graph.groups[digit], tables.starts[digit], tables.states[digit]
        if first_cells & (first_cells - 1):
            inside = sorted(i for cell in bits_of(first_cells) for i in starts[cell] if not groups[i] & ~seen)
        else:  # (one cell's list is in order already)
            inside = [i for i in starts[first_cells.bit_length() - 1] if not groups[i] & ~seen]
        found += [states[i] for i in inside]
    if single:
        cell = mask.bit_length() - 1
        states_of = singles.states
        found += [states_of[other + 1][cell] for other in bits_of(singles.digits[cell] & ~(1 << (digit - 1)))]
    return tuple(found)


@functools.lru_cache(maxsize=4)
def chain_sets(grid: Grid) -> tuple[Als, ...]:
    """The almost locked sets whose nodes are chain nodes: those of two to MAX_ALS_CELLS cells."""
    return tuple([als for als in almost_locked_sets(grid) if 2 <= als.cells.bit_count() <= MAX_ALS_CELLS])


def _members(sets: tuple[Als, ...]) -> dict[Node, int]:
    member: dict[Node, int] = {}
    for index, als in enumerate(sets):
        bit = 1 << index
        for node in als.nodes:
            member[node] = member.get(node, 0) | bit
    return member


def als_link(grid: Grid, a: Node, b: Node) -> Als | None:
    """The first almost locked set of ``grid`` with both nodes (their strong link), or None.

    A set has one node per digit, each digit with all its cells in the set. A chain's explanation asks
    this of a few links, so the sets are scanned for those (a table of every set's nodes cost a
    solve's nice loops a third of their time; the walks have their own).
    """
    (x, cells_x), (y, cells_y) = a, b
    if x == y and cells_x != cells_y:
        return None  # two nodes of one digit: never in one set
    for als in chain_sets(grid):
        holders = als.holders
        if holders[x] == cells_x and holders[y] == cells_y:
            return als
    return None
