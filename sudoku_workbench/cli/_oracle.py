"""The solution of a puzzle for checking logic against: search's solver, independent of the rules."""

from __future__ import annotations

from sudoku_workbench.core.grid import Grid

__all__ = ["solution_of"]


def solution_of(grid: Grid) -> tuple[int, ...] | None:
    """The puzzle's solution by depth-first search (fewest candidates first), None when it has none."""
    geo = grid.geometry
    peers = geo.peers

    def search(values: list[int], cands: list[int]) -> list[int] | None:
        best, best_mask = -1, 0
        best_count = geo.n + 1
        for cell, mask in enumerate(cands):
            if not values[cell]:
                count = mask.bit_count()
                if count < best_count:
                    best, best_mask, best_count = cell, mask, count
                    if count <= 1:
                        break
        if best < 0:
            return values
        while best_mask:
            low = best_mask & -best_mask
            best_mask ^= low
            new_values, new_cands = list(values), list(cands)
            new_values[best], new_cands[best] = low.bit_length(), 0
            ok = True
            for peer in peers[best]:
                if new_cands[peer] & low:
                    new_cands[peer] ^= low
                    if not new_cands[peer] and not new_values[peer]:
                        ok = False
                        break
            if ok:
                found = search(new_values, new_cands)
                if found is not None:
                    return found
        return None

    result = search(list(grid.values), list(grid.candidates))
    return tuple(result) if result is not None else None
