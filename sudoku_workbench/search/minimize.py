"""Uniqueness-preserving removal of symmetric orbits of givens, the step both generators end with.

Emptying more cells can only add solutions, so one pass that keeps each removal which leaves the
solution unique ends at a minimal puzzle: putting back any removed orbit is unnecessary, and taking
out any remaining orbit (now or later in the pass) gives a second solution.

Each trial needs no full count. The puzzle before the trial has one solution ``S``, so a second
solution of the trial must differ from ``S`` inside the emptied orbit (agreeing there, it would solve
the fuller puzzle too), so one solver call per cell of the orbit asks for a solution differing from
``S`` there first. A *quick* pass (``thorough=False``) keeps only the removals after which
propagation gives the orbit's cells back: no solver call at all, and the puzzle stays solvable by
singles and locked candidates (see :func:`remove_orbits`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from sudoku_workbench.core import CancelToken, Cell, Digit, Geometry, Grid
from sudoku_workbench.search._engine import engine_for
from sudoku_workbench.search.solve import count, solve

__all__ = ["Removal", "grid_of", "is_unique", "redundant_clues", "remove_orbits"]


@dataclass(frozen=True)
class Removal:
    """How far a removal pass has got: orbits tried of all, clues removed of those it started with."""

    tried: int
    orbits: int
    removed: int
    clues: int


def grid_of(geo: Geometry, givens: Mapping[Cell, Digit]) -> Grid:
    """The puzzle whose givens are ``{cell: digit}``."""
    values = [0] * geo.size
    for cell, digit in givens.items():
        values[cell] = digit
    return Grid.from_values(geo, values)


def is_unique(geo: Geometry, givens: Mapping[Cell, Digit], cancel: CancelToken | None = None) -> bool:
    """True when the givens have exactly one solution (the counter, asked for two).

    Raises:
        Cancelled: when the token is cancelled.
    """
    return count(_bare_grid(geo, givens), limit=2, cancel=cancel) == 1


def _bare_grid(
    geo: Geometry, givens: Mapping[Cell, Digit], excluded: Mapping[Cell, Digit] | None = None
) -> Grid:
    """The givens with every digit open elsewhere but ``excluded`` ``{cell: digit}``, for the counter.

    Skips the candidate computation of :meth:`Grid.from_values` (the counter derives candidates
    itself); this grid never leaves the module.
    """
    values = [0] * geo.size
    candidates = [geo.full_mask] * geo.size
    for cell, digit in givens.items():
        values[cell] = digit
        candidates[cell] = 0
    for cell, digit in (excluded or {}).items():
        candidates[cell] &= ~(1 << (digit - 1))
    return Grid(geo, tuple(values), (0,) * geo.size, tuple(candidates))


def remove_orbits(
    geo: Geometry,
    givens: Mapping[Cell, Digit],
    orbits: Sequence[tuple[Cell, ...]],
    cancel: CancelToken | None = None,
    *,
    solution: Sequence[Digit] | None = None,
    thorough: bool = True,
    progress: Callable[[Removal], None] | None = None,
) -> dict[Cell, Digit]:
    """Try emptying each orbit in the order given; keep every removal that leaves one solution.

    ``givens`` must have a unique solution already (``solution``, found here when not given).
    Returns the remaining givens: a minimal puzzle, or with ``thorough=False`` one from which
    propagation cannot spare any orbit (if propagation alone solves ``givens``, it solves every
    puzzle of the pass). ``progress`` gets a :class:`Removal` after each orbit.

    Raises:
        Cancelled: when the token is cancelled.
    """
    kept = dict(givens)
    answer = solution if solution is not None else _solution_of(geo, kept, cancel)
    for tried, orbit in enumerate(orbits, 1):
        if cancel is not None:
            cancel.check()
        trial = {cell: digit for cell, digit in kept.items() if cell not in orbit}
        emptied = [cell for cell in orbit if cell in kept]
        if emptied and _still_unique(geo, trial, emptied, answer, thorough, cancel):
            kept = trial
        if progress is not None:
            progress(Removal(tried, len(orbits), len(givens) - len(kept), len(givens)))
    return kept


def _solution_of(geo: Geometry, givens: Mapping[Cell, Digit], cancel: CancelToken | None) -> tuple[int, ...]:
    solved = solve(grid_of(geo, givens), cancel)
    if solved is None:
        raise ValueError("the givens to thin out have no solution")
    return solved.values


def _still_unique(
    geo: Geometry,
    trial: Mapping[Cell, Digit],
    emptied: Sequence[Cell],
    solution: Sequence[Digit],
    thorough: bool,
    cancel: CancelToken | None,
) -> bool:
    """Whether ``trial`` (a unique puzzle with ``emptied`` taken out) still has only ``solution``.

    Thorough, the solver alone answers: propagating first was measured a third slower on 9x9 (most
    trials need the solver anyway) and a quarter slower on 16x16.
    """
    if not thorough:
        return _propagation_fixes(geo, trial, emptied, solution)
    fixed = dict(trial)
    for cell in emptied:
        differing = _bare_grid(geo, fixed, {cell: solution[cell]})
        if count(differing, limit=1, cancel=cancel):
            return False
        fixed[cell] = solution[cell]
    return True


def _propagation_fixes(
    geo: Geometry, trial: Mapping[Cell, Digit], emptied: Sequence[Cell], solution: Sequence[Digit]
) -> bool:
    """True when singles and locked candidates on ``trial`` give back the emptied cells' digits."""
    state = [geo.full_mask] * geo.size
    for cell, digit in trial.items():
        state[cell] = 1 << (digit - 1)
    if not engine_for(geo).propagate(state, list(trial)):
        return False
    return all(state[cell] == 1 << (solution[cell] - 1) for cell in emptied)


def redundant_clues(puzzle: Grid, cancel: CancelToken | None = None) -> tuple[Cell, ...] | None:
    """The givens each of which could go alone with the puzzle staying unique (None: it is not unique).

    An empty answer means the puzzle is minimal. Each removal is judged on its own: taking two
    redundant clues out together may leave several solutions.

    Raises:
        Cancelled: when the token is cancelled.
    """
    geo = puzzle.geometry
    givens = {cell: digit for cell, digit in enumerate(puzzle.givens) if digit}
    if not is_unique(geo, givens, cancel):
        return None
    return tuple(
        cell for cell in givens if is_unique(geo, {c: d for c, d in givens.items() if c != cell}, cancel)
    )
