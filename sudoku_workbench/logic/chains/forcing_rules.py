"""Two rules of Eppstein's own solver (PADS ``Sudoku.py``) that go beyond the paper's seven.

Both use everything a premise "cell c is not x" forces along nonrepetitive walks of either graph:

* **Nonrepetitive path** (PADS "path"): if the premise forces some other cell p to x, then x is in c or
  in p, so no cell that sees both holds x.
* **Forcing contradiction** (PADS "conflict", the cases the conflicting-paths rules leave): if the
  premise forces one cell to two digits, or leaves a unit with no place for a digit, it is false and c
  is x.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core import Candidate, Cell, Chain, Digit, Geometry, Grid, Step, digit_char
from sudoku_workbench.core.grid import set_bits
from sudoku_workbench.logic.chains._unit_fields import premise_cover, unit_fields
from sudoku_workbench.logic.chains.chain_text import chain_highlights, chain_name, placement_step
from sudoku_workbench.logic.chains.path_rules import BILOCATION, BIVALUE
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared._memos import by_content, forgettable
from sudoku_workbench.logic.shared._positions import unit_positions
from sudoku_workbench.logic.shared.chain_analysis import ChainAnalysis, Walks, analysis_of

__all__ = [
    "FORCING_CONTRADICTION",
    "NONREPETITIVE_PATH",
    "RULE_IDS",
    "find_forcing_contradictions",
    "find_nonrepetitive_paths",
]

NONREPETITIVE_PATH = "nonrepetitive_path"
FORCING_CONTRADICTION = "forcing_contradiction"
#: The two PADS rules in the order the engine tries them (after the paper's seven).
RULE_IDS = (NONREPETITIVE_PATH, FORCING_CONTRADICTION)


@dataclass(frozen=True)
class _Premise:
    """A premise "cell is not digit" and what its walks force in each graph (bit sets)."""

    cell: Cell
    digit: Digit
    bilocation: int
    bivalue: int
    #: What either graph's walks force.
    forced: int


def _premises(analysis: ChainAnalysis) -> tuple[_Premise, ...]:
    return _premises_of(analysis.geo.size, analysis.bilocation_walks, analysis.bivalue_walks)


@forgettable
@functools.lru_cache(maxsize=4)
def _premises_of(size: int, bilocation_walks: Walks, bivalue_walks: Walks) -> tuple[_Premise, ...]:
    """The premises of two link graphs' walks, in order (shared, as the walks are, by positions)."""
    bilocation, bivalue = bilocation_walks.forced, bivalue_walks.forced
    premises = []
    for key in sorted(set(bilocation) | set(bivalue)):
        by_bilocation, by_bivalue = bilocation.get(key, 0), bivalue.get(key, 0)
        premises.append(_Premise(*key, by_bilocation, by_bivalue, by_bilocation | by_bivalue))
    return tuple(premises)


def _cells(geo: Geometry, forced: int, digit: Digit) -> int:
    """The cells a forced set puts ``digit`` in, as a cell bit mask."""
    return (forced >> ((digit - 1) * geo.size)) & ((1 << geo.size) - 1)


def _reason(analysis: ChainAnalysis, premise: _Premise, end: Cell, digit: Digit) -> tuple[Chain, bool, str]:
    """The walk that forces ``end`` to ``digit``, whether it is bivalue, and its words."""
    graph = BILOCATION if premise.bilocation & analysis.bit(end, digit) else BIVALUE
    chain = graph.walk(analysis, (premise.cell, premise.digit), end, digit)
    words = f"along {chain_name(analysis.grid, chain)}, " + ", so ".join(graph.clauses(analysis.grid, chain))
    return chain, graph.bivalue, words


def _premise_words(analysis: ChainAnalysis, premise: _Premise) -> str:
    name, digit = analysis.geo.cell_name(premise.cell), digit_char(premise.digit)
    if analysis.grid.candidates[premise.cell].bit_count() == 2:
        return f"{name} is not {digit} (so it is {digit_char(analysis.other(premise.cell, premise.digit))})"
    return f"{name} is not {digit}"


def find_nonrepetitive_paths(grid: Grid) -> Iterator[Step]:
    """Nonrepetitive path (PADS).

    A nonrepetitive walk that starts and ends with digit x, at cells c and p, puts x in c or in p (if c
    is not x, p is); so x leaves every cell that sees both ends.
    """
    analysis = analysis_of(grid)
    geo = grid.geometry
    peers = geo.peer_bits
    for premise, ends in _path_ends(geo.size, analysis.bilocation_walks, analysis.bivalue_walks):
        cell, digit = premise.cell, premise.digit
        near = analysis.holders[digit] & peers[cell]  # cells seeing the start that hold the digit
        if not near:
            continue
        for end in set_bits(ends):
            targets = near & peers[end]  # a cell's peers leave it out
            if not targets:
                continue
            chain, bivalue, words = _reason(analysis, premise, end, digit)
            name, other, d = geo.cell_name(cell), geo.cell_name(end), digit_char(digit)
            text = (
                f"If {_premise_words(analysis, premise)}: {words}. So {d} is in {name} or in {other}, "
                f"and no cell that sees both can hold it."
            )
            yield Step(
                NONREPETITIVE_PATH,
                eliminations=tuple((c, digit) for c in set_bits(targets)),
                highlights=chain_highlights((chain,), (bivalue,)),
                explanation=text,
            )


