"""The graph analysis behind the nonlocal rules, computed once per position and shared by them.

Every path rule starts from a *premise* "cell c is not x" and follows forcing along nonrepetitive walks:
in the bilocation graph a walk from c whose first label is x forces each later cell to its incoming
label; in the bivalue graph (c having candidates x and o) the premise means c is o, and a walk from c
whose first label is o forces each later cell to its candidate other than the incoming label. The
forced candidates of every premise come from one closure over the condensed digraph of forced
candidates (:mod:`~sudoku_workbench.logic.shared._walk_states`), as bit sets with bit
``(digit - 1) * size + cell``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from sudoku_workbench.core import Candidate, Cell, Chain, Digit, Geometry, Grid
from sudoku_workbench.graphs.links import (
    UnitDigit,
    bilocation_links,
    bivalue_cell_edges,
    bivalue_cells,
    require_two_labels,
)
from sudoku_workbench.graphs.nonrepetitive import FlagEdge, Hop, NonrepetitiveGraph
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared._digit_links import digit_links
from sudoku_workbench.logic.shared._memos import by_content
from sudoku_workbench.logic.shared._positions import unit_positions
from sudoku_workbench.logic.shared._walk_states import WalkStates, bilocation_states, bivalue_states

__all__ = ["ChainAnalysis", "Conflict", "Walks", "analysis_of", "forget_analyses"]


@dataclass(frozen=True)
class Conflict:
    """Two forced placements of ``digit`` in distinct cells ``first`` and ``second`` of ``unit``."""

    digit: Digit
    first: Cell
    second: Cell
    unit: int


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
    def holders(self) -> tuple[int, ...]:
        """For each digit (index = digit), the cells that still have it as a candidate, as a bit mask.

        The named-pattern rules asked before these on the same position have built them already.
        """
        return digit_links(self.grid).holders

    @cached_property
    def bilocation_walks(self) -> Walks:
        """The bilocation graph's walks (raises Contradiction on a three-label pair)."""
        links = bilocation_links(self.grid, unit_positions(self.grid))
        require_two_labels(self.grid, links)
        edges = [
            (a, b, x, x)
            for (a, b), labels in links.items()
            for x in (labels if len(labels) == 1 else sorted(labels))  # most pairs have one label
        ]
        return _bilocation_walks(self.geo.size, tuple(edges))

    @cached_property
    def bivalue_walks(self) -> Walks:
        """The bipartite, flag-labelled bivalue graph's walks."""
        return _bivalue_walks(self.geo, bivalue_cells(self.grid))

    @property
    def bilocation_nr(self) -> NonrepetitiveGraph:
        """The gadget digraph of the bilocation graph (raises Contradiction on a three-label pair)."""
        return self.bilocation_walks.graph

    @property
    def bivalue_nr(self) -> NonrepetitiveGraph:
        """The gadget digraph of the bipartite, flag-labelled bivalue graph."""
        return self.bivalue_walks.graph

    @property
    def bilocation_forced(self) -> dict[Candidate, int]:
        """For each premise (c, x) with an x-edge at c: the candidates its bilocation walks force."""
        return self.bilocation_walks.forced

    @property
    def bivalue_forced(self) -> dict[Candidate, int]:
        """For each premise (c, x), c with two candidates: the candidates its bivalue walks force."""
        return self.bivalue_walks.forced

    def conflicts(self, first: Walks, second: Walks) -> tuple[tuple[Candidate, Conflict], ...]:
        """The premises both graphs have walks for whose two forced sets conflict, in order, and how.

        They depend on the two graphs' walks alone, so they are kept per pair of walks like the walks.
        """
        return _conflicts(self.geo, first, second)

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


