"""``sudoku-workbench soundness FILE…``: check every logic step against each puzzle's solution.

For each file: how many puzzles, steps, placements and eliminations were checked, how many were
wrong (listed), how many puzzles logic alone solved, how often each rule fired, and the speed of the
logic runs (CPU time of the runs only, not of finding the solutions). The exit code is 1 when a step
was wrong or a record could not be read or checked (no solution), 2 when a file cannot be read at all.
"""

from __future__ import annotations

import argparse
import functools
import itertools
from typing import Any

from sudoku_workbench.cli._batch import Batch, Refusal
from sudoku_workbench.cli._io import InputFile, iter_input, source_name
from sudoku_workbench.cli._options import add_jobs_option, positive_int
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._unique import add_assume_unique, unique_refusal
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import Rule
from sudoku_workbench.logic.reference.soundness import RunCheck, SoundnessTally, check_run
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.search.solve import solve

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``soundness`` subcommand."""
    parser = subparsers.add_parser(
        "soundness",
        help="check every logic step against the puzzles' unique solutions",
        description="Solve each puzzle by search and by logic; every step must agree with the solution.",
    )
    add = parser.add_argument
    add("files", type=InputFile, nargs="+", metavar="FILE", help="puzzle files (- for standard input)")
    add("--count", type=positive_int, default=None, metavar="N", help="check at most N puzzles per file")
    add("--every", type=positive_int, default=1, metavar="K", help="take every K-th puzzle (default 1)")
    add_jobs_option(parser)
    add_assume_unique(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def check_record(
    rules: tuple[Rule, ...], assume_unique: bool, _number: int, grid: Grid
) -> RunCheck | Refusal:
    """Worker: the checked run of one puzzle with the chosen rules, or why it was not checked."""
    refusal = unique_refusal(grid, assume_unique)
    if refusal is not None:
        return refusal
    solution = solve(grid)
    if solution is None:
        return Refusal("the puzzle has no solution")
    return check_run(grid, solution.values, rules)


def _report(name: str, tally: SoundnessTally, skipped: int) -> None:
    solved = tally.statuses["solved"]
    share = 100.0 * solved / tally.puzzles if tally.puzzles else 0.0
    speed = tally.puzzles / tally.seconds if tally.seconds else 0.0
    print(f"== {name}")
    print(
        f"puzzles {tally.puzzles} (skipped {skipped}), steps {tally.steps}, placements {tally.placements}, "
        f"eliminations {tally.eliminations}, wrong {len(tally.faults)}"
    )
    print(
        f"solved by logic {solved} ({share:.1f} %), stuck {tally.statuses['stuck']}, "
        f"contradiction {tally.statuses['contradiction']}; logic runs {speed:.0f} puzzles/s (CPU)"
    )
    for rule in TABLE:
        if tally.rules[rule.id]:
            print(f"  {rule.id:<26} {tally.rules[rule.id]:>8}")
    for fault in tally.faults[:20]:
        print(f"WRONG {fault}")


def _run(args: argparse.Namespace) -> int:
    failed = 0  # wrong steps, and records that could not be read or checked
    for name in args.files:
        records = itertools.islice(iter_input(name), 0, None, max(1, args.every))
        records = itertools.islice(records, args.count)
        tally = SoundnessTally()
        work = functools.partial(check_record, args.chosen_rules, args.assume_unique)
        batch = Batch(records, source_name(name), work, args.jobs, chunk=8, invalid=None)
        for number, result in batch:
            tally.add(f"{name} record {number}", result)
        _report(name, tally, batch.refused)
        failed += len(tally.faults) + batch.refused
    return 1 if failed else 0
