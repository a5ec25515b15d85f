"""Uniqueness-preserving removal of symmetric orbits of givens, the step both generators end with.

Emptying more cells can only add solutions, so one pass that keeps each removal which leaves the
solution unique ends at a minimal puzzle: putting back any removed orbit is unnecessary, and taking
out any remaining orbit (now or later in the pass) gives a second solution.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sudoku_workbench.core import CancelToken, Cell, Digit, Geometry, Grid
from sudoku_workbench.search.solve import count

__all__ = ["grid_of", "is_unique", "remove_orbits"]


def grid_of(geo: Geometry, givens: Mapping[Cell, Digit]) -> Grid:
    """The puzzle whose givens are ``{cell: digit}``."""
    values = [0] * geo.size
    for cell, digit in givens.items():
        values[cell] = digit
    return Grid.from_values(geo, values)


def is_unique(geo: Geometry, givens: Mapping[Cell, Digit], cancel: CancelToken | None = None) -> bool:
    """True when the givens have exactly one solution (the counter, asked for two).

    Trying propagation first, in case it alone determines the grid, was measured slower: during
    removal most trials need the counter anyway.

    Raises:
        Cancelled: when the token is cancelled.
    """
    return count(_bare_grid(geo, givens), limit=2, cancel=cancel) == 1


def _bare_grid(geo: Geometry, givens: Mapping[Cell, Digit]) -> Grid:
    """The givens with every digit open elsewhere, for the counter (which derives candidates itself).

    Skips the candidate computation of :meth:`Grid.from_values`; this grid never leaves the module.
    """
    values = [0] * geo.size
    candidates = [geo.full_mask] * geo.size
    for cell, digit in givens.items():
        values[cell] = digit
        candidates[cell] = 0
    return Grid(geo, tuple(values), (0,) * geo.size, tuple(candidates))


def remove_orbits(
    geo: Geometry,
    givens: Mapping[Cell, Digit],
    orbits: Iterable[tuple[Cell, ...]],
    cancel: CancelToken | None = None,
) -> dict[Cell, Digit]:
    """Try emptying each orbit in the order given; keep every removal that leaves one solution.

    ``givens`` must have a unique solution already. Returns the remaining givens.

    Raises:
        Cancelled: when the token is cancelled.
    """
    kept = dict(givens)
    for orbit in orbits:
        if cancel is not None:
            cancel.check()
        trial = {cell: digit for cell, digit in kept.items() if cell not in orbit}
        if len(trial) < len(kept) and is_unique(geo, trial, cancel):
            kept = trial
    return kept