@functools.lru_cache(maxsize=8)
def _conflicts(geo: Geometry, first: Walks, second: Walks) -> tuple[tuple[Candidate, Conflict], ...]:
    """:meth:`ChainAnalysis.conflicts`, each pair of forced sets answered once by :func:`_conflict`.

    Premises of one component force the same set, and a graph that changed keeps most of its forced
    sets: on SE's paths of top1465, one pair in six is new.
    """
    others = second.forced
    found = []
    for premise, forced in first.in_order:
        other = others.get(premise)
        if other is None:
            continue
        conflict = _conflict(geo, forced, other)
        if conflict is not None:
            found.append((premise, conflict))
    return tuple(found)


def _find_conflict(geo: Geometry, first: int, second: int) -> Conflict | None:
    """Two distinct cells of one unit, one forced in ``first`` and one in ``second``, to one digit."""
    size = geo.size
    cell_mask = (1 << size) - 1
    masks, peers = unit_masks(geo), geo.peer_bits
    rest = first
    while rest:  # a forced set holds few digits: skip the rest, block by block
        shift = ((rest & -rest).bit_length() - 1) // size * size
        rest &= ~(cell_mask << shift)
        a, b = (first >> shift) & cell_mask, (second >> shift) & cell_mask
        while a and b:
            low = a & -a
            a ^= low
            cell = low.bit_length() - 1
            if b & peers[cell]:  # a cell of b sees this one: the first unit they share
                for unit in geo.units_of[cell]:
                    others = b & masks[unit] & ~low
                    if others:
                        return Conflict(shift // size + 1, cell, (others & -others).bit_length() - 1, unit)
    return None


#: Remembered by the pair of forced sets (and the geometry, which hashes by identity).
_conflict = by_content(_find_conflict)


class Walks:
    """The walks of one link graph: what each premise forces, and nr(G) for writing a walk out.

    Both depend on the graph's edges alone, and most steps taken before the graph rules leave the link
    graphs as they were (on the forum40 sample, 64 % of the positions that reach these rules have the
    bilocation links of the position before and 73 % its two-candidate cells), so one is kept per edge
    list and shared by every position that has it. The forced sets and the cycle questions are
    answered on the small digraph of forced candidates (:class:`WalkStates`); nr(G), some hundreds of
    nodes, is built only for the positions where a step's walk is written out.
    """

    def __init__(self, size: int, states: WalkStates, edges: Callable[[], Iterable[FlagEdge]]):
        self.size = size
        self.states = states
        self._edges = edges

    @cached_property
    def graph(self) -> NonrepetitiveGraph:
        """nr(G), whose shortest walks the steps show."""
        return NonrepetitiveGraph(self._edges())

    @property
    def forced(self) -> dict[Candidate, int]:
        """For each premise (c, x) the graph has walks for: the candidates (bit sets) its walks force."""
        return self.states.forced

    @cached_property
    def in_order(self) -> tuple[tuple[Candidate, int], ...]:
        """The premises and their forced sets, premises ascending."""
        return tuple(sorted(self.forced.items()))

    @cached_property
    def returning(self) -> tuple[Candidate, ...]:
        """The premises (c, x), ascending, whose walks force c back to x (a repetitive cycle)."""
        size = self.size
        return tuple((c, x) for (c, x), forced in self.in_order if forced >> ((x - 1) * size + c) & 1)


@functools.lru_cache(maxsize=8)
def _bilocation_walks(size: int, edges: tuple[FlagEdge, ...]) -> Walks:
    return Walks(size, bilocation_states(size, edges), lambda: edges)


@functools.lru_cache(maxsize=8)
def _bivalue_walks(geo: Geometry, cells: tuple[tuple[Cell, int], ...]) -> Walks:
    return Walks(geo.size, bivalue_states(geo, geo.peer_bits, cells), lambda: bivalue_cell_edges(geo, cells))


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


def forget_analyses() -> None:
    """Drop the cached analyses and walks, so a benchmark pass starts cold (forget_memos: the conflicts)."""
    analysis_of.cache_clear()
    _conflicts.cache_clear()
    _bilocation_walks.cache_clear()
    _bivalue_walks.cache_clear()
