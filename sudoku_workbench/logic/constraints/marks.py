"""Dot and XV pair logic: a digit with no partner across its dot, X or V (or unmarked pair) goes.

With a negative rule, a digit whose every partner would need a missing mark goes too.

Each marked pair of neighbours (and, under "all dots given" or "all X and V given", each unmarked
pair) allows certain digit pairs: consecutive (white), one twice the other (black), adding up to 10
or 5 (X, V), or, unmarked, none of those. A digit in one cell that no candidate of the other cell can
pair with is removed.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.constraints import (
    XV,
    Dot,
    NoOtherDots,
    NoOtherXV,
    Thermo,
    describe,
    pair_tables,
    partners,
    transposed,
)
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.constraints._narrowing import kept_step

__all__ = ["MARK_PAIRS", "mark_pairs", "pair_reason"]

MARK_PAIRS = "mark_pairs"


def pair_reason(geo: Geometry, a: int, b: int) -> str:
    """What binds the pair: its marks by name, or the negative rules that reach it unmarked."""
    marks = [i for i in geo.constraints if isinstance(i, Dot | XV) and (i.a, i.b) == (a, b)]
    said = [f"the {describe(i, geo.n)}" for i in marks]
    kinds = {type(i) for i in marks}
    for rule in geo.constraints:
        if isinstance(rule, NoOtherDots) and Dot not in kinds:
            said.append(f"no dot between {geo.cell_name(a)} and {geo.cell_name(b)} ({describe(rule, geo.n)})")
        if isinstance(rule, NoOtherXV) and XV not in kinds:
            said.append(
                f"no X or V between {geo.cell_name(a)} and {geo.cell_name(b)} ({describe(rule, geo.n)})"
            )
    return " and ".join(said)


def mark_pairs(grid: Grid) -> Iterator[Step]:
    """Per marked (or, under a negative rule, unmarked) pair, each digit keeps only if it has a partner."""
    geo = grid.geometry
    marks = tuple(i for i in geo.constraints if not isinstance(i, Thermo))
    cands = [grid.candidates[c] if not grid.values[c] else 1 << (grid.values[c] - 1) for c in range(geo.size)]
    for (a, b), table in pair_tables(geo.n, marks).items():
        kept = {a: partners(cands[b], transposed(table, geo.n)), b: partners(cands[a], table)}
        if all(not cands[c] & ~kept[c] or grid.values[c] for c in (a, b)):
            continue
        reason = f"By {pair_reason(geo, a, b)}, a digit of one cell needs a partner in the other"
        step = kept_step(grid, MARK_PAIRS, (a, b), kept, reason)
        if step is not None:
            yield step
