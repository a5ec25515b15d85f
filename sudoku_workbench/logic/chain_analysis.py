"""The graph analysis behind the nonlocal rules, computed once per position and shared by them.

Every path rule starts from a *premise* "cell c is not x" and follows forcing along nonrepetitive walks:
in the bilocation graph a walk from c whose first label is x forces each later cell to its incoming
label; in the bivalue graph (c having candidates x and o) the premise means c is o, and a walk from c
whose first label is o forces each later cell to its candidate other than the incoming label. The
forced candidates of every premise come from one closure over the condensed gadget digraph, as bit
sets with bit ``(digit - 1) * size + cell``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from sudoku_workbench.core import Candidate, Cell, Chain, Digit, Geometry, Grid
from sudoku_workbench.core.grid import digits_of_mask
from sudoku_workbench.graphs.links import UnitDigit, bilocation_graph, bipartite_bivalue_graph
from sudoku_workbench.graphs.nonrepetitive import Hop, NonrepetitiveGraph

__all__ = ["ChainAnalysis", "Conflict", "analysis_of", "candidate_bits"]


@dataclass(frozen=True)
class Conflict:
    """Two forced placements of ``digit`` in distinct cells ``first`` and ``second`` of ``unit``."""

    digit: Digit
    first: Cell
    second: Cell
    unit: int


def candidate_bits(grid: Grid, mask: int) -> list[Candidate]:
    """The candidates in a forced-set bit mask, in bit order."""
    size = grid.geometry.size
    found = []
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        found.append((index % size, index // size + 1))
        mask ^= low
    return found


class ChainAnalysis:
    """The bilocation and bivalue gadget graphs of one position and the forced sets of its premises."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.geo = grid.geometry

    def bit(self, cell: Cell, digit: Digit) -> int:
        """The forced-set bit of a candidate."""
        return 1 << ((digit - 1) * self.geo.size + cell)

    def other(self, cell: Cell, digit: Digit) -> Digit:
        """The candidate of a two-candidate cell that is not ``digit``."""
        mask = self.grid.candidates[cell] & ~(1 << (digit - 1))
        return mask.bit_length()

    @cached_property
    def bilocation(self) -> nx.Graph:
        """The bilocation graph (raises Contradiction when a pair carries three labels)."""
        return bilocation_graph(self.grid)

    @cached_property
    def bilocation_nr(self) -> NonrepetitiveGraph:
        """The gadget digraph of the bilocation graph."""
        return NonrepetitiveGraph.from_edge_labels(self.bilocation)

    @cached_property
    def bivalue_nr(self) -> NonrepetitiveGraph:
        """The gadget digraph of the bipartite, flag-labelled bivalue graph."""
        return NonrepetitiveGraph.from_flag_labels(bipartite_bivalue_graph(self.grid))

    @cached_property
    def bilocation_forced(self) -> dict[Candidate, int]:
        """For each premise (c, x) with an x-edge at c: the candidates its bilocation walks force."""
        nrg = self.bilocation_nr
        weights = {node: self.bit(v, x) for v, x, node in nrg.in_ports()}
        closure = nrg.closure(weights)
        return {(v, x): closure[nrg.component[node]] for v, x, node in nrg.out_ports()}

    @cached_property
    def bivalue_forced(self) -> dict[Candidate, int]:
        """For each premise (c, x), c with two candidates: the candidates its bivalue walks force."""
        nrg = self.bivalue_nr
        weights = {
            node: self.bit(v, self.other(v, x))
            for v, x, node in nrg.in_ports()
            if not isinstance(v, UnitDigit)
        }
        closure = nrg.closure(weights)
        return {
            (v, self.other(v, x)): closure[nrg.component[node]]
            for v, x, node in nrg.out_ports()
            if not isinstance(v, UnitDigit)
        }

    def conflict(self, first: int, second: int) -> Conflict | None:
        """Two distinct cells of one unit, one forced in ``first`` and one in ``second``, to one digit."""
        geo = self.geo
        cell_mask = (1 << geo.size) - 1
        masks = _unit_masks(geo)
        for digit in range(1, geo.n + 1):
            shift = (digit - 1) * geo.size
            a, b = (first >> shift) & cell_mask, (second >> shift) & cell_mask
            if not a or not b or (a | b).bit_count() < 2:
                continue
            for unit in range(3 * geo.n):
                found = _distinct_pair(a & masks[unit], b & masks[unit])
                if found:
                    return Conflict(digit, found[0], found[1], unit)
        return None

    def bilocation_walk(self, cell: Cell, digit: Digit, end: Cell, forced: Digit) -> Chain:
        """The shortest bilocation walk by which premise (cell, digit) forces ``end`` to ``forced``."""
        hops = self.bilocation_nr.shortest_path(cell, digit, end, forced)
        if hops is None:
            raise LookupError("no such bilocation walk")  # callers only ask for walks the closure found
        return Chain((cell, *(h.end for h in hops)), tuple(h.start_label for h in hops))

    def bivalue_walk(self, cell: Cell, digit: Digit, end: Cell, forced: Digit) -> Chain:
        """The shortest bivalue walk by which premise (cell, digit) forces ``end`` to ``forced``."""
        hops = self.bivalue_nr.shortest_path(cell, self.other(cell, digit), end, self.other(end, forced))
        if hops is None:
            raise LookupError("no such bivalue walk")
        return bivalue_chain(hops)


def bivalue_chain(hops: tuple[Hop, ...], closed: bool = False) -> Chain:
    """A bipartite-bivalue walk as a chain of cells: each cell-unit-cell detour is one labelled link."""
    cells = tuple(h.end for h in hops if not isinstance(h.end, UnitDigit))
    labels = tuple(h.start_label for h in hops if not isinstance(h.start, UnitDigit))
    if closed:
        return Chain(cells, labels, closed=True)
    return Chain((hops[0].start, *cells), labels)


@functools.lru_cache(maxsize=4)
def analysis_of(grid: Grid) -> ChainAnalysis:
    """The shared analysis of a position (cached, since the graph rules ask for it in turn)."""
    return ChainAnalysis(grid)


@functools.cache
def _unit_masks(geo: Geometry) -> tuple[int, ...]:
    return tuple(sum(1 << c for c in cells) for cells in geo.units)


def _distinct_pair(a: int, b: int) -> tuple[Cell, Cell] | None:
    """A cell from ``a`` and a different cell from ``b``, if there are such."""
    if not a or not b:
        return None
    for p in digits_of_mask(a):
        rest = b & ~(1 << (p - 1))
        if rest:
            return p - 1, (rest & -rest).bit_length() - 1
    return None
