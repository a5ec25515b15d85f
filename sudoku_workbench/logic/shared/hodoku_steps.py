"""HoDoKu 2.2's techniques as facts: default order, level, base score and whether it is on by default.

Read from HoDoKu 2.2.0's step configuration (``Options.java``, its ``StepConfig`` list); the numbers
are facts about that program, no code of it is used. Each row of the rule table names the HoDoKu
technique it is (:func:`hodoku`) or, where HoDoKu has no such technique, the one nearest to it
(:func:`hodoku_closest`, with the reason), so no rule gets a number by default.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["HODOKU_STEPS", "Hodoku", "HodokuLevel", "HodokuStep", "hodoku", "hodoku_closest"]


class HodokuLevel(enum.IntEnum):
    """HoDoKu's difficulty levels; a puzzle's is its hardest step's, raised by its total score."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    UNFAIR = 4
    EXTREME = 5


@dataclass(frozen=True)
class HodokuStep:
    """One HoDoKu technique: its place in the default order, level, base score and default on/off."""

    order: int
    level: HodokuLevel
    score: int
    enabled: bool


_E, _M, _H, _U, _X = HodokuLevel
# fmt: off
#: HoDoKu 2.2's ``SolutionType`` name → its default configuration (the techniques the table maps to,
#: and those still to come: uniqueness tests 3, 5, 6, Franken, Mutant and Kraken fish, ALS chains).
HODOKU_STEPS: dict[str, HodokuStep] = {
    "FULL_HOUSE": HodokuStep(100, _E, 4, True),
    "NAKED_SINGLE": HodokuStep(200, _E, 4, True),
    "HIDDEN_SINGLE": HodokuStep(300, _E, 14, True),
    "LOCKED_PAIR": HodokuStep(1000, _M, 40, True),
    "LOCKED_TRIPLE": HodokuStep(1100, _M, 60, True),
    "LOCKED_CANDIDATES_1": HodokuStep(1200, _M, 50, True),
    "LOCKED_CANDIDATES_2": HodokuStep(1210, _M, 50, True),
    "NAKED_PAIR": HodokuStep(1300, _M, 60, True),
    "NAKED_TRIPLE": HodokuStep(1400, _M, 80, True),
    "HIDDEN_PAIR": HodokuStep(1500, _M, 70, True),
    "HIDDEN_TRIPLE": HodokuStep(1600, _M, 100, True),
    "NAKED_QUADRUPLE": HodokuStep(2000, _H, 120, True),
    "HIDDEN_QUADRUPLE": HodokuStep(2100, _H, 150, True),
    "X_WING": HodokuStep(2200, _H, 140, True),
    "SWORDFISH": HodokuStep(2300, _H, 150, True),
    "JELLYFISH": HodokuStep(2400, _H, 160, True),
    "SQUIRMBAG": HodokuStep(2500, _U, 470, False),
    "REMOTE_PAIR": HodokuStep(2800, _H, 110, True),
    "BUG_PLUS_1": HodokuStep(2900, _H, 100, True),
    "SKYSCRAPER": HodokuStep(3000, _H, 130, True),
    "TWO_STRING_KITE": HodokuStep(3100, _H, 150, True),
    "TURBOT_FISH": HodokuStep(3120, _H, 120, True),
    "EMPTY_RECTANGLE": HodokuStep(3170, _H, 120, True),
    "W_WING": HodokuStep(3200, _H, 150, True),
    "XY_WING": HodokuStep(3300, _H, 160, True),
    "XYZ_WING": HodokuStep(3400, _H, 180, True),
    "UNIQUENESS_1": HodokuStep(3500, _H, 100, True),
    "UNIQUENESS_2": HodokuStep(3600, _H, 100, True),
    "UNIQUENESS_3": HodokuStep(3700, _H, 100, True),
    "UNIQUENESS_4": HodokuStep(3800, _H, 100, True),
    "UNIQUENESS_5": HodokuStep(3900, _H, 100, True),
    "UNIQUENESS_6": HodokuStep(4000, _H, 100, True),
    "HIDDEN_RECTANGLE": HodokuStep(4010, _H, 100, True),
    "AVOIDABLE_RECTANGLE_1": HodokuStep(4020, _H, 100, True),
    "AVOIDABLE_RECTANGLE_2": HodokuStep(4030, _H, 100, True),
    "FINNED_X_WING": HodokuStep(4100, _H, 130, True),
    "SASHIMI_X_WING": HodokuStep(4200, _H, 150, True),
    "FINNED_SWORDFISH": HodokuStep(4300, _U, 200, True),
    "SASHIMI_SWORDFISH": HodokuStep(4400, _U, 240, True),
    "FINNED_JELLYFISH": HodokuStep(4500, _U, 250, True),
    "SASHIMI_JELLYFISH": HodokuStep(4600, _U, 260, True),
    "SUE_DE_COQ": HodokuStep(5300, _U, 250, True),
    "SIMPLE_COLORS": HodokuStep(5330, _H, 150, True),
    "MULTI_COLORS": HodokuStep(5360, _H, 200, True),
    "X_CHAIN": HodokuStep(5400, _U, 260, True),
    "XY_CHAIN": HodokuStep(5500, _U, 260, True),
    "NICE_LOOP": HodokuStep(5600, _U, 280, True),
    "GROUPED_NICE_LOOP": HodokuStep(5650, _U, 300, True),
    "ALS_XZ": HodokuStep(5700, _U, 300, True),
    "ALS_XY_WING": HodokuStep(5800, _U, 320, True),
    "ALS_XY_CHAIN": HodokuStep(5900, _U, 340, True),
    "DEATH_BLOSSOM": HodokuStep(6000, _U, 360, False),
    "FRANKEN_X_WING": HodokuStep(6100, _U, 300, True),
    "FRANKEN_SWORDFISH": HodokuStep(6200, _U, 350, True),
    "FRANKEN_JELLYFISH": HodokuStep(6300, _U, 370, False),
    "FINNED_FRANKEN_X_WING": HodokuStep(6700, _U, 390, True),
    "FINNED_FRANKEN_SWORDFISH": HodokuStep(6800, _U, 410, True),
    "FINNED_FRANKEN_JELLYFISH": HodokuStep(6900, _U, 430, False),
    "MUTANT_X_WING": HodokuStep(7300, _X, 450, False),
    "MUTANT_SWORDFISH": HodokuStep(7400, _X, 450, False),
    "MUTANT_JELLYFISH": HodokuStep(7500, _X, 450, False),
    "FINNED_MUTANT_X_WING": HodokuStep(7900, _X, 470, False),
    "FINNED_MUTANT_SWORDFISH": HodokuStep(8000, _X, 470, False),
    "FINNED_MUTANT_JELLYFISH": HodokuStep(8100, _X, 470, False),
    "KRAKEN_FISH": HodokuStep(8450, _X, 500, False),
    "FORCING_CHAIN": HodokuStep(8500, _X, 500, True),
    "FORCING_NET": HodokuStep(8600, _X, 700, True),
    "TEMPLATE_SET": HodokuStep(8700, _X, 10000, False),
    "TEMPLATE_DEL": HodokuStep(8800, _X, 10000, False),
}
# fmt: on


@dataclass(frozen=True)
class Hodoku:
    """A rule's HoDoKu technique: its name there and configuration; ``closest`` says why, if a stand-in.

    ``closest`` is empty when the rule is that HoDoKu technique; otherwise HoDoKu has no such
    technique and the text says why this one is the nearest (only such rules are left out of the
    ``hodoku`` preset).
    """

    technique: str
    step: HodokuStep
    closest: str

    @property
    def score(self) -> int:
        """HoDoKu's base score for one step of this technique."""
        return self.step.score

    @property
    def level(self) -> HodokuLevel:
        """HoDoKu's level of this technique."""
        return self.step.level


def hodoku(technique: str) -> Hodoku:
    """The HoDoKu technique a rule is.

    Raises:
        KeyError: for a name not in :data:`HODOKU_STEPS`.
    """
    return Hodoku(technique, HODOKU_STEPS[technique], "")


def hodoku_closest(technique: str, why: str) -> Hodoku:
    """A stand-in for a rule HoDoKu lacks: the nearest HoDoKu technique, and why it is the nearest."""
    return Hodoku(technique, HODOKU_STEPS[technique], why)
