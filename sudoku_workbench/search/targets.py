"""Puzzles made to order: an SE band, a HoDoKu level, a technique the path needs or ends at, a rule set.

A :class:`Target` says what the puzzle must be; :func:`judge` says whether a unique puzzle is below
it, fits it or is above it; :func:`make_target` searches for one that fits.

The search draws minimal unique symmetric puzzles (Eppstein's procedure, a few milliseconds) and
judges each. One above the target has orbits of givens from its solution put back, one at a time in
random order, until it no longer is; if it then fits, the orbits it does not need to fit are taken
out again. One below is dropped (it is minimal: no given can go while it stays unique). Moving givens
to climb from below towards the target was tried and measured no faster (a Swordfish, SE 8.0-8.9, a
dynamic forcing chain: the same or more CPU time), so it is not done.

A technique of the forcing level that the path must use (one drawn puzzle in 600 to 2,000 needs a
forcing chain) is found by walking instead: from a random isomorph of one of the shipped practice
puzzles that use it (:func:`walk_seeds`), one orbit of givens is moved at a time
(:mod:`~sudoku_workbench.search.vicinity`) and a move is kept when the puzzle still fits; after
:data:`WALK_STEPS` kept moves the puzzle is given. Puzzles near a hard one are often hard the same
way, so this takes seconds, not minutes.

Judging exits early: for ``hardest`` the logic path runs only the rules up to that technique (a
later one could not be on the path of a puzzle that fits), and SE's path stops at its first step above the
band (:func:`~sudoku_workbench.logic.rating.se_scale.rate_se`'s ceiling).
"""

from __future__ import annotations

import difflib
import enum
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from sudoku_workbench.core import Cancelled, CancelToken, Cell, Digit, Geometry, Grid, WorkbenchError
from sudoku_workbench.core.cancel import Deadline
from sudoku_workbench.logic.engine import Level, Rule, rating_of, rule_by_id, solve_by_logic, step_name
from sudoku_workbench.logic.rating.hodoku_scale import rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.logic.reference.practice import read_practice_set
from sudoku_workbench.logic.rule_choice import rules_count
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel
from sudoku_workbench.search.eppstein import generate_eppstein, refuse_cages
from sudoku_workbench.search.minimize import grid_of, is_unique
from sudoku_workbench.search.solve import solutions
from sudoku_workbench.search.symmetry import check_symmetry, has_symmetry, orbits
from sudoku_workbench.search.vicinity import isomorph, walk

__all__ = [
    "COMMAND_LINE",
    "WINDOW",
    "Asking",
    "Fit",
    "Judged",
    "Made",
    "Target",
    "TargetError",
    "check_target",
    "describe",
    "hodoku_level",
    "judge",
    "made_text",
    "make_target",
    "se_band",
    "technique_id",
    "walk_seeds",
]

_IDS = tuple(rule.id for rule in TABLE)

#: Moves a walk keeps (each fitting the target) before it gives its puzzle: more is more varied, slower.
WALK_STEPS = 2
#: Moves in a row a walk may try without one fitting before it starts again from a shipped puzzle.
WALK_PATIENCE = 200


class TargetError(WorkbenchError):
    """A target that names an unknown technique, contradicts itself or was not found in time."""


@dataclass(frozen=True)
class Target:
    """What the puzzle must be; every puzzle must also be solved by ``rules`` (the chosen rules).

    ``se`` is an inclusive band on Sudoku Explainer's scale, ``hodoku`` a HoDoKu level, ``needs`` the
    id of a rule its logic path uses and ``hardest`` the id of the hardest rule on that path.
    """

    rules: tuple[Rule, ...]
    se: tuple[float, float] | None = None
    hodoku: HodokuLevel | None = None
    needs: str | None = None
    hardest: str | None = None

    @property
    def scale(self) -> str:
        """The scale a made puzzle is rated on: SE's or HoDoKu's when asked for, else our level."""
        return "se" if self.se is not None else "hodoku" if self.hodoku is not None else "level"


class Fit(enum.IntEnum):
    """Where a puzzle stands against the target."""

    BELOW = 0  # easier than asked, or without the technique
    FITS = 1
    ABOVE = 2  # harder than asked, or not solved by the rules


@dataclass(frozen=True)
class Judged:
    """A puzzle's place against the target, with its rating on the target's scale and its hardest rule."""

    fit: Fit
    rating: str
    hardest: str


@dataclass(frozen=True)
class Made:
    """A puzzle that fits, as judged, and how many attempts it took."""

    grid: Grid
    judged: Judged
    attempts: int


