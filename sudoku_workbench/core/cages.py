"""Killer cages as data: a set of cells whose digits never repeat and (usually) add up to a total.

Interface (what solvers, rules, formats and the board code against):

- ``Cage(cells, total)``: ``cells`` a sorted tuple of cell indices (row-major, ``0 … N²−1``),
  ``total`` the sum or None for a cage without one. Frozen, hashable, ordered by first cell.
- ``Geometry.cages``: the shape's cages, sorted by first cell (``()`` on a shape without any);
  ``Geometry.cage_of[cell]`` the index of the cell's cage in ``cages``, or -1;
  ``Geometry.cage_names[i]`` how messages name cage ``i`` ("cage at r1c1 (sum 17, 2 cells)").
- Cage mates are *peers* (``peers``, ``peer_bits``, ``sees``): every rule built on "sees" honours
  the no-repeat rule. Mates sharing no house are in ``neighbours`` too, like a knight's move, and
  ``Geometry.move_name`` calls that "the same cage". A cage is NOT a house (``units``): a house holds
  every digit, a cage of k < N cells holds only k.
- ``Geometry.has_sums``: a cage with a total is present, so a search must honour sums (or refuse).
  ``classic`` and ``plain`` are False on any shape with cages.
- ``geometry.with_cages(geo, cages)``: ``geo``'s shape with these cages (replacing any it had),
  validated by :func:`checked_cages`; ``Geometry.uncaged`` gives the shape back without them.
- :func:`sum_combinations` ``(n, size, total)``: the digit sets (bit masks, digit d is bit d−1) of
  ``size`` distinct digits ``1 … n`` adding up to ``total``: "17 in two cells is 89".

Validation raises :class:`ShapeError` naming the cage: an empty cage, a cell off the grid, two cages
sharing a cell, more cells than digits, a total no set of distinct digits can make.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from sudoku_workbench.core.errors import ShapeError

__all__ = ["Cage", "cage_total_range", "checked_cages", "sum_combinations"]


@dataclass(frozen=True, order=True)
class Cage:
    """Cells (sorted indices) whose digits differ and, when ``total`` is not None, add up to it."""

    cells: tuple[int, ...]
    total: int | None = None

    def describe(self, n: int) -> str:
        """How messages name the cage: by its first cell, its sum and its size."""
        first = f"r{self.cells[0] // n + 1}c{self.cells[0] % n + 1}" if self.cells else "nowhere"
        size = f"{len(self.cells)} cell{'s' if len(self.cells) != 1 else ''}"
        total = "no sum" if self.total is None else f"sum {self.total}"
        return f"cage at {first} ({total}, {size})"


def cage_total_range(n: int, size: int) -> tuple[int, int]:
    """The smallest and largest sum of ``size`` distinct digits of ``1 … n``."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


@functools.cache
def sum_combinations(n: int, size: int, total: int) -> tuple[int, ...]:
    """The digit sets (masks) of ``size`` distinct digits ``1 … n`` adding up to ``total``, ascending.

    >>> [bin(m) for m in sum_combinations(9, 2, 17)]
    ['0b110000000']
    >>> len(sum_combinations(9, 3, 15))
    8
    """
    low, high = cage_total_range(n, size)
    if size <= 0 or not low <= total <= high:
        return ()
    return tuple(
        sorted(
            sum(1 << (d - 1) for d in chosen)
            for chosen in combinations(range(1, n + 1), size)
            if sum(chosen) == total
        )
    )


def checked_cages(n: int, cages: Iterable[Cage]) -> tuple[Cage, ...]:
    """The cages with sorted cells, sorted by first cell, after checking they can be on an N×N grid.

    Raises:
        ShapeError: naming the cage that is empty, leaves the grid, overlaps another, has more cells
            than there are digits, or has a sum no distinct digits can make.
    """
    owner: dict[int, Cage] = {}
    found = []
    for given in cages:
        cage = Cage(tuple(sorted(given.cells)), given.total)
        if not cage.cells:
            raise ShapeError(f"a cage has no cells (sum {cage.total})")
        off = [c for c in cage.cells if not 0 <= c < n * n]
        if off:
            raise ShapeError(f"a cage has cell {off[0]}, which is off the {n}x{n} grid")
        if len(set(cage.cells)) != len(cage.cells):
            twice = next(c for c in cage.cells if cage.cells.count(c) > 1)
            raise ShapeError(f"the {cage.describe(n)} lists r{twice // n + 1}c{twice % n + 1} twice")
        if len(cage.cells) > n:
            raise ShapeError(f"the {cage.describe(n)} has more cells than a {n}x{n} grid has digits")
        if cage.total is not None and not sum_combinations(n, len(cage.cells), cage.total):
            low, high = cage_total_range(n, len(cage.cells))
            raise ShapeError(
                f"the {cage.describe(n)} cannot be made: {len(cage.cells)} different digits of 1..{n}"
                f" add up to {low}..{high}"
            )
        for cell in cage.cells:
            if cell in owner:
                name = f"r{cell // n + 1}c{cell % n + 1}"
                raise ShapeError(f"the {owner[cell].describe(n)} and the {cage.describe(n)} share {name}")
            owner[cell] = cage
        found.append(cage)
    return tuple(sorted(found))
