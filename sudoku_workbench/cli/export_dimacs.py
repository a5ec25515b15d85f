"""``export-dimacs`` (CNF or graph colouring of a puzzle) and ``import-model`` (a SAT model back)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats import read_file
from sudoku_workbench.formats.dimacs import (
    format_cnf,
    format_col,
    grid_from_model,
    parse_model,
    sudoku_cnf,
    sudoku_col,
)

__all__ = ["register"]

_CNF_NOTE = "variable cell*N + digit (cells row-major from 0, digits 1..N) means: the cell holds the digit"
_COL_NOTE = (
    "vertex cell+1 per cell; vertices N*N+1 .. N*N+N form a clique, one per digit: the colour of\n"
    "vertex N*N+d stands for digit d; a cell given d is joined to every digit vertex except N*N+d"
)


def register(subparsers: Any) -> None:
    """Add the ``export-dimacs`` and ``import-model`` subcommands."""
    export = subparsers.add_parser(
        "export-dimacs",
        help="write a puzzle as DIMACS CNF (for SAT solvers) or as a DIMACS graph colouring instance",
    )
    export.add_argument("puzzle", help="puzzle file (any supported format)")
    kind = export.add_mutually_exclusive_group(required=True)
    kind.add_argument("--cnf", action="store_true", help="the standard CNF encoding")
    kind.add_argument("--col", action="store_true", help="the graph colouring instance (thesis 2.2.6)")
    export.add_argument("-o", "--output", required=True, metavar="FILE", help="where to write ('-': stdout)")
    export.set_defaults(run=_run_export)
    back = subparsers.add_parser(
        "import-model", help="read a SAT solver's model of an exported CNF back into the puzzle's grid"
    )
    back.add_argument("puzzle", help="the puzzle file the CNF was exported from")
    back.add_argument("model", help="the solver's output (SAT-competition 'v' lines or MiniSat's file)")
    back.set_defaults(run=_run_import)


def _run_export(args: argparse.Namespace) -> int:
    grid = read_file(args.puzzle)
    title = f"Sudoku {grid.geometry.label} from {args.puzzle}: {grid.to_line()}"
    if args.cnf:
        text = format_cnf(sudoku_cnf(grid), [title, _CNF_NOTE])
    else:
        text = format_col(sudoku_col(grid), [title, _COL_NOTE])
    if args.output == "-":
        print(text, end="")
    else:
        Path(args.output).write_text(text, encoding="ascii")
    return 0


def _run_import(args: argparse.Namespace) -> int:
    grid = read_file(args.puzzle)
    try:
        text = Path(args.model).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise FormatError(f"cannot read the file ({err})", args.model) from None
    filled = grid_from_model(grid, parse_model(text, args.model), args.model)
    print(filled.to_line())
    problems = filled.problems()
    for problem in problems:
        print(f"problem: {problem.describe(grid.geometry)}")
    return 1 if problems else 0
