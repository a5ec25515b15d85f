"""Solving and counting: the OK button's search, and fast counting for uniqueness checks.

:func:`solutions` and :func:`solve` run the pure-Python fewest-candidates search of
:mod:`._engine` (visible, cancellable, reproducible with a seeded ``rng``). :func:`count` answers
"how many solutions, up to ``limit``" with the SAT backend of :mod:`.sat`, which is several times
faster; :func:`search_count` counts with the OK search instead (tests compare the two).

Filled cells (givens and entries) are fixed, and an open cell's pencil marks are respected, so a
position with a wrong entry or a wrongly removed candidate has no solution. Contradictory positions
(duplicates, a cell without candidates) simply have none: no exception.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search._engine import engine_for, initial_state
from sudoku_workbench.search.sat import sat_search

__all__ = ["count", "search_count", "solutions", "solve"]

Progress = Callable[[int], None]


def solutions(
    grid: Grid,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
    rng: random.Random | None = None,
) -> Iterator[Grid]:
    """Every solution of the position as a complete grid (givens kept, the rest as entries).

    With ``rng`` the digits of each branch are tried in shuffled order, so the first solution of an
    empty grid is a random full grid, the same one for the same seed. ``progress`` gets the number
    of search nodes visited, every few thousand nodes.

    Raises:
        Cancelled: when ``cancel`` is set (checked at every node).
    """
    if cancel is not None:
        cancel.check()
    engine = engine_for(grid.geometry)
    state, decided = initial_state(grid)
    if not engine.propagate(state, decided):
        return
    size = grid.geometry.size
    for final in engine.search(state, cancel, progress, rng):
        entries = tuple(0 if given else bit.bit_length() for given, bit in zip(grid.givens, final))
        yield Grid(grid.geometry, grid.givens, entries, (0,) * size)


def solve(grid: Grid, cancel: CancelToken | None = None, progress: Progress | None = None) -> Grid | None:
    """The first solution found by the OK search, or None when there is none."""
    return next(solutions(grid, cancel, progress), None)


def search_count(
    grid: Grid,
    limit: int | None = None,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
) -> int:
    """The number of solutions up to ``limit``, found by the OK search itself."""
    return sum(1 for _ in itertools.islice(solutions(grid, cancel, progress), limit))


def count(
    grid: Grid,
    limit: int | None = None,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
) -> int:
    """The number of solutions, stopping at ``limit`` (``limit=2`` asks "is it unique?").

    Uses the SAT backend; ``progress`` gets the number of solver calls made, and ``cancel`` is
    checked before each call.

    Raises:
        Cancelled: when ``cancel`` is set.
    """
    found, _ = sat_search(grid.geometry).search(grid, limit, cancel=cancel, progress=progress)
    return found
