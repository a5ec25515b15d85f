"""The rule options of every command that applies rules: a preset, enable, disable, level, list.

``--rules``, ``--enable``, ``--disable``, ``--max-level`` and ``--list-rules``:
:func:`add_rule_options` adds them to a subcommand and wraps its ``run``: the wrapper lists the rules
(``--list-rules``) or builds the chosen tuple with :func:`~sudoku_workbench.logic.rule_choice.choose_rules`
into ``args.chosen_rules`` before the command runs. A bad preset, id or level is a ``RuleChoiceError``,
which ``main`` reports in one line with exit code 2.
"""

from __future__ import annotations

import argparse
import collections
import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.logic.rule_choice import LEVEL_NAMES, PRESETS, choose_rules, preset_rules
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Growth, Level, Rule
from sudoku_workbench.search.regions import ShapeChoice

__all__ = ["add_rule_options", "levels_markdown", "rules_listing", "rules_markdown"]

Run = Callable[[argparse.Namespace], int]


class _ListRules(argparse.Action):
    """``--list-rules``: the command's file arguments are then not needed, so they stop being required."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=False, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, *_: Any) -> None:
        setattr(namespace, self.dest, True)
        for action in parser._actions:  # argparse checks required arguments only after every option
            action.required = False


def _ids(text: str) -> list[str]:
    return [word.strip() for word in text.split(",") if word.strip()]


def add_rule_options(parser: argparse.ArgumentParser, max_level: str | None = None) -> None:
    """Add the rule options to a subcommand whose ``run`` is already set, and wrap that ``run``.

    ``max_level`` is the command's default highest level (None: every level).
    """
    add = parser.add_argument
    add("--rules", default="default", metavar="PRESET", help=f"rule preset: {', '.join(PRESETS)}")
    for option, what in (
        ("--enable", "also use these rules (see --list-rules)"),
        ("--disable", "leave these out"),
    ):
        add(option, type=_ids, action="extend", default=[], metavar="ID,…", help=f"{what}; may be repeated")
    add(
        "--max-level",
        default=max_level,
        metavar="LEVEL",
        help=f"use only rules up to this level: {', '.join(LEVEL_NAMES)} (default {max_level or 'forcing'})",
    )
    add("--list-rules", action=_ListRules, help="list the rules: on or off with these options, then exit")
    parser.set_defaults(run=functools.partial(_run_with_rules, parser.get_default("run")))


def _run_with_rules(run: Run, args: argparse.Namespace) -> int:
    assume_unique = bool(getattr(args, "assume_unique", False))
    chosen = choose_rules(args.rules, args.enable, args.disable, args.max_level, assume_unique)
    if args.list_rules:
        print(rules_listing(chosen, preset_rules(args.rules), assume_unique, _asked_shape(args)))
        return 0
    args.chosen_rules = chosen
    return run(args)


def _asked_shape(args: argparse.Namespace) -> Geometry | None:
    """The shape a command's ``--jigsaw``/``--variant`` options ask for (None: the classic one)."""
    if not getattr(args, "jigsaw", False) and not getattr(args, "variant", ()):
        return None
    return ShapeChoice(args.size, args.variant, args.jigsaw).draw(random.Random(0), "none")


def rules_listing(
    chosen: tuple[Rule, ...], preset: tuple[Rule, ...], assume_unique: bool, geo: Geometry | None = None
) -> str:
    """The table of rules: the chosen ones in their order (on), then the others (off, and why if need be).

    With a shape, a chosen rule whose argument does not hold there is said to be left out, and why.
    """
    rows = [
        _row(rule, "on" if geo is None or rule.shape.fits(geo) else f"left out: needs {rule.shape.value}")
        for rule in chosen
    ]
    for rule in TABLE:
        if rule not in chosen:
            needs = rule.one_solution and not assume_unique and rule in preset
            rows.append(_row(rule, "off (needs --assume-unique)" if needs else "off"))
    head = ("id", "name", "family", "level", "SE", "HoDoKu", "shape", "use")
    widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head) - 1)]
    return (
        "\n".join(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[-1]
            for row in (head, *rows)
        )
        + "\n* HoDoKu has no such technique: the score of the nearest one"
    )


def _row(rule: Rule, state: str) -> tuple[str, ...]:
    hodoku = f"{rule.hodoku.score}" + ("*" if rule.hodoku.closest else "")
    level = rule.level.name.lower()
    return (
        rule.id,
        rule.name,
        rule.family.value,
        level,
        f"{rule.se.base:.1f}",
        hodoku,
        rule.shape.value,
        state,
    )


#: Our level that stands where HoDoKu's does (its Unfair and Extreme are our very hard and forcing).
_HODOKU_PEER = {"unfair": "very_hard", "extreme": "forcing"}


def rules_markdown() -> str:
    """Every row of the rule table as a Markdown table: the docs site's rule page (docs/hooks.py fills it in).

    HoDoKu's level is bold where it is not the level of ours that stands at its place.
    """
    lines = [
        "| id | name | family | level | HoDoKu level | SE | HoDoKu | one solution | default |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for rule in TABLE:
        hodoku = f"{rule.hodoku.score} ({rule.hodoku.technique.lower()})"
        if rule.hodoku.closest:
            hodoku = f"none ({rule.hodoku.closest}); nearest: {hodoku}"
        level, theirs = rule.level.name.lower(), rule.hodoku.level.name.lower()
        if _differs(rule):
            theirs = f"**{theirs}**"
        se = f"{rule.se.base:.1f}" + ("" if rule.se.growth is Growth.FIXED else f" + {rule.se.growth.value}")
        if not rule.se.own:
            se += " (not SE's)"
        cells = (f"`{rule.id}`", rule.name, rule.family.value, level, theirs, se, hodoku)
        flags = ("yes" if rule.one_solution else "", "on" if rule.on else "off")
        lines.append("| " + " | ".join((*cells, *flags)) + " |")
    return "\n".join(lines)


def _differs(rule: Rule) -> bool:
    """Whether HoDoKu's level of the row is not the one of ours that stands at its place."""
    theirs = rule.hodoku.level.name.lower()
    return _HODOKU_PEER.get(theirs, theirs) != rule.level.name.lower()


def levels_markdown() -> str:
    """Each level of ours against HoDoKu's levels and SE's values of its rows (the docs' rule page).

    SE has no named levels, so its side is the range of base values of the rows that are SE techniques.
    """
    lines = [
        "| our level | rows | HoDoKu's level of those rows | SE base (SE's own) "
        "| rows HoDoKu puts elsewhere |",
        "|---|---:|---|---|---|",
    ]
    for level in Level:
        rows = [rule for rule in TABLE if rule.level is level]
        if not rows:
            continue
        counts = collections.Counter(rule.hodoku.level.name.lower() for rule in rows)
        theirs = ", ".join(f"{name} {count}" for name, count in counts.items())
        se = sorted(rule.se.base for rule in rows if rule.se.own)
        span = f"{se[0]:.1f} – {se[-1]:.1f}" if se else "none"
        apart = [f"`{r.id}` ({r.hodoku.level.name.lower()})" for r in rows if _differs(r)]
        elsewhere = ", ".join(apart) or "none"
        lines.append(f"| {level.name.lower()} | {len(rows)} | {theirs} | {span} | {elsewhere} |")
    return "\n".join(lines)
