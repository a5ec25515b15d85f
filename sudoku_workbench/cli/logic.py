"""``sudoku-workbench logic FILE|-``: solve each puzzle by logic alone and say how far it got.

One line per puzzle: the resulting grid and ``solved``, ``stuck`` or ``contradiction`` (with the
reason). ``--trace FILE.jsonl`` writes every step as one JSON object per line.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
from typing import IO, Any

from sudoku_workbench.cli._io import iter_input
from sudoku_workbench.cli._logic_io import Packed, packed_input, step_record
from sudoku_workbench.cli._options import positive_int
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._unique import add_assume_unique, record_rules
from sudoku_workbench.formats.atomic import atomic_writer
from sudoku_workbench.logic.engine import RULES, Rule, solve_by_logic
from sudoku_workbench.logic.rule_choice import missing_rule, stuck_message

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``logic`` subcommand."""
    parser = subparsers.add_parser(
        "logic",
        help="solve puzzles by logic alone, with every step explained",
        description="Apply the logic rules, simplest first, until each puzzle is solved or stuck.",
    )
    parser.add_argument("file", help="puzzle file (any supported format), or - for standard input")
    parser.add_argument("--trace", metavar="FILE.jsonl", help="write each step as a JSON line to this file")
    parser.add_argument(
        "--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)"
    )
    add_assume_unique(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def solve_record(
    trace: bool, rules: tuple[Rule, ...], assume_unique: bool, item: tuple[int, Packed | str]
) -> tuple[int, str, list[str]]:
    """Worker: (record number, output line, trace lines) for one record."""
    number, packed = item
    ready = record_rules(packed, rules, assume_unique)
    if isinstance(ready, str):
        return number, "", [ready]
    grid, rules = ready
    run = solve_by_logic(grid, rules)
    line = f"{run.grid.to_line()} {run.status}"
    if run.problems:
        line += ": " + run.problems[0].describe(grid.geometry)
    elif run.status == "stuck" and not set(RULES) <= set(rules):
        needed = missing_rule(run.grid, rules, assume_unique)
        if needed is not None:
            line += ": " + stuck_message(needed)
    steps = (
        [json.dumps({"puzzle": number, **step_record(grid.geometry, s)}) for s in run.steps] if trace else []
    )
    return number, line, steps


def _run(args: argparse.Namespace) -> int:
    with atomic_writer(args.trace) if args.trace is not None else contextlib.nullcontext() as trace_file:
        return _solve_all(args, trace_file)


def _solve_all(args: argparse.Namespace, trace_file: IO[str] | None) -> int:
    bad = 0
    work = functools.partial(solve_record, trace_file is not None, args.chosen_rules, args.assume_unique)
    for number, line, extra in ordered_map(work, packed_input(iter_input(args.file)), args.jobs):
        if not line:
            bad += 1
            print(f"sudoku-workbench logic: record {number}: {extra[0]}", file=sys.stderr)
            print("error")
            continue
        print(line)
        if trace_file is not None:
            trace_file.writelines(text + "\n" for text in extra)
    return 1 if bad else 0
