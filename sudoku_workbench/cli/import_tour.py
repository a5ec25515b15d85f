"""``sudoku-workbench import-tour``: read a solver's tour back into the solved grid (Section 6)."""

from __future__ import annotations

import argparse

from sudoku_workbench.cli._hcp import add_graph_options
from sudoku_workbench.cli._io import InputFile, add_puzzle_argument, load_puzzle
from sudoku_workbench.hcp.export import ExportOptions
from sudoku_workbench.hcp.files import grid_from_tour_file
from sudoku_workbench.hcp.tour import TourError

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``import-tour`` parser."""
    parser = subparsers.add_parser(
        "import-tour",
        help="read a Hamiltonian cycle of an exported graph back into the solved grid",
        description="Check that TOUR is a Hamiltonian cycle of the puzzle's graph and print the grid it "
        "stands for. TOUR may be a TSPLIB TOUR file (1-based), a Concorde -o solution (0-based, count "
        "first) or an edge list ('n m' then 'u v [w]', 0-based). With --hcp the graph options are taken "
        "from the file's COMMENT and the file is checked against the puzzle; otherwise give the options "
        "used for the export.",
    )
    add_puzzle_argument(parser)
    parser.add_argument("tour", type=InputFile, metavar="TOUR", help="the tour file")
    parser.add_argument("--hcp", type=InputFile, metavar="FILE", help="the HCP file the tour was found for")
    add_graph_options(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        options = ExportOptions(args.variant, args.reduce, args.givens)
        grid = grid_from_tour_file(load_puzzle(args.puzzle, args.index), args.tour, args.hcp, options)
    except TourError as err:
        if args.hcp:
            raise
        raise TourError(f"{err} (if the export used other options, pass --hcp FILE)") from None
    print(grid.to_line())
    return 0
