"""``sudoku-workbench solve-hcp``: solve a puzzle through its Hamiltonian cycle (CP-SAT, LKH, Concorde)."""

from __future__ import annotations

import argparse
import sys

from sudoku_workbench.cli._hcp import add_graph_options, add_workers_option, export_options, position_of
from sudoku_workbench.cli._io import OutputFile, add_puzzle_argument, load_puzzle
from sudoku_workbench.cli._options import positive_float
from sudoku_workbench.formats.tours import Tour, write_tour
from sudoku_workbench.hcp.cpsat import MAX_ARCS, MAX_ARCS_MB
from sudoku_workbench.hcp.solve import GRAPHS, SOLVERS, solve_through_hcp
from sudoku_workbench.hcp.solver import LKH_ENV, find_solver

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve-hcp`` parser."""
    parser = subparsers.add_parser(
        "solve-hcp",
        help="solve a puzzle through its HCP graph (OR-Tools CP-SAT, or LKH / Concorde when installed)",
        description="Builds the puzzle's graph, finds a Hamiltonian cycle, checks it against the graph "
        "and prints the grid it stands for. CP-SAT (the default) searches Section 2's directed graph "
        "unless --graph export; LKH is looked for as `LKH` on PATH or in "
        f"{LKH_ENV}, Concorde and linkern as `concorde` and `linkern` on PATH; elkai (non-commercial, "
        "small graphs only) when installed. CP-SAT takes graphs of at most "
        f"{MAX_ARCS:,} arcs, about {MAX_ARCS_MB} MB (grids up to 16x16); a larger one is refused before "
        "the search. Exit code 1: no cycle within the time limit or none exists; "
        "3: the chosen solver is not installed.",
    )
    add_puzzle_argument(parser)
    parser.add_argument("--solver", choices=SOLVERS, default="cpsat", help="default cpsat")
    parser.add_argument(
        "--graph",
        choices=GRAPHS,
        default="directed",
        help="what CP-SAT searches: Section 2's directed graph (default, fastest) or the export itself",
    )
    parser.add_argument(
        "--time-limit", type=positive_float, default=60.0, help="seconds for the solver (default 60)"
    )
    add_workers_option(parser)
    parser.add_argument(
        "--tour", type=OutputFile, metavar="FILE", help="also write the tour of the exported graph (TSPLIB)"
    )
    add_graph_options(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.solver != "cpsat" and find_solver(args.solver) is None:
        print(
            f"solve-hcp: {args.solver} is not installed. Put LKH on PATH (or set {LKH_ENV}), or "
            "`concorde`/`linkern` on PATH; or use the default --solver cpsat.",
            file=sys.stderr,
        )
        return 3
    options = export_options(args)
    grid = position_of(load_puzzle(args.puzzle, args.index), args)
    result = solve_through_hcp(grid, options, args.solver, args.graph, args.time_limit, args.workers)
    print(f"solve-hcp: {result.message()}", file=sys.stderr)
    if result.grid is None or result.tour is None:
        return 1
    if args.tour is not None:
        write_tour(args.tour, Tour("sudoku", result.export.comment, result.tour))
    print(result.grid.to_line())
    return 0
