"""``generate`` by target: the options ``--se``, ``--hodoku-level``, ``--needs``, ``--hardest``, ``--format``.

Any of them puts ``generate`` in target mode (:mod:`~sudoku_workbench.search.targets`): each puzzle
is solved by the chosen rules (``--rules`` and the other rule options) and meets every target given.
Each record carries the puzzle, the scale and its rating there, the hardest rule and the puzzle's own
seed: ``generate`` with ``--seed`` that seed and ``--count 1`` (and the same options) makes it again.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sudoku_workbench.cli._table import add_no_header, header
from sudoku_workbench.formats.rows import ROW_FORMATS, row_writer
from sudoku_workbench.logic.engine import Rule
from sudoku_workbench.search.generate import puzzle_rng
from sudoku_workbench.search.regions import ShapeChoice
from sudoku_workbench.search.targets import (
    Target,
    TargetError,
    check_target,
    hodoku_level,
    make_target,
    se_band,
    technique_id,
)

__all__ = ["COLUMNS", "Plan", "add_target_options", "puzzle_seed", "target_plan", "targeted"]

#: The fields of every record, in this order.
COLUMNS = ("puzzle", "scale", "rating", "hardest", "seed")

#: Seconds a puzzle may take before the command gives up on the target.
DEFAULT_BUDGET = 600.0


def _typed(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from a parser that raises :class:`TargetError` (its message is kept)."""

    def convert(text: str) -> Any:
        try:
            return parse(text)
        except TargetError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    convert.__name__ = parse.__name__  # argparse names the type in some messages
    return convert


def add_target_options(parser: argparse.ArgumentParser) -> None:
    """Add the target options to ``generate``."""
    group = parser.add_argument_group(
        "targets", "any of these makes each puzzle to order, rated on the line (target mode)"
    )
    group.add_argument(
        "--se", type=_typed(se_band), metavar="MIN-MAX", help="Sudoku Explainer band, e.g. 7.0-7.9"
    )
    group.add_argument(
        "--hodoku-level",
        type=_typed(hodoku_level),
        metavar="LEVEL",
        help="easy, medium, hard, unfair or extreme",
    )
    group.add_argument(
        "--needs",
        metavar="TECHNIQUE",
        help="a rule id (--list-rules) the logic path must use (a forcing chain: found by moving "
        "givens of the shipped practice puzzles that use it)",
    )
    group.add_argument(
        "--hardest", metavar="TECHNIQUE", help="a rule id that must be the path's hardest step"
    )
    group.add_argument(
        "--format", choices=ROW_FORMATS, help="target mode's records: text (default), jsonl or csv"
    )
    add_no_header(parser)


def targeted(args: argparse.Namespace) -> bool:
    """True when a target option (or ``--format``) asks for target mode."""
    return any(
        getattr(args, name) is not None for name in ("se", "hodoku_level", "needs", "hardest", "format")
    )


def target_of(args: argparse.Namespace, rules: tuple[Rule, ...]) -> Target:
    """The target the options ask for, checked (an unknown or impossible technique is refused).

    Raises:
        TargetError: naming the option and the problem.
    """
    for clash in ("very_hard", "level"):
        if getattr(args, clash):
            raise TargetError(
                f"--{clash.replace('_', '-')} does not combine with a target (--se, --needs, …)"
            )
    if not args.unique:
        raise TargetError("--no-unique does not combine with a target: every targeted puzzle is unique")
    needs = technique_id(args.needs, "--needs") if args.needs is not None else None
    hardest = technique_id(args.hardest, "--hardest") if args.hardest is not None else None
    target = Target(rules, se=args.se, hodoku=args.hodoku_level, needs=needs, hardest=hardest)
    check_target(target)
    return target


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of puzzle ``index`` of a batch: the batch's own for the first, a hash of both after it.

    So a line's seed, given as ``--seed`` with ``--count 1``, makes that puzzle again.
    """
    if index == 0:
        return seed
    return int.from_bytes(hashlib.sha256(f"{seed}/{index}".encode()).digest()[:4], "big")


@dataclass(frozen=True)
class Job:
    """What one puzzle needs (picklable, for the worker processes)."""

    shape: ShapeChoice
    symmetry: str
    target: Target
    budget: float


def target_record(job: Job, seed: int) -> dict[str, object]:
    """Worker: the record of the puzzle made from ``seed``."""
    rng = puzzle_rng(seed, 0)
    made = make_target(job.shape.draw(rng, job.symmetry), rng, job.symmetry, job.target, budget=job.budget)
    rating: object = float(made.judged.rating) if job.target.scale == "se" else made.judged.rating
    values = (made.grid.to_line(), job.target.scale, rating, made.judged.hardest or "-", seed)
    return dict(zip(COLUMNS, values, strict=True))


@dataclass(frozen=True)
class Plan:
    """A ``generate`` batch: the worker, its inputs, how to write one of its results, a header line.

    ``items`` is lazy (a range, or seeds hashed as they are taken): a billion puzzles stream.
    """

    make: Callable[[int], Any]
    items: Iterable[int]
    write: Callable[[Any], str]
    header: str | None = None


def target_plan(args: argparse.Namespace, seed: int, rules: tuple[Rule, ...]) -> Plan:
    """The batch the options ask for.

    Raises:
        TargetError: for a target that is unknown, impossible or combined with a classic option.
    """
    fmt = args.format or "text"
    budget = args.budget if args.budget is not None else DEFAULT_BUDGET
    job = Job(args.shape, args.symmetry, target_of(args, rules), budget)
    seeds = map(functools.partial(puzzle_seed, seed), range(args.count))
    return Plan(functools.partial(target_record, job), seeds, row_writer(fmt), header(args, COLUMNS))
