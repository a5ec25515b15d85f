"""Puzzles near a given one, keeping its symmetry: an isomorph of it, or one orbit of givens moved.

Making a puzzle that needs a rare technique (a forcing chain: about one drawn puzzle in 600 to 2,000
needs one) is faster from a puzzle that already needs it than from scratch, because the puzzles near
a hard puzzle are often hard the same way (measured on the shipped practice puzzles: 2–7 % of the
unique one-orbit moves of a dynamic or unit forcing chain puzzle need it again, against 0.05–0.2 %
of drawn puzzles). Two kinds of change keep the pattern of givens symmetric:

- :func:`isomorph`: digits relabelled, bands and stacks swapped in mirror pairs, rows and columns
  permuted inside them the same way on both sides of the centre, and the grid transposed where that
  keeps the symmetry. The logic path of an isomorph uses the same techniques nearly always (the
  rules try cells in another order, so the steps may come otherwise).
- :func:`moves`: one orbit of givens emptied and another one filled from a solution of what is left;
  only the moves that leave one solution are given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from sudoku_workbench.core import CancelToken, Cell, Digit, Geometry, Grid
from sudoku_workbench.search.minimize import grid_of, is_unique
from sudoku_workbench.search.solve import solutions
from sudoku_workbench.search.symmetry import orbits

__all__ = ["Move", "isomorph", "moves", "walk"]

#: The symmetries whose maps do not tell rows from columns apart, so rows and columns move alike.
_ROWS_AS_COLUMNS = frozenset({"rot90", "diagonal", "antidiagonal", "both_diagonals", "full"})
#: The symmetries that transposing turns into another one.
_NOT_TRANSPOSABLE = frozenset({"mirror_lr", "mirror_tb"})

Move = tuple[dict[Cell, Digit], tuple[Digit, ...]]
"""A moved puzzle: its givens ``{cell: digit}`` and its one solution."""

Verdict = TypeVar("Verdict")


def _mirrored(count: int, rng: random.Random) -> list[int]:
    """A random permutation ``p`` of ``range(count)`` with ``p[count-1-i] == count-1-p[i]``."""
    pairs = [(i, count - 1 - i) for i in range(count // 2)]
    targets = pairs[:]
    rng.shuffle(targets)
    perm = list(range(count))  # the middle one, if any, stays
    for (i, j), (a, b) in zip(pairs, targets, strict=True):
        if rng.random() < 0.5:
            a, b = b, a
        perm[i], perm[j] = a, b
    return perm


def _line_map(lines: int, band: int, rng: random.Random) -> list[int]:
    """Where each row (or column) goes: bands permuted, lines inside them, all commuting with reversal.

    Line ``r`` in band ``b`` at place ``i`` goes to band ``bands[b]`` at place ``inner[b][i]``;
    the mirror band gets the mirrored permutation, so the map sends ``lines-1-r`` to ``lines-1-f(r)``
    and every symmetry of the square keeps its orbits.
    """
    count = lines // band
    bands = _mirrored(count, rng)
    inner: list[list[int]] = [[] for _ in range(count)]
    for b in range(count):
        mirror = count - 1 - b
        if b < mirror:
            inner[b] = rng.sample(range(band), band)
            inner[mirror] = [band - 1 - inner[b][band - 1 - i] for i in range(band)]
        elif b == mirror:
            inner[b] = _mirrored(band, rng)
    return [bands[r // band] * band + inner[r // band][r % band] for r in range(lines)]


def isomorph(grid: Grid, rng: random.Random, symmetry: str) -> Grid:
    """An equivalent puzzle (same solution count, same symmetry) with shuffled digits, lines and sides.

    The symmetry must fit the geometry (:func:`~.symmetry.check_symmetry`).
    """
    geo = grid.geometry
    n = geo.n
    digits = rng.sample(range(1, n + 1), n)
    rows = _line_map(n, geo.box_rows, rng)
    cols = rows if symmetry in _ROWS_AS_COLUMNS else _line_map(n, geo.box_cols, rng)
    transpose = geo.box_rows == geo.box_cols and symmetry not in _NOT_TRANSPOSABLE and rng.random() < 0.5
    values = [0] * geo.size
    for cell, digit in enumerate(grid.givens):
        if digit:
            row, col = rows[geo.row_of[cell]], cols[geo.col_of[cell]]
            values[geo.cell(col, row) if transpose else geo.cell(row, col)] = digits[digit - 1]
    return Grid.from_values(geo, values)


def moves(
    geo: Geometry,
    givens: Mapping[Cell, Digit],
    symmetry: str,
    rng: random.Random,
    cancel: CancelToken | None = None,
) -> Iterator[Move]:
    """The unique puzzles one orbit move away from ``givens``, in random order, each with its solution.

    For each filled orbit (in random order) a random solution of the puzzle without it is drawn, and
    each empty orbit (in random order) is filled from that solution; the moves that leave exactly one
    solution are given. The same ``rng`` state gives the same moves.

    Raises:
        Cancelled: when the token is cancelled.
    """
    every = orbits(geo, symmetry)
    full = [orbit for orbit in every if orbit[0] in givens]
    empty = [orbit for orbit in every if orbit[0] not in givens]
    rng.shuffle(full)
    for emptied in full:
        rest = {cell: digit for cell, digit in givens.items() if cell not in emptied}
        solution = next(solutions(grid_of(geo, rest), cancel, rng=rng)).values
        yield from _fillings(geo, rest, empty, solution, rng, cancel)


def _fillings(
    geo: Geometry,
    rest: dict[Cell, Digit],
    empty: Sequence[tuple[Cell, ...]],
    solution: tuple[Digit, ...],
    rng: random.Random,
    cancel: CancelToken | None,
) -> Iterator[Move]:
    """``rest`` with one of the ``empty`` orbits filled from ``solution``, where that leaves it unique."""
    for filled in rng.sample(empty, len(empty)):
        trial = rest | {cell: solution[cell] for cell in filled}
        if is_unique(geo, trial, cancel):
            yield trial, solution


def walk(
    start: Grid,
    symmetry: str,
    rng: random.Random,
    keep: Callable[[Grid, Sequence[Digit]], Verdict | None],
    steps: int,
    patience: int,
    cancel: CancelToken | None = None,
) -> Iterator[tuple[Grid, Verdict] | None]:
    """Walk from ``start`` by the moves ``keep`` takes (it returns a verdict for those, else None).

    Yields None for each move tried and, after ``steps`` moves kept, the puzzle reached with its
    verdict, and ends. Also ends after ``patience`` moves in a row not kept, or when no move is left.

    Raises:
        Cancelled: when the token is cancelled.
    """
    geo = start.geometry
    givens = {cell: digit for cell, digit in enumerate(start.givens) if digit}
    found: tuple[Grid, Verdict] | None = None
    for _kept in range(steps):
        found = None
        for tried, (trial, solution) in enumerate(moves(geo, givens, symmetry, rng, cancel), 1):
            grid = grid_of(geo, trial)
            verdict = keep(grid, solution)
            if verdict is not None:
                found = grid, verdict
                givens = trial
                break
            yield None
            if tried >= patience:
                return
        if found is None:
            return
    if found is not None:
        yield found
