"""Naked tuples found inside the connected components of a unit's shared-candidate graph.

In a unit, join two open cells when they share a candidate. A naked tuple (k cells holding only k
digits between them) always lies inside one connected component, and it is useful exactly when it is
smaller than its component: then its digits leave the component's other cells (the 2020 blog post
"Solving Sudoku with Graph Theory"). Searching component by component keeps the subsets small.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator

from sudoku_workbench.core.geometry import Cell, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._memos import LastAnswers
from sudoku_workbench.logic.shared._positions import cell_candidates, unit_getters
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = ["NAKED_PAIR", "NAKED_TUPLE", "byte_mask", "components", "naked_pair", "naked_tuple", "small_cells"]

NAKED_PAIR = "naked_pair"
NAKED_TUPLE = "naked_tuple"
#: Largest tuple the naked-tuple rule looks for; bigger ones are Chain Exclusion's job.
MAX_TUPLE = 4
_NAMES = {2: "pair", 3: "triple", 4: "quadruple"}


@functools.cache
def _small_masks(n: int, size: int) -> frozenset[int]:
    """The candidate masks of one to ``size`` digits (the cells that fit in a set of ``size``)."""
    return frozenset(
        sum(1 << d for d in digits)
        for k in range(1, size + 1)
        for digits in itertools.combinations(range(n), k)
    )


def small_cells(cands: tuple[int, ...], n: int, size: int) -> int:
    """The open cells with at most ``size`` candidates, as one byte per cell (1 or 0) of a number.

    The test runs in C over the whole grid, several times faster than a Python loop over the cells;
    ``(small_cells(...) & byte_mask(cells)).bit_count()`` then counts the fitting cells of a unit.
    """
    return int.from_bytes(bytes(map(_small_masks(n, size).__contains__, cands)), "little")


def byte_mask(cells: Iterable[Cell]) -> int:
    """The cells as a mask with a byte per cell, to read :func:`small_cells` with."""
    return sum(1 << 8 * c for c in cells)


@functools.cache
def _unit_bytes(geo: Geometry) -> tuple[int, ...]:
    return tuple(byte_mask(cells) for cells in geo.units)


def components(cands: tuple[int, ...], cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The connected components of the shared-candidate graph on the open ``cells``.

    A cell joins a growing component when it shares a candidate with any member, i.e. with the union
    of the members' candidates.
    """
    left = [c for c in cells if cands[c]]
    found = []
    while left:
        members = [left[0]]
        union = cands[left[0]]
        left = left[1:]
        grown = True
        while grown:
            grown = False
            apart = []
            for cell in left:
                if cands[cell] & union:
                    members.append(cell)
                    union |= cands[cell]
                    grown = True
                else:
                    apart.append(cell)
            left = apart
        found.append(tuple(sorted(members)))
    return found


def _tuples(grid: Grid, rule: str, sizes: range) -> Iterator[Step]:
    geo = grid.geometry
    cands = grid.candidates
    fits = small_cells(cands, geo.n, sizes[-1])
    latest = _LATEST.slots((geo, sizes[0], sizes[-1]), len(geo.units))
    for unit, (cells, inside, unit_cands) in enumerate(
        zip(geo.units, _unit_bytes(geo), unit_getters(geo), strict=True)
    ):
        if (fits & inside).bit_count() < sizes[0]:  # too few small cells for any set (most units, for pairs)
            continue
        found = _LATEST.answer(latest, unit, unit_cands(cands), _unit_tuples, sizes[0], sizes[-1])
        for component, subset, union in found:
            yield _tuple_step(
                grid, rule, unit, tuple(cells[i] for i in component), tuple(cells[i] for i in subset), union
            )


#: A unit's naked tuples: (component, subset, digits), places within the unit.
_Tuples = tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]
#: Per geometry and tuple sizes, each unit's candidates when last asked and its tuples then.
_LATEST: LastAnswers[_Tuples] = LastAnswers()


def _unit_tuples(smallest: int, largest: int, cands: tuple[int, ...]) -> _Tuples:
    """The naked tuples of one unit's candidates: (component, subset, digits), places within the unit.

    Kept in :data:`_LATEST` by the candidates alone: most units are as they were when the rule was
    last asked.
    """
    found = []
    for component in components(cands, tuple(range(len(cands)))):
        for size in range(smallest, largest + 1):
            if size >= len(component):
                break
            small = [i for i in component if cands[i].bit_count() <= size]
            for subset in itertools.combinations(small, size):
                union = 0
                for i in subset:
                    union |= cands[i]
                if union.bit_count() == size:
                    found.append((component, subset, union))
    return tuple(found)


def _tuple_step(
    grid: Grid, rule: str, unit: int, component: tuple[Cell, ...], subset: tuple[Cell, ...], union: int
) -> Step:
    geo = grid.geometry
    rest = [c for c in component if c not in subset]
    eliminations = cell_candidates(grid, rest, union)
    digits = mask_text(union)
    return Step(
        rule,
        eliminations=eliminations,
        highlights=Highlights(
            cells=subset,
            units=(unit,),
            pattern=cell_candidates(grid, subset),
        ),
        explanation=(
            f"In {geo.unit_name(unit)}, the cells {cells_text(geo, component)} are linked by shared "
            f"candidates. Among them {cells_text(geo, subset)} hold only {digits} (a naked "
            f"{_NAMES.get(len(subset), f'{len(subset)}-tuple')}), so {digits} leave "
            f"{cells_text(geo, dict.fromkeys(c for c, _ in eliminations))}."
        ),
    )


def naked_pair(grid: Grid) -> Iterator[Step]:
    """Two cells of a unit holding only the same two digits: those digits leave the unit's other cells."""
    return _tuples(grid, NAKED_PAIR, range(2, 3))


def naked_tuple(grid: Grid) -> Iterator[Step]:
    """Three or four cells of a unit holding only as many digits between them: those digits leave the rest."""
    return _tuples(grid, NAKED_TUPLE, range(3, MAX_TUPLE + 1))
