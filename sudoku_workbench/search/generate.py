"""Puzzles for the Test button: the Dr. Dobb's options (Unique, Very Hard) plus a target level.

* ``unique=False`` — a random solution grid with random symmetric orbits emptied until about a
  quarter of the cells remain: at least one solution, usually several (for play and for testing the
  counter).
* ``unique=True`` — Eppstein's generator (:mod:`~sudoku_workbench.search.eppstein`): a minimal
  symmetric puzzle with exactly one solution, kept only when the logic rules solve it without search.
  From 16x16 on (:data:`MINIMAL_UP_TO`) the puzzle is thinned out only while singles and locked
  candidates still solve it (so it rates medium at most): a minimal 16x16 needed search in 4 draws
  of 5, and proving each removal of a 25x25 unique took the solver up to a second (a minute a
  puzzle, none logic-solvable). A target above medium still draws minimal 16x16 puzzles.
* ``very_hard=True`` — as Unique, but keeps drawing puzzles until one reaches the hardest level the
  rule set can rate, or the time budget runs out (then the hardest seen so far).
* ``level=L`` — as Unique, drawing until a puzzle rates exactly ``L`` (or the closest within budget).
  ``Level.NEEDS_SEARCH`` asks for the opposite of the logic filter: unique and minimal, but beyond
  the rules (for exercising the search).

Everything random comes from the ``rng`` passed in, so a seed reproduces the same puzzles. A result
cut short by the time budget depends on the machine's speed; one found within it does not.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core import CancelToken, Cell, Digit, Geometry, Grid, Step
from sudoku_workbench.logic.engine import RULES, Level, Rating, Rule, rate
from sudoku_workbench.search.eppstein import generate_eppstein, refuse_cages
from sudoku_workbench.search.minimize import grid_of
from sudoku_workbench.search.solve import count, solutions
from sudoku_workbench.search.symmetry import DEFAULT_SYMMETRY, check_symmetry, orbits

__all__ = [
    "GRADING_RULES",
    "HARD_MINIMAL_UP_TO",
    "LOOSE_FILL",
    "MINIMAL_UP_TO",
    "Generated",
    "GenerationProgress",
    "generate",
    "loose_puzzle",
    "puzzle_rng",
    "top_level",
]

#: Fraction of the cells left filled by ``unique=False`` (rounded down, whole orbits).
LOOSE_FILL = 0.25

#: The largest grid side whose unique puzzles are minimal (beyond it, see the module docstring);
#: a target of Level.NEEDS_SEARCH is always minimal, since only a minimal puzzle gets beyond the rules.
MINIMAL_UP_TO = 12

#: The largest side whose puzzles are minimal when the target is above medium (a 16x16 draw costs
#: under a second; a 25x25 one a minute).
HARD_MINIMAL_UP_TO = 16


@dataclass(frozen=True)
class GenerationProgress:
    """Where the generator is: which puzzle it draws, its stage, and ``done`` of ``total`` if counted."""

    attempt: int
    stage: str
    done: int = 0
    total: int = 0

    def text(self) -> str:
        """``puzzle 2: clues removed: 40 of 324`` (what the window shows)."""
        counted = f": {self.done} of {self.total}" if self.total else ""
        return f"puzzle {self.attempt}: {self.stage}{counted}"


@dataclass(frozen=True)
class Generated:
    """A generated puzzle and the level the logic engine rates it."""

    grid: Grid
    level: Level


def puzzle_rng(seed: int, index: int) -> random.Random:
    """The random generator of puzzle ``index`` of a batch with master ``seed``.

    Seeding with text goes through SHA-512, so the stream is the same in every process and on every
    run (unlike ``hash``), and neighbouring indexes give unrelated streams.
    """
    return random.Random(f"sudoku-workbench/{seed}/{index}")


#: The generator grades with every rule but forcing chains and nets: with those no unique puzzle would
#: need search, so "logic-solvable" and "needs search" keep their meaning (and grading stays quick).
GRADING_RULES = tuple(rule for rule in RULES if rule.level < Level.FORCING)


def top_level(rules: tuple[Rule, ...] = GRADING_RULES) -> Level:
    """The hardest level a grading rule has (Very Hard once the graph rules are in)."""
    return max((rule.level for rule in rules), default=Level.EASY)


def generate(
    geo: Geometry,
    rng: random.Random,
    symmetry: str = DEFAULT_SYMMETRY,
    unique: bool = True,
    very_hard: bool = False,
    level: Level | int | None = None,
    budget: float = 5.0,
    cancel: CancelToken | None = None,
    progress: Callable[[int], None] | None = None,
    rules: tuple[Rule, ...] = GRADING_RULES,
    *,
    labelled_progress: Callable[[GenerationProgress], None] | None = None,
) -> Generated:
    """One puzzle with the given options (see the module docstring for what each one means).

    ``progress(attempts)`` is called after each candidate puzzle, ``labelled_progress`` as each
    stage of a puzzle advances (cells determined, clues removed, rating); ``budget`` (seconds)
    bounds the search of Very Hard and of a target level; ``rules`` grade the puzzles
    (logic-solvable means by them).

    Raises:
        ShapeError: for a shape with killer cages (``eppstein.refuse_cages``).
        SymmetryError: when the symmetry is unknown or does not fit the box shape.
        ValueError: when the target level is not a :class:`~sudoku_workbench.logic.engine.Level`.
        Cancelled: when the token is cancelled.
    """
    refuse_cages(geo)
    check_symmetry(geo, symmetry)
    if not unique and not very_hard and level is None:
        grid = loose_puzzle(geo, rng, symmetry, cancel)
        # Sound rules cannot finish a puzzle with two solutions: no need to run them to know.
        several = count(grid, limit=2, cancel=cancel) > 1
        return Generated(grid, Level.NEEDS_SEARCH if several else _rate(grid, rules, cancel).level)
    target = top_level(rules) if very_hard else _target(level)
    draw = _Draw(geo, rng, symmetry, _minimal(geo.n, target), labelled_progress)
    return _search(draw, target, budget, rules, cancel, progress)


def _minimal(n: int, target: Level | None) -> bool:
    """Whether the puzzles drawn for this side and target are minimal (see the module docstring)."""
    if n <= MINIMAL_UP_TO or target is Level.NEEDS_SEARCH:
        return True
    return target is not None and target > Level.MEDIUM and n <= HARD_MINIMAL_UP_TO


def _target(level: Level | int | None) -> Level | None:
    if level is None:
        return None
    if not Level.EASY <= level <= Level.NEEDS_SEARCH:
        names = ", ".join(f"{lv.value} ({lv.name.lower()})" for lv in Level)
        raise ValueError(f"target level {int(level)} is not one of {names}")
    return Level(level)


@dataclass(frozen=True)
class _Draw:
    """How each candidate puzzle is drawn, and where its labelled progress goes."""

    geo: Geometry
    rng: random.Random
    symmetry: str
    minimal: bool
    report: Callable[[GenerationProgress], None] | None

    def puzzle(self, attempt: int, cancel: CancelToken | None) -> Grid:
        """One Eppstein puzzle, reporting the cells determined and then the clues removed."""
        return generate_eppstein(
            self.geo,
            self.rng,
            self.symmetry,
            cancel,
            thorough=self.minimal,
            fill_progress=lambda done, total: self._say(attempt, "cells determined", done, total),
            removal_progress=lambda r: self._say(attempt, "clues removed", r.removed, r.clues),
        )

    def rating(self, attempt: int, grid: Grid, rules: tuple[Rule, ...], cancel: CancelToken | None) -> Rating:
        """The puzzle's rating (the stage is reported with its clue count)."""
        if cancel is not None:
            cancel.check()
        self._say(attempt, f"rating its {sum(1 for digit in grid.givens if digit)} clues")
        return _rate(grid, rules, cancel)

    def _say(self, attempt: int, stage: str, done: int = 0, total: int = 0) -> None:
        if self.report is not None:
            self.report(GenerationProgress(attempt, stage, done, total))


