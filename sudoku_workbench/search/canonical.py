"""Canonical forms of classic 9x9 puzzles, to find the same puzzle written another way.

Two puzzles are essentially the same when one becomes the other by relabelling digits, permuting rows
inside bands, columns inside stacks, bands, stacks, and transposing: every such map keeps a puzzle's
solutions in step. The canonical form is the minlex one the research tools print (the smallest
81-digit string, blanks as 0, among all images), so equal forms mean the same puzzle. The search runs
in the compiled kernel when it was built (``_minlex_kernel.c``, some 10,000 puzzles a second) and
else in its Python twin (``_minlex``); ``SUDOKU_WORKBENCH_PURE=1`` keeps the kernel out.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.shared.compiled import compiled_module
from sudoku_workbench.search import _minlex

__all__ = ["canonical_form", "has_canonical_form", "minlex_values"]


def _import_kernel() -> ModuleType:
    from sudoku_workbench.search import _minlex_kernel

    return _minlex_kernel


#: The compiled search in use, or None (then the Python twin runs).
kernel: ModuleType | None = compiled_module(_import_kernel)


def minlex_values() -> Callable[[bytes], bytes]:
    """The minlex search in use: 81 cell values (0 blank) to their minlex form."""
    return kernel.minlex if kernel is not None else _minlex.minlex


def has_canonical_form(grid: Grid) -> bool:
    """Whether the puzzle's shape has a canonical form here: classic 9x9 (3x3 boxes, no extras)."""
    geo = grid.geometry
    return geo.classic and geo.n == 9 and geo.box == (3, 3)


def canonical_form(grid: Grid) -> str:
    """The minlex form of the puzzle's givens, one line of 81 characters (``.`` for a blank).

    Raises:
        WorkbenchError: for a puzzle of another shape (only classic 9x9 has the form here).
    """
    if not has_canonical_form(grid):
        raise WorkbenchError(
            f"a canonical form is computed for classic 9x9 puzzles only, not {grid.geometry.label}"
        )
    values = minlex_values()(bytes(grid.givens))
    return "".join(str(v) if v else "." for v in values)
