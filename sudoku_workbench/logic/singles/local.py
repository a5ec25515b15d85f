"""Singles and locked candidates: the rules every solver starts with.

* full house: the last empty cell of a unit gets the one digit still missing there;
* naked single: a cell with one candidate left gets that digit;
* hidden single: a digit with one place left in a unit goes there;
* pointing: a digit confined, within a box, to one line is removed from the rest of that line;
* claiming: a digit confined, within a line, to one box is removed from the rest of that box.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid, digits_of_mask
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._positions import (
    Intersection,
    intersections,
    other_getters,
    unit_getters,
    unit_positions,
)
from sudoku_workbench.logic.shared._text import cells_text

__all__ = [
    "CLAIMING",
    "FULL_HOUSE",
    "HIDDEN_SINGLE",
    "NAKED_SINGLE",
    "POINTING",
    "claiming",
    "full_house",
    "full_house_step",
    "hidden_single",
    "hidden_single_step",
    "lone_bits",
    "naked_single",
    "naked_single_step",
    "pointing",
    "units_boxes_first",
]

FULL_HOUSE = "full_house"
NAKED_SINGLE = "naked_single"
HIDDEN_SINGLE = "hidden_single"
POINTING = "pointing"
CLAIMING = "claiming"


_last_singles: tuple[Grid | None, list[tuple[Cell, int]]] = (None, [])


@functools.cache
def lone_bits(n: int) -> frozenset[int]:
    """The masks with exactly one digit: a set lookup is the fastest test the engine makes per cell."""
    return frozenset(1 << i for i in range(n))


def _single_cells(grid: Grid) -> list[tuple[Cell, int]]:
    """Cells with one candidate, kept for the latest grid (full house and naked single both ask)."""
    global _last_singles
    cached = _last_singles
    if cached[0] is grid:
        return cached[1]
    lone = lone_bits(grid.geometry.n)
    found = [(cell, mask) for cell, mask in enumerate(grid.candidates) if mask in lone]
    _last_singles = (grid, found)
    return found


def full_house_step(geo: Geometry, cell: Cell, digit: Digit, unit: int) -> Step:
    """The explained step: ``cell`` is the last empty cell of ``unit`` and takes ``digit``."""
    return Step(
        FULL_HOUSE,
        placements=((cell, digit),),
        highlights=Highlights(cells=(cell,), units=(unit,), pattern=((cell, digit),)),
        explanation=(
            f"{geo.cell_name(cell)} is the last empty cell of {geo.unit_name(unit)}, "
            f"so it takes the missing digit {digit_char(digit)}."
        ),
    )


def naked_single_step(geo: Geometry, cell: Cell, digit: Digit) -> Step:
    """The explained step: ``digit`` is the last candidate of ``cell``."""
    return Step(
        NAKED_SINGLE,
        placements=((cell, digit),),
        highlights=Highlights(cells=(cell,), pattern=((cell, digit),)),
        explanation=(
            f"{geo.cell_name(cell)} has only one candidate left, "
            f"so it holds {digit_char(digit)} (naked single)."
        ),
    )


def hidden_single_step(geo: Geometry, cell: Cell, digit: Digit, unit: int) -> Step:
    """The explained step: ``cell`` is the last place for ``digit`` in ``unit``."""
    return Step(
        HIDDEN_SINGLE,
        placements=((cell, digit),),
        highlights=Highlights(cells=(cell,), units=(unit,), pattern=((cell, digit),)),
        explanation=(
            f"In {geo.unit_name(unit)}, {digit_char(digit)} fits only in "
            f"{geo.cell_name(cell)} (hidden single)."
        ),
    )


def full_house(grid: Grid) -> Iterator[Step]:
    """The only empty cell of a row, column or box must take the digit that unit still lacks."""
    geo = grid.geometry
    values = grid.values
    others = other_getters(geo)
    for cell, mask in _single_cells(grid):
        for unit, getter in zip(geo.units_of[cell], others[cell], strict=True):
            if 0 not in getter(values):
                yield full_house_step(geo, cell, mask.bit_length(), unit)
                break


def naked_single(grid: Grid) -> Iterator[Step]:
    """A cell with exactly one candidate left must hold that digit."""
    geo = grid.geometry
    for cell, mask in _single_cells(grid):
        yield naked_single_step(geo, cell, mask.bit_length())


@functools.cache
def units_boxes_first(geo: Geometry) -> tuple[int, ...]:
    """The order hidden singles are looked for in: regions, then rows, then columns, then extra houses."""
    n = geo.n
    return tuple(range(2 * n, 3 * n)) + tuple(range(2 * n)) + tuple(geo.extra_units)


def hidden_single(grid: Grid) -> Iterator[Step]:
    """A digit that fits in only one cell of a unit goes there."""
    geo = grid.geometry
    cands = grid.candidates
    getters = unit_getters(geo)
    for unit in units_boxes_first(geo):
        once = twice = 0
        for mask in getters[unit](cands):
            twice |= once & mask
            once |= mask
        lonely = once & ~twice
        if not lonely:
            continue
        cells = geo.units[unit]
        for digit in digits_of_mask(lonely):
            bit = 1 << (digit - 1)
            cell = next(c for c in cells if cands[c] & bit)
            yield hidden_single_step(geo, cell, digit, unit)


def _cells_of(unit_cells: tuple[Cell, ...], mask: int) -> tuple[Cell, ...]:
    return tuple(unit_cells[i - 1] for i in digits_of_mask(mask))


def _locked_step(
    grid: Grid,
    where: tuple[tuple[int, ...], ...],
    rule: str,
    inter: Intersection,
    digit: Digit,
    source: int,
    target: int,
    target_mask: int,
) -> Step:
    """A locked-candidates step: ``digit`` of ``source`` lies only in ``inter``, so clear ``target``."""
    geo = grid.geometry
    source_cells = geo.units[source]
    target_cells = geo.units[target]
    pattern_cells = _cells_of(source_cells, where[source][digit - 1])
    victims = _cells_of(target_cells, where[target][digit - 1] & ~target_mask)
    d = digit_char(digit)
    return Step(
        rule,
        eliminations=tuple((c, digit) for c in victims),
        highlights=Highlights(
            cells=inter.cells,
            units=(source, target),
            pattern=tuple((c, digit) for c in pattern_cells),
        ),
        explanation=(
            f"In {geo.unit_name(source)}, {d} can only go in {cells_text(geo, pattern_cells)}, "
            f"which also lie in {geo.unit_name(target)}; so {d} is removed from the rest of "
            f"{geo.unit_name(target)}: {cells_text(geo, victims)}."
        ),
    )


#: Per meeting, its source unit, the source's cells there (a mask over the source's cells), its target
#: unit and the target's cells there; per source unit, the meetings that hold each set of places
#: confined to one (a set of places, as a mask, to their indices in :func:`intersections`); and per box,
#: its meetings (consecutive in :func:`intersections`) with the source units they read.
_Sides = tuple[
    tuple[tuple[int, int, int, int], ...],
    tuple[dict[int, tuple[int, ...]], ...],
    tuple[tuple[range, tuple[int, ...]], ...],
]


def _submasks(mask: int) -> Iterator[int]:
    """Every nonempty mask whose bits all lie in ``mask``."""
    sub = mask
    while sub:
        yield sub
        sub = (sub - 1) & mask


@functools.cache
def _locked_sides(geo: Geometry, from_box: bool) -> _Sides:
    """Which way a locked-candidates rule reads each meeting, and which places each meeting confines.

    A digit's places in its source unit are then looked up once (most sets of places lie in no single
    meeting), instead of tested against every meeting of the unit.
    """
    sides = []
    confining: list[dict[int, list[int]]] = [{} for _ in geo.units]
    by_box: dict[int, list[int]] = {}
    for k, inter in enumerate(intersections(geo)):
        if from_box:
            side = (inter.box, inter.box_mask, inter.line, inter.line_mask)
        else:
            side = (inter.line, inter.line_mask, inter.box, inter.box_mask)
        sides.append(side)
        by_box.setdefault(inter.box, []).append(k)
        for places in _submasks(side[1]):
            confining[side[0]].setdefault(places, []).append(k)
    boxes = tuple(
        (range(ks[0], ks[-1] + 1), tuple(dict.fromkeys(sides[k][0] for k in ks))) for ks in by_box.values()
    )
    tables = tuple({places: tuple(ks) for places, ks in unit.items()} for unit in confining)
    return tuple(sides), tables, boxes


def _locked_candidates(grid: Grid, rule: str, from_box: bool) -> Iterator[Step]:
    """Digits of one unit (box or line) confined to its meeting with the other; clear the other."""
    where = unit_positions(grid)
    inters = intersections(grid.geometry)
    sides, confining, boxes = _locked_sides(grid.geometry, from_box)
    confined = [0] * len(sides)  # per meeting, the digits of its source unit found only there
    looked = [False] * len(where)
    for meetings, sources in boxes:  # box by box, as the meetings come
        for source in sources:
            if not looked[source]:  # a line meets several boxes: look at it once
                looked[source] = True
                for index, held in enumerate(map(confining[source].get, where[source])):
                    if held:
                        for j in held:
                            confined[j] |= 1 << index
        for k in meetings:
            digits = confined[k]
            while digits:
                low = digits & -digits
                digits ^= low
                index = low.bit_length() - 1
                source, _source_mask, target, target_mask = sides[k]
                if where[target][index] & ~target_mask:
                    yield _locked_step(grid, where, rule, inters[k], index + 1, source, target, target_mask)


def pointing(grid: Grid) -> Iterator[Step]:
    """Within a box, a digit confined to one row or column is cleared from that line outside the box."""
    return _locked_candidates(grid, POINTING, from_box=True)


def claiming(grid: Grid) -> Iterator[Step]:
    """Within a row or column, a digit confined to one box is cleared from that box outside the line."""
    return _locked_candidates(grid, CLAIMING, from_box=False)
