"""The minlex search in Python: the twin of ``_minlex_kernel.c``, step for step, for installs without C.

A classic 9x9 puzzle's minlex form is the smallest 81-digit string (blank = 0) among its images under
transposition, band and stack permutations, row and column permutations inside them, and relabelling.
For fixed rows and columns the best relabelling numbers the digits in order of first appearance, so
the search is over rows and columns only. The first row is sparsest when its clues sit at the right,
which depends on its clue pattern alone: that picks the few (transpose, row, column order) starts.
From each, the remaining rows are chosen depth first, pruned against the best string so far (a row
greater than the best's row at that place ends the branch; a smaller one resets the rest to "unknown").
Two identical rows of one band give mirror subtrees, so only the first is tried.
"""

from __future__ import annotations

import itertools

__all__ = ["minlex"]

_TRIPLES = tuple(itertools.permutations(range(3)))
#: A row above every real row: the best string's rows not reached yet.
_UNKNOWN: tuple[int, ...] = (10,) * 9


def _permuted(mask: int, order: tuple[int, ...]) -> int:
    """The 3-bit mask with its bits in ``order`` (leftmost, i.e. most significant, first)."""
    return sum(((mask >> (2 - source)) & 1) << (2 - k) for k, source in enumerate(order))


#: ``_BEST_ORDERS[mask]``: the orders inside a stack that push its clues rightmost, and that value.
_BEST_ORDERS = tuple(
    (
        min(_permuted(mask, o) for o in _TRIPLES),
        tuple(o for o in _TRIPLES if _permuted(mask, o) == min(_permuted(mask, p) for p in _TRIPLES)),
    )
    for mask in range(8)
)


def _stack_masks(grid: bytes, row: int) -> tuple[int, int, int]:
    """The row's clue pattern as three 3-bit masks, one a stack (leftmost column most significant)."""
    bits = [1 if v else 0 for v in grid[9 * row : 9 * row + 9]]
    left, middle, right = (bits[3 * s] << 2 | bits[3 * s + 1] << 1 | bits[3 * s + 2] for s in range(3))
    return left, middle, right


def _first_row_value(masks: tuple[int, int, int]) -> int:
    """The smallest 9-bit pattern the row takes under column orders: its stacks sparsest first."""
    best = sorted(_BEST_ORDERS[m][0] for m in masks)
    return best[0] << 6 | best[1] << 3 | best[2]


def _column_orders(masks: tuple[int, int, int], value: int) -> list[tuple[int, ...]]:
    """Every column order (output column → source column) giving the row the pattern ``value``."""
    orders = []
    for stacks in _TRIPLES:
        parts = [_BEST_ORDERS[masks[s]] for s in stacks]
        if parts[0][0] << 6 | parts[1][0] << 3 | parts[2][0] != value:
            continue
        for inner in itertools.product(*(p[1] for p in parts)):
            orders.append(tuple(3 * s + o for s, order in zip(stacks, inner, strict=True) for o in order))
    return orders


def _transposed(grid: bytes) -> bytes:
    return bytes(grid[9 * c + r] for r in range(9) for c in range(9))


class _Search:
    """The depth-first search over rows for one grid (or its transpose) and one column order."""

    def __init__(self, best: list[tuple[int, ...]]) -> None:
        self.best = best

    def run(self, grid: bytes, cols: tuple[int, ...], first: int) -> None:
        self.grid, self.cols = grid, cols
        self._place(0, first, 1 << first, [0] * 10, 0)

    @staticmethod
    def distinct_rows(grid: bytes, bands: range | tuple[int], used: int) -> list[int]:
        """The unused rows of ``bands``, leaving out a row equal to an earlier one of its band."""
        rows: list[int] = []
        for band in bands:
            seen: list[bytes] = []
            for row in range(3 * band, 3 * band + 3):
                content = grid[9 * row : 9 * row + 9]
                if not used >> row & 1 and content not in seen:
                    seen.append(content)
                    rows.append(row)
        return rows

    def _place(self, place: int, row: int, used: int, labels: list[int], count: int) -> None:
        labels = labels.copy()
        out = []
        for c in self.cols:
            v = self.grid[9 * row + c]
            if v:
                if not labels[v]:
                    count += 1
                    labels[v] = count
                v = labels[v]
            out.append(v)
        line = tuple(out)
        best = self.best
        if line > best[place]:
            return
        if line < best[place]:
            best[place] = line
            best[place + 1 :] = [_UNKNOWN] * (8 - place)
        if place == 8:
            return
        bands = range(3) if (place + 1) % 3 == 0 else (row // 3,)
        for nxt in self.distinct_rows(self.grid, bands, used):
            self._place(place + 1, nxt, used | 1 << nxt, labels, count)


def minlex(values: bytes) -> bytes:
    """The minlex form of the 81 cell values (0 blank, 1–9 a clue), as 81 values."""
    grids = (values, _transposed(values))
    starts = []
    for grid in grids:
        for row in _Search.distinct_rows(grid, range(3), 0):
            masks = _stack_masks(grid, row)
            starts.append((_first_row_value(masks), grid, row, masks))
    value = min(s[0] for s in starts)
    best = [_UNKNOWN] * 9
    search = _Search(best)
    for start_value, grid, row, masks in starts:
        if start_value == value:
            for cols in _column_orders(masks, value):
                search.run(grid, cols, row)
    return bytes(itertools.chain.from_iterable(best))
