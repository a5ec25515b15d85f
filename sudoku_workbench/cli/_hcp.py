"""Helpers shared by the HCP subcommands: the export options."""

from __future__ import annotations

import argparse

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.hcp.export import VARIANTS, HcpExport, export_graph
from sudoku_workbench.hcp.reduction import GIVEN_SETS

__all__ = ["add_graph_options", "export_from_args"]


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
