"""``export-dimacs`` (CNF or graph colouring of a puzzle) and ``import-model`` (a SAT model back)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from sudoku_workbench.cli._io import InputFile, OutputFile, add_puzzle_argument, load_puzzle
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.dimacs import format_export, read_model

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``export-dimacs`` and ``import-model`` subcommands."""
    export = subparsers.add_parser(
        "export-dimacs",
        help="write a puzzle as DIMACS CNF (for SAT solvers) or as a DIMACS graph colouring instance",
    )
    add_puzzle_argument(export)
    kind = export.add_mutually_exclusive_group(required=True)
    kind.add_argument("--cnf", action="store_true", help="the standard CNF encoding")
    kind.add_argument("--col", action="store_true", help="the graph colouring instance (thesis 2.2.6)")
    export.add_argument(
        "-o", "--output", type=OutputFile, required=True, metavar="FILE", help="where to write ('-': stdout)"
    )
    export.set_defaults(run=_run_export)
    back = subparsers.add_parser(
        "import-model", help="read a SAT solver's model of an exported CNF back into the puzzle's grid"
    )
    add_puzzle_argument(back)
    back.add_argument(
        "model", type=InputFile, help="the solver's output (SAT-competition 'v' lines or MiniSat's file)"
    )
    back.set_defaults(run=_run_import)


def _run_export(args: argparse.Namespace) -> int:
    grid = load_puzzle(args.puzzle, args.index)
    source = args.puzzle if os.path.isfile(args.puzzle) else ""
    text = format_export(grid, "cnf" if args.cnf else "col", source)
    write_atomic(args.output, text)  # '-' is standard output
    return 0


def _run_import(args: argparse.Namespace) -> int:
    grid = load_puzzle(args.puzzle, args.index)
    filled = read_model(args.model, grid)
    print(filled.to_line())
    problems = filled.problems()
    for problem in problems:
        print(f"problem: {problem.describe(grid.geometry)}")
    return 1 if problems else 0
