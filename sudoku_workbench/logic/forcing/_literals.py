"""The words of propagation: its modes, literals, the facts it finds and the contradictions it meets.

Kept apart from :mod:`~sudoku_workbench.logic.forcing.propagation`, which does the propagating; the rules
read these to tell what it found.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char

__all__ = ["Contradicted", "Fact", "Literal", "Mode", "candidate_of", "literal_name"]


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


@dataclass(frozen=True)
class Fact:
    """A literal found by propagation: its order, round, parents and the words for why it holds."""

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


def literal_name(geo: Geometry, literal: Literal) -> str:
    """``r1c1=5`` or ``r1c1<>5``."""
    cell, digit, on = literal
    return f"{geo.cell_name(cell)}{'=' if on else '<>'}{digit_char(digit)}"


def candidate_of(literal: Literal) -> Candidate:
    """The candidate a literal is about."""
    return literal[0], literal[1]
