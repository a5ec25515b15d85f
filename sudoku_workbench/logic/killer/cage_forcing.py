"""Cage forcing: assume a digit, follow what it forces with the cage sums, and reach a contradiction.

The forcing chains of the engine follow singles only, so they never see a cage's total. This rule
follows an assumption through naked and hidden singles, the cage combinations (every cage keeps
only the digits some way of making its total still gives a cell) and the 45 rule's sums until
nothing changes; when a cell
or a digit of a house has no place left, or a cage can no longer make its total, the assumed digit is
false. Cells with two candidates are tried first, then three, so the chains stay short.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.killer._cage_view import cell_masks, short_label
from sudoku_workbench.logic.killer._sums import distinct_fits, sum_fits
from sudoku_workbench.logic.killer.rule_45 import reversed_mask, sum_lines
from sudoku_workbench.logic.shared._text import and_list

__all__ = ["CAGE_FORCING", "cage_forcing"]

CAGE_FORCING = "cage_forcing"

#: The most forced placements an explanation lists before it says how many more there were.
_SHOWN = 8
#: Candidates tried per cell size: two and three candidates (a larger cell rarely leads anywhere fast).
_SIZES = (2, 3, 4, 5, 6, 7, 8, 9)


class _Trial:
    """One assumption's state: each cell's digits (a placed cell has one), and what was forced, why."""

    def __init__(self, geo: Geometry, masks: list[int]) -> None:
        self.geo = geo
        self.masks = masks
        self.forced: list[tuple[Cell, Digit, str]] = []
        self.done = [m & (m - 1) == 0 for m in masks]  # single digits whose peers were cleared
        self.moved = False

    def _single(self, cell: Cell, why: str) -> None:
        self.forced.append((cell, self.masks[cell].bit_length(), why))

    def run(self) -> str | None:
        """Propagate to the end; the contradiction in words, or None when there is none."""
        geo, masks = self.geo, self.masks
        changed = True
        while changed:
            changed = False
            for cell in range(geo.size):
                mask = masks[cell]
                if self.done[cell] or mask & (mask - 1):
                    continue
                if not mask:
                    return f"{geo.cell_name(cell)} would have no digit left"
                self.done[cell] = True
                changed = True
                for peer in geo.peers[cell]:
                    if masks[peer] & mask:
                        masks[peer] &= ~mask
                        if not masks[peer]:
                            return f"{geo.cell_name(peer)} would have no digit left"
                        if not masks[peer] & (masks[peer] - 1):
                            self._single(peer, "naked single")
            self.moved = False
            problem = self._houses() or self._cages() or (None if self.moved else self._lines())
            if problem:
                return problem
            changed = changed or self.moved
        return None

    def _houses(self) -> str | None:
        geo, masks = self.geo, self.masks
        for unit, cells in enumerate(geo.units):
            if len(cells) != geo.n:
                continue
            for bit in range(geo.n):
                places = [c for c in cells if masks[c] >> bit & 1]
                if not places:
                    return f"{digit_char(bit + 1)} would have no place in {geo.unit_name(unit)}"
                if len(places) == 1 and masks[places[0]] != 1 << bit:
                    masks[places[0]] = 1 << bit
                    self.moved = True
                    self._single(places[0], f"hidden single in {geo.unit_name(unit)}")
        return None

    def _cages(self) -> str | None:
        geo, masks = self.geo, self.masks
        for index, cage in enumerate(geo.cages):
            fits, combos = distinct_fits(tuple(masks[c] for c in cage.cells), cage.total)
            if not combos:
                return f"cage {short_label(geo, index)} could not make {cage.total}"
            for cell, fit in zip(cage.cells, fits, strict=True):
                if masks[cell] & ~fit:
                    masks[cell] = fit
                    self.moved = True
                    if not fit & (fit - 1):
                        self._single(cell, f"cage {short_label(geo, index)}")
        return None

    def _lines(self) -> str | None:
        """The 45 rule's sums (innies less outies), when singles and cages have nothing more."""
        geo, masks, n = self.geo, self.masks, self.geo.n
        for line in sum_lines(geo):
            plus = tuple(masks[c] for c in line.cells)
            minus = tuple(reversed_mask(masks[c], n) for c in line.minus)
            fits = sum_fits(plus + minus, line.total + len(minus) * (n + 1))
            cells = line.cells + line.minus
            for k, (cell, fit) in enumerate(zip(cells, fits, strict=True)):
                fit = fit if k < len(plus) else reversed_mask(fit, n)
                if masks[cell] & ~fit:
                    if not fit:
                        return f"the 45 rule on {line.group} would leave {geo.cell_name(cell)} no digit"
                    masks[cell] = fit
                    self.moved = True
                    if not fit & (fit - 1):
                        self._single(cell, f"45 rule on {line.group}")
        return None


def cage_forcing(grid: Grid) -> Iterator[Step]:
    """A digit whose consequences, cage sums included, leave a cell, a house or a cage impossible is false."""
    geo = grid.geometry
    if not geo.has_sums:
        return
    start = list(cell_masks(grid, tuple(range(geo.size))))
    for size in _SIZES:
        for cell in range(geo.size):
            mask = grid.candidates[cell]
            if bin(mask).count("1") != size:
                continue
            for bit in range(geo.n):
                if mask >> bit & 1:
                    trial = _Trial(geo, list(start))
                    trial.masks[cell] = 1 << bit
                    problem = trial.run()
                    if problem is not None:
                        yield _step(geo, cell, bit + 1, trial, problem)


def _step(geo: Geometry, cell: Cell, digit: Digit, trial: _Trial, problem: str) -> Step:
    forced = trial.forced
    said = [f"{geo.cell_name(c)} = {digit_char(d)} ({why})" for c, d, why in forced[:_SHOWN]]
    if len(forced) > _SHOWN:
        said.append(f"{len(forced) - _SHOWN} more")
    chain = f": {and_list(said)}" if said else ""
    name = geo.cell_name(cell)
    d = digit_char(digit)
    return Step(
        CAGE_FORCING,
        eliminations=((cell, digit),),
        highlights=Highlights(cells=(cell, *(c for c, _, _ in forced[:_SHOWN])), pattern=((cell, digit),)),
        explanation=f"If {name} were {d}{chain}; then {problem}. So {name} is not {d}.",
    )
