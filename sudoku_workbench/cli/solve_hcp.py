"""``sudoku-workbench solve-hcp``: export, run LKH (or elkai), read the tour back — if a solver exists."""

from __future__ import annotations

import argparse
import sys

from sudoku_workbench.cli._hcp import add_graph_options, export_from_args
from sudoku_workbench.cli._io import add_puzzle_argument, load_puzzle
from sudoku_workbench.hcp.solver import LKH_ENV, find_solver, run_solver
from sudoku_workbench.hcp.tour import grid_from_tour

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve-hcp`` parser."""
    parser = subparsers.add_parser(
        "solve-hcp",
        help="solve a puzzle through its HCP graph with LKH or elkai (when one is installed)",
        description=f"Uses LKH when `LKH` is on PATH or {LKH_ENV} names it, else the optional elkai "
        "package (bundles LKH-3; non-commercial use only). Without either it says so and exits 3.",
    )
    add_puzzle_argument(parser)
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds for the solver (default 60)")
    add_graph_options(parser)
    parser.set_defaults(run=_run, reduce=True)


def _run(args: argparse.Namespace) -> int:
    solver = find_solver()
    if solver is None:
        print(
            f"solve-hcp: no HCP solver found. Put LKH on PATH (or set {LKH_ENV}), or "
            "`pip install elkai` (non-commercial licence); or export with `export-hcp` and run "
            "Concorde or LKH yourself, then `import-tour`.",
            file=sys.stderr,
        )
        return 3
    export = export_from_args(load_puzzle(args.puzzle, args.index), args)
    print(f"solve-hcp: {solver.describe()} on {export.dimension} vertices", file=sys.stderr)
    tour = run_solver(solver, export.problem(), args.time_limit)
    print(grid_from_tour(export, tour).to_line())
    return 0
