"""``sudoku-workbench export-hcp``: write a puzzle as a Hamiltonian cycle problem (Haythorpe 2016)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sudoku_workbench.cli._hcp import add_graph_options, export_from_args, load_puzzle
from sudoku_workbench.formats.tsplib import dumps_hcp
from sudoku_workbench.hcp.export import arc_list_text, graphml_text

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
    parser.add_argument("puzzle", metavar="PUZZLE", help="a puzzle line, or a file holding one")
    parser.add_argument("-o", "--output", metavar="FILE", required=True, help="where to write ('-' = stdout)")
    parser.add_argument("--name", default="sudoku", help="the NAME field of the HCP file")
    add_graph_options(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    export = export_from_args(load_puzzle(args.puzzle), args)
    if args.output.endswith(".graphml"):
        text = graphml_text(export)
    elif export.directed:
        text = arc_list_text(export)
    else:
        text = dumps_hcp(export.problem(args.name))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    before = (
        f" (before reduction {export.base_dimension} and {len(export.base_edges)})" if export.shrunk else ""
    )
    kind = "arcs" if export.directed else "edges"
    print(f"{args.output}: {export.dimension} vertices, {len(export.edges)} {kind}{before}", file=sys.stderr)
    return 0
