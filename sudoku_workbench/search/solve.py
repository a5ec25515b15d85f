"""Solving and counting: the OK button's search, and fast counting for uniqueness checks.

:func:`solutions` runs the pure-Python fewest-candidates search of :mod:`._engine` (visible,
cancellable, reproducible with a seeded ``rng``). :func:`solve`, :func:`solve_counting` and
:func:`count` run the same search compiled (:mod:`._kernel`) where it is built, with the same first
solution, nodes and count; without it :func:`solve` runs the Python search and :func:`count` the SAT
backend of :mod:`.sat`. Killer cages with sums go to the kernel under a node budget
(:data:`KILLER_NODE_BUDGET`) and on to the SAT backend past it, or straight there without a kernel:
on the killer corpus the kernel answers 59 of 60 puzzles faster, the SAT solver the one that needs
hundreds of thousands of nodes (the Python search honours sums but is slow there). Thermometers,
arrows, dots and XV go to the SAT backend (the kernel knows none of them).
:func:`search_count` always counts with the Python search (tests compare them).

Filled cells (givens and entries) are fixed, and an open cell's pencil marks are respected, so a
position with a wrong entry or a wrongly removed candidate has no solution. Contradictory positions
(duplicates, a cell without candidates) simply have none: no exception.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search._engine import Engine, OutOfBudget, engine_for, initial_state
from sudoku_workbench.search._kernel import Found, kernel_counts, kernel_search

if TYPE_CHECKING:
    from sudoku_workbench.search.sat import SatSearch

__all__ = [
    "Solved",
    "count",
    "count_each",
    "first_solutions",
    "search_count",
    "solutions",
    "solvable_within",
    "solve",
    "solve_counting",
]

Progress = Callable[[int], None]

#: Solutions the SAT backend counts before a count goes on with the OK search (see :func:`count`).
SAT_COUNT_BOUND = 1000
#: Nodes the kernel may spend on a killer with sums before the SAT backend takes over (a few tenths
#: of a second; the corpus's median killer needs about 20).
KILLER_NODE_BUDGET = 32768
#: The first node budget of a shuffled search, per cell of the grid.
_FIRST_BUDGET_PER_CELL = 2


def solutions(
    grid: Grid,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
    rng: random.Random | None = None,
) -> Iterator[Grid]:
    """Every solution of the position as a complete grid (givens kept, the rest as entries).

    With ``rng`` the options of each branch are tried in shuffled order, so the first solution of an
    empty grid is a random full grid, the same one for the same seed. A shuffled search can stray
    into a huge fruitless subtree (a 25x25 did), so it restarts with a fresh shuffle whenever a
    doubling node budget runs out before its first solution; the attempt that finds one runs on to
    the end, so every solution still comes exactly once. ``progress`` gets the number of search
    nodes visited, every few thousand nodes.

    Raises:
        Cancelled: when ``cancel`` is set (checked at every node).
    """
    if cancel is not None:
        cancel.check()
    root = _propagated_root(grid)
    if root is None:
        return
    engine, state = root
    for final in _restarting_search(engine, state, cancel, progress, rng):
        yield _completed(grid, tuple(bit.bit_length() for bit in final))


def _restarting_search(
    engine: Engine,
    root: list[int],
    cancel: CancelToken | None,
    progress: Progress | None,
    rng: random.Random | None,
) -> Iterator[list[int]]:
    """The engine's search; with ``rng``, restarted under a doubling budget until a solution shows."""
    if rng is None:
        yield from engine.search(root, cancel, progress, None, None)
        return
    budget = _FIRST_BUDGET_PER_CELL * len(root)
    spent = 0
    while True:
        counted = None if progress is None else functools.partial(_shifted, progress, spent)
        try:
            yield from engine.search(root[:], cancel, counted, rng, budget)
            return
        except OutOfBudget:
            spent += budget
            budget *= 2


def _shifted(progress: Progress, offset: int, nodes: int) -> None:
    progress(offset + nodes)


def solve(grid: Grid, cancel: CancelToken | None = None, progress: Progress | None = None) -> Grid | None:
    """The first solution found by the OK search, or None when there is none."""
    return next(iter(first_solutions(grid, 1, cancel, progress)), None)


