"""True candidates: the digits of each cell that appear in at least one solution of the position.

A setter's tool (issue 47): a candidate is true when fixing it leaves a solvable position. Each
solution found marks every digit it uses, so most candidates are settled by another trial's solution
and the number of searches stays near the number of false candidates plus one. The searches are
:func:`~sudoku_workbench.search.solve.solve`'s, compiled where the kernel is built.
"""

from __future__ import annotations

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.search.solve import solve

__all__ = ["true_candidates"]


def true_candidates(grid: Grid, cancel: CancelToken | None = None) -> tuple[int, ...]:
    """Per cell, a mask of the digits some solution puts there (bit ``d-1``; all 0: no solution).

    A filled cell's mask is its digit's bit when the position has a solution. Pencil marks are kept:
    a candidate struck out is never tried.

    Raises:
        Cancelled: when ``cancel`` is set.
    """
    true = [0] * grid.geometry.size
    first = solve(grid, cancel)
    if first is None:
        return tuple(true)
    _mark(true, first)
    for cell, digit in enumerate(grid.values):
        if digit:
            continue
        for index in set_bits(grid.candidates[cell] & ~true[cell]):
            if true[cell] >> index & 1:
                continue  # marked by a solution found since this cell's untried digits were listed
            solution = solve(grid.place(cell, index + 1), cancel)
            if solution is not None:
                _mark(true, solution)
    return tuple(true)


def _mark(true: list[int], solution: Grid) -> None:
    for cell, digit in enumerate(solution.values):
        true[cell] |= 1 << (digit - 1)
