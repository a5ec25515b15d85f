"""Helpers shared by the HCP subcommands: the export options."""

from __future__ import annotations

import argparse

from sudoku_workbench.cli._options import positive_int
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.hcp.export import VARIANTS, ExportOptions
from sudoku_workbench.hcp.reduction import GIVEN_SETS

__all__ = ["add_graph_options", "add_workers_option", "export_options", "position_of"]


def add_graph_options(parser: argparse.ArgumentParser) -> None:
    """``--variant``, ``--reduce`` and ``--givens``: how the graph is built."""
    parser.add_argument(
        "--variant",
        choices=VARIANTS,
        default="undirected",
        help="undirected (Section 4, read by Concorde and LKH; default), directed (Section 2), "
        "compact (undirected with the vertex-saving gadget)",
    )
    parser.add_argument(
        "--reduce",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="apply Section 7's degree-2 reduction (default: on, except for the directed variant)",
    )
    parser.add_argument(
        "--givens",
        choices=sorted(GIVEN_SETS),
        default="full",
        help="arcs removed per given: all twelve sets of Section 5 (full, default) or sets "
        "1, 2, 5, 6, 7, 9, which match the paper's reported counts (paper)",
    )
    parser.add_argument(
        "--candidates",
        nargs="?",
        const="givens",
        choices=("givens", "local"),
        help="also drop the arcs of every eliminated candidate: those the givens rule out (givens, the "
        "default when no value is given) or those left after the local rules: singles, pointing, "
        "claiming (local)",
    )


def add_workers_option(parser: argparse.ArgumentParser) -> None:
    """``--workers`` of the commands that run CP-SAT; left out, the kind of graph decides (``hcp.cpsat``)."""
    parser.add_argument(
        "--workers",
        type=positive_int,
        help="CP-SAT workers (default: 1 on the directed graph, 2 on an undirected one)",
    )


def export_options(args: argparse.Namespace) -> ExportOptions:
    """The export options the command line asks for."""
    return ExportOptions(args.variant, args.reduce, args.givens, args.candidates is not None)


def position_of(puzzle: Grid, args: argparse.Namespace) -> Grid:
    """The position whose candidates ``--candidates`` means: the puzzle's, or after the local rules."""
    if args.candidates == "local":
        from sudoku_workbench.hcp.solve import local_position

        return local_position(puzzle)
    return puzzle
