"""Eppstein's three bilocation-graph rules: nonrepetitive cycle, repetitive cycle, conflicting paths.

A link of the bilocation graph joins the only two places for a digit in a unit, so if one end is not
that digit the other end is. Along a nonrepetitive walk this forcing runs from link to link.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core import Cell, Chain, Digit, Grid, Step, digit_char
from sudoku_workbench.core.grid import digits_of_mask, set_bits
from sudoku_workbench.logic.chains.chain_text import (
    bilocation_clauses,
    chain_highlights,
    chain_name,
    links_of,
    sentence,
)
from sudoku_workbench.logic.chains.path_rules import (
    BILOCATION,
    conflicting_path_steps,
    repetitive_cycle_steps,
)
from sudoku_workbench.logic.shared._walk_states import closes_at_cell
from sudoku_workbench.logic.shared.chain_analysis import analysis_of

NONREPETITIVE_CYCLE = "nonrepetitive_cycle"
REPETITIVE_CYCLE = "repetitive_cycle"
CONFLICTING_PATHS = "conflicting_paths"
#: The bilocation rules in the order the engine tries them.
RULE_IDS = (NONREPETITIVE_CYCLE, REPETITIVE_CYCLE, CONFLICTING_PATHS)

__all__ = [
    "CONFLICTING_PATHS",
    "NONREPETITIVE_CYCLE",
    "REPETITIVE_CYCLE",
    "RULE_IDS",
    "find_bilocation_conflicting_paths",
    "find_bilocation_cycles",
    "find_bilocation_repetitive_cycles",
]


def find_bilocation_cycles(grid: Grid) -> Iterator[Step]:
    """Nonrepetitive cycle (Lemma 6).

    On a cycle of bilocation links in which no two links in a row carry the same digit, every cell
    holds one of the digits of its two links.

    A walk leaves a cell by one digit and comes back by another exactly when the candidates they
    force lie in one strongly connected component (Theorem 2.1, on the digraph of forced candidates).
    """
    walks = analysis_of(grid).bilocation_walks
    states, size = walks.states, grid.geometry.size
    for cell, labels in _cyclic_labels(states.cyclic, size):
        for first, last in itertools.combinations(labels, 2):
            if not grid.candidates[cell] & ~(1 << (first - 1) | 1 << (last - 1)):
                continue
            if not closes_at_cell(states, size, cell, first, last):
                continue
            hops = walks.graph.shortest_cycle(cell, first, last)
            if hops is None:
                continue
            chain = Chain(tuple(h.start for h in hops), tuple(h.start_label for h in hops), closed=True)
            yield _cycle_step(grid, chain)


def _cyclic_labels(cyclic: int, size: int) -> list[tuple[Cell, list[Digit]]]:
    """The cells that closed walks reach by two or more digits, in order, with those digits ascending.

    A cycle leaving a cell by one digit and coming back by another reaches it by both (one of them
    walked backwards), so the other cells and digits are on none.
    """
    by_cell: dict[Cell, list[Digit]] = {}
    for node in sorted(set_bits(cyclic), key=lambda node: (node % size, node)):
        by_cell.setdefault(node % size, []).append(node // size + 1)
    return [(cell, labels) for cell, labels in by_cell.items() if len(labels) > 1]


def _cycle_step(grid: Grid, chain: Chain) -> Step:
    geo = grid.geometry
    allowed: dict[Cell, int] = {}
    for (_, before, cell), (_, after, _) in zip(
        links_of(chain)[-1:] + links_of(chain)[:-1], links_of(chain), strict=True
    ):
        allowed[cell] = allowed.get(cell, -1) & (1 << (before - 1) | 1 << (after - 1))
    eliminations = tuple(
        (cell, d) for cell, keep in allowed.items() for d in digits_of_mask(grid.candidates[cell] & ~keep)
    )
    start, first = chain.cells[0], chain.labels[0]
    text = (
        f"{chain_name(grid, chain)} is a nonrepetitive cycle in the {BILOCATION.description}. "
        + sentence(f"{geo.cell_name(start)} is not {digit_char(first)}", bilocation_clauses(grid, chain))
        + f". So {geo.cell_name(start)} is {digit_char(first)} or {digit_char(chain.labels[-1])}, and the"
        " same holds round the cycle: each cell holds one of the digits of its two links."
    )
    return Step(
        NONREPETITIVE_CYCLE,
        eliminations=eliminations,
        highlights=chain_highlights((chain,), (False,)),
        explanation=text,
    )


def find_bilocation_repetitive_cycles(grid: Grid) -> Iterator[Step]:
    """Repetitive cycle (Lemma 7).

    If a bilocation cycle repeats a digit only on the two links at one cell, that cell holds the digit
    (found as a nonrepetitive walk from the cell back to itself, starting and ending with the digit;
    Theorem 2.2).
    """
    return repetitive_cycle_steps(grid, BILOCATION, REPETITIVE_CYCLE)


def find_bilocation_conflicting_paths(grid: Grid) -> Iterator[Step]:
    """Conflicting paths (Lemma 8).

    Two nonrepetitive bilocation paths that start at one cell with the same digit and end with one
    digit in two cells of a unit; the start cell holds the start digit.
    """
    return conflicting_path_steps(grid, BILOCATION, BILOCATION, CONFLICTING_PATHS)
