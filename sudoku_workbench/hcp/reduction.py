"""Haythorpe's graph for a Sudoku puzzle: directed arcs, arcs the givens rule out, undirected forms.

Section 2 of the paper gives the arcs of the blank puzzle, Section 5 twelve sets of arcs each given makes
unusable, Section 4 the standard directed-to-undirected conversion and a gadget that saves one vertex per
puzzle-vertex triplet. Edge lists are plain int pairs (no graph library) so a 16x16 export stays fast.

Corrections to the printed paper, each checked against the arc list (see the tests):

* the last block has no successor block, so every cell of block N leaves its final ``y`` to ``r_11``
  (the printed arc ``(y_{i,j,N-1,3}, b_{a+1,1})`` would name a block N+1);
* sets (1) and (2) name the arcs that exist, ``(b_ak, x_{m,n,k+1,1})`` and ``(b_am, x_{i,j,m+1,1})``;
* sets (7), (8) range over the other columns m ≠ j of the row, sets (10), (11) over the other rows m ≠ i
  of the column (read literally, "m ≠ k" removes the solution's own arc), and (11) ends at ``w_mj``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Literal

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, ShapeError
from sudoku_workbench.hcp.numbering import Numbering, numbering

__all__ = [
    "FULL_SETS",
    "GIVEN_SETS",
    "PAPER_SETS",
    "GivenSet",
    "blank_arcs",
    "candidate_arcs",
    "compact_edges",
    "given_arcs",
    "puzzle_arcs",
    "undirected_edges",
]

Arc = tuple[int, int]

#: All twelve sets of Section 5 (the default).
FULL_SETS = frozenset(range(1, 13))
#: The subset that reproduces the paper's 758 removed edges and its mean of edges minus vertices (issue 9).
PAPER_SETS = frozenset({1, 2, 5, 6, 7, 9})
#: The ``--givens`` choices: which of Section 5's sets each given removes.
GivenSet = Literal["full", "paper"]
GIVEN_SETS: dict[GivenSet, frozenset[int]] = {"full": FULL_SETS, "paper": PAPER_SETS}


class _Layout:
    """The 1-based (i, j) of every cell, its block, and the paper's labels, for one geometry."""

    def __init__(self, geo: Geometry) -> None:
        self.n = geo.n
        self.num: Numbering = numbering(geo.n)
        self.ij = tuple((geo.row_of[c] + 1, geo.col_of[c] + 1) for c in range(geo.size))
        self.block = tuple(geo.region_of[c] + 1 for c in range(geo.size))
        self.boxes = geo.regions
        self.rows = geo.rows
        self.columns = geo.columns

    def wrap(self, k: int) -> int:
        return (k - 1) % self.n + 1

    def after(self, a: int, k: int) -> int:
        """Where the walk goes once digit k of block a is placed: the next digit, block, or ``r_11``."""
        if k < self.n:
            return self.num.b(a, k + 1)
        return self.num.b(a + 1, 1) if a < self.n else self.num.r(1, 1)

    # The arcs a walk uses when it places digit k in a cell, one function per role (Sections 2 and 5).
    def block_entry(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.b(self.block[cell], k), self.num.x(i, j, self.wrap(k + 1), 1)

    def crossing(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.x(i, j, self.wrap(k - 1), 3), self.num.y(i, j, self.wrap(k + 1), 1)

    def block_exit(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.y(i, j, self.wrap(k - 1), 3), self.after(self.block[cell], k)

    def row_entry(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.r(i, k), self.num.x(i, j, k, 3)

    def row_exit(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.x(i, j, k, 1), self.num.v(i, j)

    def column_entry(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.c(j, k), self.num.y(i, j, k, 3)

    def column_exit(self, cell: Cell, k: Digit) -> Arc:
        i, j = self.ij[cell]
        return self.num.y(i, j, k, 1), self.num.w(i, j)


@functools.cache
def _layout(geo: Geometry) -> _Layout:
    """The layout of a shape the reduction holds for.

    The block gadget asks only that each block hold each digit once, so a jigsaw's regions serve as
    blocks; an extra house or a variant's move has no gadget, and a cycle would ignore it.

    Raises:
        ShapeError: for a shape with variant extras (X, windoku, disjoint groups, anti-knight, …) or
            killer cages.
    """
    if geo.cages:
        raise ShapeError(
            f"Haythorpe's reduction has gadgets for rows, columns and blocks only; the killer cages of"
            f" {geo.label} (their sums and their no-repeat rule) have none, so its cycles would break them"
        )
    if geo.extras:
        raise ShapeError(
            f"Haythorpe's reduction has gadgets for rows, columns and blocks only; {geo.label} adds rules "
            "it cannot express, so its cycles would break them"
        )
    return _Layout(geo)


def _cell_arcs(lay: _Layout, cell: Cell) -> Iterator[Arc]:
    """The arcs inside one cell's two gadgets and those tied to the cell's row and column ends."""
    num, n = lay.num, lay.n
    i, j = lay.ij[cell]
    for k in range(1, n + 1):
        for part in (num.x, num.y):
            one, two, three = part(i, j, k, 1), part(i, j, k, 2), part(i, j, k, 3)
            yield from ((one, two), (two, one), (two, three), (three, two))
            yield three, part(i, j, lay.wrap(k + 1), 1)
        for role in (lay.block_entry, lay.crossing, lay.block_exit):
            yield role(cell, k)
        yield lay.row_entry(cell, k)
        yield lay.row_exit(cell, k)
        yield num.v(i, j), num.r(i, k)
        yield lay.column_entry(cell, k)
        yield lay.column_exit(cell, k)
        yield num.w(i, j), num.c(j, k)
    yield num.v(i, j), num.t(i)
    yield num.w(i, j), num.d(j)


@functools.cache
def blank_arcs(geo: Geometry) -> tuple[Arc, ...]:
    """Every arc of the blank puzzle's directed graph: 19N³ + 2N² + 2N + 2 of them."""
    lay = _layout(geo)
    num, n = lay.num, lay.n
    arcs = [(num.s, num.b(1, 1)), (num.d(n), num.f), (num.f, num.s)]
    arcs.extend((num.t(i), num.r(i + 1, 1)) for i in range(1, n))
    arcs.append((num.t(n), num.c(1, 1)))
    arcs.extend((num.d(j), num.c(j + 1, 1)) for j in range(1, n))
    for cell in range(geo.size):
        arcs.extend(_cell_arcs(lay, cell))
    return tuple(arcs)


def _others(cells: tuple[Cell, ...], cell: Cell) -> Iterator[Cell]:
    return (other for other in cells if other != cell)


def _given_sets(lay: _Layout, cell: Cell, k: Digit) -> dict[int, Callable[[], Iterator[Arc]]]:
    """Section 5's sets for digit k given in ``cell``, keyed by their number (5 and 6 cover a–c)."""
    block = lay.boxes[lay.block[cell] - 1]
    row = lay.rows[lay.ij[cell][0] - 1]
    column = lay.columns[lay.ij[cell][1] - 1]
    digits = [m for m in range(1, lay.n + 1) if m != k]
    num = lay.num
    i, j = lay.ij[cell]
    return {
        1: lambda: (lay.block_entry(o, k) for o in _others(block, cell)),
        2: lambda: (lay.block_entry(cell, m) for m in digits),
        3: lambda: (lay.crossing(o, k) for o in _others(block, cell)),
        4: lambda: (lay.crossing(cell, m) for m in digits),
        5: lambda: (lay.block_exit(o, k) for o in _others(block, cell)),
        6: lambda: (lay.block_exit(cell, m) for m in digits),
        7: lambda: (lay.row_entry(o, k) for o in _others(row, cell)),
        8: lambda: (lay.row_exit(o, k) for o in _others(row, cell)),
        9: lambda: ((num.r(i, m), num.x(i, j, m, 3)) for m in digits),
        10: lambda: (lay.column_entry(o, k) for o in _others(column, cell)),
        11: lambda: (lay.column_exit(o, k) for o in _others(column, cell)),
        12: lambda: ((num.c(j, m), num.y(i, j, m, 3)) for m in digits),
    }


def given_arcs(geo: Geometry, cell: Cell, digit: Digit, sets: frozenset[int] = FULL_SETS) -> set[Arc]:
    """The arcs that no Hamiltonian cycle can use once ``digit`` is given in ``cell`` (12N − 12 for all)."""
    table = _given_sets(_layout(geo), cell, digit)
    return {arc for number in sorted(sets) for arc in table[number]()}


def candidate_arcs(geo: Geometry, cell: Cell, digit: Digit) -> tuple[Arc, ...]:
    """The seven arcs a cycle uses only when ``digit`` stands in ``cell``: unusable once it is eliminated.

    They are the digit's block entry, crossing and block exit, and its row and column entries and exits;
    each names the cell and the digit, so removing them touches no other placement.
    """
    lay = _layout(geo)
    roles = (
        lay.block_entry,
        lay.crossing,
        lay.block_exit,
        lay.row_entry,
        lay.row_exit,
        lay.column_entry,
        lay.column_exit,
    )
    return tuple(role(cell, digit) for role in roles)


def puzzle_arcs(
    geo: Geometry,
    givens: tuple[Digit, ...],
    sets: frozenset[int] = FULL_SETS,
    allowed: tuple[int, ...] | None = None,
) -> list[Arc]:
    """The blank arcs less those the givens rule out, in the blank order.

    ``allowed`` (a digit mask per cell) also removes :func:`candidate_arcs` of every digit missing from an
    unfilled cell's mask; given cells keep Section 5's sets only.
    """
    removed: set[Arc] = set()
    for cell, digit in enumerate(givens):
        if digit:
            removed |= given_arcs(geo, cell, digit, sets)
        elif allowed is not None:
            for k in range(1, geo.n + 1):
                if not allowed[cell] >> (k - 1) & 1:
                    removed.update(candidate_arcs(geo, cell, k))
    return [arc for arc in blank_arcs(geo) if arc not in removed]


def undirected_edges(arcs: list[Arc], vertex_count: int) -> list[Arc]:
    """Section 4: vertex i becomes 3i−2, 3i−1, 3i; a path through each and an edge (3i, 3j−2) per arc."""
    edges = [(3 * i - 1, 3 * i - 2 + offset) for i in range(1, vertex_count + 1) for offset in (0, 2)]
    edges.extend((3 * i, 3 * j - 2) for i, j in arcs)
    return edges


def compact_edges(arcs: list[Arc], num: Numbering) -> tuple[list[Arc], list[int]]:
    """Section 4's vertex-saving gadget: each middle ``x``/``y`` vertex loses its own middle copy.

    Returns the edges renumbered ``1 …`` and, for each new vertex, the directed vertex it came from.
    """
    # x_{i,j,k,2} is x0 + 3q + 1 for the q-th triplet; its middle undirected copy is 3·that − 1.
    middles = {3 * (base + 3 * q + 1) - 1 for base in (num.x0, num.y0) for q in range(num.n**3)}
    renumber = [0] * (3 * num.count + 1)
    origin: list[int] = []
    for vertex in range(1, 3 * num.count + 1):
        if vertex not in middles:
            origin.append((vertex + 2) // 3)
            renumber[vertex] = len(origin)
    edges = [
        (renumber[u], renumber[v])
        for u, v in undirected_edges(arcs, num.count)
        if u not in middles and v not in middles
    ]
    edges.extend((renumber[m - 1], renumber[m + 1]) for m in sorted(middles))
    return edges, origin
