"""Constraint forcing: assume a digit, follow it through the thermometers, arrows and dots, find what breaks.

The engine's forcing chains follow singles only, so an assumption that leaves a thermometer no room
goes unseen there. This rule follows an assumption
(:mod:`~sudoku_workbench.logic.forcing.narrowed_trials`) through naked and hidden singles and the
bounds of every constraint (each dot, X and V pair and the negative rules, each thermometer climbing
from its bulb, each arrow's shaft adding up to its bulb), and names the constraint that breaks: "then
the thermometer r1c1–r1c4 would have no room for r1c3".
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.constraints import (
    Arrow,
    Thermo,
    bulb_weights,
    describe,
    pair_tables,
    partners,
    transposed,
)
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.constraints.arrows import balanced
from sudoku_workbench.logic.constraints.marks import pair_reason
from sudoku_workbench.logic.constraints.thermometers import climbing
from sudoku_workbench.logic.forcing.narrowed_trials import Broken, Narrower, Trial, contradiction_steps

__all__ = ["CONSTRAINT_FORCING", "constraint_forcing"]

CONSTRAINT_FORCING = "constraint_forcing"


def _thermos(trial: Trial) -> Broken | None:
    geo, masks = trial.geo, trial.masks
    for item in geo.constraints:
        if isinstance(item, Thermo):
            kept = climbing([masks[c] for c in item.cells])
            name = f"the {describe(item, geo.n)}"
            for cell, fit in zip(item.cells, kept, strict=True):
                if not fit:
                    return f"{name} would have no room for {geo.cell_name(cell)}", item.cells
                trial.keep(cell, fit, name)
    return None


def _arrows(trial: Trial) -> Broken | None:
    geo, masks = trial.geo, trial.masks
    for item in geo.constraints:
        if isinstance(item, Arrow):
            cells = item.bulb + item.shaft
            kept = balanced([masks[c] for c in cells], bulb_weights(item.bulb) + (-1,) * len(item.shaft))
            name = f"the {describe(item, geo.n)}"
            if not all(kept):
                return f"the shaft of {name} could not add up to its bulb", cells
            for cell, fit in zip(cells, kept, strict=True):
                trial.keep(cell, fit, name)
    return None


def _pairs(grid: Grid) -> Narrower:
    """The dot, X/V and negative-rule pairs of the grid's shape, as one narrower."""
    geo = grid.geometry
    marks = tuple(i for i in geo.constraints if not isinstance(i, Thermo))
    tables = [
        (a, b, table, transposed(table, geo.n), pair_reason(geo, a, b))
        for (a, b), table in pair_tables(geo.n, marks).items()
    ]

    def narrow(trial: Trial) -> Broken | None:
        masks = trial.masks
        for a, b, table, back, reason in tables:
            for cell, other, fit in ((a, b, partners(masks[b], back)), (b, a, partners(masks[a], table))):
                fit &= masks[cell]
                if not fit:
                    return (
                        f"{geo.cell_name(cell)} would have no digit to go with {geo.cell_name(other)}"
                        f" by {reason}",
                        (a, b),
                    )
                trial.keep(cell, fit, reason)
        return None

    return narrow


def constraint_forcing(grid: Grid) -> Iterator[Step]:
    """A digit whose consequences, constraints included, leave a cell, a house or a constraint impossible."""
    geo = grid.geometry
    if not geo.constraints:
        return
    start = [1 << (v - 1) if v else m for v, m in zip(grid.values, grid.candidates, strict=True)]
    yield from contradiction_steps(grid, CONSTRAINT_FORCING, start, ((_pairs(grid), _thermos, _arrows),))
