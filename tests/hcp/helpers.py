"""Test helpers for the HCP area: pattern grids, and the canonical tour of an export."""

from __future__ import annotations

from sudoku_workbench.core import Geometry
from sudoku_workbench.hcp.cycle import canonical_cycle
from sudoku_workbench.hcp.export import HcpExport
from sudoku_workbench.hcp.tour import lift_cycle


def pattern_grid(geo: Geometry) -> list[int]:
    """A valid complete grid by the shifted-rows pattern (works for every box shape)."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    return [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]


def tour_of(export: HcpExport, values: tuple[int, ...]) -> list[int]:
    """The canonical Hamiltonian cycle of a complete grid, in the export's numbering."""
    return lift_cycle(export, canonical_cycle(export.puzzle.geometry, values))
