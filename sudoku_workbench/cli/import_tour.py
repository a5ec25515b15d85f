"""``sudoku-workbench import-tour``: read a solver's tour back into the solved grid (Section 6)."""

from __future__ import annotations

import argparse
from typing import cast

from sudoku_workbench.cli._hcp import add_graph_options, export_from_args, load_puzzle
from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.formats.tsplib import read_hcp, read_tour
from sudoku_workbench.hcp.export import HcpExport, Variant, export_graph, parse_options
from sudoku_workbench.hcp.tour import grid_from_tour

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``import-tour`` parser."""
    parser = subparsers.add_parser(
        "import-tour",
        help="read a Hamiltonian cycle of an exported graph back into the solved grid",
        description="Check that TOUR is a Hamiltonian cycle of the puzzle's graph and print the grid it "
        "stands for. TOUR may be a TSPLIB TOUR file (1-based), a Concorde -o solution (0-based, count "
        "first) or an edge list ('n m' then 'u v [w]', 0-based). With --hcp the graph options are taken "
        "from the file's COMMENT and the file is checked against the puzzle.",
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help="the puzzle line, or a file holding it")
    parser.add_argument("tour", metavar="TOUR", help="the tour file")
    parser.add_argument("--hcp", metavar="FILE", help="the HCP file the tour was found for")
    add_graph_options(parser)
    parser.set_defaults(run=_run)


def _export_for_hcp(args: argparse.Namespace) -> HcpExport:
    """Rebuild the exported graph from the options in the HCP file and insist it is the same graph."""
    problem = read_hcp(args.hcp)
    options = parse_options(problem.comment)
    grid = load_puzzle(args.puzzle)
    if options.get("puzzle", grid.to_line()) != grid.to_line():
        raise WorkbenchError(f"{args.hcp} was exported from another puzzle: {options['puzzle']}")
    export = export_graph(
        grid,
        cast(Variant, options.get("variant", args.variant)),
        options.get("reduce", "yes" if args.reduce else "no") == "yes",
        options.get("givens", args.givens),
    )
    ours = {(min(u, v), max(u, v)) for u, v in export.edges}
    theirs = {(min(u, v), max(u, v)) for u, v in problem.edges}
    if export.dimension != problem.dimension or ours != theirs:
        raise WorkbenchError(
            f"{args.hcp} ({problem.dimension} vertices, {len(theirs)} edges) is not the graph of this "
            f"puzzle with variant={export.variant} reduce={'yes' if export.shrunk else 'no'} "
            f"givens={export.givens_mode} ({export.dimension} vertices, {len(ours)} edges)"
        )
    return export


def _run(args: argparse.Namespace) -> int:
    export = _export_for_hcp(args) if args.hcp else export_from_args(load_puzzle(args.puzzle), args)
    tour = read_tour(args.tour)
    try:
        grid = grid_from_tour(export, tour)
    except WorkbenchError as err:
        raise WorkbenchError(f"{args.tour}: {err}") from None
    print(grid.to_line())
    return 0
