"""The 45 rule: a house's digits add up to 45 (on a 9x9), so cages tell the sum of the cells left over.

Over a group of houses (one row, column or region, or a run of adjacent rows or columns) the digits
add up to k·N(N+1)/2. Subtract the cages wholly inside and what remains, the innies, must make up the
difference; if every cell of the group is in a cage with a total, the cells those cages have outside,
the outies, add up to the cages' totals less the group's. One innie or outie is then a digit; two or
more keep only the digits with which the others can still make the sum (all different when they see
each other). Groups and their sums depend on the shape alone, so they are worked out once per shape.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Geometry, digit_char
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.killer._cage_view import cage_label, cell_masks
from sudoku_workbench.logic.killer._sums import distinct_fits, sum_fits
from sudoku_workbench.logic.shared._text import and_list, cells_text, mask_text

__all__ = ["RULE_45", "SumLine", "rule_45", "sum_lines"]

RULE_45 = "rule_45"

#: The most innies or outies a step reasons about: beyond that, a hand-solver no longer counts.
MOST_CELLS = 6


@dataclass(frozen=True)
class SumLine:
    """Cells whose digits add up to ``total``, found by the 45 rule on a group of houses."""

    group: str
    units: tuple[int, ...]
    cells: tuple[Cell, ...]
    total: int
    outies: bool
    #: The cages subtracted (inside the group for innies, covering it for outies), and their sum.
    cages: tuple[int, ...]
    cage_sum: int
    house_sum: int


def _groups(geo: Geometry) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Single houses first, then runs of 2 … N-1 adjacent rows and of columns."""
    n = geo.n
    for unit in range(3 * n):
        yield geo.unit_name(unit), (unit,)
    for length in range(2, n):
        for kind, base in (("rows", 0), ("columns", n)):
            for first in range(n - length + 1):
                yield (
                    f"{kind} {first + 1}–{first + length}",
                    tuple(range(base + first, base + first + length)),
                )


@functools.cache
def sum_lines(geo: Geometry) -> tuple[SumLine, ...]:
    """Every innie and outie sum of the shape's cages, fewest cells first (each set of cells once)."""
    found: dict[frozenset[Cell], SumLine] = {}
    house = geo.n * (geo.n + 1) // 2
    for name, units in _groups(geo):
        cells = frozenset(c for u in units for c in geo.units[u])
        touching = sorted({geo.cage_of[c] for c in cells})
        summed = [i for i in touching if i >= 0 and geo.cages[i].total is not None]
        inside = [i for i in summed if set(geo.cages[i].cells) <= cells]
        whole = house * len(units)
        lines = []
        innies = tuple(sorted(cells - {c for i in inside for c in geo.cages[i].cells}))
        inside_sum = sum(geo.cages[i].total or 0 for i in inside)
        lines.append(
            SumLine(name, units, innies, whole - inside_sum, False, tuple(inside), inside_sum, whole)
        )
        if len(summed) == len(touching):
            outies = tuple(sorted({c for i in summed for c in geo.cages[i].cells} - cells))
            cover = sum(geo.cages[i].total or 0 for i in summed)
            lines.append(SumLine(name, units, outies, cover - whole, True, tuple(summed), cover, whole))
        for line in lines:
            if 1 <= len(line.cells) <= MOST_CELLS and frozenset(line.cells) not in found:
                found[frozenset(line.cells)] = line
    return tuple(sorted(found.values(), key=lambda line: (len(line.cells), len(line.units))))


def rule_45(grid: Grid) -> Iterator[Step]:
    """Innies and outies of a group of houses: one is a digit, more keep the digits that can make the sum."""
    geo = grid.geometry
    if not geo.has_sums:
        return
    values = grid.values
    for line in sum_lines(geo):
        open_cells = tuple(c for c in line.cells if not values[c])
        if not open_cells:
            continue
        rest = line.total - sum(values[c] for c in line.cells)
        masks = cell_masks(grid, open_cells)
        if len(open_cells) > 1 and all(geo.sees(a, b) for a in open_cells for b in open_cells if a < b):
            fits = distinct_fits(masks, rest)[0]
        else:
            fits = sum_fits(masks, rest)
        step = _step(grid, line, open_cells, rest, fits)
        if step is not None:
            yield step


def _reason(geo: Geometry, grid: Grid, line: SumLine, open_cells: tuple[Cell, ...], rest: int) -> str:
    """The 45 rule's arithmetic in words."""
    cages = [cage_label(geo, i) for i in line.cages]
    shown = and_list(cages) if len(cages) <= 3 else f"{len(cages)} cages"
    kind = "outies" if line.outies else "innies"
    if line.outies:
        head = (
            f"45 rule on {line.group}: the cages covering it ({shown}) add up to {line.cage_sum}, "
            f"{line.total} more than its {line.house_sum}"
        )
    else:
        inside = (
            f"the cages wholly inside ({shown}) add up to {line.cage_sum}"
            if cages
            else "no cage lies wholly inside"
        )
        head = f"45 rule on {line.group}: its digits add up to {line.house_sum}, {inside}"
    head += f", so the {kind} {cells_text(geo, line.cells)} add up to {line.total}"
    placed = [c for c in line.cells if grid.values[c]]
    if placed:
        held = and_list([f"{geo.cell_name(c)} = {digit_char(grid.values[c])}" for c in placed])
        head += f"; with {held}, {cells_text(geo, open_cells)} make {rest}"
    return head


def _step(
    grid: Grid, line: SumLine, open_cells: tuple[Cell, ...], rest: int, fits: tuple[int, ...]
) -> Step | None:
    geo, cands = grid.geometry, grid.candidates
    reason = _reason(geo, grid, line, open_cells, rest)
    if len(open_cells) == 1 and fits[0]:
        cell = open_cells[0]
        return Step(
            RULE_45,
            placements=((cell, rest),),
            highlights=Highlights(cells=line.cells, units=line.units, pattern=((cell, rest),)),
            explanation=f"{reason}: {geo.cell_name(cell)} = {digit_char(rest)}.",
        )
    gone = tuple(
        (c, b + 1) for c, fit in zip(open_cells, fits, strict=True) for b in set_bits(cands[c] & ~fit)
    )
    if not gone:
        return None
    kept = tuple(
        (c, b + 1) for c, fit in zip(open_cells, fits, strict=True) for b in set_bits(cands[c] & fit)
    )
    changed = [
        f"{geo.cell_name(c)} keeps {mask_text(fit)}" if fit else f"{geo.cell_name(c)} has nothing left"
        for c, fit in zip(open_cells, fits, strict=True)
        if cands[c] & ~fit
    ]
    return Step(
        RULE_45,
        eliminations=gone,
        highlights=Highlights(cells=line.cells, units=line.units, pattern=kept),
        explanation=f"{reason}: {and_list(changed)}.",
    )
