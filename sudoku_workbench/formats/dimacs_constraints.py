"""The CNF of thermometers, arrows, dots and XV, added to the standard encoding of :mod:`.dimacs`.

A two-cell relation (a thermometer's step, a dot, an X or V, a negative rule's unmarked pair) forbids
each pair of digits it does not allow: ``¬(a holds x) ∨ ¬(b holds y)``. An arrow counts its shaft in
*partial-sum* variables, numbered after the cage selectors, arrow by arrow: "the first i shaft cells
add up to v" for i ≥ 2 and every reachable v up to the bulb's largest number (for i = 1 the first
cell's own variables serve). The first i cells at v and cell i+1 holding d give i+1 cells at v+d (or
are forbidden together when v+d is too large), and the whole shaft at v forces the bulb to read v
(or is forbidden when no bulb digits make v). Every solution sets the partial sums of its own path
and no others, so models and grids correspond one to one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from sudoku_workbench.core.constraints import Arrow, bulb_weights, pair_tables
from sudoku_workbench.core.geometry import Geometry

__all__ = ["constraint_clauses"]


@functools.cache
def constraint_clauses(geo: Geometry, first: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The constraints' clauses, their partial-sum variables numbered from ``first``, and how many."""
    n = geo.n

    def var(cell: int, digit: int) -> int:
        return cell * n + digit

    clauses: list[tuple[int, ...]] = [
        (-var(a, x), -var(b, y))
        for (a, b), table in pair_tables(n, geo.constraints).items()
        for x in range(1, n + 1)
        for y in range(1, n + 1)
        if not table[x - 1] >> (y - 1) & 1
    ]
    used = 0
    for item in geo.constraints:
        if isinstance(item, Arrow):
            arrow, count = _arrow_clauses(item, n, first + used, var)
            clauses += arrow
            used += count
    return tuple(clauses), used


def _bulb_digits(value: int, size: int, n: int) -> tuple[int, ...] | None:
    """The bulb's digits reading ``value`` (decimal, one digit per cell), or None when none do."""
    if size == 1:
        return (value,) if 1 <= value <= n else None
    digits = tuple(int(ch) for ch in str(value))
    return digits if len(digits) == size and 0 not in digits else None


def _arrow_clauses(
    arrow: Arrow, n: int, first: int, var: Callable[[int, int], int]
) -> tuple[list[tuple[int, ...]], int]:
    """One arrow's clauses and the number of partial-sum variables they use (numbered from ``first``)."""
    top = sum(w * n for w in bulb_weights(arrow.bulb))
    level = {v: var(arrow.shaft[0], v) for v in range(1, min(n, top) + 1)}
    clauses: list[tuple[int, ...]] = [(-var(arrow.shaft[0], v),) for v in range(top + 1, n + 1)]
    used = 0
    for cell in arrow.shaft[1:]:
        reach = range(min(level) + 1, min(max(level) + n, top) + 1)
        following = {v: first + used + i for i, v in enumerate(reach)}
        used += len(following)
        for v, before in level.items():
            for d in range(1, n + 1):
                after = following.get(v + d)
                clauses.append((-before, -var(cell, d), after) if after else (-before, -var(cell, d)))
        level = following
    for v, reached in level.items():
        digits = _bulb_digits(v, len(arrow.bulb), n)
        if digits is None:
            clauses.append((-reached,))
        else:
            clauses.extend((-reached, var(cell, d)) for cell, d in zip(arrow.bulb, digits, strict=True))
    return clauses, used