@forgettable
@functools.lru_cache(maxsize=4)
def _path_ends(size: int, bilocation_walks: Walks, bivalue_walks: Walks) -> tuple[tuple[_Premise, int], ...]:
    """The premises "c is not x" that force x into other cells, with those cells (shared like the premises).

    Few premises do, so a position reads only these.
    """
    found = []
    cells = (1 << size) - 1
    for premise in _premises_of(size, bilocation_walks, bivalue_walks):
        ends = (premise.forced >> (premise.digit - 1) * size) & cells & ~(1 << premise.cell)
        if ends:
            found.append((premise, ends))
    return tuple(found)


def find_forcing_contradictions(grid: Grid) -> Iterator[Step]:
    """Forcing contradiction (PADS).

    If "c is not x" forces one cell to two digits, or leaves a unit without a place for a digit, along
    nonrepetitive walks of the two graphs, then c is x.
    """
    analysis = analysis_of(grid)
    fields = unit_fields(grid.geometry)
    holding = fields.holding(unit_positions(grid))
    for premise in _premises(analysis):
        cover = _cover(fields, premise.cell, premise.digit, premise.forced)
        if cover.clash is not None:
            yield _step(analysis, premise, _two_digits(analysis.geo, *cover.clash))
            continue
        empty = cover.empty_unit(fields, holding)
        if empty is not None:  # (rarely: this loop runs a hundred thousand times on top1465's SE paths)
            yield _step(analysis, premise, _why_empty(analysis, premise, *empty))


def _step(analysis: ChainAnalysis, premise: _Premise, found: _Found) -> Step:
    """The step placing the premise's digit: its contradiction, each forced end with its walk."""
    reasons, ending, unit = found
    parts = [_reason(analysis, premise, end, digit) for end, digit in reasons]
    text = f"If {_premise_words(analysis, premise)}: " + "; ".join(words for _, _, words in parts)
    chains = tuple(chain for chain, _, _ in parts)
    bivalue = tuple(is_bivalue for _, is_bivalue, _ in parts)
    placement = (premise.cell, premise.digit)
    return placement_step(
        analysis.grid, FORCING_CONTRADICTION, placement, f"{text}. {ending}", chains, bivalue, unit
    )


_Found = tuple[list[Candidate], str, int]

#: A premise's cover depends on the premise alone; most premises force the same on the next position.
#: (Keyed by the geometry's fields, which hash by identity.)
_cover = by_content(premise_cover)


def _two_digits(geo: Geometry, cell: Cell, first: Digit, second: Digit) -> _Found:
    """A cell the premise forces to two digits."""
    ending = (
        f"Then {geo.cell_name(cell)} would be both {digit_char(first)} and {digit_char(second)}, "
        "which is impossible"
    )
    return [(cell, first), (cell, second)], ending, geo.units_of[cell][0]


def _why_empty(analysis: ChainAnalysis, premise: _Premise, digit: Digit, unit: int) -> _Found:
    """Why the premise leaves ``unit`` no place for ``digit``.

    Each place is the premise's own, or forced to another digit, or sees a cell forced to the digit.
    """
    geo = analysis.geo
    places = analysis.holders[digit] & unit_masks(geo)[unit]
    reasons: list[Candidate] = []
    notes = []
    placed = _cells(geo, premise.forced, digit)
    for cell in set_bits(places):
        name = geo.cell_name(cell)
        if cell == premise.cell and digit == premise.digit:
            notes.append(f"{name} is not {digit_char(digit)} by the premise")
            continue
        other = next((d for d in range(1, geo.n + 1) if _cells(geo, premise.forced, d) >> cell & 1), 0)
        if other:
            reasons.append((cell, other))
            notes.append(f"{name} is {digit_char(other)}")
            continue
        seer = next(c for c in set_bits(placed) if geo.sees(c, cell))
        reasons.append((seer, digit))
        notes.append(f"{name} sees {geo.cell_name(seer)}")
    reasons = list(dict.fromkeys(reasons))
    ending = (
        f"Then {geo.unit_name(unit)} would have no place for {digit_char(digit)} ({', '.join(notes)}), "
        "which is impossible"
    )
    return reasons, ending, unit
