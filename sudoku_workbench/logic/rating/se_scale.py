"""Ratings on Sudoku Explainer's scale (1.0 – 11+): each step's difficulty, and a puzzle's.

Sudoku Explainer (SE, Nicolas Juillerat) gives every hint a difficulty and rates a puzzle by the
hardest hint on its own solve path, which always takes the easiest hint; :func:`rate_se` walks that path
with our rules (:mod:`~sudoku_workbench.logic.rating.se_path`), leaving out the techniques SE lacks
(:data:`NOT_IN_SE`). Each rule's base value and how length raises it are in its row of the rule table
(:mod:`~sudoku_workbench.logic.rule_table`): SE's published ones where SE has the technique, and the
nearest SE technique's otherwise:

=====================================  =====  ==============================================
rule                                   base   SE technique it stands for
=====================================  =====  ==============================================
full house                             1.0    last value in a unit
hidden single                          1.2    in a box (1.5 in a row or column)
naked single                           2.3
pointing / claiming                    2.6 /  2.8 (1.7 / 1.9 when they leave a hidden single: SE's
                                              Direct Pointing and Claiming)
locked pair / locked triple            2.8 /  3.6 (naked pair or triple seen in line and box)
naked pair / hidden pair               3.0 /  3.4 (direct hidden pair 2.0, triple 2.5; a naked
                                              set when its complement is one)
naked triple / quadruple               3.6 /  5.0 (hidden: 4.0 / 5.4)
X-Wing / Swordfish / Jellyfish         3.2 /  3.8 / 5.2
Franken / Mutant fish                  5.5 /  6.0 (not SE's: above its Jellyfish, below its chains)
XY-Wing / XYZ-Wing / WXYZ-Wing         4.2 /  4.4 / 5.5
ALS-XZ of a bivalue cell and 3 / 4     5.5 – 5.6 / 6.2 – 6.4 (Sukaku's WXYZ- and VWXYZ-Wings;
cells                                  other ALS-XZ are left to SE's chains)
Pile and Chain Exclusion, matching     4.0 – 5.4  (bipartite subsets and fish)
uniqueness (rectangles, BUG+1)         4.5 – 5.7 (once one solution is counted; hidden and
                                              avoidable rectangles are not SE's)
Skyscraper / Kite / Turbot / ER        4.0 /  4.1 / 4.2 / 4.3
X-chains with k strong links           4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4 for k = 2 … 8
colouring, X- and Y-cycles             6.5 / 6.6 (Eppstein's repetitive cycles: 6.6 and 7.0)
XY-chains, nice loops, mixed paths     7.0 (remote pair 6.5); through an almost locked set 8.2
contradiction forcing chain            7.0
cell / unit forcing chain              7.0 with two cases (an AIC in SE), 8.0 with more
dynamic forcing chain                  8.5
forcing net                            9.0, +0.5 per case split after the first
=====================================  =====  ==============================================

The sample of SE-rated puzzles in ``../shared/data`` was graded by Sukaku Explainer, SE's maintained
fork, whose extra techniques (Skyscraper to Empty Rectangle, WXYZ-Wing, X-chains by strong links)
carry its values here. Chains get longer the way SE's get: SE counts a chain's nodes less two (k - 1
for k links), and each threshold of 4, 6, 8, 12, 16, 24, 32, … (×3/2 and ×4/3 in turn) it passes adds 0.1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import partial

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.als.als import ALS_XZ, als_xz
from sudoku_workbench.logic.chains.nice_loops import uses_almost_locked_sets
from sudoku_workbench.logic.engine import RULES, Rule, rule_by_id, rules_assuming_unique, rules_for_shape
from sudoku_workbench.logic.rating.se_path import rated_se_path
from sudoku_workbench.logic.rule_table import COVERED_BY, TABLE
from sudoku_workbench.logic.rule_types import Growth
from sudoku_workbench.logic.singles.eppstein_local import HIDDEN_PAIR
from sudoku_workbench.logic.singles.exclusion import PILE_EXCLUSION
from sudoku_workbench.logic.singles.local import CLAIMING, POINTING
from sudoku_workbench.logic.singles.tuples import NAKED_PAIR, NAKED_TUPLE

__all__ = [
    "SE_BASE",
    "SeRating",
    "length_difficulty",
    "puzzle_difficulty",
    "rate_se",
    "se_refusal",
    "step_difficulty",
    "step_floor",
]

#: Base SE difficulty of each rule id, from the rule table (chains add :func:`length_difficulty`).
SE_BASE: dict[str, float] = {rule.id: rule.se.base for rule in TABLE}
_GROWTH: dict[str, Growth] = {rule.id: rule.se.growth for rule in TABLE}

#: A step of no rule in the table (every rule has its SE value in its row, a test sees to it).
_UNKNOWN = 6.0
#: SE's cell and region forcing chains (its "multiple forcing chains").
_MULTIPLE_FORCING = 8.2

#: Sukaku Explainer's X-chain values by the number of strong links (2 … 8).
_X_CHAIN_BY_LINKS = (4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4)


def length_difficulty(length: int) -> float:
    """SE's length increment: +0.1 for each threshold 4, 6, 8, 12, 16, 24, … that ``length`` exceeds.

    >>> [length_difficulty(n) for n in (4, 5, 7, 9, 13)]
    [0.0, 0.1, 0.2, 0.3, 0.4]
    """
    added, ceiling, odd = 0, 4, False
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added / 10


#: The ALS-XZ Sukaku Explainer rates as a wing: a bivalue cell and a set of 3 or 4 cells (in cells).
#: Its UVWXYZ-Wing (5 cells, 6.6) is left out: the sample's grader did not have it (two puzzles it
#: rated 7.1 hold one).
_WING_SIZES = frozenset({(1, 3), (1, 4)})


def _wing_difficulty(step: Step) -> float:
    """Sukaku's WXYZ-Wing (3 cells and the bivalue cell) or VWXYZ-Wing (4 cells) value.

    Both grade by their fullest cell: three candidates rate 0.1 or 0.2 above the extremes, as Sukaku
    Explainer does.
    """
    fullest = max(sum(1 for c, _ in step.highlights.pattern if c == cell) for cell in step.highlights.cells)
    if len(step.highlights.cells) == 4:
        return round(5.5 + (1 - abs(3 - fullest)) / 10, 1)
    return round(6.2 + (2 - abs(3 - fullest)) / 10, 1)


def _tuple_base(step: Step, naked: bool) -> float:
    size = len(step.highlights.cells)
    if naked:
        return {2: 3.0, 3: 3.6}.get(size, 5.0)
    return {2: 3.4, 3: 4.0}.get(size, 5.4)


def step_difficulty(step: Step, n: int = 9) -> float:
    """The SE difficulty of one step (``n`` is the grid size, for telling boxes from lines).

    The rule's row gives the base and how length raises it; a few rules rate by the step's shape too.
    """
    rule = step.rule
    base = SE_BASE.get(rule, _UNKNOWN)
    growth = _GROWTH.get(rule, Growth.FIXED)
    units = step.highlights.units
    if rule == "hidden_single" and units and units[0] < 2 * n:
        base = 1.5
    elif rule == "naked_tuple":
        base = _tuple_base(step, naked=True)
    elif growth is Growth.CASES and len(step.highlights.chains) == 2:
        base = 7.0
    elif rule == ALS_XZ:
        return _wing_difficulty(step)
    elif growth is Growth.STRONG_LINKS:
        strong = sum(link.strong for link in step.highlights.links)
        return _X_CHAIN_BY_LINKS[min(max(strong, 2), 8) - 2]
    elif uses_almost_locked_sets(step):
        base = _MULTIPLE_FORCING  # SE's chains have no ALS nodes: it needs cell or region forcing chains
    elif growth is Growth.NESTED:
        base += 0.5 * max(0, step.form.case_splits - 1)
    if growth is Growth.FIXED:
        return base
    links = len(step.highlights.links) or len(step.highlights.pattern)
    if growth is Growth.WALK:
        links *= 2
    # SE measures a chain by its nodes less two: a chain of k links has k + 1 nodes.
    return round(base + length_difficulty(links - 1), 1)


#: SE's direct techniques: a pointing, a claiming or a hidden pair or triple that leaves a digit one
#: place in a house SE looks at (it then places it) rates 1.7, 1.9, 2.0 or 2.5 in place of 2.6, 2.8,
#: 3.4 or 4.0, by the size of the hidden set. Pile Exclusion is SE's hidden subset: its triples are
#: direct too (pairs are hidden pairs). A naked set is the hidden set of the other cells of its house
#: (SE finds that one), so it is direct when that hidden set is a direct pair or triple.
_DIRECT_HIDDEN = {2: 2.0, 3: 2.5}
_DIRECT: dict[str, dict[int, float]] = {
    POINTING: {1: 1.7},
    CLAIMING: {1: 1.9},
    HIDDEN_PAIR: {2: 2.0},
    PILE_EXCLUSION: {3: 2.5},
    NAKED_PAIR: _DIRECT_HIDDEN,
    NAKED_TUPLE: _DIRECT_HIDDEN,
}


def _direct_value(step: Step, grid: Grid) -> float | None:
    """The direct technique's value a step would have, or None (pointing and claiming have one digit)."""
    values = _DIRECT.get(step.rule)
    if values is None or not step.highlights.units:
        return None
    if step.rule in (POINTING, CLAIMING):
        return values[1]
    size = len(step.highlights.cells)
    if step.rule in (NAKED_PAIR, NAKED_TUPLE):
        house = grid.geometry.units[step.highlights.units[0]]
        size = sum(1 for cell in house if not grid.values[cell]) - size
    return values.get(size)


