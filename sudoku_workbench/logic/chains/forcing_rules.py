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
from sudoku_workbench.core.grid import digits_of_mask, set_bits
from sudoku_workbench.logic.chains.chain_text import chain_highlights, chain_name, placement_step
from sudoku_workbench.logic.chains.path_rules import BILOCATION, BIVALUE
from sudoku_workbench.logic.shared._memos import forgettable
from sudoku_workbench.logic.shared.chain_analysis import (
    ChainAnalysis,
    Walks,
    analysis_of,
    peer_masks,
    unit_masks,
)

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
    """A premise "cell is not digit" and what its walks force in each graph (bit sets).

    ``placed`` has the cells that puts each digit in (:func:`_placed`).
    """

    cell: Cell
    digit: Digit
    bilocation: int
    bivalue: int
    placed: dict[Digit, int]

    @property
    def forced(self) -> int:
        return self.bilocation | self.bivalue


def _premises(analysis: ChainAnalysis) -> tuple[_Premise, ...]:
    return _premises_of(analysis.geo.size, analysis.bilocation_walks, analysis.bivalue_walks)


@forgettable
@functools.lru_cache(maxsize=4)
def _premises_of(size: int, bilocation_walks: Walks, bivalue_walks: Walks) -> tuple[_Premise, ...]:
    """The premises of two link graphs' walks, in order (shared, as the walks are, by positions)."""
    bilocation, bivalue = bilocation_walks.forced, bivalue_walks.forced
    premises = []
    for cell, digit in sorted(set(bilocation) | set(bivalue)):
        forced = (bilocation.get((cell, digit), 0), bivalue.get((cell, digit), 0))
        premises.append(_Premise(cell, digit, *forced, _placed(size, forced[0] | forced[1])))
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
    peers = peer_masks(geo)
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
    for premise in _premises_of(size, bilocation_walks, bivalue_walks):
        ends = premise.placed.get(premise.digit, 0) & ~(1 << premise.cell)
        if ends:
            found.append((premise, ends))
    return tuple(found)


def find_forcing_contradictions(grid: Grid) -> Iterator[Step]:
    """Forcing contradiction (PADS).

    If "c is not x" forces one cell to two digits, or leaves a unit without a place for a digit, along
    nonrepetitive walks of the two graphs, then c is x.
    """
    analysis = analysis_of(grid)
    for premise in _premises(analysis):
        found = _two_digits(analysis, premise) or _empty_unit(analysis, premise)
        if found is None:
            continue
        reasons, ending, unit = found
        parts = [_reason(analysis, premise, end, digit) for end, digit in reasons]
        text = f"If {_premise_words(analysis, premise)}: " + "; ".join(words for _, _, words in parts)
        chains = tuple(chain for chain, _, _ in parts)
        bivalue = tuple(is_bivalue for _, is_bivalue, _ in parts)
        placement = (premise.cell, premise.digit)
        yield placement_step(
            grid, FORCING_CONTRADICTION, placement, f"{text}. {ending}", chains, bivalue, unit
        )


_Found = tuple[list[Candidate], str, int]


def _placed(size: int, forced: int) -> dict[Digit, int]:
    """The cells a forced set puts each digit in (cell bit masks), for the digits it places, in order.

    Most premises force candidates of few digits, so this reads the digits' blocks of bits that hold
    some, lowest first, instead of all N.
    """
    placed: dict[Digit, int] = {}
    cells = (1 << size) - 1
    while forced:
        shift = ((forced & -forced).bit_length() - 1) // size * size
        placed[shift // size + 1] = (forced >> shift) & cells
        forced &= ~(cells << shift)
    return placed


def _two_digits(analysis: ChainAnalysis, premise: _Premise) -> _Found | None:
    """A cell the premise forces to two digits."""
    geo, placed = analysis.geo, premise.placed
    seen = 0
    for digit, cells in placed.items():
        if seen & cells:
            cell = next(set_bits(seen & cells))
            first = next(d for d in placed if placed[d] >> cell & 1)
            ending = (
                f"Then {geo.cell_name(cell)} would be both {digit_char(first)} and {digit_char(digit)}, "
                "which is impossible"
            )
            return [(cell, first), (cell, digit)], ending, geo.units_of[cell][0]
        seen |= cells
    return None


def _empty_unit(analysis: ChainAnalysis, premise: _Premise) -> _Found | None:
    """A unit the premise leaves without a place for some digit (and why each place is gone).

    A unit is left empty only if every place of the digit in it is lost (covered, not placed), so
    only the units of the lost places are read, in order: the first empty unit of all of them.
    """
    geo = analysis.geo
    peers, masks, units = peer_masks(geo), unit_masks(geo), _cell_units(geo)
    cands, holders_of, placed = analysis.grid.candidates, analysis.holders, premise.placed
    taken = 0
    for cells in placed.values():
        taken |= cells
    # A digit neither placed nor the premise's loses only its places among the taken cells.
    digits = 1 << (premise.digit - 1)
    for digit in placed:
        digits |= 1 << (digit - 1)
    for cell in set_bits(taken):
        digits |= cands[cell]
    for digit in digits_of_mask(digits):
        put = placed.get(digit, 0)
        covered = taken & ~put
        rest = put
        while rest:  # set_bits() written out, here and below: tens of thousands of premises a solve
            low = rest & -rest
            covered |= peers[low.bit_length() - 1]
            rest ^= low
        if digit == premise.digit:
            covered |= 1 << premise.cell
        holders = holders_of[digit]
        lost = holders & covered & ~put
        if not lost:
            continue  # no place lost, so no unit left empty
        kept = (holders & ~covered) | put
        meeting = 0
        while lost:
            low = lost & -lost
            meeting |= units[low.bit_length() - 1]
            lost ^= low
        while meeting:
            low = meeting & -meeting
            unit = low.bit_length() - 1
            if not kept & masks[unit]:  # it has a lost place, and no place kept
                return _why_empty(analysis, premise, digit, unit, holders & masks[unit])
            meeting ^= low
    return None


@functools.cache
def _cell_units(geo: Geometry) -> tuple[int, ...]:
    """Each cell's units as a bit mask over unit numbers."""
    return tuple(sum(1 << unit for unit in geo.units_of[cell]) for cell in range(geo.size))


def _why_empty(analysis: ChainAnalysis, premise: _Premise, digit: Digit, unit: int, places: int) -> _Found:
    geo = analysis.geo
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
