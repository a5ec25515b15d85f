"""Which digits each cell of a sum can still take: the arithmetic the killer rules share.

Two questions, both answered exactly for the cells' candidates:

* :func:`distinct_fits`: cells whose digits all differ (a cage, or cells of one house) adding up to a
  total (or to anything, for a cage without one). A walk over the sets of digits used so far (the sum
  is the set's sum), forward from the first cell and back from the last, keeps per cell the digits
  that lie on some complete way; the digit sets of those ways are the "combinations" hand-solvers
  list. A few hundred sets on a 9x9, so it is cheap and needs no search.
* :func:`sum_fits`: cells that may repeat a digit (the innies of several rows), adding up to a total.
  Sums reachable by the cells before and after each cell are bit sets, so a digit fits a cell when
  the rest can make up the difference.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.core.grid import set_bits

__all__ = ["Fits", "combination_text", "distinct_fits", "mask_sum", "sum_fits"]

#: Per cell the digits (a mask) that lie on some way to make the total, and the digit sets used.
Fits = tuple[tuple[int, ...], tuple[int, ...]]


@functools.cache
def mask_sum(mask: int) -> int:
    """The sum of the digits of a mask (digit d is bit d-1)."""
    return sum(bit + 1 for bit in set_bits(mask))


@functools.lru_cache(maxsize=1 << 16)
def distinct_fits(masks: tuple[int, ...], total: int | None, required: int = 0) -> Fits:
    """Per cell the digits that some way of giving the cells distinct digits adding up to ``total`` uses.

    ``masks`` are the cells' candidates (a placed cell is the mask of its digit); ``total`` None asks
    only that the digits differ; ``required`` digits must be among them. The second item lists the
    digit sets of every such way, ascending. A cell left with 0 means there is no way at all.
    """
    layers: list[set[int]] = [{0}]
    for mask in masks:
        after: set[int] = set()
        for used in layers[-1]:
            free = mask & ~used
            while free:
                low = free & -free
                free ^= low
                grown = used | low
                if total is None or mask_sum(grown) <= total:
                    after.add(grown)
        layers.append(after)
    alive = {
        used
        for used in layers[-1]
        if (total is None or mask_sum(used) == total) and used & required == required
    }
    combos = tuple(sorted(alive))
    fits = [0] * len(masks)
    for index in range(len(masks) - 1, -1, -1):
        before: set[int] = set()
        mask = masks[index]
        for used in layers[index]:
            free = mask & ~used
            while free:
                low = free & -free
                free ^= low
                if used | low in alive:
                    fits[index] |= low
                    before.add(used)
        alive = before
    return tuple(fits), combos


@functools.lru_cache(maxsize=1 << 16)
def sum_fits(masks: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Per cell the digits with which the cells (digits may repeat) can still add up to ``total``."""
    count = len(masks)
    sums_of = [_sums_of(mask) for mask in masks]
    prefix = [1]  # bit s: the cells so far can add up to s
    for sums in sums_of:
        prefix.append(_add(prefix[-1], sums))
    suffix = [1]
    for sums in reversed(sums_of):
        suffix.append(_add(suffix[-1], sums))
    suffix.reverse()
    fits = []
    for index in range(count):
        rest = _add(prefix[index], suffix[index + 1])
        fit = 0
        for bit in set_bits(masks[index]):
            if total - bit - 1 >= 0 and rest >> (total - bit - 1) & 1:
                fit |= 1 << bit
        fits.append(fit)
    return tuple(fits)


def _sums_of(mask: int) -> int:
    """The digits of a cell as a set of sums: bit d for digit d."""
    return mask << 1


def _add(left: int, right: int) -> int:
    """Every sum of one sum from each set (sets of sums as bits)."""
    out = 0
    for bit in set_bits(right):
        out |= left << bit
    return out


def combination_text(combos: Sequence[int], most: int = 5) -> str:
    """``8+9``, ``1+7 or 2+6``, ``1+2+9, 1+3+8, … (7 ways)``: digit sets as hand-solvers write them."""
    written = ["+".join(digit_char(bit + 1) for bit in set_bits(c)) for c in combos]
    if len(written) > most:
        return ", ".join(written[:most]) + f", … ({len(written)} ways)"
    if len(written) <= 1:
        return "".join(written)
    return ", ".join(written[:-1]) + " or " + written[-1]
