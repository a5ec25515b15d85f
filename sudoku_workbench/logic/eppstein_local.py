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
from sudoku_workbench.core.grid import Grid, digits_of_mask, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic._positions import Intersection, cell_candidates, intersections, unit_positions
from sudoku_workbench.logic._text import cells_text, digits_text

__all__ = ["HIDDEN_PAIR", "LOCKED_TRIPLE", "hidden_pair", "locked_triple"]

LOCKED_TRIPLE = "locked_triple"
HIDDEN_PAIR = "hidden_pair"


def _unit_cells(grid: Grid, unit: int, mask: int) -> tuple[Cell, ...]:
    cells = grid.geometry.units[unit]
    return tuple(cells[i - 1] for i in digits_of_mask(mask))


def _locked_triple_at(
    grid: Grid, inter: Intersection, open_cells: tuple[Cell, ...], unit: int, other: int
) -> Step | None:
    """The step for digits confined, within ``unit``, to the open cells of ``inter``; None if none."""
    geo = grid.geometry
    where = unit_positions(grid)
    unit_cells = geo.units[unit]
    open_mask = sum(1 << unit_cells.index(c) for c in open_cells)
    confined = [d for d, spots in enumerate(where[unit], 1) if spots and not spots & ~open_mask]
    if len(confined) != len(open_cells):
        return None
    digit_mask = sum(1 << (d - 1) for d in confined)
    other_cells = geo.units[other]
    inside = sum(1 << other_cells.index(c) for c in inter.cells)
    eliminations = list(cell_candidates(grid, open_cells, ~digit_mask))
    eliminations += [
        (c, d) for d in confined for c in _unit_cells(grid, other, where[other][d - 1] & ~inside)
    ]
    if not eliminations:
        return None
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
    confined = _confined_counts(grid)
    for index, inter in enumerate(intersections(grid.geometry)):
        open_cells = tuple(c for c in inter.cells if cands[c])
        if len(open_cells) < 2:
            continue
        for unit, other in ((inter.line, inter.box), (inter.box, inter.line)):
            if confined.get((unit, index)) == len(open_cells):
                step = _locked_triple_at(grid, inter, open_cells, unit, other)
                if step is not None:
                    yield step


@functools.cache
def _meetings_at(geo: Geometry) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per unit and position in it, the meetings that hold the position: (index, their mask in the unit)."""
    table: list[list[list[tuple[int, int]]]] = [[[] for _ in range(geo.n)] for _ in geo.units]
    for index, inter in enumerate(intersections(geo)):
        for unit, mask in ((inter.line, inter.line_mask), (inter.box, inter.box_mask)):
            for position in set_bits(mask):
                table[unit][position].append((index, mask))
    return tuple(tuple(tuple(spots) for spots in unit) for unit in table)


def _confined_counts(grid: Grid) -> dict[tuple[int, int], int]:
    """How many digits of each unit have all their places in one meeting, by (unit, meeting index).

    One look per unit and digit (a digit's places fit a meeting only if its first place is there), so
    the locked-triple test runs only where the count can match.
    """
    at = _meetings_at(grid.geometry)
    counts: dict[tuple[int, int], int] = {}
    for unit, spots_by_digit in enumerate(unit_positions(grid)):
        meetings = at[unit]
        for spots in spots_by_digit:
            if spots:
                for index, mask in meetings[(spots & -spots).bit_length() - 1]:
                    if not spots & ~mask:
                        key = (unit, index)
                        counts[key] = counts.get(key, 0) + 1
    return counts


def hidden_pair(grid: Grid) -> Iterator[Step]:
    """Two digits that share the same two places in a unit fill them; other digits leave those cells."""
    geo = grid.geometry
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
            eliminations = cell_candidates(grid, cells, ~pair)
            if eliminations:
                yield Step(
                    HIDDEN_PAIR,
                    eliminations=eliminations,
                    highlights=Highlights(
                        cells=cells, units=(unit,), pattern=tuple((c, d) for c in cells for d in digits)
                    ),
                    explanation=(
                        f"In {geo.unit_name(unit)}, {digits_text(digits)} can only go in "
                        f"{cells_text(geo, cells)} (hidden pair), so those two cells hold them and "
                        f"lose their other candidates."
                    ),
                )
