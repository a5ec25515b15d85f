"""Locked pair and locked triple: a naked pair or triple where a line meets a box, in one step.

Two (three) open cells that lie in both a line and a box and hold only two (three) digits between
them must take those digits, so the digits leave the rest of the line *and* the rest of the box. Naked
subsets would need two steps for this (one per unit); hand-solvers name the combined step.

The ``locked_triple`` rule also keeps Eppstein's hidden form (see
:mod:`~sudoku_workbench.logic.singles.eppstein_local`): the cells of the meeting are the only places in one of
the two units for as many digits as there are cells. Both say "these cells are locked to these digits".
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._positions import Intersection, cell_candidates, intersections
from sudoku_workbench.logic.shared._text import cells_text, mask_text
from sudoku_workbench.logic.singles import eppstein_local
from sudoku_workbench.logic.singles.tuples import byte_mask, small_cells

__all__ = ["LOCKED_PAIR", "LOCKED_TRIPLE", "locked_pair", "locked_triple"]

LOCKED_PAIR = "locked_pair"
LOCKED_TRIPLE = eppstein_local.LOCKED_TRIPLE
_WORDS = {2: "pair", 3: "triple"}


@functools.cache
def _meetings(geo: Geometry) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    """Per line–box meeting (:func:`intersections` order): its cells and the rest of both its units.

    The meeting's cells are a mask with a byte per cell, as :func:`~.tuples.small_cells` marks them.
    """
    return tuple(
        (
            byte_mask(inter.cells),
            tuple(c for u in (inter.line, inter.box) for c in geo.units[u] if c not in inter.cells),
        )
        for inter in intersections(geo)
    )


def _naked_locked(grid: Grid, size: int, rule: str) -> Iterator[Step]:
    """Naked sets of ``size`` cells inside a line–box meeting whose digits leave both units."""
    cands = grid.candidates
    fits = small_cells(cands, grid.geometry.n, size)
    for inter, (inside, around) in zip(intersections(grid.geometry), _meetings(grid.geometry), strict=True):
        if (fits & inside).bit_count() < size:  # the common case: no room for a set
            continue
        small = [c for c in inter.cells if cands[c] and cands[c].bit_count() <= size]
        for subset in itertools.combinations(small, size):
            union = 0
            for cell in subset:
                union |= cands[cell]
            # Most sets found are old news: their digits have already left both units.
            if union.bit_count() == size and (
                any(cands[c] & union for c in around)
                or any(cands[c] & union for c in inter.cells if c not in subset)
            ):
                yield _step(grid, rule, inter, subset, union)


def _step(grid: Grid, rule: str, inter: Intersection, subset: tuple[Cell, ...], union: int) -> Step:
    geo = grid.geometry
    rest = dict.fromkeys(c for u in (inter.line, inter.box) for c in geo.units[u] if c not in subset)
    eliminations = cell_candidates(grid, rest, union)
    digits = mask_text(union)
    word = _WORDS[len(subset)]
    return Step(
        rule,
        eliminations=eliminations,
        highlights=Highlights(
            cells=subset, units=(inter.line, inter.box), pattern=cell_candidates(grid, subset)
        ),
        explanation=(
            f"{cells_text(geo, subset)} lie in both {geo.unit_name(inter.line)} and "
            f"{geo.unit_name(inter.box)} and hold only {digits} (locked {word}). They take those digits, "
            f"so {digits} leave the rest of both units: "
            f"{cells_text(geo, dict.fromkeys(c for c, _ in eliminations))}."
        ),
    )


def locked_pair(grid: Grid) -> Iterator[Step]:
    """Two cells where a line meets a box holding only the same two digits: they leave both units."""
    return _naked_locked(grid, 2, LOCKED_PAIR)


def locked_triple(grid: Grid) -> Iterator[Step]:
    """Three cells of a line–box meeting holding three digits, or confining three digits of a unit."""
    yield from _naked_locked(grid, 3, LOCKED_TRIPLE)
    yield from eppstein_local.locked_triple(grid)
