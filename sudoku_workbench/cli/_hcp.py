"""Helpers shared by the HCP subcommands: reading the PUZZLE argument and the export options."""

from __future__ import annotations

import argparse
from pathlib import Path

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats import parse_puzzle, read_file
from sudoku_workbench.hcp.export import VARIANTS, HcpExport, export_graph
from sudoku_workbench.hcp.reduction import GIVEN_SETS

__all__ = ["add_graph_options", "export_from_args", "load_puzzle"]


def load_puzzle(argument: str) -> Grid:
    """A puzzle given on the command line: a file holding one (any format), or the puzzle text itself.

    Raises:
        FormatError: located in the file (or the argument) when no puzzle can be read.
    """
    if Path(argument).is_file():
        return read_file(argument)
    return parse_puzzle(argument, "<puzzle argument>")


def add_graph_options(parser: argparse.ArgumentParser) -> None:
    """``--variant``, ``--reduce`` and ``--givens``: how the graph is built."""
    parser.add_argument(
        "--variant",
        choices=VARIANTS,
        default="undirected",
        help="undirected (Section 4, read by Concorde and LKH; default), directed (Section 2), "
        "compact (undirected with the vertex-saving gadget)",
    )
    parser.add_argument("--reduce", action="store_true", help="apply Section 7's degree-2 reduction")
    parser.add_argument(
        "--givens",
        choices=sorted(GIVEN_SETS),
        default="full",
        help="arcs removed per given: all twelve sets of Section 5 (full, default) or sets "
        "1, 2, 5, 6, 7, 9, which match the paper's reported counts (paper)",
    )


def export_from_args(grid: Grid, args: argparse.Namespace) -> HcpExport:
    """The export the options ask for."""
    return export_graph(grid, args.variant, args.reduce, args.givens)
