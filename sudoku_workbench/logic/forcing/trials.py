"""Every assumption of a position at once: what each one reaches, and what the cases of a split share.

The forcing chains assume each open candidate of a position in turn and propagate it
(:mod:`~sudoku_workbench.logic.forcing.propagation`); the cell and unit forcing chains then look for a
case split (a cell's candidates, or a digit's places in a unit) whose every case reaches one literal.
Both run on bit sets. With the compiled kernel each is one call per position, and no propagation object
is made per assumption; without it Python's propagation computes the same closures and splits. Of the
literals a split's cases share, the one with the smallest summed first rounds (the shortest chains)
speaks for it, the smallest literal breaking ties.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from operator import and_
from typing import Any, NamedTuple

from sudoku_workbench.core.geometry import Candidate, Cell, Digit
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.forcing._kernel import compiled_of
from sudoku_workbench.logic.forcing.propagation import (
    Contradicted,
    Literal,
    Mode,
    Propagation,
    candidate_of,
)

__all__ = ["Closure", "Split", "Trials", "case_split", "open_candidates", "reached", "rounds_of"]


class Closure(NamedTuple):
    """What one assumption leads to: the rounds it ran (or contradicted in) and the literals it reached.

    ``reached`` is :func:`reached` of the finished run, 0 if it contradicted.
    """

    rounds: int
    contradicted: bool
    reached: int


class Split(NamedTuple):
    """A case split whose cases all reach ``end``; ``total`` sums the rounds each case took to reach it."""

    total: int
    #: the split's first case (its cell and digit name the split)
    first: Candidate
    #: the unit of a digit's places, -1 for a cell's candidates
    unit: int
    end: Literal


def reached(prop: Propagation) -> int:
    """Every literal a run found since its start as one bit set: per digit new places, then removals."""
    size, bits, shift = prop.geo.size, 0, 0
    for loc, placed, start_loc, start_placed in zip(
        prop.loc, prop.placed, prop.start_loc, prop.start_placed, strict=True
    ):
        bits |= (placed & ~start_placed | (start_loc & ~(loc | placed)) << size) << shift
        shift += 2 * size
    return bits


def rounds_of(prop: Propagation, mask: int, index: int, on: bool) -> Iterator[tuple[Cell, int]]:
    """For the cells of ``mask``: the round after which digit ``index + 1`` was placed or (off) gone."""
    left = mask
    for number, (loc, placed) in enumerate(prop.rounds, 1):
        now = placed[index] if on else ~(loc[index] | placed[index])
        hit = left & now
        left ^= hit
        while hit:
            low = hit & -hit
            hit ^= low
            yield low.bit_length() - 1, number
        if not left:
            return


def open_candidates(grid: Grid) -> Iterator[Candidate]:
    """Every candidate of a cell with two or more, cell by cell and digit by digit."""
    for cell, mask in enumerate(grid.candidates):
        if mask & (mask - 1):
            digit = 0
            while mask:
                digit += 1
                if mask & 1:
                    yield cell, digit
                mask >>= 1


def case_split(grid: Grid, cell: Cell, digit: Digit, unit: int) -> tuple[Literal, ...]:
    """The case split of a cell (``unit`` < 0) or of a digit's places in a unit, on this position."""
    if unit < 0:
        mask = grid.candidates[cell]
        return tuple((cell, d, True) for d in range(1, grid.geometry.n + 1) if mask >> (d - 1) & 1)
    bit = 1 << (digit - 1)
    cells = grid.geometry.units[unit]
    if any(grid.values[c] == digit for c in cells):
        return ()
    return tuple((c, digit, True) for c in cells if grid.candidates[c] & bit)


class Trials:
    """Every assumption "candidate is true" of one position, propagated in one mode.

    ``closures`` maps each open candidate to its :class:`Closure`; :meth:`splits` reads them.
    """

    def __init__(self, grid: Grid, mode: Mode, base: Propagation | None = None) -> None:
        """``base``, when given, is the position as an unrecorded propagation in ``mode`` (only read)."""
        base = base if base is not None else Propagation(grid, mode)
        candidates = list(open_candidates(grid))
        self._grid = grid
        self._compiled = compiled_of(grid.geometry)
        self._handle: Any = None
        self._base = base
        if self._compiled is not None:
            self._handle, results = base.assume_each(self._compiled, candidates)
            self.closures = dict(zip(candidates, map(Closure._make, results), strict=True))
        else:
            self.closures = {candidate: self._run(base, candidate) for candidate in candidates}

    def _run(self, base: Propagation, candidate: Candidate) -> Closure:
        """Python's trial of one candidate."""
        prop = base.copy()
        prop.assume(*candidate, True)
        try:
            prop.run()
        except Contradicted:
            return Closure(prop.round, True, 0)
        return Closure(prop.round, False, reached(prop))

    def _again(self, candidate: Candidate) -> Propagation:
        """A trial run again, for its rounds: keeping every trial's would take 140 MB on a 25x25."""
        prop = self._base.copy()
        prop.assume(*candidate, True)
        prop.run()
        return prop

    def splits(self, unit_wise: bool) -> list[Split]:
        """The cells' (or units') case splits whose cases all run and reach a common literal.

        A split with a case that contradicts or is no open candidate is left out (a contradiction is
        a simpler step).
        """
        if self._compiled is not None:
            return list(map(Split._make, self._compiled.splits(self._handle, unit_wise)))
        found = []
        for cases, unit in _branch_sets(self._grid, unit_wise):
            closures = [self.closures.get(candidate_of(case)) for case in cases]
            if any(closure is None or closure.contradicted for closure in closures):
                continue
            if not functools.reduce(and_, [closure.reached for closure in closures if closure]):
                continue
            opened = [self._again(candidate_of(case)) for case in cases]
            best = min(_common(opened), default=None)  # None in NET mode, which keeps no rounds
            if best is not None:
                found.append(Split(best[0], candidate_of(cases[0]), unit, best[1]))
        return found


def _branch_sets(grid: Grid, unit_wise: bool) -> Iterator[tuple[tuple[Literal, ...], int]]:
    """The case splits: each open cell's candidates, or each unit's places for a digit."""
    if not unit_wise:
        for cell, mask in enumerate(grid.candidates):
            if mask & (mask - 1):
                yield case_split(grid, cell, 0, -1), -1
        return
    for unit in range(len(grid.geometry.units)):
        for digit in range(1, grid.geometry.n + 1):
            cases = case_split(grid, 0, digit, unit)
            if len(cases) >= 2:
                yield cases, unit


def _common(branches: list[Propagation]) -> Iterator[tuple[int, Literal]]:
    """Literals that hold in every branch and not at the start, with their summed first rounds."""
    first = branches[0]
    for index in range(len(first.loc)):
        on = ~first.start_placed[index]
        off = first.start_loc[index]
        for prop in branches:
            on &= prop.placed[index]
            off &= ~(prop.loc[index] | prop.placed[index])
        for mask, value in ((on, True), (off, False)):
            if not mask:
                continue
            cost: dict[int, int] = {}
            for prop in branches:
                for cell, number in rounds_of(prop, mask, index, value):
                    cost[cell] = cost.get(cell, 0) + number
            for cell, total in cost.items():
                yield total, (cell, index + 1, value)
