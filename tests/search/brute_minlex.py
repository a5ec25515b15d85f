"""An independent minlex canonicaliser for the tests: every one of the 3,359,232 cell maps, no pruning.

It shares nothing with ``search._minlex``: it lists the 2 x 1296 row orders (with transposition) and,
for each, applies all 1296 column orders at once with numpy, relabels every image by first appearance
and keeps the smallest string. A few seconds a puzzle, so the tests first group puzzles by a cheap
invariant (:func:`invariant`) and only run it where a group holds more than one puzzle.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

_TRIPLES = list(itertools.permutations(range(3)))
#: Every order of the nine lines that keeps bands (or stacks): 6 block orders x 6^3 orders inside.
LINE_ORDERS = np.array(
    [
        [3 * block + inner[i][k] for i, block in enumerate(blocks) for k in range(3)]
        for blocks in _TRIPLES
        for inner in itertools.product(_TRIPLES, repeat=3)
    ]
)


def _relabelled(images: np.ndarray) -> np.ndarray:
    """Each row of ``images`` (values 0-9) with its digits renumbered in order of first appearance."""
    count = images.shape[0]
    first = np.full((count, 10), 99)
    for digit in range(1, 10):
        hit = images == digit
        first[:, digit] = np.where(hit.any(axis=1), hit.argmax(axis=1), 99)
    first[:, 0] = -1
    labels = np.argsort(np.argsort(first, axis=1), axis=1)  # rank of each digit's first place
    return np.take_along_axis(labels, images, axis=1)


def _smallest(rows: np.ndarray) -> np.ndarray:
    """The lexicographically smallest row."""
    order = np.lexsort(rows.T[::-1])
    return rows[order[0]]


def brute_minlex(values: bytes) -> bytes:
    """The minlex form of 81 cell values (0 blank) by listing every map."""
    grid = np.frombuffer(values, dtype=np.uint8).reshape(9, 9).astype(np.int64)
    best: np.ndarray | None = None
    for board in (grid, grid.T):
        by_cols = board[:, LINE_ORDERS]  # (9 rows, 1296 orders, 9 columns)
        for rows in LINE_ORDERS:
            images = by_cols[rows].transpose(1, 0, 2).reshape(-1, 81)
            candidate = _smallest(_relabelled(images))
            if best is None or tuple(candidate) < tuple(best):
                best = candidate
    assert best is not None
    return bytes(best.astype(np.uint8))


def invariant(values: bytes) -> tuple[object, ...]:
    """What every map keeps, so puzzles with different invariants cannot be the same puzzle.

    Each clue is first described by the clue counts of its row and band, of its column and stack (the
    two pairs without order, for transposition), of its box and of its digit; then once more by that
    and the sorted descriptions of the clues in its row, column (again without order) and box. The
    puzzle is the sorted list of its digits' sorted clue descriptions. Only groups of equal invariants
    need the brute force.
    """
    grid = np.frombuffer(values, dtype=np.uint8).reshape(9, 9)
    clues = [(r, c, int(grid[r, c])) for r in range(9) for c in range(9) if grid[r, c]]
    house = {
        "row": lambda r, c: r,
        "col": lambda r, c: c,
        "band": lambda r, c: r // 3,
        "stack": lambda r, c: c // 3,
        "box": lambda r, c: 3 * (r // 3) + c // 3,
    }
    count = {k: Counter(f(r, c) for r, c, _ in clues) for k, f in house.items()}
    per_digit = Counter(d for _, _, d in clues)

    def first(r: int, c: int, d: int) -> tuple[object, ...]:
        lines = sorted(((count["row"][r], count["band"][r // 3]), (count["col"][c], count["stack"][c // 3])))
        return (*lines, count["box"][house["box"](r, c)], per_digit[d])

    label = {(r, c): first(r, c, d) for r, c, d in clues}

    def around(r: int, c: int, kind: str) -> tuple[object, ...]:
        key = house[kind](r, c)
        return tuple(sorted(label[(q, k)] for q, k, _ in clues if house[kind](q, k) == key))

    second = {
        (r, c): (label[(r, c)], *sorted((around(r, c, "row"), around(r, c, "col"))), around(r, c, "box"))
        for r, c, _ in clues
    }
    digits = (tuple(sorted(second[(r, c)] for r, c, e in clues if e == d)) for d in range(1, 10))
    return tuple(sorted(digits))
