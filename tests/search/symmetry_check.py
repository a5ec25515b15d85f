"""An independent symmetry check for generated puzzles, written from the maps alone (not search.symmetry)."""

from __future__ import annotations

from sudoku_workbench.core import Grid


def image(n: int, row: int, col: int, symmetry: str) -> set[tuple[int, int]]:
    """Where a cell goes under every map of the symmetry."""
    last = n - 1
    maps = {
        "none": [],
        "rot180": [(last - row, last - col)],
        "rot90": [(col, last - row), (last - row, last - col), (last - col, row)],
        "mirror_lr": [(row, last - col)],
        "mirror_tb": [(last - row, col)],
        "diagonal": [(col, row)],
        "antidiagonal": [(last - col, last - row)],
        "both_diagonals": [(col, row), (last - col, last - row), (last - row, last - col)],
    }
    if symmetry == "full":
        return set().union(*(image(n, row, col, name) for name in maps))
    return set(maps[symmetry])


def is_symmetric(grid: Grid, symmetry: str) -> bool:
    """Every given's images are givens too."""
    n = grid.geometry.n
    given = {divmod(cell, n) for cell, digit in enumerate(grid.givens) if digit}
    return all(image(n, row, col, symmetry) <= given for row, col in given)
