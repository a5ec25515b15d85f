"""Python's rounds of propagation: the loop the compiled fixpoint replaces, and the one that keeps reasons.

Kept apart from :mod:`~sudoku_workbench.logic.forcing.propagation`, which owns the state, its API and the
choice of loop: this module is the Python twin of ``_fixpoint.c``, operation for operation, and what
runs when there is no kernel or when every fact must keep its parents and words. The rounds are plain
functions over the state (:class:`RoundState`) rather than methods: the state stays one object that the
rules read directly, and this module depends only on what the protocol names, as the kernel does.
Each round first applies what the previous one queued (removals, then placements), then looks for what
follows (naked singles; hidden singles, and in NET mode locked candidates) and queues it.

The contradictions are worded here too (:func:`ruled_out`, :func:`no_candidate`, :func:`no_place`):
the Python rounds raise them, and the kernel's stop codes are turned into the same ones.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Protocol

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import set_bits
from sudoku_workbench.logic.forcing._literals import (
    NAKED_WHY,
    Contradicted,
    Fact,
    Literal,
    Mode,
    confined_why,
    hidden_why,
    own_cell_why,
    peer_why,
)
from sudoku_workbench.logic.forcing._propagation_tables import Tables

__all__ = ["Placement", "Removal", "RoundState", "no_candidate", "no_place", "ruled_out", "run_rounds"]

#: A placement queued for the next round: cell, digit, the facts it rests on, and why.
Placement = tuple[Cell, Digit, tuple[Literal, ...], str]
#: A removal queued for the next round: a cell mask, the digit, the facts it rests on, and why.
Removal = tuple[int, Digit, tuple[Literal, ...], str]


class RoundState(Protocol):
    """What the rounds read and change (a :class:`~.propagation.Propagation` is one).

    ``loc``/``placed`` are per-digit cell masks and ``free`` the open cells; ``places``/``offs`` are
    queued for the next round; ``changed`` holds per digit the cells that lost it since the last look;
    ``filters`` per digit the units where hidden singles may fire; ``static_cells`` the cells naked
    singles may fire in (-1: all); ``facts`` the reasons, when kept (None: not kept).
    """

    geo: Geometry
    tables: Tables
    mode: Mode
    start_loc: tuple[int, ...]
    static_cells: int
    loc: list[int]
    placed: list[int]
    free: int
    filters: list[int]
    changed: list[int]
    places: list[Placement]
    offs: list[Removal]
    facts: dict[Literal, Fact] | None
    round: int
    rounds: list[tuple[tuple[int, ...], tuple[int, ...]]]


def run_rounds(state: RoundState, max_rounds: int) -> None:
    """Take rounds until nothing is queued or ``max_rounds`` is reached.

    Raises:
        Contradicted: when the position becomes impossible.
    """
    while (state.places or state.offs) and state.round < max_rounds:
        state.round += 1
        _apply(state)
        _detect(state)
        if state.mode is not Mode.NET:  # only the chain rules look rounds up (nets count none)
            state.rounds.append((tuple(state.loc), tuple(state.placed)))


# --- the contradictions, in words -------------------------------------------------------------------


def ruled_out(state: RoundState, cell: Cell, digit: Digit) -> Contradicted:
    """A placement of a digit the cell has already lost."""
    return Contradicted(
        f"{state.geo.cell_name(cell)} would be {digit_char(digit)}, which is already ruled out",
        ((cell, digit, True), (cell, digit, False)),
    )


def no_candidate(state: RoundState, cell: Cell) -> Contradicted:
    """A cell left with no digit."""
    return Contradicted(
        f"{state.geo.cell_name(cell)} would have no candidate left", _offs_of_cell(state, cell)
    )


def no_place(state: RoundState, index: int, unit: int) -> Contradicted:
    """A unit left with no place for the digit ``index + 1``."""
    umask = state.tables.units[unit]
    return Contradicted(
        f"{state.geo.unit_name(unit)} would have no place for {digit_char(index + 1)}",
        tuple((c, index + 1, False) for c in set_bits(state.start_loc[index] & umask)),
        unit,
    )


def _offs_of_cell(state: RoundState, cell: Cell, keep: Digit = 0) -> tuple[Literal, ...]:
    """The removals of a cell's starting digits (but ``keep``): what leaves it one digit, or none."""
    bit = 1 << cell
    return tuple((cell, d + 1, False) for d, m in enumerate(state.start_loc) if m & bit and d + 1 != keep)


# --- applying what was queued -----------------------------------------------------------------------


def _note(state: RoundState, literal: Literal, parents: tuple[Literal, ...], why: str) -> None:
    facts = state.facts
    if facts is not None and literal not in facts:
        facts[literal] = Fact(len(facts), state.round, parents, why)


def _apply(state: RoundState) -> None:
    """Apply the eliminations, then the placements, queued by the previous round."""
    loc, changed, record = state.loc, state.changed, state.facts is not None
    offs, state.offs = state.offs, []
    places, state.places = state.places, []
    for mask, digit, parents, why in offs:
        hit = loc[digit - 1] & mask
        if hit:
            loc[digit - 1] ^= hit
            changed[digit - 1] |= hit
            if record:
                for cell in set_bits(hit):
                    _note(state, (cell, digit, False), parents, why)
    for cell, digit, parents, why in places:
        if record:
            _note(state, (cell, digit, True), parents, why)
        _place(state, cell, digit, record)


