"""``sudoku-workbench logic FILE|-``: solve each puzzle by logic alone and say how far it got.

One line per puzzle: the resulting grid and ``solved``, ``stuck`` or ``contradiction`` (with the
reason). ``--trace FILE.jsonl`` writes every step as one JSON object per line.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
from collections.abc import Iterable
from typing import IO, Any

from sudoku_workbench.cli._batch import Batch, Refusal
from sudoku_workbench.cli._io import InputFile, OutputFile, iter_input, source_name
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._unique import add_assume_unique, unique_refusal
from sudoku_workbench.core.geometry import Candidate, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
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
    parser.add_argument(
        "file", type=InputFile, help="puzzle file (any supported format), or - for standard input"
    )
    parser.add_argument(
        "--trace", type=OutputFile, metavar="FILE.jsonl", help="write each step as a JSON line to this file"
    )
    add_jobs_option(parser)
    add_assume_unique(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def solve_record(
    trace: bool, rules: tuple[Rule, ...], assume_unique: bool, number: int, grid: Grid
) -> tuple[str, list[str]] | Refusal:
    """Worker: the output line and the trace lines for one puzzle, or why it is refused."""
    refusal = unique_refusal(grid, assume_unique)
    if refusal is not None:
        return refusal
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
    return line, steps


def _triples(geo: Geometry, candidates: Iterable[Candidate]) -> list[list[int]]:
    return [[geo.row_of[cell] + 1, geo.col_of[cell] + 1, digit] for cell, digit in candidates]


def step_record(geo: Geometry, step: Step) -> dict[str, object]:
    """A step as the trace writes it: rule, 1-based ``[row, col, digit]`` lists, explanation."""
    return {
        "rule": step.rule,
        "placements": _triples(geo, step.placements),
        "eliminations": _triples(geo, step.eliminations),
        "explanation": step.explanation,
    }


def _run(args: argparse.Namespace) -> int:
    with atomic_writer(args.trace) if args.trace is not None else contextlib.nullcontext() as trace_file:
        return _solve_all(args, trace_file)


def _solve_all(args: argparse.Namespace, trace_file: IO[str] | None) -> int:
    work = functools.partial(solve_record, trace_file is not None, args.chosen_rules, args.assume_unique)
    batch = Batch(iter_input(args.file), source_name(args.file), work, args.jobs)
    for _number, (line, steps) in batch:
        print(line)
        if trace_file is not None:
            trace_file.writelines(text + "\n" for text in steps)
    return 1 if batch.refused else 0
