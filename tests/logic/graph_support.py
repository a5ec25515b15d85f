"""Test helpers for the graph rules: an independent solver and singles propagation (no engine needed)."""

from __future__ import annotations

from sudoku_workbench.core import Grid, Step
from sudoku_workbench.core.grid import digits_of_mask


def solution_of(grid: Grid) -> tuple[int, ...] | None:
    """The first solution, by singles propagation and fewest-candidates branching on copies."""
    return _search(list(grid.values), list(grid.candidates), grid)


def _search(values: list[int], cands: list[int], grid: Grid) -> tuple[int, ...] | None:
    geo = grid.geometry
    if not _propagate(values, cands, grid):
        return None
    open_cells = [c for c in range(geo.size) if not values[c]]
    if not open_cells:
        return tuple(values)
    best = min(open_cells, key=lambda c: cands[c].bit_count())
    for d in digits_of_mask(cands[best]):
        trial_values, trial_cands = values[:], cands[:]
        _place(trial_values, trial_cands, grid, best, d)
        found = _search(trial_values, trial_cands, grid)
        if found:
            return found
    return None


def _place(values: list[int], cands: list[int], grid: Grid, cell: int, digit: int) -> None:
    values[cell] = digit
    cands[cell] = 0
    for p in grid.geometry.peers[cell]:
        cands[p] &= ~(1 << (digit - 1))


def _propagate(values: list[int], cands: list[int], grid: Grid) -> bool:
    geo = grid.geometry
    changed = True
    while changed:
        changed = False
        for c in range(geo.size):
            if not values[c]:
                if not cands[c]:
                    return False
                if cands[c].bit_count() == 1:
                    _place(values, cands, grid, c, cands[c].bit_length())
                    changed = True
        for cells in geo.units:
            seen = once = 0
            placed = 0
            for c in cells:
                if values[c]:
                    placed |= 1 << (values[c] - 1)
                once = (once & ~cands[c]) | (cands[c] & ~seen)
                seen |= cands[c]
            if (seen | placed) != geo.full_mask:
                return False
            for d in digits_of_mask(once & ~placed):
                cell = next((c for c in cells if cands[c] >> (d - 1) & 1), None)
                if cell is not None:
                    _place(values, cands, grid, cell, d)
                    changed = True
    return True


def propagate_singles(grid: Grid) -> Grid:
    """Naked and hidden singles until none is left (a stand-in for the simple rules)."""
    geo = grid.geometry
    changed = True
    while changed:
        changed = False
        for c in grid.empty_cells:
            if grid.candidates[c].bit_count() == 1:
                grid = grid.place(c, grid.candidates[c].bit_length())
                changed = True
        for cells in geo.units:
            for d in range(1, geo.n + 1):
                where = [c for c in cells if grid.candidates[c] >> (d - 1) & 1]
                if len(where) == 1 and not grid.values[where[0]]:
                    grid = grid.place(where[0], d)
                    changed = True
    return grid


def check_step(step: Step, solution: tuple[int, ...]) -> None:
    """Fail when a step places a wrong digit or removes the true one."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, (step.rule, cell, digit, step.explanation)
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, (step.rule, cell, digit, step.explanation)
