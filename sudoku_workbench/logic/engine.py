"""The step engine: next step, the Logic button, solving by logic, rating.

Rules are data (:mod:`~sudoku_workbench.logic.rule_table`): each :class:`Rule` has a stable id, a
display name, a level and a finder ``Grid -> Iterator[Step]``. :data:`RULES` lists the default ones
simplest first; the engine always applies the first rule that finds something, so the hardest level a
solve needed is the puzzle's rating.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken, checked_by
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid, Problem
from sudoku_workbench.core.step import STEP_NAMES, Step
from sudoku_workbench.graphs.matching import forget_matchings
from sudoku_workbench.logic._tally_kernel import Tally, new_tally
from sudoku_workbench.logic.forcing.forcing_chains import forget_closures
from sudoku_workbench.logic.rule_table import COVERED_BY, RULES, TABLE
from sudoku_workbench.logic.rule_types import Family, Level, Rule, Shape
from sudoku_workbench.logic.shared._memos import forget_memos
from sudoku_workbench.logic.shared._positions import remember_unit_positions
from sudoku_workbench.logic.shared.chain_analysis import forget_analyses
from sudoku_workbench.logic.shared.solve_memory import SolveMemory, remembering
from sudoku_workbench.logic.singles_tally import SINGLE_RULE_IDS

__all__ = [
    "GRAPH_RULE_IDS",
    "RULES",
    "Level",
    "LogicRun",
    "Rating",
    "Rule",
    "asked_rules",
    "forget_caches",
    "next_step",
    "rate",
    "rating_of",
    "rule_by_id",
    "rules_assuming_unique",
    "rules_for_shape",
    "singles_served",
    "solve_by_logic",
    "step_name",
    "step_names",
    "steps_until_stuck",
    "steps_with_grids",
]

#: The ids of the nonlocal (graph) rules: the paper's seven and the two from PADS.
GRAPH_RULE_IDS = tuple(rule.id for rule in TABLE if rule.family is Family.GRAPH)

_BY_ID = {rule.id: rule for rule in TABLE}
_SINGLE_FINDERS = {rule_id: _BY_ID[rule_id].find for rule_id in SINGLE_RULE_IDS}


def rules_assuming_unique() -> tuple[Rule, ...]:
    """The default rules with the uniqueness rules in their place (only for one-solution puzzles)."""
    return tuple(rule for rule in TABLE if rule.on)


def rule_by_id(rule_id: str) -> Rule:
    """The rule with this id, from the rule table.

    Raises:
        KeyError: when no rule has that id.
    """
    try:
        return _BY_ID[rule_id]
    except KeyError:
        raise KeyError(f"no logic rule with id {rule_id!r}") from None


def step_names() -> dict[str, str]:
    """Display names of every kind of step: the logic rules and the player's and the solvers' steps."""
    return {**STEP_NAMES, **{rule.id: rule.name for rule in TABLE}}


def step_name(rule_id: str) -> str:
    """The display name of a step's rule id (an unknown id is shown as itself, made readable)."""
    return step_names().get(rule_id) or rule_id.replace("_", " ").capitalize()


def forget_caches() -> None:
    """Drop what the rules remember between calls, so a benchmark pass starts cold."""
    forget_matchings()
    forget_analyses()
    forget_closures()
    forget_memos()


def next_step(grid: Grid, rules: tuple[Rule, ...] = RULES) -> Step | None:
    """The first step of the first rule (in table order) that finds one, or None when stuck."""
    for rule in asked_rules(rules, grid.geometry):
        step = next(rule.find(grid), None)
        if step is not None:
            return step
    return None


