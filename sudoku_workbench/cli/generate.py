"""``sudoku-workbench generate``: batches of symmetric puzzles, one per line with its level after it.

Puzzle ``i`` of a run draws from its own random generator seeded by the master seed and ``i``, so
the output is the same whichever process makes it: ``--jobs`` changes the speed, never the puzzles.
A target (``--se``, ``--hodoku-level``, ``--needs``, ``--hardest``, or ``--format``) makes each
puzzle to order instead, with its rating, hardest rule and seed on its line (see
:mod:`._generate_target`). Without one, puzzles are graded with the chosen rules below forcing
unless ``--max-level`` says otherwise. ``--killer`` makes unique killer puzzles without givens instead,
one line each (their one-line form, or JSON lines with ``--format jsonl``) (see :mod:`._generate_killer`).
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from dataclasses import dataclass

from sudoku_workbench.cli._options import non_negative_int, positive_float, positive_int
from sudoku_workbench.cli._parallel import ordered_map, usable_cpus
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.logic.engine import Level, Rule
from sudoku_workbench.search.generate import generate, puzzle_rng
from sudoku_workbench.search.regions import ShapeChoice
from sudoku_workbench.search.symmetry import DEFAULT_SYMMETRY, SYMMETRIES

from ._generate_killer import check_killer_options, killer_plan
from ._generate_target import Plan, add_target_options, target_plan, targeted
from ._progress import ProgressBar
from ._shape_options import add_shape_options, check_shape

__all__ = ["register"]

#: The generator grades without forcing chains and nets, so "forcing" is no target.
_LEVELS = {lv.name.lower(): lv for lv in Level if lv is not Level.FORCING}


@dataclass(frozen=True)
class Options:
    """What one puzzle of the batch needs (picklable, for the worker processes)."""

    shape: ShapeChoice
    symmetry: str
    seed: int
    unique: bool
    very_hard: bool
    level: Level | None
    budget: float
    rules: tuple[Rule, ...]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``generate`` subcommand."""
    parser = subparsers.add_parser(
        "generate",
        help="make symmetric puzzles (one per line, with the level after it)",
        description=__doc__,
    )
    add_shape_options(parser)
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        help=f"of the givens (default {DEFAULT_SYMMETRY}; not with --killer)",
    )
    parser.add_argument(
        "--killer",
        action="store_true",
        help="unique killer puzzles without givens (cages with sums), one line each; "
        "with --level, --budget and the rule options",
    )
    parser.add_argument("--count", type=positive_int, default=1, help="how many puzzles")
    parser.add_argument(
        "--seed", type=non_negative_int, help="master seed (default: a random one, printed on stderr)"
    )
    parser.add_argument(
        "--unique",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="exactly one solution, minimal and solved by logic alone (default); "
        "--no-unique: quick puzzles that usually have several solutions",
    )
    parser.add_argument(
        "--very-hard", action="store_true", help="keep the hardest level found (implies --unique)"
    )
    parser.add_argument("--level", type=_level, help=f"target level: {', '.join(_LEVELS)} or its number")
    parser.add_argument(
        "--budget",
        type=positive_float,
        help="seconds per puzzle for --very-hard/--level (default 5); with a target, to give up after (600)",
    )
    parser.add_argument(
        "--jobs", type=positive_int, default=usable_cpus(), help="processes (default: all cores)"
    )
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, help="bar on stderr (default: if a tty)"
    )
    add_target_options(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def _level(text: str) -> Level:
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    if key in _LEVELS:
        return _LEVELS[key]
    if key.isdigit() and int(key) in {lv.value for lv in _LEVELS.values()}:
        return Level(int(key))
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a level; use one of {', '.join(_LEVELS)} or its number"
    )


def _run(args: argparse.Namespace) -> int:
    killer = args.killer
    if killer:
        check_killer_options(args)  # before the default symmetry is filled in
    args.symmetry = args.symmetry or DEFAULT_SYMMETRY
    check_shape(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    # A bad target is refused before anything is printed.
    if killer:
        plan = killer_plan(args, seed)
    elif targeted(args):
        plan = target_plan(args, seed, args.chosen_rules)
    else:
        plan = _classic(args, seed)
    if args.seed is None:
        print(f"seed {seed}", file=sys.stderr)
    if plan.header is not None:
        print(plan.header)
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = ProgressBar(args.count, "puzzles", show and args.count > 1)
    # Even one job runs in a worker (isolate): this process only waits and prints, so Ctrl-C never
    # lands inside the SAT solver, which python-sat lets Ctrl-C break, leaving it unusable.
    lines = ordered_map(plan.make, plan.items, args.jobs, chunk=1, isolate=True)
    try:
        for line in lines:
            print(plan.write(line), flush=True)
            bar.advance()
    finally:
        lines.close()  # an interrupt while printing must stop the workers too
        bar.close()
    return 0


def _classic(args: argparse.Namespace, seed: int) -> Plan:
    """The batch without a target: graded below forcing unless ``--max-level`` is given."""
    rules = args.chosen_rules
    if args.max_level is None:
        rules = tuple(rule for rule in rules if rule.level < Level.FORCING)
    budget = args.budget if args.budget is not None else 5.0
    options = Options(args.shape, args.symmetry, seed, args.unique, args.very_hard, args.level, budget, rules)
    return Plan(functools.partial(puzzle_line, options), range(args.count), str)


def puzzle_line(options: Options, index: int) -> str:
    """Puzzle number ``index`` of the batch as ``<line> <level>``."""
    rng = puzzle_rng(options.seed, index)
    made = generate(
        options.shape.draw(rng, options.symmetry),
        rng,
        symmetry=options.symmetry,
        unique=options.unique,
        very_hard=options.very_hard,
        level=options.level,
        budget=options.budget,
        rules=options.rules,
    )
    return f"{made.grid.to_line()} {made.level.name.lower()}"
