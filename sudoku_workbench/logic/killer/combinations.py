"""Cage combinations: the digit sets that make a cage's total, and what they leave each cell.

* cage combinations: of the sets of distinct digits adding up to the cage's total, only those its
  cells' candidates can hold survive; a cell keeps the digits some surviving way gives it ("cage 17/2
  is 8+9"). A digit every way needs that only one cell can take is a hidden single inside the cage.
* cage and house: a digit every surviving way of a cage needs is somewhere in the cage, so it leaves
  every cell that sees all the cage's places for it (like pointing); and the other way, a digit whose
  places in a house all lie in one cage must be in that cage, which drops the ways without it.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.killer._cage_view import (
    cage_fits,
    cage_label,
    cell_masks,
    narrowing_step,
    or_cells,
)
from sudoku_workbench.logic.killer._sums import combination_text, distinct_fits
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = ["CAGE_COMBINATIONS", "CAGE_HOUSE", "cage_combinations", "cage_house"]

CAGE_COMBINATIONS = "cage_combinations"
CAGE_HOUSE = "cage_house"


def _needed(combos: tuple[int, ...]) -> int:
    """The digits every way uses (none when there is no way)."""
    needed = -1 if combos else 0
    for combo in combos:
        needed &= combo
    return needed


def _lone_needs(grid: Grid, cells: tuple[Cell, ...], fits: tuple[int, ...], combos: tuple[int, ...]) -> str:
    """``; every way needs 9, which only r1c1 can take``: the hidden singles inside the cage."""
    lone = []
    for bit in set_bits(_needed(combos)):
        holders = [c for c in cells if grid.candidates[c] >> bit & 1]
        if len(holders) == 1 and grid.candidates[holders[0]] != 1 << bit:
            lone.append(f"{digit_char(bit + 1)} (only {grid.geometry.cell_name(holders[0])} can take it)")
    return f"; every way needs {and_list(lone)}" if lone else ""


def cage_combinations(grid: Grid) -> Iterator[Step]:
    """Per cage, keep in each cell only the digits some way of making its total from the candidates uses."""
    geo = grid.geometry
    for index, cage in enumerate(geo.cages):
        fits, combos = cage_fits(grid, cage)
        label = cage_label(geo, index)
        if cage.total is None:
            reason = f"The digits of {label} must all differ"
        else:
            reason = (
                f"In {label}, only {combination_text(combos)} makes {cage.total} from the cells' candidates"
                if combos
                else f"In {label}, no set of different digits makes {cage.total} from the cells' candidates"
            )
        reason += _lone_needs(grid, cage.cells, fits, combos)
        step = narrowing_step(grid, CAGE_COMBINATIONS, cage.cells, fits, f"{reason}, so", ())
        if step is not None:
            yield step


def cage_house(grid: Grid) -> Iterator[Step]:
    """A digit every way of a cage needs leaves what sees all its places; a house's digit locked in a cage."""
    yield from _cage_to_house(grid)
    yield from _house_to_cage(grid)


def _cage_to_house(grid: Grid) -> Iterator[Step]:
    geo, cands = grid.geometry, grid.candidates
    for index, cage in enumerate(geo.cages):
        if cage.total is None:
            continue
        fits, combos = cage_fits(grid, cage)
        if not combos:
            continue
        needed = _needed(combos)
        placed = sum(1 << (grid.values[c] - 1) for c in cage.cells if grid.values[c])
        for bit in set_bits(needed & ~placed):
            places = tuple(c for c, fit in zip(cage.cells, fits, strict=True) if (cands[c] & fit) >> bit & 1)
            if places:
                step = _pointing_step(grid, index, bit + 1, places, combos)
                if step is not None:
                    yield step


def _pointing_step(
    grid: Grid, index: int, digit: Digit, places: tuple[Cell, ...], combos: tuple[int, ...]
) -> Step | None:
    geo, cands = grid.geometry, grid.candidates
    bit = 1 << (digit - 1)
    seen = -1
    for cell in places:
        seen &= geo.peer_bits[cell]
    cage_cells = geo.cages[index].cells
    victims = tuple(c for c in set_bits(seen) if cands[c] & bit and c not in cage_cells)
    if not victims:
        return None
    units = tuple(u for u in geo.units_of[places[0]] if all(u in geo.units_of[c] for c in places))
    where = f"all in {and_list([geo.unit_name(u) for u in units])}" if units else "cells that all see"
    d = digit_char(digit)
    ways = f" ({combination_text(combos)})"
    return Step(
        CAGE_HOUSE,
        eliminations=tuple((c, digit) for c in victims),
        highlights=Highlights(cells=cage_cells, units=units, pattern=tuple((c, digit) for c in places)),
        explanation=(
            f"Every way to make {geo.cages[index].total} in {cage_label(geo, index)} uses {d}{ways}, so {d} "
            f"is in {or_cells(geo, places)}, {where}; {d} is removed from {cells_text(geo, victims)}."
        ),
    )


def _house_to_cage(grid: Grid) -> Iterator[Step]:
    geo, cands = grid.geometry, grid.candidates
    if not geo.cages:
        return
    for unit, unit_cells in enumerate(geo.units):
        if len(unit_cells) != geo.n:
            continue
        placed = sum(1 << (grid.values[c] - 1) for c in unit_cells if grid.values[c])
        for bit in set_bits(geo.full_mask & ~placed):
            places = tuple(c for c in unit_cells if cands[c] >> bit & 1)
            owner = geo.cage_of[places[0]] if places else -1
            if owner < 0 or geo.cages[owner].total is None or any(geo.cage_of[c] != owner for c in places):
                continue
            cage = geo.cages[owner]
            if all(c in places for c in cage.cells if not grid.values[c]):
                continue  # the cage gains nothing it did not know
            masks = tuple(
                m if c in places else m & ~(1 << bit)
                for c, m in zip(cage.cells, cell_masks(grid, cage.cells), strict=True)
            )
            fits, combos = distinct_fits(masks, cage.total, 1 << bit)
            d = digit_char(bit + 1)
            reason = (
                f"In {geo.unit_name(unit)}, {d} can only go in {or_cells(geo, places)}, inside "
                f"{cage_label(geo, owner)}; so the cage holds {d} there and makes {cage.total} as "
                f"{combination_text(combos) or 'nothing'}"
            )
            step = narrowing_step(grid, CAGE_HOUSE, cage.cells, fits, f"{reason}, so", (unit,))
            if step is not None:
                yield step