def asked_rules(rules: tuple[Rule, ...], geo: Geometry) -> tuple[Rule, ...]:
    """The rules that fit the shape, less those never first to find a step in this order.

    The engine need not ask those. A rule goes when every rule :data:`~.rule_table.COVERED_BY` names
    beside it comes before it: they have a step wherever it has one, so the cascade stops before it.
    It stays in any order (or choice) of rules that lacks one of them, or asks one later.
    """
    earlier: set[str] = set()
    kept = []
    for rule in rules_for_shape(rules, geo):
        cover = COVERED_BY.get(rule.id)
        if cover is None or not cover <= earlier:
            kept.append(rule)
        earlier.add(rule.id)
    return tuple(kept)


def rules_for_shape(rules: tuple[Rule, ...], geo: Geometry) -> tuple[Rule, ...]:
    """The rules whose argument holds on ``geo`` (on a classic grid all but the variants' own)."""
    if geo.classic:
        return tuple(rule for rule in rules if rule.shape is not Shape.SIGHT)
    return tuple(rule for rule in rules if rule.shape.fits(geo))


def _contradiction(grid: Grid) -> Contradiction | None:
    problems = grid.problems()
    if not problems:
        return None
    geo = grid.geometry
    cells = tuple(dict.fromkeys(c for p in problems for c in p.cells))
    text = "; ".join(p.describe(geo) for p in problems[:3])
    more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
    return Contradiction(f"the position is impossible: {text}{more}", cells)


def _still_applies(grid: Grid, step: Step) -> bool:
    """True when a step found on an earlier grid is still exactly right for this one."""
    cands = grid.candidates
    for cell, digit in step.placements:
        if not cands[cell] >> (digit - 1) & 1:
            return False
    return all(cands[cell] >> (digit - 1) & 1 for cell, digit in step.eliminations) and all(
        cands[cell] >> (digit - 1) & 1 for cell, digit in step.highlights.pattern
    )


def steps_with_grids(
    grid: Grid, rules: tuple[Rule, ...] = RULES, cancel: CancelToken | None = None
) -> Iterator[tuple[Step, Grid]]:
    """As :func:`steps_until_stuck`, each step with the grid after it (so no caller applies it again).

    ``cancel`` is checked before every rule is asked, so a background rating stops within one rule's
    search instead of running to the end of a puzzle nobody looks at any more.

    Raises:
        Contradiction: when the position is (or becomes) impossible, with the cells at fault.
        Cancelled: when ``cancel`` was cancelled.
    """
    for step, tally in _followed_steps(grid, rules, cancel):
        yield step, tally.grid()


def _followed_steps(
    grid: Grid, rules: tuple[Rule, ...], cancel: CancelToken | None
) -> Iterator[tuple[Step, Tally]]:
    """The steps, each with the tally that has followed it (a grid is built only when one is needed)."""
    tally = new_tally(grid)
    problem = _contradiction(grid) if tally.suspect else None
    if problem:
        raise problem
    rules = asked_rules(rules, grid.geometry)
    served = singles_served(rules)
    singles = tuple(tally.finder(rule.id) for rule in served)
    pending: dict[int, Iterator[Step]] = {}
    memory = SolveMemory()
    while tally.open_cells:  # a full grid has no candidates left for any rule to look at
        if cancel is not None:
            cancel.check()
        for single in singles:
            step = single()
            if step is not None:
                break
        else:
            grid = tally.grid()
            remember_unit_positions(grid, tally.unit_positions())
            with remembering(memory):
                step = _ask_rules(grid, rules, len(served), pending, cancel)
            if step is None:
                return
        broken = tally.follow(step)
        yield step, tally
        if broken:
            problem = _contradiction(tally.grid())
            if problem:
                raise problem


def singles_served(rules: tuple[Rule, ...] | list[Rule]) -> tuple[Rule, ...]:
    """The leading rules that are the standard singles: a :class:`SinglesTally` answers them, no scan."""
    served = []
    for rule in rules:
        if _SINGLE_FINDERS.get(rule.id) is not rule.find:
            break
        served.append(rule)
    return tuple(served)


