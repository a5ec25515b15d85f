"""The rules as the user chooses them: a preset, rules enabled and disabled, a highest level.

One place builds the rule tuple the engine runs from these choices (:func:`choose_rules`), for the
command line and the window alike, and one says which rule a stuck run was missing
(:func:`missing_rule`). Presets are read off the rows of the rule table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import next_step, rule_by_id
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Family, Level, Rule, Source

__all__ = [
    "LEVEL_NAMES",
    "PRESETS",
    "RuleChoiceError",
    "choose_rules",
    "missing_rule",
    "ordered_rules",
    "preset_rules",
    "rules_count",
    "stuck_message",
]


class RuleChoiceError(WorkbenchError):
    """A preset, rule id or level the table does not know, or a choice that contradicts itself."""


def _default() -> tuple[Rule, ...]:
    return tuple(rule for rule in TABLE if rule.on)


def _hodoku() -> tuple[Rule, ...]:
    """HoDoKu 2.2's default steps in its order: the rows that are a HoDoKu technique it enables."""
    own = (rule for rule in TABLE if not rule.hodoku.closest and rule.hodoku.step.enabled)
    return tuple(sorted(own, key=lambda rule: rule.hodoku.step.order))


def _se() -> tuple[Rule, ...]:
    """Sudoku Explainer's techniques, easiest first (SE always takes the easiest hint it sees)."""
    own = (rule for rule in TABLE if rule.se.own)
    return tuple(sorted(own, key=lambda rule: rule.se.base))


_CHAIN_FAMILIES = frozenset((Family.CHAINS, Family.GRAPH, Family.FORCING))

#: Each preset's rows in its order (rows that need one solution run only when it is assumed).
PRESETS: dict[str, Callable[[], tuple[Rule, ...]]] = {
    "default": _default,
    "hodoku": _hodoku,
    "se": _se,
    "eppstein": lambda: tuple(rule for rule in TABLE if rule.source is Source.PAPER),
    "pads": lambda: tuple(rule for rule in TABLE if rule.source in (Source.PAPER, Source.PADS)),
    "singles": lambda: tuple(rule for rule in TABLE if rule.family is Family.SINGLES),
    "no-chains": lambda: tuple(rule for rule in _default() if rule.family not in _CHAIN_FAMILIES),
}

#: The levels ``max_level`` accepts, by name.
LEVEL_NAMES = {level.name.lower(): level for level in Level if level < Level.NEEDS_SEARCH}

_TABLE_PLACE = {rule.id: index for index, rule in enumerate(TABLE)}


def preset_rules(name: str) -> tuple[Rule, ...]:
    """A preset's rows in its order.

    Raises:
        RuleChoiceError: for an unknown preset, naming the known ones.
    """
    try:
        return PRESETS[name]()
    except KeyError:
        raise RuleChoiceError(f"unknown rule preset {name!r}; the presets are {', '.join(PRESETS)}") from None


def _rows(ids: Iterable[str], option: str) -> list[Rule]:
    rows = []
    for rule_id in ids:
        if rule_id not in _TABLE_PLACE:
            raise RuleChoiceError(
                f"{option}: unknown rule id {rule_id!r}; the rule ids are {', '.join(_TABLE_PLACE)}"
            )
        rows.append(rule_by_id(rule_id))
    return rows


def _level(name: str | None) -> Level:
    if name is None:
        return Level.FORCING
    try:
        return LEVEL_NAMES[name]
    except KeyError:
        raise RuleChoiceError(f"unknown level {name!r}; the levels are {', '.join(LEVEL_NAMES)}") from None


def _insert(chosen: list[Rule], rule: Rule) -> None:
    """Put an enabled rule after the last chosen rule that comes before it in the table."""
    place = _TABLE_PLACE[rule.id]
    before = [i for i, other in enumerate(chosen) if _TABLE_PLACE[other.id] < place]
    chosen.insert(before[-1] + 1 if before else 0, rule)


def choose_rules(
    preset: str = "default",
    enable: Iterable[str] = (),
    disable: Iterable[str] = (),
    max_level: str | None = None,
    assume_unique: bool = False,
) -> tuple[Rule, ...]:
    """The rules the engine runs, in order: a preset, plus ``enable``, less ``disable``, up to a level.

    An enabled rule the preset lacks goes after the last chosen rule that precedes it in the table.
    Rules that need one solution stay out unless ``assume_unique``; enabling one without it is refused.

    Raises:
        RuleChoiceError: for an unknown preset, rule id or level, a rule both enabled and disabled, or
            an enabled rule that needs one solution when none is assumed.
    """
    chosen = list(preset_rules(preset))
    enabled, disabled = _rows(enable, "--enable"), _rows(disable, "--disable")
    both = {rule.id for rule in enabled} & {rule.id for rule in disabled}
    if both:
        raise RuleChoiceError(f"rule {', '.join(sorted(both))} is both enabled and disabled")
    needs = [rule.id for rule in enabled if rule.one_solution and not assume_unique]
    if needs:
        raise RuleChoiceError(
            f"{', '.join(needs)} holds only for a puzzle with one solution: add --assume-unique"
        )
    for rule in enabled:
        if rule not in chosen:
            _insert(chosen, rule)
    highest = _level(max_level)
    return tuple(
        rule
        for rule in chosen
        if rule not in disabled and rule.level <= highest and (assume_unique or not rule.one_solution)
    )


def ordered_rules(ids: Iterable[str], assume_unique: bool = False) -> tuple[Rule, ...]:
    """The rules with these ids in this order (the window's own arrangement of the table).

    As in :func:`choose_rules`, a rule that needs one solution stays out unless ``assume_unique``.

    Raises:
        RuleChoiceError: for an unknown rule id.
    """
    return tuple(rule for rule in _rows(ids, "rule order") if assume_unique or not rule.one_solution)


def missing_rule(grid: Grid, chosen: tuple[Rule, ...], assume_unique: bool = False) -> Rule | None:
    """The rule the full default table takes on a position the chosen rules are stuck on (None: none).

    The default table runs on the position; when its next step is of a rule the choice left out,
    that rule is what the user would have to turn on to go on.
    """
    step = next_step(grid, choose_rules(assume_unique=assume_unique))
    if step is None or any(rule.id == step.rule for rule in chosen):
        return None
    return rule_by_id(step.rule)


def stuck_message(rule: Rule, turn_on: str) -> str:
    """What a stuck run says about the rule it was missing, by name; ``turn_on`` says where to enable it.

    The command line gives ``--enable ID`` there, the window the menu item: its user never types an id.
    """
    return f"the next step needs {rule.name}, which is off ({turn_on})"


def rules_count(ids: Collection[str]) -> str:
    """``59 of the 71 rules``: how every count of rules is said, against the table's rows.

    The rules that need one solution are counted apart, since they run only when the puzzle is assumed
    unique: without that a window, a generator and a README each say another unexplained number.
    """
    unique = sum(1 for rule in TABLE if rule.one_solution and rule.id in ids)
    waiting = f" ({unique} of them only when the puzzle is assumed unique)" if unique else ""
    return f"{len(ids)} of the {len(TABLE)} rules{waiting}"
