"""Contradiction forcing through sums and constraints: assume a digit, follow it, find what breaks.

The engine's forcing chains follow singles only (their compiled propagation knows houses, not
cages or thermometers), so an assumption that breaks a cage total or a thermometer goes unseen
there. Here an assumption is followed through naked and hidden singles and through the narrowers a
variant rule hands in (cage combinations, the 45 rule, thermometer, arrow and dot bounds), tier by
tier: a later tier runs only when the earlier ones changed nothing, so cheap arguments come first.
When a cell or a digit of a house has no place left, or a narrower reports its constraint broken,
the assumed digit is false. Cells with two candidates are tried first, then three, so chains stay
short. The killer and constraint rules differ only in their narrowers and their words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._text import and_list

__all__ = ["Broken", "Narrower", "Trial", "contradiction_steps"]

#: What a narrower found broken: the words (after "then") and the cells of the constraint.
Broken = tuple[str, tuple[Cell, ...]]
#: One argument of a variant rule, applied to a trial: it narrows cells with :meth:`Trial.keep`.
Narrower = Callable[["Trial"], Broken | None]

#: The most forced placements an explanation lists before it says how many more there were.
_SHOWN = 8


class Trial:
    """One assumption's state: each cell's digits (a placed cell has one), and what was forced, why."""

    def __init__(self, geo: Geometry, masks: list[int]) -> None:
        self.geo = geo
        self.masks = masks
        self.forced: list[tuple[Cell, Digit, str]] = []
        self.done = [m & (m - 1) == 0 for m in masks]  # single digits whose peers were cleared
        self.moved = False

    def keep(self, cell: Cell, fit: int, why: str) -> None:
        """Leave ``cell`` only the digits of ``fit`` (a non-empty subset of its own); a single is noted."""
        if self.masks[cell] & ~fit:
            self.masks[cell] = fit
            self.moved = True
            if not fit & (fit - 1):
                self.forced.append((cell, fit.bit_length(), why))

    def run(self, tiers: Sequence[Sequence[Narrower]]) -> Broken | None:
        """Propagate to the end; what broke, or None when nothing did."""
        changed = True
        while changed:
            problem = self._singles()
            if problem:
                return problem, ()
            changed = self.moved
            self.moved = False
            found = self._houses()
            for index, tier in enumerate(tiers):
                if found or (index and self.moved):
                    break
                for narrower in tier:
                    found = narrower(self)
                    if found:
                        break
            if found:
                return found
            changed = changed or self.moved
        return None

    def _singles(self) -> str | None:
        """One pass clearing each new single digit from its peers; ``moved`` says whether there was one."""
        geo, masks = self.geo, self.masks
        self.moved = False
        for cell in range(geo.size):
            mask = masks[cell]
            if self.done[cell] or mask & (mask - 1):
                continue
            if not mask:
                return f"{geo.cell_name(cell)} would have no digit left"
            self.done[cell] = self.moved = True
            for peer in geo.peers[cell]:
                if masks[peer] & mask:
                    masks[peer] &= ~mask
                    if not masks[peer]:
                        return f"{geo.cell_name(peer)} would have no digit left"
                    if not masks[peer] & (masks[peer] - 1):
                        self.forced.append((peer, masks[peer].bit_length(), "naked single"))
        return None

    def _houses(self) -> Broken | None:
        geo, masks = self.geo, self.masks
        for unit, cells in enumerate(geo.units):
            if len(cells) != geo.n:
                continue
            for bit in range(geo.n):
                places = [c for c in cells if masks[c] >> bit & 1]
                if not places:
                    return f"{digit_char(bit + 1)} would have no place in {geo.unit_name(unit)}", ()
                if len(places) == 1 and masks[places[0]] != 1 << bit:
                    self.keep(places[0], 1 << bit, f"hidden single in {geo.unit_name(unit)}")
        return None


def contradiction_steps(
    grid: Grid, rule: str, start: list[int], tiers: Sequence[Sequence[Narrower]]
) -> Iterator[Step]:
    """Per candidate whose trial breaks something, the step removing it; the shortest chains first.

    Cells with the fewest candidates come first, and among cells of one size the chains that force
    the fewest placements (what a hand-solver would show). ``start`` is every cell's mask (a placed
    cell: its digit's).
    """
    geo = grid.geometry
    for size in range(2, geo.n + 1):
        found: list[tuple[int, int, Step]] = []
        for cell in range(geo.size):
            mask = grid.candidates[cell]
            if grid.values[cell] or bin(mask).count("1") != size:
                continue
            for bit in range(geo.n):
                if mask >> bit & 1:
                    trial = Trial(geo, list(start))
                    trial.masks[cell] = 1 << bit
                    broken = trial.run(tiers)
                    if broken is not None:
                        step = _step(rule, geo, cell, bit + 1, trial, broken)
                        found.append((len(trial.forced), len(found), step))
        yield from (step for _, _, step in sorted(found))


def _step(rule: str, geo: Geometry, cell: Cell, digit: Digit, trial: Trial, found: Broken) -> Step:
    problem, broken_cells = found
    forced = trial.forced
    said = [f"{geo.cell_name(c)} = {digit_char(d)} ({why})" for c, d, why in forced[:_SHOWN]]
    if len(forced) > _SHOWN:
        said.append(f"{len(forced) - _SHOWN} more")
    chain = f": {and_list(said)}" if said else ""
    name = geo.cell_name(cell)
    d = digit_char(digit)
    shown = tuple(dict.fromkeys((cell, *(c for c, _, _ in forced[:_SHOWN]), *broken_cells)))
    return Step(
        rule,
        eliminations=((cell, digit),),
        highlights=Highlights(cells=shown, pattern=((cell, digit),)),
        explanation=f"If {name} were {d}{chain}; then {problem}. So {name} is not {d}.",
    )
