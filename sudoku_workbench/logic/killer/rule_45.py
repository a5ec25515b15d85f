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
from sudoku_workbench.logic.killer._cage_view import cell_masks, narrowing_step, short_label
from sudoku_workbench.logic.killer._sums import distinct_fits, sum_fits
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = ["RULE_45", "SumLine", "reversed_mask", "rule_45", "sum_lines"]

RULE_45 = "rule_45"

#: The most innies or outies a step reasons about: beyond that, a hand-solver no longer counts.
MOST_CELLS = 6
#: Groups with more cages sticking out than this are read only as innies or outies alone.
MOST_PARTIAL = 8


@dataclass(frozen=True)
class SumLine:
    """Innies less outies, found by the 45 rule on a group of houses: ``sum(cells) - sum(minus) = total``."""

    group: str
    units: tuple[int, ...]
    cells: tuple[Cell, ...]
    minus: tuple[Cell, ...]
    total: int
    #: The cages wholly inside the group and their sum; the cages counted by their outies, and theirs.
    inside: tuple[int, ...]
    inside_sum: int
    out: tuple[int, ...]
    out_sum: int
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


def _group_lines(geo: Geometry, name: str, units: tuple[int, ...]) -> Iterator[SumLine]:
    """Each way to read the group: cages sticking out counted by their inside cells or by their outies."""
    cells = frozenset(c for u in units for c in geo.units[u])
    summed = sorted({i for c in cells if (i := geo.cage_of[c]) >= 0 and geo.cages[i].total is not None})
    inside = tuple(i for i in summed if set(geo.cages[i].cells) <= cells)
    partial = [i for i in summed if i not in inside]
    if len(partial) > MOST_PARTIAL:
        return
    whole = geo.n * (geo.n + 1) // 2 * len(units)
    inside_sum = sum(geo.cages[i].total or 0 for i in inside)
    loose = cells - {c for i in summed for c in geo.cages[i].cells}
    for picked in range(1 << len(partial)):
        out = tuple(i for k, i in enumerate(partial) if picked >> k & 1)
        innies = set(loose) | {c for i in partial if i not in out for c in geo.cages[i].cells if c in cells}
        outies = {c for i in out for c in geo.cages[i].cells if c not in cells}
        if 1 <= len(innies) + len(outies) <= MOST_CELLS:
            out_sum = sum(geo.cages[i].total or 0 for i in out)
            yield SumLine(
                name, units, tuple(sorted(innies)), tuple(sorted(outies)),
                whole - inside_sum - out_sum, inside, inside_sum, out, out_sum, whole,
            )  # fmt: skip


@functools.cache
def sum_lines(geo: Geometry) -> tuple[SumLine, ...]:
    """Every innie and outie relation of the shape's cages, fewest cells first (each set of cells once)."""
    found: dict[tuple[frozenset[Cell], frozenset[Cell]], SumLine] = {}
    for name, units in _groups(geo):
        for line in _group_lines(geo, name, units):
            found.setdefault((frozenset(line.cells), frozenset(line.minus)), line)
    return tuple(
        sorted(found.values(), key=lambda line: (len(line.cells) + len(line.minus), len(line.units)))
    )


def reversed_mask(mask: int, n: int) -> int:
    """Digit d becomes n + 1 - d: an outie counted against the sum is an innie of the mirrored digit."""
    return sum(1 << (n - 1 - bit) for bit in set_bits(mask))


def rule_45(grid: Grid) -> Iterator[Step]:
    """Innies and outies of a group of houses: one is a digit, more keep the digits that can make the sum."""
    geo = grid.geometry
    if not geo.has_sums:
        return
    values, n = grid.values, geo.n
    for line in sum_lines(geo):
        plus = tuple(c for c in line.cells if not values[c])
        minus = tuple(c for c in line.minus if not values[c])
        if not plus and not minus:
            continue
        rest = line.total - sum(values[c] for c in line.cells) + sum(values[c] for c in line.minus)
        masks = cell_masks(grid, plus) + tuple(reversed_mask(m, n) for m in cell_masks(grid, minus))
        target = rest + len(minus) * (n + 1)
        cells = plus + minus
        if not minus and len(plus) > 1 and all(geo.sees(a, b) for a in plus for b in plus if a < b):
            fits = distinct_fits(masks, target)[0]
        else:
            fits = sum_fits(masks, target)
        fits = fits[: len(plus)] + tuple(reversed_mask(f, n) for f in fits[len(plus) :])
        step = _step(grid, line, cells, rest, fits)
        if step is not None:
            yield step


def _cages_text(geo: Geometry, cages: tuple[int, ...]) -> str:
    return and_list([short_label(geo, i) for i in cages]) if len(cages) <= 4 else f"{len(cages)} cages"


def _reason(geo: Geometry, grid: Grid, line: SumLine) -> str:
    """The 45 rule's arithmetic in words."""
    parts = [f"45 rule on {line.group}: its digits add up to {line.house_sum}"]
    if line.inside:
        parts.append(f"the cages wholly inside ({_cages_text(geo, line.inside)}) add up to {line.inside_sum}")
    if line.out:
        parts.append(f"{_cages_text(geo, line.out)}, sticking out, add up to {line.out_sum}")
    if line.cells and line.minus:
        said = f"the innies {cells_text(geo, line.cells)} less the outies {cells_text(geo, line.minus)} make"
    elif len(line.cells) == 1:
        said = f"the one innie, {geo.cell_name(line.cells[0])}, is"
    elif line.cells:
        said = f"the innies {cells_text(geo, line.cells)} add up to"
    elif len(line.minus) == 1:
        said = f"the one outie, {geo.cell_name(line.minus[0])}, is"
    else:
        said = f"the outies {cells_text(geo, line.minus)} add up to"
    text = f"{'; '.join(parts)}; so {said} {abs(line.total) if not line.cells else line.total}"
    placed = [c for c in (*line.cells, *line.minus) if grid.values[c]]
    if placed:
        text += f" ({and_list([f'{geo.cell_name(c)} = {digit_char(grid.values[c])}' for c in placed])})"
    return text


def _step(
    grid: Grid, line: SumLine, cells: tuple[Cell, ...], rest: int, fits: tuple[int, ...]
) -> Step | None:
    geo = grid.geometry
    shown = (*line.cells, *line.minus)
    if len(cells) == 1 and fits[0] and not fits[0] & (fits[0] - 1):
        cell, digit = cells[0], fits[0].bit_length()
        said = "" if len(shown) == 1 else f": {geo.cell_name(cell)} = {digit_char(digit)}"
        return Step(
            RULE_45,
            placements=((cell, digit),),
            highlights=Highlights(cells=shown, units=line.units, pattern=((cell, digit),)),
            explanation=f"{_reason(geo, grid, line)}{said}.",
        )
    return narrowing_step(grid, RULE_45, cells, fits, f"{_reason(geo, grid, line)}:", line.units, shown)