def technique_id(text: str, option: str = "technique") -> str:
    """A rule id of the table, as typed (case and dashes forgiven).

    Raises:
        TargetError: for an unknown name, naming it and the nearest ids.
    """
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    if key in _IDS:
        return key
    near = difflib.get_close_matches(key, _IDS, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise TargetError(
        f"{option}: unknown technique {text!r}{hint} (the names are the rule ids of --list-rules)"
    )


def se_band(text: str) -> tuple[float, float]:
    """``7.0-7.9`` (or one rating, ``7.2``) as an inclusive band on SE's scale.

    Raises:
        TargetError: for text that is not such a band, saying what is expected.
    """
    low, _, high = text.strip().partition("-")
    try:
        band = (float(low), float(high or low))
    except ValueError:
        raise TargetError(f"SE band {text!r}: expected MIN-MAX such as 7.0-7.9, or one rating") from None
    if not 1.0 <= band[0] <= band[1] <= 12.0:
        raise TargetError(f"SE band {text!r}: expected 1.0 <= MIN <= MAX <= 12.0")
    return band


def hodoku_level(text: str) -> HodokuLevel:
    """A HoDoKu level by name (``easy`` … ``extreme``).

    Raises:
        TargetError: for another name, listing the levels.
    """
    try:
        return HodokuLevel[text.strip().upper()]
    except KeyError:
        names = ", ".join(level.name.lower() for level in HodokuLevel)
        raise TargetError(f"HoDoKu level {text!r}: expected one of {names}") from None


def _place(target: Target, rule_id: str) -> int:
    return next(i for i, rule in enumerate(target.rules) if rule.id == rule_id)


@dataclass(frozen=True)
class Asking:
    """How a refused target names what was asked: the command line's options and ids, or the window's."""

    needs: str
    hardest: str
    name: Callable[[str], str]  # of a rule id
    turn_on: Callable[[str], str]  # how to add the rule of this id to the chosen ones


COMMAND_LINE = Asking("--needs", "--hardest", str, lambda rule_id: f"add it with --enable {rule_id}")
WINDOW = Asking("technique", "hardest step", step_name, lambda _: "tick it in Preferences → Techniques")


def check_target(target: Target, asking: Asking = COMMAND_LINE) -> None:
    """Refuse a target no puzzle can meet: a technique outside the chosen rules or after the hardest.

    Raises:
        TargetError: naming the problem in ``asking``'s words.
    """
    chosen = {rule.id for rule in target.rules}
    for option, rule_id in ((asking.needs, target.needs), (asking.hardest, target.hardest)):
        if rule_id is not None and rule_id not in chosen and rule_by_id(rule_id).one_solution:
            raise TargetError(
                f"{option} {asking.name(rule_id)}: a uniqueness rule, which the generator's logic path "
                "leaves out"
            )
        if rule_id is not None and rule_id not in chosen:
            raise TargetError(
                f"{option} {asking.name(rule_id)}: not among the chosen rules ({asking.turn_on(rule_id)})"
            )
    if target.needs and target.hardest and _key(target, target.needs) > _key(target, target.hardest):
        needs, hardest = asking.name(target.needs), asking.name(target.hardest)
        raise TargetError(
            f"{asking.needs} {needs} is harder than {asking.hardest} {hardest}: no puzzle has both"
        )


def _key(target: Target, rule_id: str) -> tuple[int, int]:
    """How hard a rule counts in the logic rating: its level, then its place (as :func:`rating_of`)."""
    place = _place(target, rule_id)
    return target.rules[place].level, place


def describe(target: Target) -> str:
    """The target in the user's words: ``SE 7.0-7.9, needing X-Wing, solved by 3 of the 71 rules``."""
    parts = []
    if target.se is not None:
        parts.append(f"SE {target.se[0]:.1f}-{target.se[1]:.1f}")
    if target.hodoku is not None:
        parts.append(f"HoDoKu {target.hodoku.name.lower()}")
    if target.needs:
        parts.append(f"needing {step_name(target.needs)}")
    if target.hardest:
        parts.append(f"hardest step {step_name(target.hardest)}")
    parts.append(f"solved by {rules_count([rule.id for rule in target.rules])}")
    return ", ".join(parts)


#: How :func:`made_text` names each scale a made puzzle is rated on (:attr:`Target.scale`).
_SCALE_NAMES = {"se": "SE", "hodoku": "HoDoKu", "level": "level"}


def made_text(made: Made, target: Target) -> str:
    """A made puzzle in the user's words: ``SE 7.2, hardest step XY-Chain, 3 attempts``."""
    judged = made.judged
    rating = f"{_SCALE_NAMES[target.scale]} {judged.rating}, hardest step {step_name(judged.hardest)}"
    return f"{rating}, {made.attempts} attempt{'s' if made.attempts != 1 else ''}"


def _logic(grid: Grid, solution: Sequence[Digit], target: Target, cancel: CancelToken | None) -> Judged:
    """The logic path; for a hardest technique, run with the rules up to it only."""
    prefix = target.rules[: _place(target, target.hardest) + 1] if target.hardest else target.rules
    run = solve_by_logic(grid, prefix, cancel)
    rating = rating_of(run, target.rules)
    if run.status != "solved":
        return Judged(Fit.ABOVE, "needs_search", rating.hardest_rule)
    judged = Judged(Fit.FITS, rating.level.name.lower(), rating.hardest_rule)
    if target.needs and target.needs not in {step.rule for step in run.steps}:
        return replace(judged, fit=Fit.BELOW)
    if target.hardest and rating.hardest_rule != target.hardest:
        below = not run.steps or _key(target, rating.hardest_rule) < _key(target, target.hardest)
        return replace(judged, fit=Fit.BELOW if below else Fit.ABOVE)
    return judged


def _se(grid: Grid, solution: Sequence[Digit], target: Target, cancel: CancelToken | None) -> Judged:
    """SE's path, stopped at the first step above the band (the puzzle has one solution)."""
    assert target.se is not None
    low, high = target.se
    rated = rate_se(grid, target.rules, cancel, one_solution=True, ceiling=high)
    fit = Fit.ABOVE if rated.status != "solved" else Fit.BELOW if rated.difficulty < low else Fit.FITS
    return Judged(fit, f"{rated.difficulty:.1f}", rated.hardest_rule)


def _hodoku(grid: Grid, solution: Sequence[Digit], target: Target, cancel: CancelToken | None) -> Judged:
    """HoDoKu's path, guessing from the solution where its techniques stop, as HoDoKu does."""
    assert target.hodoku is not None
    rated = rate_hodoku(grid, target.rules, cancel, solution)
    fit = Fit(min(max(rated.level - target.hodoku + 1, 0), 2)) if rated.status == "solved" else Fit.ABOVE
    return Judged(fit, f"{rated.level.name.lower()}({rated.score})", rated.hardest_rule or "guess")


_Criterion = Callable[[Grid, Sequence[Digit], Target, CancelToken | None], Judged]


def _criteria(target: Target) -> list[_Criterion]:
    """The checks, the one of the target's scale first (its rating is reported), logic last."""
    criteria: list[_Criterion] = []
    if target.se is not None:
        criteria.append(_se)
    if target.hodoku is not None:
        criteria.append(_hodoku)
    return [*criteria, _logic]


def judge(grid: Grid, solution: Sequence[Digit], target: Target, cancel: CancelToken | None = None) -> Judged:
    """Where a puzzle with one solution (``solution``) stands against the target.

    Checks stop at the first one that finds the puzzle above the target; the rating and hardest
    rule are those of the target's scale.

    Raises:
        Cancelled: when ``cancel`` was cancelled.
    """
    first: Judged | None = None
    fit = Fit.FITS
    for criterion in _criteria(target):
        judged = criterion(grid, solution, target, cancel)
        if judged.fit is Fit.ABOVE:
            return judged
        first = first or judged
        fit = min(fit, judged.fit)
    assert first is not None
    return replace(first, fit=fit)


def _attempt(
    geo: Geometry, rng: random.Random, symmetry: str, target: Target, cancel: CancelToken | None
) -> tuple[Grid, Judged] | None:
    """One attempt (see the module docstring): the puzzle it ends with, if that fits."""
    drawn = generate_eppstein(geo, rng, symmetry, cancel)
    solution = next(solutions(drawn, cancel=cancel)).values
    givens = {cell: digit for cell, digit in enumerate(drawn.givens) if digit}
    judged = judge(drawn, solution, target, cancel)
    if judged.fit is Fit.ABOVE:
        empty = [orbit for orbit in orbits(geo, symmetry) if orbit[0] not in givens]
        rng.shuffle(empty)
        added: list[tuple[Cell, ...]] = []
        for orbit in empty:
            givens.update((cell, solution[cell]) for cell in orbit)
            added.append(orbit)
            judged = judge(grid_of(geo, givens), solution, target, cancel)
            if judged.fit is not Fit.ABOVE:
                break
        if judged.fit is Fit.FITS:
            givens, judged = _tighten(geo, givens, added[:-1], solution, target, judged, cancel)
    return (grid_of(geo, givens), judged) if judged.fit is Fit.FITS else None


def _tighten(
    geo: Geometry,
    givens: dict[Cell, Digit],
    order: Sequence[tuple[Cell, ...]],
    solution: Sequence[Digit],
    target: Target,
    judged: Judged,
    cancel: CancelToken | None,
) -> tuple[dict[Cell, Digit], Judged]:
    """Empty the orbits in this order where the puzzle stays unique and still fits."""
    for orbit in order:
        trial = {cell: digit for cell, digit in givens.items() if cell not in orbit}
        if is_unique(geo, trial, cancel):
            again = judge(grid_of(geo, trial), solution, target, cancel)
            if again.fit is Fit.FITS:
                givens, judged = trial, again
    return givens, judged


def make_target(
    geo: Geometry,
    rng: random.Random,
    symmetry: str,
    target: Target,
    budget: float | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[int], None] | None = None,
) -> Made:
    """A unique puzzle with the symmetry that fits the target; ``progress(attempts)`` after each attempt.

    Everything random comes from ``rng``, so a seed gives the same puzzle on any machine; ``budget``
    (seconds) only decides when to give up. An attempt is one drawn puzzle, or one move of a walk
    from a shipped puzzle (see the module docstring).

    Raises:
        ShapeError: for a shape with killer cages (``eppstein.refuse_cages``).
        SymmetryError: when the symmetry is unknown or does not fit the box shape.
        TargetError: when the target is impossible, or no puzzle was found within the budget.
        Cancelled: when the token is cancelled.
    """
    refuse_cages(geo)
    check_symmetry(geo, symmetry)
    check_target(target)
    # The budget is a token the attempts check as they go: one attempt on a 25x25 outlasts it.
    token = cancel if budget is None else Deadline(budget, cancel)
    seeds = walk_seeds(geo, symmetry, target)
    tries = (
        _walks(rng, symmetry, target, seeds, token) if seeds else _draws(geo, rng, symmetry, target, token)
    )
    attempts = 0
    try:
        for attempts, found in enumerate(tries, 1):
            if progress is not None:
                progress(attempts)
            if found is not None:
                return Made(found[0], found[1], attempts)
    except Cancelled:
        if not (isinstance(token, Deadline) and token.expired):
            raise
    raise TargetError(
        f"no {geo.label} puzzle ({describe(target)}) found in {budget:g} s, {attempts} attempts"
    )


