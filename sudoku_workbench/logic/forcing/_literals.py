"""The words of propagation: its modes, literals, the facts it finds and the contradictions it meets.

Kept apart from :mod:`~sudoku_workbench.logic.forcing.propagation`, which does the propagating; the rules
read these to tell what it found.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, NamedTuple

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char

__all__ = [
    "ASSUMED_WHY",
    "NAKED_WHY",
    "Contradicted",
    "Fact",
    "Literal",
    "Mode",
    "candidate_of",
    "confined_why",
    "hidden_why",
    "kernel_facts",
    "literal_name",
    "own_cell_why",
    "peer_why",
    "rested_on",
]


class Mode(enum.IntEnum):
    """How much of the changing position the propagation may use.

    * ``STATIC``: only the direct links of the position the assumption was made in: a cell that had two
      candidates takes the other one, a unit that had two places for a digit fills the other one;
    * ``DYNAMIC``: singles on the position as the assumption changes it (naked and hidden);
    * ``NET``: dynamic singles plus locked candidates (pointing and claiming) on the changing position.
    """

    STATIC = 0
    DYNAMIC = 1
    NET = 2


#: A literal: ``(cell, digit, True)`` "cell is digit", ``(cell, digit, False)`` "cell is not digit".
Literal = tuple[Cell, Digit, bool]


class Fact(NamedTuple):
    """A literal found by propagation: its order, round, parents and the words for why it holds.

    A named tuple: replays make hundreds of thousands, and a tuple is made in half the time.
    """

    order: int
    round: int
    parents: tuple[Literal, ...]
    why: str


class Contradicted(Exception):
    """Propagation reached an impossible position; ``parents`` are the facts that make it so."""

    def __init__(self, words: str, parents: tuple[Literal, ...], unit: int = -1) -> None:
        super().__init__(words)
        self.words = words
        self.parents = parents
        self.unit = unit


def rested_on(facts: dict[Literal, Fact], targets: tuple[Literal, ...]) -> list[Literal]:
    """The facts the targets rest on (themselves included), in the order they were found."""
    seen: set[Literal] = set()
    stack = [t for t in targets if t in facts]
    while stack:
        literal = stack.pop()
        if literal in seen:
            continue
        seen.add(literal)
        stack.extend(p for p in facts[literal].parents if p in facts)
    return sorted(seen, key=lambda lit: facts[lit].order)


def literal_name(geo: Geometry, literal: Literal) -> str:
    """``r1c1=5`` or ``r1c1<>5``."""
    cell, digit, on = literal
    return f"{geo.cell_name(cell)}{'=' if on else '<>'}{digit_char(digit)}"


def candidate_of(literal: Literal) -> Candidate:
    """The candidate a literal is about."""
    return literal[0], literal[1]


# --- why a fact holds ------------------------------------------------------------------------------

#: Why the assumption itself holds.
ASSUMED_WHY = "assumed"
#: Why a naked single is queued (the compiled fixpoint queues it with the same words).
NAKED_WHY = "it has no other candidate left"
#: The compiled fixpoint's codes for the reason of a fact it explains (WHY_* in _fixpoint.h).
_WHY_ASSUMED, _WHY_NAKED, _WHY_OWN_CELL, _WHY_PEER, _WHY_HIDDEN, _WHY_CONFINED = range(6)


def own_cell_why(geo: Geometry, cell: Cell, digit: Digit) -> str:
    """Why a cell's other digits go when it is placed."""
    return f"{geo.cell_name(cell)} is {digit_char(digit)}"


def peer_why(geo: Geometry, peer: Cell, cell: Cell) -> str:
    """Why a digit placed in ``cell`` leaves ``peer``: it sees it (or a knight's move away, …)."""
    return f"it {geo.sight(peer, cell)}"


def hidden_why(geo: Geometry, digit: Digit, unit: int) -> str:
    """Why a hidden single is placed."""
    return f"it is the last place for {digit_char(digit)} in {geo.unit_name(unit)}"


def confined_why(geo: Geometry, digit: Digit, unit: int, target: int) -> str:
    """Why a digit confined to a box-line meeting leaves the rest of the other unit."""
    return f"{digit_char(digit)} of {geo.unit_name(unit)} is confined to {geo.unit_name(target)}"


def kernel_facts(geo: Geometry, found: list[tuple[Any, ...]], assumed: str) -> Iterator[tuple[Literal, Fact]]:
    """The facts the compiled fixpoint returns, as Python keeps them (``assumed``: the assumption's words)."""
    for cell, digit, on, order, number, parents, code, unit, target in found:
        why = _coded_why(geo, code, (cell, digit), parents, (unit, target), assumed)
        yield (cell, digit, on), Fact(order, number, parents, why)


def _coded_why(
    geo: Geometry,
    code: int,
    fact: tuple[Cell, Digit],
    parents: tuple[Literal, ...],
    units: tuple[int, int],
    assumed: str,
) -> str:
    """The words for a reason the compiled fixpoint gives by its code, for the fact ``(cell, digit)``.

    ``units`` are the unit and target it names; ``assumed`` is the assumption's own words.
    """
    (cell, digit), (unit, target) = fact, units
    if code == _WHY_OWN_CELL:
        return own_cell_why(geo, *candidate_of(parents[0]))
    if code == _WHY_PEER:
        return peer_why(geo, cell, parents[0][0])
    if code == _WHY_HIDDEN:
        return hidden_why(geo, digit, unit)
    if code == _WHY_CONFINED:
        return confined_why(geo, digit, unit, target)
    return NAKED_WHY if code == _WHY_NAKED else assumed
