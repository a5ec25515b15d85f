"""Cage forcing: assume a digit, follow what it forces with the cage sums, and reach a contradiction.

The forcing chains of the engine follow singles only, so they never see a cage's total. This rule
follows an assumption (:mod:`~sudoku_workbench.logic.forcing.narrowed_trials`) through naked and
hidden singles, the cage combinations (every cage keeps only the digits some way of making its total
still gives a cell) and, when those have nothing more, the 45 rule's sums; when a cell or a digit of a
house has no place left, or a cage can no longer make its total, the assumed digit is false.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.forcing.narrowed_trials import Broken, Trial, contradiction_steps
from sudoku_workbench.logic.killer._cage_view import cell_masks, short_label
from sudoku_workbench.logic.killer._sums import distinct_fits, sum_fits
from sudoku_workbench.logic.killer.rule_45 import reversed_mask, sum_lines

__all__ = ["CAGE_FORCING", "cage_forcing"]

CAGE_FORCING = "cage_forcing"


def _cages(trial: Trial) -> Broken | None:
    geo, masks = trial.geo, trial.masks
    for index, cage in enumerate(geo.cages):
        fits, combos = distinct_fits(tuple(masks[c] for c in cage.cells), cage.total)
        if not combos:
            return f"cage {short_label(geo, index)} could not make {cage.total}", cage.cells
        for cell, fit in zip(cage.cells, fits, strict=True):
            trial.keep(cell, fit, f"cage {short_label(geo, index)}")
    return None


def _lines(trial: Trial) -> Broken | None:
    """The 45 rule's sums (innies less outies)."""
    geo, masks, n = trial.geo, trial.masks, trial.geo.n
    for line in sum_lines(geo):
        plus = tuple(masks[c] for c in line.cells)
        minus = tuple(reversed_mask(masks[c], n) for c in line.minus)
        fits = sum_fits(plus + minus, line.total + len(minus) * (n + 1))
        cells = line.cells + line.minus
        for k, (cell, fit) in enumerate(zip(cells, fits, strict=True)):
            fit = fit if k < len(plus) else reversed_mask(fit, n)
            if masks[cell] & ~fit:
                if not fit:
                    return f"the 45 rule on {line.group} would leave {geo.cell_name(cell)} no digit", cells
                trial.keep(cell, fit, f"45 rule on {line.group}")
    return None


def cage_forcing(grid: Grid) -> Iterator[Step]:
    """A digit whose consequences, cage sums included, leave a cell, a house or a cage impossible is false."""
    geo = grid.geometry
    if not geo.has_sums:
        return
    start = list(cell_masks(grid, tuple(range(geo.size))))
    yield from contradiction_steps(grid, CAGE_FORCING, start, ((_cages,), (_lines,)))