def _draws(
    geo: Geometry, rng: random.Random, symmetry: str, target: Target, cancel: CancelToken | None
) -> Iterator[tuple[Grid, Judged] | None]:
    """Attempts from drawn puzzles, without end."""
    while True:
        yield _attempt(geo, rng, symmetry, target, cancel)


def walk_seeds(geo: Geometry, symmetry: str, target: Target) -> tuple[Grid, ...]:
    """The shipped puzzles a walk starts from: those of the practice set for a forcing technique needed.

    Only ``needs`` of a technique of the forcing level is looked for this way (drawing finds the
    others in well under a second), without ``hardest`` (walking to a puzzle whose hardest step is a
    cell forcing chain was measured far slower than drawing: 23 s to minutes), and only the shipped
    puzzles with this geometry and symmetry serve.
    """
    technique = target.needs
    if technique is None or target.hardest or rule_by_id(technique).level is not Level.FORCING:
        return ()
    shipped = read_practice_set().get(technique, ())
    return tuple(grid for grid in shipped if grid.geometry == geo and has_symmetry(grid, symmetry))


def _walks(
    rng: random.Random, symmetry: str, target: Target, seeds: Sequence[Grid], cancel: CancelToken | None
) -> Iterator[tuple[Grid, Judged] | None]:
    """Walks from isomorphs of the seeds, one after another, by moves that fit the target."""

    def fitting(grid: Grid, solution: Sequence[Digit]) -> Judged | None:
        judged = judge(grid, solution, target, cancel)
        return judged if judged.fit is Fit.FITS else None

    while True:
        start = isomorph(rng.choice(seeds), rng, symmetry)
        yield from walk(start, symmetry, rng, fitting, WALK_STEPS, WALK_PATIENCE, cancel)
        yield None  # a walk that ended without a puzzle counts as an attempt
