"""Test helpers for the HCP area: pattern grids, and the canonical tour of an export."""

from __future__ import annotations

from sudoku_workbench.core import Geometry
from sudoku_workbench.hcp.cycle import canonical_cycle
from sudoku_workbench.hcp.export import HcpExport


def pattern_grid(geo: Geometry) -> list[int]:
    """A valid complete grid by the shifted-rows pattern (works for every box shape)."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    return [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]


def lifted_tour(export: HcpExport, directed_cycle: list[int]) -> list[int]:
    """The canonical directed cycle as a vertex order of the exported graph (reduced if it was)."""
    copies: dict[int, list[int]] = {}
    for vertex, origin in enumerate(export.origin, 1):
        copies.setdefault(origin, []).append(vertex)
    base = [copy for vertex in directed_cycle for copy in copies[vertex]]
    if export.shrunk is None:
        return base
    owner = {}
    for reduced, path in enumerate(export.shrunk.paths, 1):
        for vertex in path:
            owner[vertex] = reduced
    order = [owner[v] for v in base]
    order = [v for p, v in enumerate(order) if p == 0 or v != order[p - 1]]
    while order[0] == order[-1]:
        order.pop()
    return order


def tour_of(export: HcpExport, values: tuple[int, ...]) -> list[int]:
    """The canonical Hamiltonian cycle of a complete grid, in the export's numbering."""
    return lifted_tour(export, canonical_cycle(export.puzzle.geometry, values))