def _ask_rules(
    grid: Grid,
    rules: tuple[Rule, ...],
    start: int,
    pending: dict[int, Iterator[Step]],
    cancel: CancelToken | None,
) -> Step | None:
    """The first step of the first rule from ``rules[start]`` on, reusing a rule's earlier search."""
    for index in range(start, len(rules)):
        rule = rules[index]
        if cancel is not None:
            cancel.check()
        with checked_by(cancel):  # a rule's long loops stop at their checkpoints, not only between rules
            if index in pending:
                step = next((s for s in pending[index] if _still_applies(grid, s)), None)
                if step is not None:
                    return step
            finder = rule.find(grid)
            step = next(finder, None)
        if step is not None:
            if rule.level is not Level.FORCING:  # they keep leads; resumed, they'd search an old grid
                pending[index] = finder
            return step
        pending.pop(index, None)
    return None


def steps_until_stuck(grid: Grid, rules: tuple[Rule, ...] = RULES) -> Iterator[Step]:
    """Apply the simplest applicable rule again and again, yielding each step (the Logic button).

    The singles come from a :class:`SinglesTally` that follows every step, instead of a scan of the
    grid per placement; they are the steps the rules' own scans would find. Steps a later rule found on
    an earlier grid (each rule's search is kept where it stopped) are reused when no simpler rule
    applies now and the step still holds exactly: candidates only ever go, so a pattern whose
    candidates are all still there still proves what it proved. This saves restarting a long chain
    search after the singles its last step set off.
    Forcing rules are not resumed: they carry their leads to the new grid themselves, and a resumed
    finder whose leads ran out would search the old grid again (seconds on the hardest puzzles).

    Raises:
        Contradiction: when the position is (or becomes) impossible, with the cells at fault.
    """
    for step, _after in steps_with_grids(grid, rules):
        yield step


@dataclass(frozen=True)
class LogicRun:
    """The outcome of solving by logic: final grid, the steps, and how it ended."""

    grid: Grid
    steps: tuple[Step, ...]
    status: str
    problems: tuple[Problem, ...] = ()


def solve_by_logic(
    grid: Grid, rules: tuple[Rule, ...] = RULES, cancel: CancelToken | None = None
) -> LogicRun:
    """Run :func:`steps_until_stuck` to the end; status is ``solved``, ``stuck`` or ``contradiction``.

    Raises:
        Cancelled: when ``cancel`` was cancelled.
    """
    steps: list[Step] = []
    tally = None
    try:
        for step, tally in _followed_steps(grid, rules, cancel):  # noqa: B007 - the last tally is the result
            steps.append(step)
    except Contradiction:
        current = tally.grid() if tally else grid
        return LogicRun(current, tuple(steps), "contradiction", current.problems())
    current = tally.grid() if tally else grid
    status = "solved" if current.is_complete() else "stuck"
    return LogicRun(current, tuple(steps), status)


@dataclass(frozen=True)
class Rating:
    """A puzzle's difficulty: the hardest level needed, the rule that needed it, and the step count."""

    level: Level
    hardest_rule: str
    step_count: int


def rate(grid: Grid, rules: tuple[Rule, ...] = RULES, cancel: CancelToken | None = None) -> Rating:
    """Rate by solving with logic: the hardest rule used, or NEEDS_SEARCH when the rules get stuck.

    Raises:
        Cancelled: when ``cancel`` was cancelled.
    """
    return rating_of(solve_by_logic(grid, rules, cancel), rules)


def rating_of(run: LogicRun, rules: tuple[Rule, ...]) -> Rating:
    """The rating of a finished run with ``rules``: its hardest rule by level, then by place in ``rules``."""
    order = {rule.id: (rule.level, i) for i, rule in enumerate(rules)}
    hardest = max((step.rule for step in run.steps), key=lambda r: order.get(r, (Level.EASY, -1)), default="")
    if run.status != "solved":
        return Rating(Level.NEEDS_SEARCH, hardest, len(run.steps))
    level = order[hardest][0] if hardest in order else Level.EASY
    return Rating(level, hardest, len(run.steps))
