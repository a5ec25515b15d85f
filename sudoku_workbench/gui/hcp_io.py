"""Export → HCP and Import tour, as pure functions the worker runs (no Qt).

The export writes a TSPLIB HCP file for the undirected variants and an arc list (or GraphML, by suffix)
for the directed one, as the ``export-hcp`` command does; a tour is read back against the graph of the
current puzzle built with the same options.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.gui import capabilities

__all__ = ["HcpOptions", "HcpSummary", "export_hcp_file", "grid_from_tour_file"]


@dataclass(frozen=True)
class HcpOptions:
    """How the graph is built (Haythorpe's variants, Section 7's reduction, the givens' arc sets)."""

    variant: str = "undirected"
    reduce: bool = False
    givens: str = "full"
    name: str = "sudoku"


@dataclass(frozen=True)
class HcpSummary:
    """What was written: the file, its vertices and edges (arcs for the directed variant)."""

    path: Path
    dimension: int
    edges: int
    directed: bool


def _export(grid: Grid, options: HcpOptions) -> Any:
    hcp = capabilities.load("hcp_export")
    return hcp.export_graph(grid, options.variant, options.reduce, options.givens)


def export_hcp_file(grid: Grid, options: HcpOptions, path: Path, **_: Any) -> HcpSummary:
    """Build the puzzle's graph and write it to ``path``.

    Raises:
        WorkbenchError: for options the export refuses (reduction of the directed graph).
        OSError: when the file cannot be written.
    """
    hcp = capabilities.load("hcp_export")
    export = _export(grid, options)
    if path.suffix.lower() == ".graphml":
        text = hcp.graphml_text(export)
    elif export.directed:
        text = hcp.arc_list_text(export)
    else:
        from sudoku_workbench.formats.tsplib import dumps_hcp

        text = dumps_hcp(export.problem(options.name))
    path.write_text(text, encoding="utf-8")
    return HcpSummary(path, export.dimension, len(export.edges), export.directed)


def grid_from_tour_file(grid: Grid, options: HcpOptions, path: Path, **_: Any) -> Grid:
    """The solved grid a tour file stands for, checked against the graph of ``grid``'s puzzle.

    Raises:
        FormatError: when the tour file is malformed (with line and column).
        WorkbenchError: when the tour is no Hamiltonian cycle of the graph (naming the first bad vertex).
    """
    from sudoku_workbench.formats.tsplib import read_tour

    tour = read_tour(path)
    solved: Grid = capabilities.load("hcp_import").grid_from_tour(_export(grid, options), tour)
    return solved
