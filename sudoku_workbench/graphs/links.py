"""The link graphs of a position: bilocation, bivalue and the bipartite (flag-labelled) bivalue graph.

Each is a :class:`networkx.Graph` with cells as nodes. In the first two an edge carries ``digits``, the
frozenset of its labels (two labels on one pair are one edge with two digits), and ``units``, a mapping
from each label to the units that give it. The bipartite bivalue graph labels flags instead (Eppstein,
Section 3.5): its edges carry ``flags``, a mapping from each end to the label of the edge at that end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from sudoku_workbench.core import Cell, Contradiction, Digit, Geometry, Grid, digit_char
from sudoku_workbench.core.grid import bits_set_twice, digits_of_mask

__all__ = [
    "UnitDigit",
    "bilocation_graph",
    "bilocation_links",
    "bipartite_bivalue_edges",
    "bipartite_bivalue_graph",
    "bivalue_cell_edges",
    "bivalue_cells",
    "bivalue_graph",
    "require_two_labels",
]

#: For a pair of cells (smaller first): each label digit and the units that give it.
LinkTable = dict[tuple[Cell, Cell], dict[Digit, tuple[int, ...]]]


@dataclass(frozen=True, order=True)
class UnitDigit:
    """A node of the bipartite bivalue graph standing for one digit in one unit."""

    unit: int
    digit: Digit


def bilocation_links(grid: Grid, places: Sequence[Sequence[int]] | None = None) -> LinkTable:
    """Every pair of cells that are the only two places for a digit in a unit they share.

    Unlike :func:`bilocation_graph` this never raises, so a view can still draw a broken position.
    A caller that has the grid's ``places[unit][digit - 1]`` (bit ``i`` for the unit's ``i``-th cell)
    passes them, and the pairs are read off those masks.
    """
    links: LinkTable = {}
    cands = grid.candidates
    for unit, cells in enumerate(grid.geometry.units):
        if places is None:
            twice = digits_of_mask(bits_set_twice([cands[c] for c in cells]))
            pairs = [(d, *(c for c in cells if cands[c] >> (d - 1) & 1)) for d in twice]
        else:  # the two places of a mask with two bits: its lowest and its highest
            found = enumerate(places[unit], 1)
            pairs = [
                (d, cells[(w & -w).bit_length() - 1], cells[w.bit_length() - 1])
                for d, w in found
                if w.bit_count() == 2
            ]
        for digit, a, b in pairs:
            labels = links.get((a, b))
            if labels is None:
                links[a, b] = {digit: (unit,)}
            else:
                labels[digit] = (*labels.get(digit, ()), unit)
    return links


def bilocation_graph(grid: Grid) -> nx.Graph:
    """A vertex per unfilled cell; an edge labelled x where two cells are the only places for x in a unit.

    Raises:
        Contradiction: when one pair of cells carries three or more labels (two cells cannot hold
            three digits that each have nowhere else to go).
    """
    graph = nx.Graph()
    graph.add_nodes_from(grid.empty_cells)
    links = bilocation_links(grid)
    require_two_labels(grid, links)
    for (a, b), labels in links.items():
        graph.add_edge(a, b, digits=frozenset(labels), units=dict(labels))
    return graph


def require_two_labels(grid: Grid, links: LinkTable) -> None:
    """Check that no pair of cells is the only place for three or more digits.

    Raises:
        Contradiction: naming the first such pair and its digits.
    """
    for (a, b), labels in links.items():
        if len(labels) > 2:
            geo = grid.geometry
            digits = ", ".join(digit_char(d) for d in sorted(labels))
            raise Contradiction(
                f"{geo.cell_name(a)} and {geo.cell_name(b)} are the only places left for {digits}", (a, b)
            )


def bivalue_graph(grid: Grid) -> nx.Graph:
    """A vertex per two-candidate cell; an edge labelled d where two of them see each other and hold d.

    Seeing includes a variant's moves (a knight's or king's move apart): those edges have no units.
    """
    geo = grid.geometry
    graph = nx.Graph()
    pairs = [c for c in range(geo.size) if grid.candidates[c].bit_count() == 2]
    graph.add_nodes_from(pairs)
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            common = grid.candidates[a] & grid.candidates[b]
            units = geo.shared_units(a, b)
            if common and (units or b in geo.neighbours[a]):
                digits = digits_of_mask(common)
                graph.add_edge(a, b, digits=frozenset(digits), units=dict.fromkeys(digits, units))
    return graph


def bipartite_bivalue_graph(grid: Grid) -> nx.Graph:
    """Cells with two candidates joined to a :class:`UnitDigit` node for each of their units and digits.

    Unit-digit nodes no such cell reaches are left out: no walk can use them.

    The flag at the cell is labelled by the digit and the flag at the unit node by the cell, so a
    nonrepetitive walk through a unit node enters from one cell and leaves to another.
    """
    graph = nx.Graph()
    for cell, node, digit, _ in bipartite_bivalue_edges(grid):
        graph.add_edge(cell, node, flags={cell: digit, node: cell})
    return graph


def bipartite_bivalue_edges(grid: Grid) -> list[tuple[Cell, UnitDigit, Digit, Cell]]:
    """The flag-labelled edges of :func:`bipartite_bivalue_graph`: (cell, node, its flag, node's flag)."""
    return bivalue_cell_edges(grid.geometry, bivalue_cells(grid))


def bivalue_cells(grid: Grid) -> tuple[tuple[Cell, int], ...]:
    """The cells with two candidates and their candidate masks, in cell order (all bivalue graphs read)."""
    return tuple([(cell, cands) for cell, cands in enumerate(grid.candidates) if cands.bit_count() == 2])


def bivalue_cell_edges(
    geo: Geometry, cells: tuple[tuple[Cell, int], ...]
) -> list[tuple[Cell, UnitDigit, Digit, Cell]]:
    """The edges of :func:`bipartite_bivalue_edges` from the two-candidate cells alone."""
    edges = []
    for cell, cands in cells:
        for digit in digits_of_mask(cands):
            edges += [(cell, UnitDigit(unit, digit), digit, cell) for unit in geo.units_of[cell]]
    return edges
