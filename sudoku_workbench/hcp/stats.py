"""Graph sizes before and after Section 7's reduction, for the paper comparison (``hcp-stats``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.hcp.export import Variant, export_graph
from sudoku_workbench.hcp.shrink import shrunk_size

__all__ = ["GraphSizes", "graph_sizes", "sizes_of_lines"]


@dataclass(frozen=True)
class GraphSizes:
    """One puzzle's counts: its givens, and vertices/edges of the graph before and after reduction."""

    givens: int
    vertices: int
    edges: int
    reduced_vertices: int
    reduced_edges: int


def graph_sizes(grid: Grid, variant: Variant = "undirected", givens: str = "full") -> GraphSizes:
    """The counts for one puzzle (the reduction is run without building its map back)."""
    export = export_graph(grid, variant, reduce=False, givens=givens)
    reduced = shrunk_size(export.dimension, export.edges)
    clues = sum(1 for g in grid.givens if g)
    return GraphSizes(clues, export.dimension, len(export.edges), *reduced)


def _sizes_of_line(job: tuple[str, str, Variant, str, int]) -> GraphSizes:
    line, source, variant, givens, number = job
    return graph_sizes(parse_line(line, source, number), variant, givens)


def sizes_of_lines(
    lines: Iterable[tuple[int, str]], source: str, variant: Variant, givens: str, jobs: int = 1
) -> Iterator[tuple[int, GraphSizes]]:
    """Counts for numbered puzzle lines, in order, using ``jobs`` processes when more than one."""
    numbered = list(lines)
    work = [(line, source, variant, givens, number) for number, line in numbered]
    numbers = [number for number, _ in numbered]
    if jobs <= 1:
        yield from zip(numbers, map(_sizes_of_line, work), strict=True)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from zip(numbers, pool.map(_sizes_of_line, work, chunksize=16), strict=True)
