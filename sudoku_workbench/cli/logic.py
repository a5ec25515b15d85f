"""``sudoku-workbench logic FILE|-``: solve each puzzle by logic alone and say how far it got.

A single puzzle is answered with its steps in words, numbered, one line each, then the result line:
the resulting grid and ``solved``, ``stuck`` or ``contradiction`` (with the reason). A file of several
gets the result line alone for each puzzle (one line per puzzle, aligned with the input) unless
``--steps`` asks for the words; ``-q`` gives the result line alone for one puzzle too.
``--trace FILE.jsonl`` writes every step as one JSON object per line.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import itertools
import json
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

from sudoku_workbench.cli._batch import INVALID, Batch, Refusal
from sudoku_workbench.cli._io import InputFile, OutputFile, iter_input, source_name
from sudoku_workbench.cli._options import add_jobs_option
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._unique import add_assume_unique, unique_refusal
from sudoku_workbench.core.geometry import Candidate, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.formats.atomic import atomic_writer
from sudoku_workbench.logic.engine import RULES, Rule, solve_by_logic, step_name
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
    words = parser.add_mutually_exclusive_group()
    words.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="one line per puzzle, its grid and how it ended, also for a single puzzle",
    )
    words.add_argument(
        "--steps",
        action="store_true",
        help="the steps in words for every puzzle of a file of several too (a single puzzle has them)",
    )
    add_jobs_option(parser)
    add_assume_unique(parser)
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def solve_record(
    trace: bool, words: bool, rules: tuple[Rule, ...], assume_unique: bool, number: int, grid: Grid
) -> tuple[list[str], list[str]] | Refusal:
    """Worker: the output lines (the steps in words first if asked) and the trace lines, or a refusal."""
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
            line += ": " + stuck_message(needed, f"--enable {needed.id}")
    steps = (
        [json.dumps({"puzzle": number, **step_record(grid.geometry, s)}) for s in run.steps] if trace else []
    )
    return ([*step_lines(run.steps), line] if words else [line]), steps


def step_lines(steps: Sequence[Step]) -> list[str]:
    """The steps in words, one line each: `` 7. Hidden single: In box 3, 2 fits only in r2c9 …``."""
    width = len(str(len(steps)))
    return [
        f"{number:>{width}}. {step_name(step.rule)}: {' '.join(step.explanation.split())}"
        for number, step in enumerate(steps, 1)
    ]


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
    records = iter_input(args.file)
    first = list(itertools.islice(records, 2))  # one puzzle, or a file of several?
    several = len(first) > 1
    words = args.steps or (not args.quiet and not several)
    headed = words and several  # each puzzle's steps under its number
    work = functools.partial(
        solve_record, trace_file is not None, words, args.chosen_rules, args.assume_unique
    )
    batch = Batch(
        itertools.chain(first, records),
        source_name(args.file),
        work,
        args.jobs,
        invalid=lambda number: "\n".join(_shown(number, [INVALID], headed)),
    )
    for number, (lines, steps) in batch:
        sys.stdout.write("".join(f"{line}\n" for line in _shown(number, lines, headed)))  # one write
        if trace_file is not None:
            trace_file.writelines(text + "\n" for text in steps)
    return 1 if batch.refused else 0


def _shown(number: int, lines: list[str], headed: bool) -> list[str]:
    """A puzzle's lines as printed: under its number and followed by a blank line when ``headed``."""
    return [f"Puzzle {number}", *lines, ""] if headed else lines
