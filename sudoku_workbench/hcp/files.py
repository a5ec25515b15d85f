"""Whole-file operations shared by the command line and the window: export to a file, read a tour file.

The one place an export becomes text: :func:`export_text` chooses TSPLIB HCP (``formats.tsplib``), the
arc list or GraphML, and :func:`write_export` writes it to a file or to standard output (``-``).

A tour only means something together with the graph it was found for, so reading one rebuilds the export
from the options recorded in the HCP file's COMMENT and insists the rebuilt graph is the file's graph.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import cast

import networkx as nx

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.tours import read_tour
from sudoku_workbench.formats.tsplib import format_hcp, read_hcp
from sudoku_workbench.hcp.export import (
    DEFAULT_OPTIONS,
    ExportOptions,
    HcpExport,
    Variant,
    decode_masks,
    export_graph,
    parse_options,
)
from sudoku_workbench.hcp.reduction import GivenSet
from sudoku_workbench.hcp.tour import TourError, grid_from_tour

__all__ = [
    "arc_list_text",
    "export_for_hcp_file",
    "export_text",
    "graphml_text",
    "grid_from_tour_file",
    "summary",
    "write_export",
]


def export_text(export: HcpExport, graphml: bool = False, name: str = "sudoku") -> str:
    """TSPLIB HCP text, or the arc list for the directed graph, or GraphML when asked."""
    if graphml:
        return graphml_text(export)
    return arc_list_text(export) if export.directed else format_hcp(export.problem(name))


def arc_list_text(export: HcpExport) -> str:
    """The directed graph as text: a ``#`` header with the puzzle, ``n m``, then one ``i j`` per arc."""
    lines = [f"# {export.comment}", f"{export.dimension} {len(export.edges)}"]
    lines.extend(f"{u} {v}" for u, v in export.edges)
    return "\n".join([*lines, ""])


def graphml_text(export: HcpExport) -> str:
    """The exported graph as GraphML (directed or not), vertices numbered as in the HCP file."""
    graph: nx.Graph = nx.DiGraph() if export.directed else nx.Graph()
    graph.graph["comment"] = export.comment
    graph.add_nodes_from(range(1, export.dimension + 1))
    graph.add_edges_from(export.edges)
    buffer = io.BytesIO()
    nx.write_graphml(graph, buffer)
    return buffer.getvalue().decode("utf-8")


def summary(export: HcpExport) -> str:
    """``N vertices, M edges`` (and the sizes before reduction) for messages."""
    before = ""
    if export.shrunk:
        before = f" (before reduction {export.base_dimension} and {len(export.base_edges)})"
    kind = "arcs" if export.directed else "edges"
    return f"{export.dimension} vertices, {len(export.edges)} {kind}{before}"


def write_export(
    path: Path | str, grid: Grid, options: ExportOptions = DEFAULT_OPTIONS, name: str = "sudoku"
) -> str:
    """Export a position's graph to a file or ``-`` (GraphML when the name ends in .graphml).

    The one writer of export files: the command line and the window both call it. Returns a summary.
    """
    export = options.build(grid)
    write_atomic(path, export_text(export, str(path).endswith(".graphml"), name))
    return f"{path}: {summary(export)}"


def export_for_hcp_file(grid: Grid, hcp_path: Path | str) -> HcpExport:
    """The export an HCP file was written from, rebuilt from its COMMENT and checked edge by edge.

    Raises:
        WorkbenchError: when the file belongs to another puzzle or holds another graph.
    """
    problem = read_hcp(hcp_path)
    options = parse_options(problem.comment)
    if options.get("puzzle", grid.to_line()) != grid.to_line():
        raise WorkbenchError(f"{hcp_path} was exported from another puzzle: {options['puzzle']}")
    export = export_graph(
        grid,
        cast(Variant, options.get("variant", "undirected")),
        options.get("reduce", "no") == "yes",
        cast(GivenSet, options.get("givens", "full")),
        decode_masks(grid, options["candidates"]) if "candidates" in options else False,
    )
    ours = {(min(u, v), max(u, v)) for u, v in export.edges}
    theirs = {(min(u, v), max(u, v)) for u, v in problem.edges}
    if export.dimension != problem.dimension or ours != theirs:
        raise WorkbenchError(
            f"{hcp_path} ({problem.dimension} vertices, {len(theirs)} edges) is not the graph of this "
            f"puzzle with variant={export.variant} reduce={'yes' if export.shrunk else 'no'} "
            f"givens={export.givens_mode} ({export.dimension} vertices, {len(ours)} edges)"
        )
    return export


def grid_from_tour_file(
    grid: Grid,
    tour_path: Path | str,
    hcp_path: Path | str | None = None,
    options: ExportOptions = DEFAULT_OPTIONS,
) -> Grid:
    """The solved grid of a tour file; the graph comes from ``hcp_path`` when given, else ``options``.

    Raises:
        TourError: naming the tour file and what is wrong with the tour.
        WorkbenchError: when the HCP file does not belong to the puzzle.
    """
    puzzle = grid.puzzle()
    export = export_for_hcp_file(puzzle, hcp_path) if hcp_path is not None else options.build(puzzle)
    tour = read_tour(tour_path, export.dimension)
    try:
        return grid_from_tour(export, tour)
    except TourError as err:
        raise TourError(f"{tour_path}: {err}") from None
