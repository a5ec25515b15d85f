"""What a row of the rule table says about a rule: the types of its fields.

One :class:`Rule` carries everything the program knows about a rule (its finder, level, family,
Sudoku Explainer and HoDoKu numbers, premise, default and graph), so the engine, the scales, the
presets, the graph pane and the techniques reference all read one record instead of keeping lists
of their own. The rows themselves are in :mod:`~sudoku_workbench.logic.rule_table`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.constraints import XV, Arrow, Dot, NoOtherDots, NoOtherXV, Thermo
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.shared.hodoku_steps import Hodoku

__all__ = ["Family", "Growth", "Level", "Rule", "Se", "Shape", "Source"]


class Level(enum.IntEnum):
    """How hard a rule (and so a puzzle) is; NEEDS_SEARCH when the rules get stuck.

    FORCING is the last resort (forcing chains and nets): with it no puzzle with one solution is stuck.
    """

    EASY = 1
    MEDIUM = 2
    HARD = 3
    VERY_HARD = 4
    FORCING = 5
    NEEDS_SEARCH = 6


class Family(enum.Enum):
    """The kind of pattern a rule looks for, as hand-solvers group techniques (HoDoKu's categories)."""

    SINGLES = "singles"
    INTERSECTIONS = "intersections"
    SUBSETS = "subsets"
    BASIC_FISH = "basic fish"
    FINNED_FISH = "finned fish"
    COMPLEX_FISH = "Franken and Mutant fish"
    SINGLE_DIGIT = "single-digit patterns"
    COLOURING = "colouring"
    WINGS = "wings"
    CHAINS = "chains"
    ALS = "ALS"
    MATCHING = "matching"
    TEMPLATES = "templates"
    UNIQUENESS = "uniqueness"
    GRAPH = "Eppstein graph rules"
    FORCING = "forcing"
    KILLER = "killer cages"
    CONSTRAINTS = "thermometers, arrows, dots and XV"


class Source(enum.Enum):
    """Where a rule comes from; the ``eppstein`` and ``pads`` presets are chosen by it."""

    #: Eppstein's paper (its local, matching and nonlocal rules) and the local rules it builds on.
    PAPER = "Eppstein's paper"
    #: Eppstein's PADS solver beyond the paper (templates, two graph rules), and the two short wings
    #: that closed the gap to it.
    PADS = "PADS"
    #: The patterns hand-solvers name (HoDoKu and Sudoku Explainer vocabulary).
    HAND = "hand-solvers"
    #: Forcing chains and nets, the last resort of Sudoku Explainer and HoDoKu.
    FORCING = "forcing"


class Growth(enum.Enum):
    """How a step's Sudoku Explainer difficulty grows beyond its base."""

    #: Never: the base is the difficulty (shape adjustments aside, see ``se_scale``).
    FIXED = "fixed"
    #: By SE's chain length: the chain's nodes less two (a chain of k links counts k - 1).
    CHAIN = "chain"
    #: As CHAIN, for Eppstein's walks, which draw one link per strong link: their length is doubled.
    WALK = "walk"
    #: By the number of strong links, on Sukaku Explainer's X-chain scale (4.0, 5.4, … 7.4).
    STRONG_LINKS = "strong links"
    #: As CHAIN; with exactly two cases the step is SE's AIC, 7.0 before length.
    CASES = "cases"
    #: As CHAIN, plus 0.5 per case split after the first (SE's forcing nets; the step's form counts them).
    NESTED = "nested"


class Shape(enum.Enum):
    """What a rule's argument needs of the grid's shape; the engine leaves a rule out where it does not fit.

    Most rules are about houses and cells that see each other and hold on every shape (ANY).
    """

    ANY = "any shape"
    #: Every "sees" must come from a house: the rule's graph has a node per house and digit, so a
    #: knight's or king's move would be a link it cannot draw.
    HOUSES = "no knight's or king's move"
    #: Box arithmetic: the regions must be rectangular boxes (bands and stacks, box rows and columns).
    BOXES = "rectangular boxes"
    #: The houses must be every constraint: the argument swaps digits (a deadly pattern) or counts
    #: placements, which a diagonal or a knight's move could forbid.
    PLAIN = "no variant extras"
    #: Both: a classic grid.
    CLASSIC = "a classic grid"
    #: Killer cages: the rule reads their sums (on any shape that has some).
    CAGES = "killer cages"
    #: Thermometers, arrows, dots or XV (the negative rules count with the marks): the rule reads them.
    THERMOS = "thermometers"
    ARROWS = "arrows"
    MARKS = "kropki dots or XV"
    #: Any of those three (a rule that reads every constraint kind there is).
    CONSTRAINTS = "thermometers, arrows, dots or XV"
    #: A variant's extra houses or moves (diagonals, windows, a knight's or king's move): the rule
    #: eliminates through "sees", which on a classic grid a pointing, claiming or naked pair already
    #: does, so it runs only where a variant makes cells see more (killer cages keep their own rules).
    SIGHT = "variant houses or moves"

    def fits(self, geo: Geometry) -> bool:
        """Whether a rule with this need holds on ``geo``."""
        if self is Shape.CAGES:
            return bool(geo.cages)
        if self is Shape.SIGHT:
            return bool(geo.extras)
        if self in _CONSTRAINT_KINDS:
            return any(isinstance(item, _CONSTRAINT_KINDS[self]) for item in geo.constraints)
        boxes = geo.box is not None or self not in (Shape.BOXES, Shape.CLASSIC)
        houses = not any(geo.neighbours) or self is Shape.ANY or self is Shape.BOXES
        plain = geo.plain or self not in (Shape.PLAIN, Shape.CLASSIC)
        return boxes and houses and plain


#: The constraints each constraint shape needs one of.
_CONSTRAINT_KINDS: dict[Shape, tuple[type, ...]] = {
    Shape.THERMOS: (Thermo,),
    Shape.ARROWS: (Arrow,),
    Shape.MARKS: (Dot, XV, NoOtherDots, NoOtherXV),
    Shape.CONSTRAINTS: (Thermo, Arrow, Dot, XV, NoOtherDots, NoOtherXV),
}


@dataclass(frozen=True)
class Se:
    """A rule on Sudoku Explainer's scale: base difficulty, how length raises it, whether SE has it.

    ``own`` is False for rules Sukaku Explainer has no technique for: the base is then the nearest SE
    technique's, used to show a step's difficulty, and SE's own path leaves the rule out.
    """

    base: float
    growth: Growth
    own: bool


@dataclass(frozen=True)
class Rule:
    """One rule, everything about it: ``find(grid)`` yields every step it sees, each changing something.

    The default order is the row's place in the table; ``on`` says whether the default rule set uses
    it; ``one_solution`` rules hold only for puzzles with exactly one solution and run only when the
    user assumes one; ``graph`` is the graph its steps are read on (bilocation, bivalue) or None;
    ``shape`` is what it needs of the grid's shape. The technique page and example are found by id in
    ``resources/techniques``.
    """

    id: str
    name: str
    family: Family
    level: Level
    find: Callable[[Grid], Iterator[Step]]
    se: Se
    hodoku: Hodoku
    source: Source
    one_solution: bool
    on: bool
    graph: str | None
    shape: Shape = Shape.ANY