def first_solutions(
    grid: Grid, wanted: int, cancel: CancelToken | None = None, progress: Progress | None = None
) -> list[Grid]:
    """The OK search's first ``wanted`` solutions, in its order (compiled where the kernel is built).

    On a killer with sums, the SAT backend's past the kernel's budget; with relations, SAT's.
    """
    if grid.geometry.has_arithmetic:
        found = _killer_kernel(grid, wanted, wanted, cancel, progress)
        if found is None:
            return _sat(grid.geometry).search(grid, wanted, wanted, cancel, progress)[1]
        return [_completed(grid, digits) for digits in found.solutions]
    found = kernel_search(grid, wanted, wanted, cancel, progress)
    if found is None:
        return list(itertools.islice(solutions(grid, cancel, progress), wanted))
    return [_completed(grid, digits) for digits in found.solutions]


def solvable_within(grid: Grid, budget: int) -> bool | None:
    """Whether the position has a solution, if the search settles it within ``budget`` nodes (else None).

    For questions asked of many random shapes, where one shape's huge fruitless search must not hold
    up the rest (a 9x9 anti-knight jigsaw map can take minutes to prove empty).
    """
    try:
        found = kernel_search(grid, 1, budget=budget)
        if found is not None:
            return found.count > 0
        root = _propagated_root(grid)
        if root is None:
            return False
        engine, state = root
        return next(engine.search(state, None, None, None, budget), None) is not None
    except OutOfBudget:
        return None


def _propagated_root(grid: Grid) -> tuple[Engine, list[int]] | None:
    """The Python search's engine and the grid's masks after propagation, or None on a contradiction."""
    engine = engine_for(grid.geometry)
    state, decided = initial_state(grid)
    return (engine, state) if engine.propagate(state, decided) else None


def _killer_kernel(
    grid: Grid, limit: int | None, keep: int, cancel: CancelToken | None, progress: Progress | None
) -> Found | None:
    """The kernel's answer on a killer with sums, or None when it has no kernel or runs out of budget."""
    try:
        return kernel_search(grid, limit, keep, cancel, progress, KILLER_NODE_BUDGET)
    except OutOfBudget:
        return None


def _sat(geo: Geometry) -> SatSearch:
    """The SAT backend, imported on first use (pysat costs start-up; a compiled count rarely needs it)."""
    from sudoku_workbench.search.sat import sat_search

    return sat_search(geo)


def _completed(grid: Grid, digits: tuple[int, ...]) -> Grid:
    """The grid with every open cell entered from a solution's digits (givens kept)."""
    entries = tuple(0 if given else d for given, d in zip(grid.givens, digits, strict=True))
    return Grid(grid.geometry, grid.givens, entries, (0,) * grid.geometry.size)


@dataclass(frozen=True)
class Solved:
    """OK's answer: the first solution (None: there is none) and the exact number of search nodes."""

    solution: Grid | None
    nodes: int


def solve_counting(grid: Grid, cancel: CancelToken | None = None, progress: Progress | None = None) -> Solved:
    """:func:`solve`, also counting the nodes exactly (the search reports its count when it stops)."""
    seen = [0]

    def counted(nodes: int) -> None:
        seen[0] = nodes
        if progress is not None:
            progress(nodes)

    return Solved(solve(grid, cancel, counted), seen[0])


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

    With the compiled search (:mod:`._kernel`) the count is its own (flat memory;
    ``progress`` gets its node count); on a killer with sums only within its budget. Otherwise, uses
    the SAT backend for the first :data:`SAT_COUNT_BOUND` solutions: each one it finds stays in
    the solver as a blocking clause, so memory would grow without end on a blank grid. Beyond that
    the count starts over with the OK search, which keeps only its current branch (flat memory, about
    as fast per solution). ``progress`` gets the number of solver calls made, then of search nodes;
    ``cancel`` is checked before each call and at every node.

    Raises:
        Cancelled: when ``cancel`` is set.
    """
    if grid.geometry.has_arithmetic:
        compiled = _killer_kernel(grid, limit, 0, cancel, progress)
    else:
        compiled = kernel_search(grid, limit, 0, cancel, progress)
    if compiled is not None:
        return compiled.count
    bound = SAT_COUNT_BOUND if limit is None else min(limit, SAT_COUNT_BOUND)
    found, _ = _sat(grid.geometry).search(grid, bound, cancel=cancel, progress=progress)
    if found < SAT_COUNT_BOUND or limit == SAT_COUNT_BOUND:
        return found
    return search_count(grid, limit, cancel, progress)


def count_each(geo: Geometry, values: bytes, limit: int | None) -> list[int] | None:
    """:func:`count` of many puzzles of one shape at once, by the compiled search (None: it is not built).

    ``values`` holds ``geo.size`` bytes a puzzle: a cell's digit, or 0 when open. A blank grid is
    counted as any other (a caller wanting :mod:`.grid_count`'s answer asks for it).

    Raises:
        KeyboardInterrupt: on Ctrl-C.
    """
    return kernel_counts(geo, values, limit)
