"""Test helpers for the HCP area: a small solver, pattern grids, and the canonical tour of an export."""

from __future__ import annotations

from sudoku_workbench.core import Geometry, Grid
from sudoku_workbench.hcp.cycle import canonical_cycle
from sudoku_workbench.hcp.export import HcpExport


def solve(grid: Grid) -> Grid | None:
    """Bitmask backtracking with fewest-candidates-first; enough for the corpora used here."""
    geo = grid.geometry
    values = list(grid.values)
    row = [0] * geo.n
    col = [0] * geo.n
    box = [0] * geo.n
    for cell, d in enumerate(values):
        if d:
            bit = 1 << (d - 1)
            row[geo.row_of[cell]] |= bit
            col[geo.col_of[cell]] |= bit
            box[geo.box_of[cell]] |= bit

    def search() -> bool:
        best, best_mask, best_count = -1, 0, geo.n + 1
        for cell, d in enumerate(values):
            if d:
                continue
            mask = geo.full_mask & ~(row[geo.row_of[cell]] | col[geo.col_of[cell]] | box[geo.box_of[cell]])
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = cell, mask, count
                if count <= 1:
                    break
        if best < 0:
            return True
        r, c, b = geo.row_of[best], geo.col_of[best], geo.box_of[best]
        mask = best_mask
        while mask:
            bit = mask & -mask
            mask ^= bit
            values[best] = bit.bit_length()
            row[r] |= bit
            col[c] |= bit
            box[b] |= bit
            if search():
                return True
            row[r] ^= bit
            col[c] ^= bit
            box[b] ^= bit
        values[best] = 0
        return False

    if not search():
        return None
    return Grid.from_values(geo, grid.givens, [0 if g else v for g, v in zip(grid.givens, values)])


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
