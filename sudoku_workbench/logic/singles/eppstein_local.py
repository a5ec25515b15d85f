"""Two of Eppstein's local rules: the locked triple and the hidden pair.

* locked triple: where a line meets a box, if the open cells there are the only places, within the
  line or the box, for exactly as many digits as there are such cells, those cells hold exactly those
  digits: every other digit leaves them, and the digits leave the rest of the line and of the box.
  On 9x9 the meeting holds three cells, hence the name; on other sizes it holds two to five.
* hidden pair: two digits whose only two places in a unit are the same two cells fill them, so every
  other digit leaves those cells.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Geometry
from sudoku_workbench.core.grid import Grid, digits_of_mask
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._positions import (
    Intersection,
    cell_candidates,
    intersections,
    unit_positions,
)
from sudoku_workbench.logic.shared._text import cells_text, digits_text

__all__ = ["HIDDEN_PAIR", "LOCKED_TRIPLE", "hidden_pair", "locked_triple"]

LOCKED_TRIPLE = "locked_triple"
HIDDEN_PAIR = "hidden_pair"


def _unit_cells(grid: Grid, unit: int, mask: int) -> tuple[Cell, ...]:
    cells = grid.geometry.units[unit]
    return tuple(cells[i - 1] for i in digits_of_mask(mask))


def _locked_triple_at(
    grid: Grid,
    where: tuple[tuple[int, ...], ...],
    inter: Intersection,
    open_cells: tuple[Cell, ...],
    units: tuple[int, int],
    digit_mask: int,
) -> Step | None:
    """The step for ``digit_mask``'s digits, confined within ``units[0]`` to ``inter``; None if nothing goes.

    ``where`` is the grid's unit places, taken when the search started: a search resumed after later
    steps must not make the shared table for the newest grid be built again.
    """
    geo = grid.geometry
    unit, other = units
    cands = grid.candidates
    inside = inter.box_mask if other == inter.box else inter.line_mask
    confined = digits_of_mask(digit_mask)
    if not any(cands[c] & ~digit_mask for c in open_cells) and not any(
        where[other][d - 1] & ~inside for d in confined
    ):  # the common case: the cells and the other unit already hold what the lock allows
        return None
    eliminations = list(cell_candidates(grid, open_cells, ~digit_mask))
    eliminations += [
        (c, d) for d in confined for c in _unit_cells(grid, other, where[other][d - 1] & ~inside)
    ]
    digits = digits_text(confined)
    return Step(
        LOCKED_TRIPLE,
        eliminations=tuple(eliminations),
        highlights=Highlights(
            cells=open_cells,
            units=(unit, other),
            pattern=cell_candidates(grid, open_cells, digit_mask),
        ),
        explanation=(
            f"Where {geo.unit_name(inter.line)} meets {geo.unit_name(inter.box)}, the cells "
            f"{cells_text(geo, open_cells)} are the only places in {geo.unit_name(unit)} for {digits} "
            f"(locked triple). So they hold exactly {digits}: their other candidates go, and {digits} "
            f"leave the rest of {geo.unit_name(other)}."
        ),
    )


def locked_triple(grid: Grid) -> Iterator[Step]:
    """Digits confined, in a line or box, to the cells where the line meets the box lock those cells."""
    cands = grid.candidates
    where = unit_positions(grid)
    for inter, (here, line_rest, box_rest) in zip(
        intersections(grid.geometry), _meeting_digits(grid), strict=True
    ):
        in_line, in_box = here & ~line_rest, here & ~box_rest
        if in_line.bit_count() < 2 and in_box.bit_count() < 2:  # the common case: no set to lock
            continue
        open_cells = tuple(c for c in inter.cells if cands[c])
        if len(open_cells) < 2:
            continue
        for unit, other, confined in ((inter.line, inter.box, in_line), (inter.box, inter.line, in_box)):
            if confined.bit_count() == len(open_cells):
                step = _locked_triple_at(grid, where, inter, open_cells, (unit, other), confined)
                if step is not None:
                    yield step


@functools.cache
def _meeting_tables(
    geo: Geometry,
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per cell its row's and its column's meeting, and per meeting the others on its line and in its box."""
    inters = intersections(geo)
    index_of = {(inter.line, cell): i for i, inter in enumerate(inters) for cell in inter.cells}
    meetings = tuple(
        (index_of[geo.row_of[c], c], index_of[geo.n + geo.col_of[c], c]) for c in range(geo.size)
    )
    line_rivals = tuple(
        tuple(j for j, other in enumerate(inters) if j != i and other.line == inter.line)
        for i, inter in enumerate(inters)
    )
    box_rivals = tuple(
        tuple(
            j
            for j, other in enumerate(inters)
            if j != i and other.box == inter.box and (other.line < geo.n) == (inter.line < geo.n)
        )
        for i, inter in enumerate(inters)
    )
    return meetings, line_rivals, box_rivals


def _meeting_digits(grid: Grid) -> list[tuple[int, int, int]]:
    """Per meeting (:func:`intersections` order), the digits there, in the rest of its line and of its box.

    A digit of a unit lies only in the meeting when it is there and not in the unit's rest: one pass
    over the cells gives this for every unit and meeting at once.
    """
    meetings, line_rivals, box_rivals = _meeting_tables(grid.geometry)
    inside = [0] * len(line_rivals)
    for (row_meeting, col_meeting), mask in zip(meetings, grid.candidates, strict=True):
        if mask:
            inside[row_meeting] |= mask
            inside[col_meeting] |= mask
    table = []
    for here, on_line, in_box in zip(inside, line_rivals, box_rivals, strict=True):
        line_rest = box_rest = 0
        for other in on_line:
            line_rest |= inside[other]
        for other in in_box:
            box_rest |= inside[other]
        table.append((here, line_rest, box_rest))
    return table


def hidden_pair(grid: Grid) -> Iterator[Step]:
    """Two digits that share the same two places in a unit fill them; other digits leave those cells."""
    geo = grid.geometry
    cands = grid.candidates
    where = unit_positions(grid)
    for unit, spots in enumerate(where):
        by_place: dict[int, list[int]] = {}
        for index, mask in enumerate(spots):
            if mask.bit_count() == 2:
                by_place.setdefault(mask, []).append(index + 1)
        for mask, digits in by_place.items():
            if len(digits) != 2:
                continue
            pair = (1 << (digits[0] - 1)) | (1 << (digits[1] - 1))
            cells = _unit_cells(grid, unit, mask)
            if (cands[cells[0]] | cands[cells[1]]) & ~pair:  # most pairs found hold nothing else now
                yield Step(
                    HIDDEN_PAIR,
                    eliminations=cell_candidates(grid, cells, ~pair),
                    highlights=Highlights(
                        cells=cells, units=(unit,), pattern=tuple((c, d) for c in cells for d in digits)
                    ),
                    explanation=(
                        f"In {geo.unit_name(unit)}, {digits_text(digits)} can only go in "
                        f"{cells_text(geo, cells)} (hidden pair), so those two cells hold them and "
                        f"lose their other candidates."
                    ),
                )
