"""Forcing chains and nets: the last resort, so that Logic never stops on a puzzle with one solution.

Each rule makes assumptions and follows what they force (:mod:`~sudoku_workbench.logic.forcing.propagation`):

* **contradiction forcing chain** — "r1c1 is 5" (or "is not 5") leads, by direct links of the position,
  to something both true and false, so the assumption is wrong;
* **cell forcing chain** — every candidate of one cell leads to the same conclusion, so it holds;
* **unit forcing chain** — every place of a digit in one unit leads to the same conclusion;
* **dynamic forcing chain** — the same three arguments, but the chains may use every single that the
  assumption creates on the changing position (not only the links the position had);
* **forcing net** — an assumption that, with singles and locked candidates on the changing position,
  leaves a cell whose every candidate leads to a contradiction (recursively, deeper when needed).

The search goes from short to long (propagation runs in rounds and the fewest rounds win), so the
explanation — every implication in the order it was found — stays as short as the position allows.
Because any wrong candidate of a puzzle with one solution eventually contradicts under case splits,
the forcing net always finds a step: Logic runs to the end.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.forcing.forcing_nets import FORCING_NET, forcing_net
from sudoku_workbench.logic.forcing.forcing_story import (
    REPLAYS_KEPT,
    Lead,
    Story,
    assumption_closures,
    assumption_trials,
    contradiction_step,
    with_leads,
)
from sudoku_workbench.logic.forcing.forcing_story import forget as forget_stories
from sudoku_workbench.logic.forcing.propagation import Literal, Mode, literal_name
from sudoku_workbench.logic.forcing.trials import case_split

__all__ = [
    "CELL_FORCING_CHAIN",
    "CONTRADICTION_FORCING_CHAIN",
    "DYNAMIC_FORCING_CHAIN",
    "FORCING_NET",
    "UNIT_FORCING_CHAIN",
    "cell_forcing_chain",
    "contradiction_forcing_chain",
    "dynamic_forcing_chain",
    "forcing_net",
    "forget_closures",
    "unit_forcing_chain",
]


CONTRADICTION_FORCING_CHAIN = "contradiction_forcing_chain"
CELL_FORCING_CHAIN = "cell_forcing_chain"
UNIT_FORCING_CHAIN = "unit_forcing_chain"
DYNAMIC_FORCING_CHAIN = "dynamic_forcing_chain"


def forget_closures() -> None:
    """Drop the propagations and steps the forcing rules cached (so a benchmark pass starts cold)."""
    forget_stories()
    _forcing_step.cache_clear()


def _contradictions(rule: str, grid: Grid, mode: Mode) -> Iterator[Step]:
    """Candidates whose assumption contradicts, shortest chain first."""

    def search() -> list[Lead]:
        found = sorted(
            (closure.rounds, candidate)
            for candidate, closure in assumption_closures(grid, mode).items()
            if closure.contradicted
        )
        return [functools.partial(contradiction_step, rule, mode, c) for _, c in found]

    return with_leads((rule, "contradiction"), grid, search)


# --- cell and unit forcing -------------------------------------------------------------------------


def _what(grid: Grid, case: Candidate, unit: int) -> str:
    """The name of a case split (named only when it concludes something: most do not)."""
    geo = grid.geometry
    if unit < 0:
        return geo.cell_name(case[0])
    return f"{digit_char(case[1])} in {geo.unit_name(unit)}"


def _forcing(rule: str, grid: Grid, mode: Mode, unit_wise: bool) -> Iterator[Step]:
    def search() -> list[Lead]:
        found = sorted(
            (split.total, _what(grid, split.first, split.unit), (*split.first, split.unit), split.end)
            for split in assumption_trials(grid, mode).splits(unit_wise)
        )
        return [
            functools.partial(_forcing_step, rule, mode, what, split, end) for _, what, split, end in found
        ]

    return with_leads((rule, "units" if unit_wise else "cells"), grid, search)


@functools.lru_cache(maxsize=REPLAYS_KEPT)
def _forcing_step(
    rule: str, mode: Mode, what: str, split: tuple[Cell, Digit, int], conclusion: Literal, grid: Grid
) -> Step | None:
    """Replay a case split with reasons; the step if every case still reaches the new conclusion."""
    geo = grid.geometry
    cell, digit, on = conclusion
    if not grid.candidates[cell] >> (digit - 1) & 1:
        return None
    cases = case_split(grid, *split)
    if len(cases) < 2:
        return None
    unit = split[2]
    story = Story.empty()
    if unit >= 0:
        story.units.append(unit)
    options = " or ".join(literal_name(geo, case) for case in cases)
    story.sentences.append(f"{what[0].upper()}{what[1:]}: {options}.")
    if not story.cases_reach(grid, mode, cases, conclusion):
        return None
    story.sentences.append(f"Every case gives {literal_name(geo, conclusion)}, so it holds.")
    if on:
        return story.step(rule, ((cell, digit),), ())
    return story.step(rule, (), ((cell, digit),))


def contradiction_forcing_chain(grid: Grid) -> Iterator[Step]:
    """A candidate whose assumption, along direct links, makes something both true and false is wrong."""
    return _contradictions(CONTRADICTION_FORCING_CHAIN, grid, Mode.STATIC)


def cell_forcing_chain(grid: Grid) -> Iterator[Step]:
    """A conclusion that every candidate of one cell forces (along direct links) holds."""
    return _forcing(CELL_FORCING_CHAIN, grid, Mode.STATIC, unit_wise=False)


def unit_forcing_chain(grid: Grid) -> Iterator[Step]:
    """A conclusion that every place of a digit in one unit forces (along direct links) holds."""
    return _forcing(UNIT_FORCING_CHAIN, grid, Mode.STATIC, unit_wise=True)


def dynamic_forcing_chain(grid: Grid) -> Iterator[Step]:
    """Contradiction, cell and unit forcing with singles on the position as the assumption changes it."""
    yield from _contradictions(DYNAMIC_FORCING_CHAIN, grid, Mode.DYNAMIC)
    yield from _forcing(DYNAMIC_FORCING_CHAIN, grid, Mode.DYNAMIC, unit_wise=False)
    yield from _forcing(DYNAMIC_FORCING_CHAIN, grid, Mode.DYNAMIC, unit_wise=True)
