"""The rule table and the step engine: next step, the Logic button, solving by logic, rating.

Rules are data: each :class:`Rule` has a stable id, a display name, a level and a finder
``Grid -> Iterator[Step]``. :data:`RULES` lists them simplest first; the engine always applies the
first rule that finds something, so the hardest level a solve needed is the puzzle's rating.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid, Problem
from sudoku_workbench.core.step import STEP_NAMES, Step
from sudoku_workbench.graphs.matching import forget_matchings
from sudoku_workbench.logic import (
    als,
    basic_fish,
    bivalue_chains,
    bivalue_rules,
    colouring,
    complex_fish,
    cycles,
    empty_rectangle,
    eppstein_local,
    exclusion,
    finned_fish,
    forcing_rules,
    local,
    locked_sets,
    matching_rules,
    nice_loops,
    short_wings,
    single_digit,
    sue_de_coq,
    templates,
    tuples,
    uniqueness,
    wings,
    wxyz_wing,
)
from sudoku_workbench.logic._memos import forget_memos
from sudoku_workbench.logic._positions import remember_unit_positions
from sudoku_workbench.logic.chain_analysis import forget_analyses
from sudoku_workbench.logic.forcing_chains import FORCING_CHAIN_RULES, forget_closures
from sudoku_workbench.logic.singles_tally import SINGLE_RULE_IDS, SinglesTally

__all__ = [
    "GRAPH_RULE_IDS",
    "RULES",
    "Level",
    "LogicRun",
    "Rating",
    "Rule",
    "forget_caches",
    "next_step",
    "rate",
    "rule_by_id",
    "rules_assuming_unique",
    "solve_by_logic",
    "step_name",
    "step_names",
    "steps_until_stuck",
    "steps_with_grids",
]


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


@dataclass(frozen=True)
class Rule:
    """A named deduction rule: ``find(grid)`` yields every step it sees, each of which changes something."""

    id: str
    name: str
    level: Level
    find: Callable[[Grid], Iterator[Step]]


_VH = Level.VERY_HARD
#: The rules simplest first, each with its id, display name and level: the one place they are written.
#: Eppstein's nonlocal rules on the bilocation and bivalue graphs and the two of PADS come last.
RULES: tuple[Rule, ...] = (
    Rule(local.FULL_HOUSE, "Full house", Level.EASY, local.full_house),
    Rule(local.NAKED_SINGLE, "Naked single", Level.EASY, local.naked_single),
    Rule(local.HIDDEN_SINGLE, "Hidden single", Level.EASY, local.hidden_single),
    Rule(local.POINTING, "Pointing (box → line)", Level.MEDIUM, local.pointing),
    Rule(local.CLAIMING, "Claiming (line → box)", Level.MEDIUM, local.claiming),
    Rule(locked_sets.LOCKED_PAIR, "Locked pair", Level.MEDIUM, locked_sets.locked_pair),
    Rule(locked_sets.LOCKED_TRIPLE, "Locked triple", Level.MEDIUM, locked_sets.locked_triple),
    Rule(eppstein_local.HIDDEN_PAIR, "Hidden pair", Level.MEDIUM, eppstein_local.hidden_pair),
    Rule(tuples.NAKED_PAIR, "Naked pair", Level.MEDIUM, tuples.naked_pair),
    Rule(tuples.NAKED_TUPLE, "Naked triple or quadruple", Level.HARD, tuples.naked_tuple),
    Rule(basic_fish.X_WING, "X-Wing", Level.HARD, basic_fish.x_wing),
    Rule(basic_fish.SWORDFISH, "Swordfish", Level.HARD, basic_fish.swordfish),
    Rule(basic_fish.JELLYFISH, "Jellyfish", Level.HARD, basic_fish.jellyfish),
    Rule(single_digit.SKYSCRAPER, "Skyscraper", Level.HARD, single_digit.skyscraper),
    Rule(single_digit.TWO_STRING_KITE, "2-String Kite", Level.HARD, single_digit.two_string_kite),
    Rule(single_digit.TURBOT_FISH, "Turbot fish", Level.HARD, single_digit.turbot_fish),
    Rule(empty_rectangle.EMPTY_RECTANGLE, "Empty Rectangle", Level.HARD, empty_rectangle.empty_rectangle),
    Rule(single_digit.X_CHAIN, "X-Chain", Level.HARD, single_digit.x_chain),
    Rule(colouring.SIMPLE_COLOURING, "Simple colouring", Level.HARD, colouring.simple_colouring),
    Rule(colouring.MULTI_COLOURING, "Multi-colouring", Level.HARD, colouring.multi_colouring),
    Rule(finned_fish.FINNED_X_WING, "Finned X-Wing", Level.HARD, finned_fish.finned_x_wing),
    Rule(finned_fish.FINNED_SWORDFISH, "Finned Swordfish", Level.HARD, finned_fish.finned_swordfish),
    Rule(finned_fish.FINNED_JELLYFISH, "Finned Jellyfish", Level.HARD, finned_fish.finned_jellyfish),
    Rule(wings.XY_WING, "XY-Wing", Level.HARD, wings.xy_wing),
    Rule(short_wings.XYZ_WING, "XYZ-Wing", Level.HARD, short_wings.xyz_wing),
    Rule(short_wings.W_WING, "W-Wing", Level.HARD, short_wings.w_wing),
    Rule(bivalue_chains.REMOTE_PAIR, "Remote pair", Level.HARD, bivalue_chains.remote_pair),
    Rule(wxyz_wing.WXYZ_WING, "WXYZ-Wing", Level.HARD, wxyz_wing.wxyz_wing),
    Rule(bivalue_chains.XY_CHAIN, "XY-Chain", Level.HARD, bivalue_chains.xy_chain),
    Rule(nice_loops.NICE_LOOP, "Nice loop / AIC", Level.HARD, nice_loops.nice_loop),
    Rule(als.ALS_XZ, "ALS-XZ", Level.HARD, als.als_xz),
    Rule(als.ALS_XY_WING, "ALS-XY-Wing", Level.HARD, als.als_xy_wing),
    Rule(als.DEATH_BLOSSOM, "Death Blossom", Level.HARD, als.death_blossom),
    Rule(sue_de_coq.SUE_DE_COQ, "Sue de Coq", Level.HARD, sue_de_coq.sue_de_coq),
    Rule(exclusion.PILE_EXCLUSION, "Pile Exclusion", Level.HARD, exclusion.pile_exclusion),
    Rule(exclusion.CHAIN_EXCLUSION, "Chain Exclusion", Level.HARD, exclusion.chain_exclusion),
    Rule(matching_rules.DIGIT_MATCHING, "Digit matching rule", Level.HARD, matching_rules.digit_matching),
    Rule(matching_rules.UNIT_MATCHING, "Unit matching rule", Level.HARD, matching_rules.unit_matching),
    Rule(templates.DIGIT_TEMPLATE, "Digit templates", Level.HARD, templates.digit_template),
    Rule(cycles.NONREPETITIVE_CYCLE, "Nonrepetitive cycle (bilocation)", _VH, cycles.find_bilocation_cycles),
    Rule(
        cycles.REPETITIVE_CYCLE,
        "Repetitive cycle (bilocation)",
        _VH,
        cycles.find_bilocation_repetitive_cycles,
    ),
    Rule(
        cycles.CONFLICTING_PATHS,
        "Conflicting paths (bilocation)",
        _VH,
        cycles.find_bilocation_conflicting_paths,
    ),
    Rule(
        bivalue_rules.BIVALUE_CYCLE, "Nonrepetitive cycle (bivalue)", _VH, bivalue_rules.find_bivalue_cycles
    ),
    Rule(
        bivalue_rules.BIVALUE_REPETITIVE_CYCLE,
        "Repetitive cycle (bivalue)",
        _VH,
        bivalue_rules.find_bivalue_repetitive_cycles,
    ),
    Rule(
        bivalue_rules.BIVALUE_CONFLICTING_PATHS,
        "Conflicting paths (bivalue)",
        _VH,
        bivalue_rules.find_bivalue_conflicting_paths,
    ),
    Rule(
        bivalue_rules.MIXED_CONFLICTING_PATHS,
        "Conflicting paths (mixed)",
        _VH,
        bivalue_rules.find_mixed_conflicting_paths,
    ),
    Rule(
        forcing_rules.NONREPETITIVE_PATH,
        "Nonrepetitive path (PADS)",
        _VH,
        forcing_rules.find_nonrepetitive_paths,
    ),
    Rule(
        forcing_rules.FORCING_CONTRADICTION,
        "Forcing contradiction (PADS)",
        _VH,
        forcing_rules.find_forcing_contradictions,
    ),
)

#: The ids of the nonlocal (graph) rules: the paper's seven and the two from PADS.
GRAPH_RULE_IDS = cycles.RULE_IDS + bivalue_rules.RULE_IDS + forcing_rules.RULE_IDS

#: Forcing chains and nets close the table: Logic never stops on a puzzle with one solution.
RULES += tuple(Rule(rule_id, name, Level.FORCING, find) for rule_id, name, find in FORCING_CHAIN_RULES)

#: Franken and Mutant fish come after them: HoDoKu asks for them just before its forcing chains, but
#: their search costs tens of milliseconds per digit, which in front of the forcing rules made Logic
#: 2.2 times (Franken) and 4.9 times (both) slower on top1465. Here the default cascade reaches them only
#: when forcing finds nothing, so their level is the forcing rules' (a puzzle that needs them needs more
#: than forcing); a rule order that wants them earlier can move them.
RULES += (
    Rule(complex_fish.FRANKEN_FISH, "Franken fish", Level.FORCING, complex_fish.franken_fish),
    Rule(complex_fish.MUTANT_FISH, "Mutant fish", Level.FORCING, complex_fish.mutant_fish),
)

_BY_ID = {rule.id: rule for rule in RULES}
_SINGLE_FINDERS = {rule_id: _BY_ID[rule_id].find for rule_id in SINGLE_RULE_IDS}


def rules_assuming_unique() -> tuple[Rule, ...]:
    """:data:`RULES` with the uniqueness rules after the short patterns (only for one-solution puzzles)."""
    extra = tuple(
        Rule(rule_id, name, Level.HARD, find) for rule_id, name, find in uniqueness.UNIQUENESS_RULES
    )
    cut = next(i for i, rule in enumerate(RULES) if rule.level > Level.HARD)
    return RULES[:cut] + extra + RULES[cut:]


def rule_by_id(rule_id: str) -> Rule:
    """The rule with this id, from :data:`RULES`.

    Raises:
        KeyError: when no rule has that id.
    """
    try:
        return _BY_ID[rule_id]
    except KeyError:
        raise KeyError(f"no logic rule with id {rule_id!r}") from None


def step_names() -> dict[str, str]:
    """Display names of every kind of step: the logic rules and the player's and the solvers' steps."""
    return {**STEP_NAMES, **{rule.id: rule.name for rule in RULES}}


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
    for rule in rules:
        step = next(rule.find(grid), None)
        if step is not None:
            return step
    return None


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
) -> Iterator[tuple[Step, SinglesTally]]:
    """The steps, each with the tally that has followed it (a grid is built only when one is needed)."""
    tally = SinglesTally(grid)
    problem = _contradiction(grid) if tally.suspect else None
    if problem:
        raise problem
    served = _singles_served(rules)
    singles = tuple(tally.finder(rule.id) for rule in served)
    pending: dict[int, Iterator[Step]] = {}
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
            step = _ask_rules(grid, rules, len(served), pending, cancel)
            if step is None:
                return
        broken = tally.follow(step)
        yield step, tally
        if broken:
            problem = _contradiction(tally.grid())
            if problem:
                raise problem


def _singles_served(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The leading rules that are the standard singles, which the tally answers without a scan."""
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
    run = solve_by_logic(grid, rules, cancel)
    order = {rule.id: (rule.level, i) for i, rule in enumerate(rules)}
    hardest = max((step.rule for step in run.steps), key=lambda r: order.get(r, (Level.EASY, -1)), default="")
    if run.status != "solved":
        return Rating(Level.NEEDS_SEARCH, hardest, len(run.steps))
    level = order[hardest][0] if hardest in order else Level.EASY
    return Rating(level, hardest, len(run.steps))