def _place(state: RoundState, cell: Cell, digit: Digit, record: bool) -> None:
    loc, placed, changed, tables = state.loc, state.placed, state.changed, state.tables
    bit = 1 << cell
    index = digit - 1
    if placed[index] & bit:
        return
    if not loc[index] & bit:
        raise ruled_out(state, cell, digit)
    state.free &= ~bit
    placed[index] |= bit
    state.filters[index] &= ~tables.cell_unit_bits[cell]
    loc[index] ^= bit
    others = 0
    for other, mask in enumerate(loc):
        if mask & bit:
            loc[other] = mask ^ bit
            changed[other] |= bit
            others |= 1 << other
    hit = loc[index] & tables.peers[cell]
    if hit:
        loc[index] ^= hit
        changed[index] |= hit
    if record:
        _note_placement(state, cell, digit, others, hit)


def _note_placement(state: RoundState, cell: Cell, digit: Digit, others: int, peers: int) -> None:
    """Record what a placement removed: the cell's other digits (a bit per index), then its peers'."""
    me = ((cell, digit, True),)
    why = own_cell_why(state.geo, cell, digit)
    for index in set_bits(others):
        _note(state, (cell, index + 1, False), me, why)
    for peer in set_bits(peers):
        _note(state, (peer, digit, False), me, peer_why(state.geo, peer, cell))


# --- finding what follows ---------------------------------------------------------------------------


def _detect(state: RoundState) -> None:
    touched = reduce(or_, state.changed)
    if not touched:
        return
    _naked(state, touched & state.free)
    _hidden(state)
    state.changed = [0] * len(state.loc)


def _naked(state: RoundState, touched: int) -> None:
    touched &= state.static_cells  # STATIC: only the cells that had two candidates (else all cells)
    if not touched:
        return
    loc = state.loc
    once = twice = 0
    for mask in loc:
        twice |= once & mask
        once |= mask
    record = state.facts is not None
    empty = touched & ~once
    if empty and state.mode is not Mode.STATIC:
        raise no_candidate(state, (empty & -empty).bit_length() - 1)
    singles = touched & once & ~twice
    while singles:
        low = singles & -singles
        singles ^= low
        cell = low.bit_length() - 1
        digit = 1
        for mask in loc:
            if mask & low:
                break
            digit += 1
        parents = _offs_of_cell(state, cell, digit) if record else ()
        state.places.append((cell, digit, parents, NAKED_WHY))


def _hidden(state: RoundState) -> None:
    """Hidden singles (and in NET mode locked candidates), tried only in units where a candidate moved.

    A digit confined to a box-line meeting in one unit is found from the unit's spots: all of them
    lie in the meeting through the last spot, and the other unit still has the digit outside. One
    loop over digits and units (the hottest of the forcing rules: no call per digit).
    """
    tables = state.tables
    filters, of_cell, units, size = state.filters, tables.cell_unit_bits, tables.units, state.geo.size
    confines, reach = (tables.confines, tables.reach) if state.mode is Mode.NET else ((), ())
    plain = state.facts is None
    places = state.places
    for index, moved in enumerate(state.changed):
        if not moved:
            continue
        wanted = filters[index]
        if moved.bit_count() <= 8:  # finding their units costs less than testing untouched ones
            touched = 0
            while moved:
                low = moved & -moved
                moved ^= low
                touched |= of_cell[low.bit_length() - 1]
            wanted &= touched
        here = state.loc[index]
        while wanted:
            low = wanted & -wanted
            wanted ^= low
            unit = low.bit_length() - 1
            umask = units[unit]
            spots = here & umask
            if not spots & (spots - 1):
                if spots and plain:
                    places.append((spots.bit_length() - 1, index + 1, (), ""))
                else:
                    _single(state, index, unit, spots)
            elif confines and not spots & ~reach[last := unit * size + spots.bit_length() - 1]:
                for meeting, outside, other in confines[last]:
                    if not spots & ~meeting and here & outside:
                        _confined(state, index, unit, other, umask & ~meeting, here & outside)


def _single(state: RoundState, index: int, unit: int, spots: int) -> None:
    """Queue the last place of a digit in a unit, or stop when it has none left (unless STATIC)."""
    if not spots:
        if state.mode is Mode.STATIC:
            return
        raise no_place(state, index, unit)
    parents: tuple[Literal, ...] = ()
    why = ""
    if state.facts is not None:
        umask, start = state.tables.units[unit], state.start_loc[index]
        parents = tuple((c, index + 1, False) for c in set_bits(start & umask & ~spots))
        why = hidden_why(state.geo, index + 1, unit)
    state.places.append((spots.bit_length() - 1, index + 1, parents, why))


def _confined(
    state: RoundState, index: int, source_unit: int, target_unit: int, rest: int, victims: int
) -> None:
    """Queue the removal of a digit confined to a box-line meeting from the rest of the target."""
    parents: tuple[Literal, ...] = ()
    why = ""
    if state.facts is not None:
        parents = tuple((c, index + 1, False) for c in set_bits(state.start_loc[index] & rest))
        why = confined_why(state.geo, index + 1, source_unit, target_unit)
    state.offs.append((victims, index + 1, parents, why))
