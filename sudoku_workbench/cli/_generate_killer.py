"""``generate --killer``: unique killer puzzles without givens, one line each (text or JSON).

Each puzzle is cut from a random solution into cages, split until unique and merged while it stays so
(:mod:`~sudoku_workbench.search.killer_generate`), and kept when the chosen rules solve it (below
forcing unless ``--max-level`` says otherwise; at ``--level`` if given; the closest within
``--budget`` seconds otherwise). Its record holds the givens as a puzzle line (all empty), the cages
(cells as row-major indices, and the sum), its level, the hardest rule used and its own seed:
``--seed`` that seed with ``--count 1`` makes it again. As text, a line is the killer's one-line form
(its ``cages:`` word included) and its level, as classic puzzles are written.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.logic.engine import Level, Rule
from sudoku_workbench.search.generate import puzzle_rng
from sudoku_workbench.search.killer_generate import rated_killer
from sudoku_workbench.search.regions import ShapeChoice
from sudoku_workbench.search.symmetry import DEFAULT_SYMMETRY
from sudoku_workbench.search.targets import TargetError

from ._generate_target import Plan, puzzle_seed

__all__ = ["check_killer_options", "killer_plan"]

#: Options that shape the givens or rate on a scale a killer has no rules on, and why each is refused.
_REFUSED = {
    "symmetry": "a killer made here has no givens to be symmetric",
    "se": "the Sudoku Explainer scale has no killer rules",
    "hodoku_level": "HoDoKu's scale has no killer rules",
    "needs": "a killer is not made to need a technique yet",
    "hardest": "a killer is not made to end at a technique yet",
    "very_hard": "use --level with --budget",
}


@dataclass(frozen=True)
class KillerJob:
    """What one killer needs (picklable, for the worker processes)."""

    shape: ShapeChoice
    rules: tuple[Rule, ...]
    level: Level | None
    budget: float
    jsonl: bool = False


def check_killer_options(args: argparse.Namespace) -> None:
    """Refuse the options ``--killer`` cannot honour (before the shape options are read).

    Raises:
        TargetError: naming the option and why it does not apply.
    """
    for name, why in _REFUSED.items():
        if getattr(args, name) not in (None, False):
            raise TargetError(f"--{name.replace('_', '-')} does not apply to --killer: {why}")
    if not args.unique:
        raise TargetError("--no-unique does not apply to --killer: every killer made is unique")
    if args.format not in (None, "text", "jsonl"):
        raise TargetError(f"--format {args.format} does not apply to --killer: it writes text or JSON lines")


def killer_plan(args: argparse.Namespace, seed: int) -> Plan:
    """The batch of killers the options ask for (checked by :func:`check_killer_options`)."""
    rules = args.chosen_rules
    if args.max_level is None:
        rules = tuple(rule for rule in rules if rule.level < Level.FORCING)
    budget = args.budget if args.budget is not None else 5.0
    job = KillerJob(args.shape, rules, args.level, budget, args.format == "jsonl")
    seeds = map(functools.partial(puzzle_seed, seed), range(args.count))
    return Plan(functools.partial(killer_line, job), seeds, str)


def killer_line(job: KillerJob, seed: int) -> str:
    """Worker: the line of the killer made from ``seed``."""
    rng = puzzle_rng(seed, 0)
    grid, rating = rated_killer(functools.partial(_drawn, job.shape), rng, job.rules, job.level, job.budget)
    level = rating.level.name.lower()
    if not job.jsonl:
        return f"{grid.to_line()} {level}"
    record = {
        "puzzle": grid.to_line(),
        "cages": [{"cells": list(cage.cells), "sum": cage.total} for cage in grid.geometry.cages],
        "level": level,
        "hardest": rating.hardest_rule or "-",
        "seed": seed,
    }
    return json.dumps(record)


def _drawn(shape: ShapeChoice, rng: random.Random) -> Geometry:
    """The shape of one killer (a jigsaw's map drawn as classic generation draws it)."""
    return shape.draw(rng, DEFAULT_SYMMETRY)
