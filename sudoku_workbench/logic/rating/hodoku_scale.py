"""Ratings on HoDoKu's scale: a score (every step's base score, summed) and a level (Easy … Extreme).

HoDoKu 2.2 rates a puzzle by solving it with its own steps in its own order (the first enabled
technique that finds something, every time) and adding up the base score of each step it takes,
singles included. The level is the hardest step's level, raised while the score exceeds that level's
ceiling (800 Easy, 1000 Medium, 1600 Hard, 1800 Unfair; Extreme has none). When no technique applies
it guesses: it sets the middle one of the empty cells (in reading order) to its solution, a step of
10000, and goes on. These are facts read from HoDoKu's solver and options; no code of it is used.

:func:`rate_hodoku` walks that path with the rules that are techniques HoDoKu has and enables by
default (the ``hodoku`` preset; the others, such as Eppstein's graph rules, are left out as SE's path
leaves out what SE lacks), put into HoDoKu's order by the technique each row names
(:mod:`~sudoku_workbench.logic.shared.hodoku_steps`); a rule that finds two of HoDoKu's techniques (the
naked triple or quadruple, Pile Exclusion's hidden triples and quadruples) runs as two, each at its
technique's place, so a hidden pair comes before a naked quadruple as in HoDoKu; where HoDoKu takes,
of all the steps a chain, loop or ALS technique finds, the one that removes the most candidates, so
do its rules here among their first steps. A step is scored
as the technique it is in HoDoKu (:func:`step_technique`): a sashimi fish the sashimi score, a chain
through grouped nodes the grouped nice loop, as the step's form says.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.geometry import Geometry, ShapeError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.chains.nice_loops import NICE_LOOP
from sudoku_workbench.logic.engine import RULES, Rule, rule_by_id, rules_assuming_unique, steps_with_grids
from sudoku_workbench.logic.rule_choice import preset_rules
from sudoku_workbench.logic.shared.hodoku_steps import HODOKU_STEPS, HodokuLevel, hodoku
from sudoku_workbench.logic.singles.exclusion import PILE_EXCLUSION
from sudoku_workbench.logic.singles.tuples import NAKED_TUPLE

__all__ = [
    "GUESS",
    "GUESS_SCORE",
    "HODOKU_OWN",
    "LEVEL_CEILINGS",
    "HodokuRating",
    "hodoku_order",
    "hodoku_refusal",
    "puzzle_level",
    "rate_hodoku",
    "step_technique",
]

#: HoDoKu's highest score of each level; a score above Unfair's is Extreme.
LEVEL_CEILINGS: dict[HodokuLevel, int] = {
    HodokuLevel.EASY: 800,
    HodokuLevel.MEDIUM: 1000,
    HodokuLevel.HARD: 1600,
    HodokuLevel.UNFAIR: 1800,
}
#: HoDoKu's name for a guess (its brute force step) and what one scores.
GUESS, GUESS_SCORE = "BRUTE_FORCE", 10000

#: The rows that are a technique HoDoKu enables by default: the only ones on its path.
HODOKU_OWN = frozenset(rule.id for rule in preset_rules("hodoku"))
_FINNED_FISH = frozenset(("finned_x_wing", "finned_swordfish", "finned_jellyfish"))


def puzzle_level(hardest: HodokuLevel, score: int) -> HodokuLevel:
    """The hardest step's level, raised one level at a time while the score is above its ceiling.

    >>> puzzle_level(HodokuLevel.EASY, 801).name, puzzle_level(HodokuLevel.HARD, 900).name
    ('MEDIUM', 'HARD')
    """
    level = hardest
    while level in LEVEL_CEILINGS and score > LEVEL_CEILINGS[level]:
        level = HodokuLevel(level + 1)
    return level


def step_technique(step: Step) -> str:
    """The HoDoKu technique a step of ours is: its row's, or the form that row's rule covers too."""
    technique = rule_by_id(step.rule).hodoku.technique
    size = len(step.highlights.cells)
    if step.rule == NAKED_TUPLE and size >= 4:
        return "NAKED_QUADRUPLE"
    if step.rule == PILE_EXCLUSION:
        return {2: "HIDDEN_PAIR", 3: "HIDDEN_TRIPLE"}.get(size, "HIDDEN_QUADRUPLE")
    if step.rule in _FINNED_FISH and step.form.sashimi:
        return technique.replace("FINNED", "SASHIMI")
    if step.rule == NICE_LOOP and step.form.grouped:
        return "GROUPED_NICE_LOOP"
    return technique


def _sized(rule: Rule, fits: Callable[[int], bool], technique: str) -> Rule:
    """The steps of ``rule`` whose pattern has a size that ``fits``, as HoDoKu's ``technique``."""

    def find(grid: Grid) -> Iterator[Step]:
        return (step for step in rule.find(grid) if fits(len(step.highlights.cells)))

    return replace(rule, find=find, hodoku=hodoku(technique))


#: Rules that are two HoDoKu techniques of different places in its order, split by their size.
_SPLIT: dict[str, tuple[Rule, Rule]] = {
    NAKED_TUPLE: (
        _sized(rule_by_id(NAKED_TUPLE), lambda size: size <= 3, "NAKED_TRIPLE"),
        _sized(rule_by_id(NAKED_TUPLE), lambda size: size >= 4, "NAKED_QUADRUPLE"),
    ),
    PILE_EXCLUSION: (
        _sized(rule_by_id(PILE_EXCLUSION), lambda size: size <= 3, "HIDDEN_TRIPLE"),
        _sized(rule_by_id(PILE_EXCLUSION), lambda size: size >= 4, "HIDDEN_QUADRUPLE"),
    ),
}