def _leaves_a_single(step: Step, grid: Grid) -> bool:
    """Whether the step leaves a digit one place in a house of its first house's kind (SE's test).

    SE looks, for a pointing, at the boxes the eliminations are in; for a claiming, at the lines of the
    claiming line's kind; for a hidden set, at its own house. All three are the houses of the first
    house's kind that hold an eliminated candidate, and the digit had two places or more before.
    """
    geo = grid.geometry
    n = geo.n
    if not step.highlights.units or step.highlights.units[0] >= 3 * n:
        return False
    kind = step.highlights.units[0] // n
    gone = set(step.eliminations)
    houses = {u for cell, _ in gone for u in geo.units_of[cell] if u < 3 * n and u // n == kind}
    for unit in houses:
        for digit in {d for _, d in gone}:
            places = [c for c in geo.units[unit] if not grid.values[c] and digit in grid.candidates_of(c)]
            if len(places) >= 2 and sum((c, digit) not in gone for c in places) == 1:
                return True
    return False


def positioned_difficulty(step: Step, grid: Grid | None, n: int = 9) -> float:
    """:func:`step_difficulty` in the position the step was found in: SE's direct techniques count."""
    direct = None if grid is None else _direct_value(step, grid)
    if direct is not None and grid is not None and _leaves_a_single(step, grid):
        return direct
    return step_difficulty(step, n)


def puzzle_difficulty(steps: Iterable[Step], n: int = 9) -> float:
    """The hardest step's difficulty (0.0 for no steps), as SE rates a puzzle."""
    return max((step_difficulty(step, n) for step in steps), default=0.0)


@dataclass(frozen=True)
class SeRating:
    """A puzzle on SE's scale: the hardest step's difficulty, its rule, the step count and how it ended.

    ``rules_used`` names every rule the path took, in the order of first use, so a collection can be
    filtered by a technique its puzzles need and not only by the hardest one.
    """

    difficulty: float
    hardest_rule: str
    step_count: int
    status: str
    rules_used: tuple[str, ...] = ()


#: Our rules for which Sukaku Explainer has no technique (``own`` False in their rows): SE proves the
#: same things with chains, so its path leaves them out (it would otherwise rate an ALS-XZ at 5.5 where
#: SE needed a 7.2 forcing chain).
NOT_IN_SE = frozenset(rule.id for rule in TABLE if not rule.se.own)


#: Rules SE knows only in one shape: the path asks for that shape alone. The wings are Sukaku
#: Explainer's, a 9x9 program; SE's 6x6 fork has none (its 8-clue 7.1 puzzle holds a VWXYZ-Wing).
_SE_VARIANTS: dict[str, Rule] = {
    ALS_XZ: replace(rule_by_id(ALS_XZ), find=partial(als_xz, sizes=_WING_SIZES)),
}


#: SE's uniqueness techniques (unique rectangles, BUG), on by default: SE rates only puzzles with one
#: solution (on the Sudoku Exchange puzzles, many a 5.6 is a BUG+1 that chains would rate 6.8 – 7.0).
_SE_UNIQUENESS = frozenset(rule.id for rule in TABLE if rule.one_solution and rule.se.own)


def _never_taken(rule_id: str, on_path: set[str]) -> bool:
    """Whether the rules ``on_path`` leave the rule nothing to give (:data:`~.rule_table.COVERED_BY`).

    The path takes the cheapest step, and the covering rules are the cheaper ones (Chain Exclusion 4.0
    and naked single 2.3 against unit matching's 5.0), so wherever the rule has a step they have one.
    """
    cheaper = COVERED_BY.get(rule_id)
    return cheaper is not None and cheaper <= on_path


def _se_rules(rules: tuple[Rule, ...], n: int, one_solution: bool) -> tuple[Rule, ...]:
    """The rules on SE's path for an ``n`` x ``n`` grid: SE's own, in the shapes SE knows."""
    if one_solution:
        have = {rule.id for rule in rules}
        rules += tuple(r for r in rules_assuming_unique() if r.id in _SE_UNIQUENESS and r.id not in have)
    own = {rule.id for rule in rules if rule.id not in NOT_IN_SE}
    kept = (rule for rule in rules if rule.id in own and not _never_taken(rule.id, own))
    if n != 9:
        return tuple(rule for rule in kept if rule.id not in _SE_VARIANTS)
    return tuple(_SE_VARIANTS.get(rule.id, rule) for rule in kept)


def step_floor(rule: Rule) -> float:
    """The least SE difficulty a step of ``rule`` can have (short X-chains and two-case forcing go lower)."""
    if rule.id in _DIRECT:
        return min(_DIRECT[rule.id].values())
    if rule.se.growth is Growth.STRONG_LINKS:
        return _X_CHAIN_BY_LINKS[0]
    if rule.se.growth is Growth.CASES:
        return 7.0
    return rule.se.base


def se_refusal(geo: Geometry) -> str | None:
    """Why SE's scale cannot rate a puzzle of this shape: Sudoku Explainer has no killer rules."""
    if not geo.cages:
        return None
    return (
        f"Sudoku Explainer has no rules for killer cages ({geo.label}), so its scale cannot rate them:"
        " use the level scale"
    )


def rate_se(
    grid: Grid,
    rules: tuple[Rule, ...] = RULES,
    cancel: CancelToken | None = None,
    one_solution: bool = False,
    ceiling: float | None = None,
) -> SeRating:
    """A puzzle's rating on SE's scale: SE's own path (the easiest step each time), then its hardest step.

    ``one_solution`` says the caller counted exactly one solution: SE's uniqueness techniques then
    join the path, as they do in SE (which refuses any other puzzle). Without it they are left out,
    since on a puzzle with several solutions they could remove real ones.

    ``ceiling`` is for a caller that only wants to know whether the rating stays at or below it (the
    generator by target): the path stops at its first harder step (status ``above``), and the rules
    that cannot make a step at or below it are not asked (where only they would go on, the status is
    ``stuck``): whether the rating stays under the ceiling is the same either way, found sooner.

    A puzzle SE has no scale for (:func:`se_refusal`) is not rated: status ``refused``, difficulty 0.

    Raises:
        Cancelled: when ``cancel`` was cancelled.
    """
    if se_refusal(grid.geometry) is not None:
        return SeRating(0.0, "", 0, "refused")
    n = grid.geometry.n
    count = 0
    hardest: tuple[float, Step] | None = None
    status = "solved"
    last_open = grid.values.count(0)
    used: dict[str, None] = {}
    se_rules = rules_for_shape(_se_rules(rules, n, one_solution), grid.geometry)
    if ceiling is not None:
        se_rules = tuple(rule for rule in se_rules if step_floor(rule) <= ceiling)
    try:
        for rated, step, open_cells in rated_se_path(
            grid, se_rules, partial(positioned_difficulty, n=n), step_floor, cancel
        ):
            count += 1
            used[step.rule] = None
            if hardest is None or rated > hardest[0]:  # the first of the hardest, as max() gives
                hardest = (rated, step)
            last_open = open_cells
            if ceiling is not None and rated > ceiling:
                status = "above"
                break
    except Contradiction:
        status = "contradiction"
    if status == "solved" and last_open:
        status = "stuck"
    if hardest is None:
        return SeRating(0.0, "", 0, status)
    return SeRating(hardest[0], hardest[1].rule, count, status, tuple(used))