def _search(
    draw: _Draw,
    target: Level | None,
    budget: float,
    rules: tuple[Rule, ...],
    cancel: CancelToken | None,
    progress: Callable[[int], None] | None,
) -> Generated:
    """Draw Eppstein puzzles until one is logic-solvable, or at the target level if there is one."""
    deadline = time.monotonic() + budget
    best: tuple[tuple[int, ...], Generated] | None = None
    attempts = 0
    while True:
        grid = draw.puzzle(attempts + 1, cancel)
        rating = draw.rating(attempts + 1, grid, rules, cancel)
        attempts += 1
        if progress is not None:
            progress(attempts)
        if rating.level < Level.NEEDS_SEARCH or target is Level.NEEDS_SEARCH:
            found = Generated(grid, rating.level)
            if target is None or rating.level == target:
                return found
            key = _closeness(rating, target)
            if best is None or key > best[0]:
                best = (key, found)
        if best is not None and time.monotonic() >= deadline:
            return best[1]


def _rate(grid: Grid, rules: tuple[Rule, ...], cancel: CancelToken | None) -> Rating:
    """:func:`rate`, checking the cancel token before every rule is asked (rating has no token)."""
    if cancel is None:
        return rate(grid, rules)
    return rate(grid, tuple(dataclasses.replace(rule, find=_checked(rule.find, cancel)) for rule in rules))


def _checked(find: Callable[[Grid], Iterator[Step]], cancel: CancelToken) -> Callable[[Grid], Iterator[Step]]:
    def find_unless_cancelled(grid: Grid) -> Iterator[Step]:
        cancel.check()
        return find(grid)

    return find_unless_cancelled


def _closeness(rating: Rating, target: Level) -> tuple[int, ...]:
    """Larger is better: nearer the target level, then a later hardest rule in the table, then more steps."""
    rank = next((i for i, rule in enumerate(RULES) if rule.id == rating.hardest_rule), -1)
    return (-abs(rating.level - target), rating.level, rank, rating.step_count)


def loose_puzzle(
    geo: Geometry, rng: random.Random, symmetry: str = DEFAULT_SYMMETRY, cancel: CancelToken | None = None
) -> Grid:
    """A symmetric puzzle with at least one solution and usually several (the Unique option off).

    A random solution grid from the randomised search, then whole orbits emptied in random order
    while at least :data:`LOOSE_FILL` of the cells stay filled; no counting, so it is quick.

    Raises:
        ShapeError: for a shape with killer cages (``eppstein.refuse_cages``).
        SymmetryError: when the symmetry is unknown or does not fit the box shape.
        Cancelled: when the token is cancelled.
    """
    refuse_cages(geo)
    check_symmetry(geo, symmetry)
    solution = next(solutions(Grid.empty(geo), cancel=cancel, rng=rng))
    order = list(orbits(geo, symmetry))
    rng.shuffle(order)
    givens: dict[Cell, Digit] = dict(enumerate(solution.values))
    keep = int(LOOSE_FILL * geo.size)
    for orbit in order:
        if len(givens) - len(orbit) >= keep:
            for cell in orbit:
                del givens[cell]
    return grid_of(geo, givens)