#: HoDoKu's chain, loop and ALS techniques find every step and take the one that removes the most
#: candidates; ours weigh this many of a rule's first steps (shortest first) the same way.
LOOK_AHEAD = 16
_WIDEST_FIRST = frozenset(
    ("X_CHAIN", "XY_CHAIN", "REMOTE_PAIR", "NICE_LOOP", "ALS_XZ", "ALS_XY_WING", "ALS_XY_CHAIN")
)


def _widest(rule: Rule) -> Rule:
    """``rule`` giving, of its first :data:`LOOK_AHEAD` steps, the first that removes the most."""

    def find(grid: Grid) -> Iterator[Step]:
        steps = list(itertools.islice(rule.find(grid), LOOK_AHEAD))
        if steps:
            yield max(steps, key=lambda step: len(step.eliminations) + len(step.placements))

    return replace(rule, find=find)


def hodoku_order(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """The rules in HoDoKu's order of the techniques they are (rules of one technique keep theirs)."""
    split = [part for rule in rules for part in _SPLIT.get(rule.id, (rule,))]
    chosen = [_widest(rule) if rule.hodoku.technique in _WIDEST_FIRST else rule for rule in split]
    return tuple(sorted(chosen, key=lambda rule: rule.hodoku.step.order))


def hodoku_refusal(geo: Geometry) -> str | None:
    """Why HoDoKu's scale cannot rate a puzzle of this shape: it has no jigsaw or variant rules."""
    if geo.classic:
        return None
    other = "the level scale" if geo.cages else "the SE scale"
    return f"HoDoKu rates classic grids only ({geo.label} is not one): use {other}"


@dataclass(frozen=True)
class HodokuRating:
    """A puzzle on HoDoKu's scale.

    ``hardest`` is the HoDoKu technique of the hardest step (by level, then score; ``BRUTE_FORCE`` for
    a guess) and ``hardest_rule`` our rule that took it ("" for a guess or no step); ``status`` is
    ``solved``, ``stuck`` (no rule applied and no solution to guess from) or ``contradiction``.
    """

    score: int
    level: HodokuLevel
    hardest: str
    hardest_rule: str
    step_count: int
    guesses: int
    status: str


def _middle_guess(grid: Grid, solution: Sequence[int]) -> Grid:
    """HoDoKu's guess: the middle one of the empty cells, in reading order, set to its solution."""
    empty = grid.empty_cells
    cell = empty[len(empty) // 2]
    return grid.place(cell, solution[cell])


def _walk(
    grid: Grid,
    rules: tuple[Rule, ...],
    solution: Sequence[int] | None,
    cancel: CancelToken | None,
    taken: list[tuple[str, str]],
) -> str:
    """Add (technique, rule id) of every step on HoDoKu's path to ``taken``; say how the path ended."""
    while True:
        for step, after in steps_with_grids(grid, rules, cancel):
            taken.append((step_technique(step), step.rule))
            grid = after
        if grid.is_complete():
            return "solved"
        if solution is None:
            return "stuck"
        grid = _middle_guess(grid, solution)
        taken.append((GUESS, ""))


def rate_hodoku(
    grid: Grid,
    rules: tuple[Rule, ...] = RULES,
    cancel: CancelToken | None = None,
    solution: Sequence[int] | None = None,
) -> HodokuRating:
    """A puzzle's score and level on HoDoKu's scale, along HoDoKu's path with ``rules``.

    Of ``rules``, those in :data:`HODOKU_OWN` run, in HoDoKu's order. ``solution`` is the puzzle's one
    solution, for a caller that counted exactly one: HoDoKu's uniqueness techniques then join the path
    (HoDoKu keeps them on), and where the rules get stuck the path guesses from it as HoDoKu does.
    Without it the uniqueness rows are left out and a stuck path ends the rating (status ``stuck``).

    Raises:
        ShapeError: for a puzzle HoDoKu has no scale for (see :func:`hodoku_refusal`).
        Cancelled: when ``cancel`` was cancelled.
    """
    refusal = hodoku_refusal(grid.geometry)
    if refusal is not None:
        raise ShapeError(refusal)
    chosen = rules
    if solution is not None:
        have = {rule.id for rule in rules}
        chosen += tuple(r for r in rules_assuming_unique() if r.one_solution and r.id not in have)
    path = hodoku_order(
        [r for r in chosen if r.id in HODOKU_OWN and (solution is not None or not r.one_solution)]
    )
    taken: list[tuple[str, str]] = []
    try:
        status = _walk(grid, path, solution, cancel, taken)
    except Contradiction:
        status = "contradiction"
    return _rating(taken, status)


def _rating(taken: list[tuple[str, str]], status: str) -> HodokuRating:
    def weight(item: tuple[str, str]) -> tuple[int, int]:
        step = HODOKU_STEPS.get(item[0])
        return (HodokuLevel.EXTREME + 1, GUESS_SCORE) if step is None else (step.level, step.score)

    score = sum(GUESS_SCORE if t == GUESS else HODOKU_STEPS[t].score for t, _ in taken)
    guesses = sum(1 for t, _ in taken if t == GUESS)
    if not taken:
        return HodokuRating(0, HodokuLevel.EASY, "", "", 0, 0, status)
    hardest, rule = max(taken, key=weight)
    level = HodokuLevel.EXTREME if hardest == GUESS else HODOKU_STEPS[hardest].level
    return HodokuRating(score, puzzle_level(level, score), hardest, rule, len(taken), guesses, status)
