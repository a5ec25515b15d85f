"""Helpers for the logic tests: grids with chosen candidates, a tiny brute-force solver, step checks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sudoku_workbench.core import Geometry, Grid, Step
from sudoku_workbench.core.geometry import digit_from_char


def grid_from(geo: Geometry, line: str = "", keep: dict[str, str] | None = None) -> Grid:
    """A grid from a one-line puzzle (blank when empty) whose named cells keep only the given digits.

    ``keep={"r1c1": "12"}`` leaves r1c1 with candidates 1 and 2 (cell names 1-based, digits as text).
    """
    values = [digit_from_char(ch) for ch in line] if line else [0] * geo.size
    grid = Grid.from_values(geo, values)
    cands = list(grid.candidates)
    for name, digits in (keep or {}).items():
        row, col = name[1:].split("c")
        cell = geo.cell(int(row) - 1, int(col) - 1)
        cands[cell] = sum(1 << (digit_from_char(d) - 1) for d in digits)
    return Grid(geo, grid.givens, grid.entries, tuple(cands))


def without(grid: Grid, cells: Iterable[int], digit: int) -> Grid:
    """The grid with ``digit`` removed from ``cells``."""
    return grid.eliminate((c, digit) for c in cells)


def brute_solve(grid: Grid) -> tuple[int, ...] | None:
    """The first solution by depth-first search (test oracle, independent of the rules under test).

    Branches on the cell with fewest candidates or the unit-digit with fewest places, whichever is
    smaller, so that 16x16 puzzles are quick too.
    """
    geo = grid.geometry

    def place(values: list[int], cands: list[int], cell: int, digit: int) -> bool:
        bit = 1 << (digit - 1)
        values[cell], cands[cell] = digit, 0
        for peer in geo.peers[cell]:
            if cands[peer] & bit:
                cands[peer] ^= bit
                if not cands[peer] and not values[peer]:
                    return False
        return True

    def choices(values: list[int], cands: list[int]) -> list[tuple[int, int]] | None:
        best: list[tuple[int, int]] | None = None
        for cell, value in enumerate(values):
            if not value:
                options = [(cell, d) for d in range(1, geo.n + 1) if cands[cell] >> (d - 1) & 1]
                if best is None or len(options) < len(best):
                    best = options
        if best is None:
            return None
        for unit in geo.units:
            placed = {values[c] for c in unit}
            for digit in range(1, geo.n + 1):
                if digit not in placed:
                    spots = [(c, digit) for c in unit if cands[c] >> (digit - 1) & 1]
                    if len(spots) < len(best):
                        best = spots
        return best

    def search(values: list[int], cands: list[int]) -> tuple[int, ...] | None:
        options = choices(values, cands)
        if options is None:
            return tuple(values)
        for cell, digit in options:
            new_values, new_cands = list(values), list(cands)
            if place(new_values, new_cands, cell, digit):
                found = search(new_values, new_cands)
                if found:
                    return found
        return None

    return search(list(grid.values), list(grid.candidates))


def assert_sound(step: Step, solution: Sequence[int], where: str = "") -> None:
    """No placement differs from the solution and no elimination removes its digit."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, f"{where}{step.rule} places {digit} at {cell}: {step.explanation}"
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, (
            f"{where}{step.rule} removes true {digit} at {cell}: {step.explanation}"
        )
