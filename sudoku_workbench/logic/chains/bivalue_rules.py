"""Eppstein's three bivalue-graph rules (Section 3.5) and the mixed conflicting-paths rule.

A link of the bivalue graph joins two cells with two candidates each that see each other and share the
link's digit: if one end is that digit, the other end is its other candidate. The analysis runs on the
bipartite, flag-labelled form of the graph, as the paper suggests for speed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core import Cell, Chain, Digit, Geometry, Grid, Step, digit_char
from sudoku_workbench.core.grid import set_bits
from sudoku_workbench.graphs.links import UnitDigit
from sudoku_workbench.logic.chains.chain_text import (
    bivalue_clauses,
    chain_highlights,
    chain_name,
    links_of,
    sentence,
)
from sudoku_workbench.logic.chains.path_rules import (
    BILOCATION,
    BIVALUE,
    conflicting_path_steps,
    repetitive_cycle_steps,
)
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared._walk_states import closes_at_unit
from sudoku_workbench.logic.shared.chain_analysis import analysis_of, bivalue_chain

BIVALUE_CYCLE = "bivalue_cycle"
BIVALUE_REPETITIVE_CYCLE = "bivalue_repetitive_cycle"
BIVALUE_CONFLICTING_PATHS = "bivalue_conflicting_paths"
MIXED_CONFLICTING_PATHS = "mixed_conflicting_paths"
#: The bivalue and mixed rules in the order the engine tries them.
RULE_IDS = (BIVALUE_CYCLE, BIVALUE_REPETITIVE_CYCLE, BIVALUE_CONFLICTING_PATHS, MIXED_CONFLICTING_PATHS)

__all__ = [
    "BIVALUE_CONFLICTING_PATHS",
    "BIVALUE_CYCLE",
    "BIVALUE_REPETITIVE_CYCLE",
    "MIXED_CONFLICTING_PATHS",
    "RULE_IDS",
    "find_bivalue_conflicting_paths",
    "find_bivalue_cycles",
    "find_bivalue_repetitive_cycles",
    "find_mixed_conflicting_paths",
]


def find_bivalue_cycles(grid: Grid) -> Iterator[Step]:
    """Bivalue cycle.

    On a nonrepetitive cycle of the bivalue graph each link's digit is in one of its two cells, so no
    cell that sees both of them can hold it.
    """
    walks = analysis_of(grid).bivalue_walks
    geo, cands, states = grid.geometry, grid.candidates, walks.states
    for unit, digit, cells in _unit_digits(geo, states.cyclic):
        for a, b in itertools.combinations(cells, 2):
            if not closes_at_unit(states, geo.size, digit, (a, cands[a]), b):
                continue
            if not _seeing_both(grid, a, b, digit):
                continue
            hops = walks.graph.shortest_cycle(UnitDigit(unit, digit), a, b)
            if hops is not None:
                yield _bivalue_cycle_step(grid, bivalue_chain(hops, closed=True))


def _unit_digits(geo: Geometry, cyclic: int) -> Iterator[tuple[int, Digit, list[Cell]]]:
    """Each unit and digit with two or more cells that closed walks reach by the digit, and those cells.

    A cycle through the unit's digit node leaves it to one cell and comes back from another, the
    first not the digit and the second the digit; walked backwards, the other way round. So both cells
    are on a closed walk as the digit, and cells that are not cannot make such a cycle.
    """
    full = (1 << geo.size) - 1
    by_digit = [0] + [(cyclic >> (digit - 1) * geo.size) & full for digit in range(1, geo.n + 1)]
    every = 0
    for cells in by_digit:
        every |= cells
    for unit, unit_mask in enumerate(unit_masks(geo)):
        if (unit_mask & every).bit_count() < 2:
            continue
        for digit in range(1, geo.n + 1):
            here = unit_mask & by_digit[digit]
            if here & (here - 1):
                yield unit, digit, list(set_bits(here))


def _seeing_both(grid: Grid, a: Cell, b: Cell, digit: int) -> list[Cell]:
    """The cells that see both ``a`` and ``b`` and hold ``digit``, ascending."""
    peers, cands, bit = grid.geometry.peer_bits, grid.candidates, 1 << (digit - 1)
    return [c for c in set_bits(peers[a] & peers[b]) if cands[c] & bit]


def _bivalue_cycle_step(grid: Grid, chain: Chain) -> Step:
    geo = grid.geometry
    eliminations = tuple(
        dict.fromkeys((c, label) for a, label, b in links_of(chain) for c in _seeing_both(grid, a, b, label))
    )
    start = geo.cell_name(chain.cells[0])
    first, last = digit_char(chain.labels[0]), digit_char(chain.labels[-1])
    text = (
        f"{chain_name(grid, chain)} is a nonrepetitive cycle in the {BIVALUE.description}. "
        + sentence(f"{start} is {first}", bivalue_clauses(grid, chain))
        + f". If {start} is not {first}, it is {last}, and the same forcing runs the other way round."
        " Either way each link's digit is in one of its two cells, so no cell that sees both holds it."
    )
    return Step(
        BIVALUE_CYCLE,
        eliminations=eliminations,
        highlights=chain_highlights((chain,), (True,)),
        explanation=text,
    )


def find_bivalue_repetitive_cycles(grid: Grid) -> Iterator[Step]:
    """Bivalue repetitive cycle.

    If a bivalue cycle repeats a digit only on the two links at one cell, that digit is not in the
    cell, which therefore holds its other candidate.
    """
    return repetitive_cycle_steps(grid, BIVALUE, BIVALUE_REPETITIVE_CYCLE)


def find_bivalue_conflicting_paths(grid: Grid) -> Iterator[Step]:
    """Bivalue conflicting paths.

    Two nonrepetitive bivalue paths from one cell with the same first digit whose end cells share a
    unit and are left with the same other candidate; the start cell cannot hold the first digit.
    """
    return conflicting_path_steps(grid, BIVALUE, BIVALUE, BIVALUE_CONFLICTING_PATHS)


def find_mixed_conflicting_paths(grid: Grid) -> Iterator[Step]:
    """Mixed conflicting paths.

    One path in the bilocation graph and one in the bivalue graph, both forced by "the start cell is
    not x", put one digit twice in a unit; so the start cell is x.
    """
    return conflicting_path_steps(grid, BILOCATION, BIVALUE, MIXED_CONFLICTING_PATHS)
