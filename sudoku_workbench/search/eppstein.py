"""Eppstein's generator (his Section 3.6): fill symmetric orbits at random, let singles spread, then thin out.

1. Repeatedly choose a random undetermined cell, and for it and its symmetric partners a random digit
   among those still possible; after each choice propagate the simplest rules (the search engine's:
   naked and hidden singles, locked candidates). A contradiction undoes that orbit (Eppstein restarts
   from the empty grid; see :func:`_try_fill`).
2. When propagation determines every cell, the chosen orbits are a puzzle those rules solve. Try
   emptying them in the order they were chosen, keeping each removal after which the solution stays
   unique (or, quicker on large grids, each one after which propagation still solves the puzzle).

The result is minimal and symmetric, but not necessarily solvable by the logic rules: removal only
keeps uniqueness. :mod:`~sudoku_workbench.search.generate` adds that filter and the levels.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sudoku_workbench.core import CancelToken, Cell, Digit, Geometry, Grid
from sudoku_workbench.core.geometry import ShapeError
from sudoku_workbench.core.grid import digits_of_mask
from sudoku_workbench.search._engine import Engine, engine_for
from sudoku_workbench.search.minimize import Removal, grid_of, remove_orbits
from sudoku_workbench.search.solve import solutions
from sudoku_workbench.search.symmetry import DEFAULT_SYMMETRY, orbit_index, orbits

__all__ = ["FREE_ATTEMPTS", "RETRIES", "fill_orbits", "generate_eppstein"]

#: Failed orbits in a row before an attempt starts again from the empty grid.
RETRIES = 8

#: Attempts with freely chosen digits before the digits come from a random solution grid.
FREE_ATTEMPTS = 3


#: ``progress(cells determined, cells)`` while step 1 fills the grid.
FillProgress = Callable[[int, int], None]


def fill_orbits(
    geo: Geometry,
    rng: random.Random,
    symmetry: str = DEFAULT_SYMMETRY,
    cancel: CancelToken | None = None,
    progress: FillProgress | None = None,
) -> tuple[dict[Cell, Digit], list[tuple[Cell, ...]]]:
    """Step 1: random orbits with random digits until propagation determines the grid.

    Returns the givens (``{cell: digit}``, whole orbits) and the orbits in the order they were chosen.
    After :data:`FREE_ATTEMPTS` attempts that ran into contradictions (common from 16x16 on, the
    rule on 25x25), the digits are taken from a random solution grid instead, which cannot fail.
    ``progress`` hears how many cells propagation has determined, after each orbit.

    Raises:
        SymmetryError: when the symmetry does not fit the box shape.
        ShapeError: when the shape has no solution grid at all (4x4 X with anti-king, say).
        Cancelled: when the token is cancelled.
    """
    all_orbits = orbits(geo, symmetry)
    index = orbit_index(geo, symmetry)
    for _ in range(FREE_ATTEMPTS):
        filled = _try_fill(geo, rng, all_orbits, index, cancel, None, progress)
        if filled is not None:
            return filled
    complete = next(solutions(Grid.empty(geo), cancel=cancel, rng=rng), None)
    if complete is None:
        raise ShapeError(f"no grid can be filled in at all on {geo.label}: its rules contradict each other")
    solution = complete.values
    guided = _try_fill(geo, rng, all_orbits, index, cancel, solution, progress)
    assert guided is not None, "digits of a solution cannot contradict"
    return guided


def _try_fill(
    geo: Geometry,
    rng: random.Random,
    all_orbits: tuple[tuple[Cell, ...], ...],
    index: tuple[int, ...],
    cancel: CancelToken | None,
    solution: Sequence[Digit] | None,
    progress: FillProgress | None,
) -> tuple[dict[Cell, Digit], list[tuple[Cell, ...]]] | None:
    """One attempt at step 1 (digits from ``solution`` if given); None when it keeps contradicting.

    Eppstein restarts at every contradiction. On large grids that wastes hundreds of attempts, so a
    failed orbit is first undone and another drawn, up to :data:`RETRIES` times in a row; the state
    kept is always what propagation derives from the chosen givens, so his guarantee (the simplest
    rules solve the filled-in puzzle) still holds.
    """
    engine = engine_for(geo)
    state = [geo.full_mask] * geo.size
    chosen: list[tuple[Cell, ...]] = []
    failures = 0
    while open_cells := [cell for cell, mask in enumerate(state) if mask & (mask - 1)]:
        if cancel is not None:
            cancel.check()
        if progress is not None:
            progress(geo.size - len(open_cells), geo.size)
        orbit = all_orbits[index[rng.choice(open_cells)]]
        trial = state[:]
        if _fill_orbit(engine, trial, orbit, rng, solution):
            state, failures = trial, 0
            chosen.append(orbit)
        elif (failures := failures + 1) > RETRIES:
            return None
    givens = {cell: state[cell].bit_length() for orbit in chosen for cell in orbit}
    return givens, chosen


def _fill_orbit(
    engine: Engine,
    state: list[int],
    orbit: tuple[Cell, ...],
    rng: random.Random,
    solution: Sequence[Digit] | None,
) -> bool:
    """Give each open cell of the orbit a digit (a random possible one, or the solution's).

    Returns False on a contradiction.
    """
    for cell in orbit:
        mask = state[cell]
        if mask & (mask - 1):
            digit = solution[cell] if solution is not None else rng.choice(digits_of_mask(mask))
            state[cell] = 1 << (digit - 1)
            if not engine.propagate(state, [cell]):
                return False
    return True


def refuse_cages(geo: Geometry) -> None:
    """Refuse a killer shape: these generators keep the shape and draw givens on it.

    A killer's cages and sums come from its solution (``search.killer_generate`` cuts them), so
    givens drawn on fixed cages would make no puzzle a setter means.

    Raises:
        ShapeError: naming the shape and the generator to use.
    """
    if geo.cages:
        raise ShapeError(
            f"the classic generator draws givens on a fixed shape; {geo.label} has cages, whose sums come"
            " from the solution: make killers with the killer generator (search.killer_generate)"
        )


def generate_eppstein(
    geo: Geometry,
    rng: random.Random,
    symmetry: str = DEFAULT_SYMMETRY,
    cancel: CancelToken | None = None,
    *,
    thorough: bool = True,
    fill_progress: FillProgress | None = None,
    removal_progress: Callable[[Removal], None] | None = None,
) -> Grid:
    """A minimal puzzle with a unique solution whose givens have the symmetry (steps 1 and 2).

    With ``thorough=False`` step 2 keeps only the removals propagation settles (see
    :func:`~sudoku_workbench.search.minimize.remove_orbits`): not minimal, but solvable by singles
    and locked candidates, and found without a solver call.

    Raises:
        ShapeError: for a shape with killer cages (see :func:`refuse_cages`).
        SymmetryError: when the symmetry does not fit the box shape.
        Cancelled: when the token is cancelled.
    """
    refuse_cages(geo)
    givens, chosen = fill_orbits(geo, rng, symmetry, cancel, fill_progress)
    kept = remove_orbits(geo, givens, chosen, cancel, thorough=thorough, progress=removal_progress)
    return grid_of(geo, kept)
