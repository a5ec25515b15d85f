"""Death Blossom: a stem cell whose every candidate feeds an almost locked set (a petal).

A stem cell holds candidates d1 … dk; for each di there is a petal, an ALS whose cells holding di all
see the stem. Whatever the stem is, say di, the petal of di loses di and is locked on its other
digits. A digit z (not the stem's) held by every petal is therefore in one of them in every case, and
it leaves each cell that sees all the petals' z-cells. Petals may share cells (HoDoKu's second type):
each is locked in its own case, so the argument does not need them apart. All such z of one blossom
make one step.

Stems hold two to :data:`MAX_STEM` candidates. The search keeps, per digit z still common to the petals
chosen so far, the cells that see all their z-cells, and drops a branch once none is left; one call
tries at most :data:`BLOSSOM_BUDGET` petals (a big grid may miss a blossom, never make a wrong step).
Most positions have no blossom: a test on all stems first (what any petal of each stem digit removes,
intersected) proves that, and then no petal is tried.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Form, Highlights, Link, Step
from sudoku_workbench.logic.als._als_links import (
    als_highlights,
    als_name,
    digit_fields,
    other_digits,
    sights,
    victim_table,
)
from sudoku_workbench.logic.als.als_sets import Als, almost_locked_sets
from sudoku_workbench.logic.shared._digit_links import bits_of, digit_links, lowest_cell
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = ["BLOSSOM_BUDGET", "DEATH_BLOSSOM", "MAX_STEM", "death_blossom"]

DEATH_BLOSSOM = "death_blossom"
#: Petals one call may try.
BLOSSOM_BUDGET = 20_000
#: Most candidates a stem may hold (each needs a petal, so larger stems rarely bloom).
MAX_STEM = 4

#: Per digit z common to all the petals, the cells (outside them) that see all their z-cells.
_Reach = list[tuple[Digit, int]]


def death_blossom(grid: Grid) -> Iterator[Step]:
    """A stem whose every candidate has a petal: a digit of all petals leaves what sees all of its cells."""
    geo = grid.geometry
    packed = victim_table(grid)
    stems = _stems(grid)
    if not any(_may_bloom(geo, packed, stem_mask, masks) for _, stem_mask, masks in stems):
        return
    budget = [BLOSSOM_BUDGET]
    done: set[frozenset[Candidate]] = set()
    for stem, stem_mask, masks in stems:
        for petals, live in _stem_blossoms(grid, stem, stem_mask, masks, budget):
            reach = digit_fields(geo, live)
            eliminations = frozenset((cell, z) for z, cells in reach for cell in bits_of(cells))
            if eliminations not in done:
                done.add(eliminations)
                yield _blossom_step(grid, stem, [d for d, _ in masks], petals, reach)
        if budget[0] <= 0:
            return


def _stem_blossoms(
    grid: Grid, stem: Cell, stem_mask: int, masks: list[tuple[Digit, int]], budget: list[int]
) -> Iterator[tuple[tuple[Als, ...], int]]:
    """The blossoms of one stem (see :func:`_blossoms`), from its petal sets per digit (``masks``)."""
    sets, packed = almost_locked_sets(grid), victim_table(grid)
    holders = digit_links(grid).holders
    size = grid.geometry.size
    options = [(d, [(sets[i], packed[i]) for i in bits_of(mask)]) for d, mask in masks]
    start = sum(
        (holders[z + 1] & ~(1 << stem)) << z * size for z in range(grid.geometry.n) if not stem_mask >> z & 1
    )
    return _blossoms(options, start, budget)


def _stems(grid: Grid) -> list[tuple[Cell, int, list[tuple[Digit, int]]]]:
    """Each stem with its candidates and, per candidate d, the sets off it whose d-cells all see it.

    Only stems with such a set for every candidate (most lack one).
    """
    on_cell, seeing, _ = sights(grid)
    stems = []
    for stem, stem_mask in enumerate(grid.candidates):
        if not 2 <= stem_mask.bit_count() <= MAX_STEM:
            continue
        masks = [(d + 1, seeing[d + 1][stem] & ~on_cell[stem]) for d in bits_of(stem_mask)]
        if all(mask for _, mask in masks):
            stems.append((stem, stem_mask, masks))
    return stems


def _may_bloom(
    geo: Geometry, packed: tuple[int, ...], stem_mask: int, masks: list[tuple[Digit, int]]
) -> bool:
    """False when no choice of petals leaves a digit off the stem with a cell to remove.

    A necessary condition, checked before any petal is chosen: per stem digit, what any of its petals
    removes (their packed :func:`victim_table` rows ORed), ANDed over the stem's digits. Most
    positions have no blossom, and this proves it in one OR per petal instead of a search.
    """
    live = -1
    for d in bits_of(stem_mask):
        live &= other_digits(geo)[d + 1]
    for _, mask in masks:
        union = 0
        while mask:  # bits_of() written out: tens of petals per stem digit
            low = mask & -mask
            union |= packed[low.bit_length() - 1]
            mask ^= low
        live &= union
        if not live:
            return False
    return True


def _blossoms(
    options: list[tuple[Digit, list[tuple[Als, int]]]], start: int, budget: list[int]
) -> Iterator[tuple[tuple[Als, ...], int]]:
    """One petal per stem digit such that some digit of all of them still has victims; depth first.

    ``start`` and what is yielded are packed as :func:`victim_table` rows: per digit z off the stem
    still common to the petals, the cells that see all their z-cells.
    """
    stack: list[tuple[tuple[Als, ...], int]] = [((), start)]
    last = len(options) - 1
    while stack:
        chosen, reach = stack.pop()
        for petal, row in options[len(chosen)][1]:
            budget[0] -= 1
            if budget[0] <= 0:
                return
            narrowed = reach & row
            if not narrowed:
                continue
            if len(chosen) == last:
                yield (*chosen, petal), narrowed
            else:
                stack.append(((*chosen, petal), narrowed))


def _blossom_step(
    grid: Grid, stem: Cell, digits: list[Digit], petals: tuple[Als, ...], reach: _Reach
) -> Step:
    geo = grid.geometry
    links = tuple(
        Link((stem, d), (lowest_cell(p.holders[d]), d), strong=False)
        for d, p in zip(digits, petals, strict=True)
    )
    highlights = als_highlights(grid, tuple(dict.fromkeys(petals)), links)
    return Step(
        DEATH_BLOSSOM,
        eliminations=tuple((cell, z) for z, cells in reach for cell in bits_of(cells)),
        highlights=Highlights(
            cells=(stem, *highlights.cells),
            units=highlights.units,
            pattern=(*((stem, d) for d in digits), *highlights.pattern),
            links=links,
        ),
        explanation=_explanation(geo, stem, digits, petals, reach),
        form=Form(almost_locked_sets=len(set(petals))),
    )


def _explanation(
    geo: Geometry, stem: Cell, digits: list[Digit], petals: tuple[Als, ...], reach: _Reach
) -> str:
    stem_digits = and_list([digit_char(d) for d in digits])
    cases = "; ".join(
        f"if it is {digit_char(d)}, {als_name(geo, p)} is locked" for d, p in zip(digits, petals, strict=True)
    )
    shared = and_list([digit_char(z) for z, _ in reach])
    gone = "; ".join(
        f"{digit_char(z)} leaves {cells_text(geo, bits_of(cells))}, which "
        f"{'sees' if cells.bit_count() == 1 else 'see'} every {digit_char(z)} of the petals"
        for z, cells in reach
    )
    each = f"{shared} is in one of them" if len(reach) == 1 else f"each of {shared} is in one of them"
    return (
        f"Death Blossom: the stem {geo.cell_name(stem)} holds {stem_digits}; {cases} without it (its "
        f"{stem_digits} cells see the stem). Every petal holds {shared}, so {each}: {gone}."
    )
