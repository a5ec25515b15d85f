"""Counting every complete grid of a box shape with the symmetry reductions of Routledge (2023), ch. 4.

A plain enumeration visits every grid. The reductions cut the search by symmetries that act *freely*
(every orbit has exactly as many members as the group), so the count is "the reduced count times the
group size":

* **box 1** — relabelling the digits turns box 1 into ``1 … N`` row-major: factor ``N!``.
* **band** — permuting the columns inside each of stacks 2 … k and permuting those stacks keeps box 1
  and moves the first row of the band; so the first row is fixed ascending inside each stack and the
  stacks ordered by their first digit: factor ``(C!)^(k-1) · (k-1)!`` (C = box columns, k = N / C).
  What remains of the first band is enumerated (the thesis's pure and mixed first bands).
* **column** — permuting the rows inside bands 2 … m and permuting those bands keeps the first band;
  so column 1 below the first band is fixed ascending inside each band, bands ordered by their first
  digit: factor ``(R!)^(m-1) · (m-1)!``. For 6x6 this is the thesis's "C1 enforced" step.

The thesis's 6x6 case uses 3x2 boxes; its factor ``9!`` in (4.15) is a misprint for ``6!``:
``6! · 3! · 8 · 816 = 28,200,960``. Only shapes up to 6x6 finish in pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import ShapeError
from sudoku_workbench.core.geometry import Cell, Geometry

__all__ = ["REDUCTIONS", "GridCount", "Reduction", "count_grids", "standard_box_grids"]

Reduction = Literal["none", "box", "band", "column"]
#: The reduction levels, each including the ones before it.
REDUCTIONS: tuple[Reduction, ...] = ("none", "box", "band", "column")

_REPORT_EVERY = 4096
_NO_BOUND = -1


@dataclass(frozen=True)
class GridCount:
    """How many grids a box shape has, with the reduced count and the factors that multiply it back."""

    geometry: Geometry
    reduction: Reduction
    reduced: int
    factors: tuple[tuple[str, int], ...]
    nodes: int

    @property
    def total(self) -> int:
        """The number of complete grids: the reduced count times every factor."""
        return self.reduced * math.prod(f for _, f in self.factors)


@dataclass(frozen=True)
class _Plan:
    """Cells in search order; a fixed digit or a lower bound (the digit at an earlier cell) per cell."""

    order: tuple[Cell, ...]
    fixed: dict[Cell, int]
    above: dict[Cell, Cell]
    factors: tuple[tuple[str, int], ...]


def _plan(geo: Geometry, reduction: Reduction) -> _Plan:
    n, rows, cols = geo.n, geo.box_rows, geo.box_cols
    level = REDUCTIONS.index(reduction)
    fixed: dict[Cell, int] = {}
    above: dict[Cell, Cell] = {}
    factors: list[tuple[str, int]] = []
    if level >= 1:
        fixed = {cell: i + 1 for i, cell in enumerate(geo.boxes[0])}
        factors.append(("relabel digits so box 1 reads 1..N", math.factorial(n)))
    if level >= 2:
        stacks = n // cols
        for col in range(cols, n):
            above[col] = col - 1 if col % cols else col - cols
        above.pop(cols)
        group = math.factorial(cols) ** (stacks - 1) * math.factorial(stacks - 1)
        factors.append(("permute columns and stacks beside box 1", group))
    if level >= 3:
        bands = n // rows
        for row in range(rows, n):
            above[geo.cell(row, 0)] = geo.cell(row - 1 if row % rows else row - rows, 0)
        above.pop(geo.cell(rows, 0))
        group = math.factorial(rows) ** (bands - 1) * math.factorial(bands - 1)
        factors.append(("permute rows and bands below box 1", group))
    first_band = [c for c in range(rows * n) if c not in fixed]
    column_one = [geo.cell(r, 0) for r in range(rows, n)] if level >= 3 else []
    rest = [c for c in range(geo.size) if c not in fixed and c not in first_band and c not in column_one]
    return _Plan(tuple(first_band + column_one + rest), fixed, above, tuple(factors))


class _Walker:
    """A depth-first walk over the plan's cells with row/column/box bitmasks; counts or collects leaves."""

    def __init__(
        self,
        geo: Geometry,
        plan: _Plan,
        cancel: CancelToken | None,
        progress: Callable[[int], None] | None,
        collect: list[tuple[int, ...]] | None,
    ) -> None:
        self.geo = geo
        self.order = plan.order
        self.bound = tuple(plan.above.get(c, _NO_BOUND) for c in plan.order)
        self.cancel = cancel
        self.progress = progress
        self.collect = collect
        self.nodes = 0
        self.values = [0] * geo.size
        self.used = [0] * (3 * geo.n)
        for cell, digit in plan.fixed.items():
            self._set(cell, digit)

    def _set(self, cell: Cell, digit: int) -> None:
        self.values[cell] = digit
        for unit in self.geo.units_of[cell]:
            self.used[unit] ^= 1 << (digit - 1)

    def walk(self, depth: int = 0) -> int:
        """The number of completions below this depth (every cell before ``depth`` is set)."""
        self.nodes += 1
        if not self.nodes % _REPORT_EVERY:
            if self.cancel is not None:
                self.cancel.check()
            if self.progress is not None:
                self.progress(self.nodes)
        if depth == len(self.order):
            if self.collect is not None:
                self.collect.append(tuple(self.values))
            return 1
        cell = self.order[depth]
        row, col, box = self.geo.units_of[cell]
        open_bits = self.geo.full_mask & ~(self.used[row] | self.used[col] | self.used[box])
        if self.bound[depth] != _NO_BOUND:
            open_bits &= ~((1 << self.values[self.bound[depth]]) - 1)
        found = 0
        while open_bits:
            low = open_bits & -open_bits
            open_bits ^= low
            self._set(cell, low.bit_length())
            found += self.walk(depth + 1)
            self._set(cell, low.bit_length())
        self.values[cell] = 0
        return found


def count_grids(
    geo: Geometry,
    reduction: Reduction = "column",
    cancel: CancelToken | None = None,
    progress: Callable[[int], None] | None = None,
) -> GridCount:
    """Count the complete grids of a box shape, enumerating only what the chosen reductions leave.

    ``progress(nodes)`` is called every few thousand search nodes; ``cancel`` is checked as often.

    Raises:
        ShapeError: for a shape that is not classic (a variant, a jigsaw, killer cages): the reductions
            relabel digits and permute lines, which its extra rules do not allow.
        Cancelled: when ``cancel`` is triggered.
    """
    if not geo.classic:
        raise ShapeError(
            f"the grid count's reductions relabel digits and permute rows and columns, which only classic"
            f" box shapes allow; {geo.label} is not one"
        )
    plan = _plan(geo, reduction)
    walker = _Walker(geo, plan, cancel, progress, None)
    reduced = walker.walk()
    return GridCount(geo, reduction, reduced, plan.factors, walker.nodes)


def standard_box_grids(geo: Geometry, cancel: CancelToken | None = None) -> list[tuple[int, ...]]:
    """Every complete grid whose box 1 reads ``1 … N`` row-major, as value tuples (for symmetry study)."""
    found: list[tuple[int, ...]] = []
    _Walker(geo, _plan(geo, "box"), cancel, None, found).walk()
    return found
