"""``sudoku-workbench export-hcp``: write a puzzle as a Hamiltonian cycle problem (Haythorpe 2016)."""

from __future__ import annotations

import argparse
import sys

from sudoku_workbench.cli._hcp import add_graph_options, export_options, position_of
from sudoku_workbench.cli._io import OutputFile, add_puzzle_argument, load_puzzle
from sudoku_workbench.hcp.files import write_export

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``export-hcp`` parser."""
    parser = subparsers.add_parser(
        "export-hcp",
        help="export a puzzle as a TSPLIB HCP graph for Concorde or LKH",
        description="Write the puzzle's Hamiltonian cycle problem. Undirected variants are TSPLIB HCP "
        "files; the directed graph is an arc list ('n m' then 'i j' lines), or GraphML when FILE ends "
        "in .graphml (which works for every variant).",
    )
    add_puzzle_argument(parser)
    parser.add_argument(
        "-o", "--output", type=OutputFile, metavar="FILE", required=True, help="where to write ('-' = stdout)"
    )
    parser.add_argument("--name", default="sudoku", help="the NAME field of the HCP file")
    add_graph_options(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    position = position_of(load_puzzle(args.puzzle, args.index), args)
    print(write_export(args.output, position, export_options(args), args.name), file=sys.stderr)
    return 0
