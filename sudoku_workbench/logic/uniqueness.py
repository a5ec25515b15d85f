"""Uniqueness techniques: deductions that hold only if the puzzle has exactly one solution.

A *deadly pattern* is four open cells at the corners of a rectangle that spans two rows, two columns
and two boxes, all left with the same two digits a and b: whichever way a and b went, swapping them
would give a second solution. A puzzle with one solution therefore never ends in one, and each rule
removes the candidates that would create one:

* **unique rectangle type 1** — three corners hold only {a, b}: the fourth cannot be a or b;
* **type 2** — two corners hold only {a, b}, the other two {a, b, c}: c is in one of those two, so
  no cell that sees both holds c;
* **type 4** — two corners hold only {a, b}; in a unit holding the other two, a has no other place:
  those two cannot be b;
* **hidden rectangle** — one corner holds only {a, b} and the opposite corner's row and column have
  no place for a outside the rectangle: the opposite corner cannot be b;
* **avoidable rectangle** — three corners were solved (not given) as a, b, a: the fourth (opposite
  the b) cannot be b;
* **BUG+1** — every open cell has two candidates but one, which has three: the digit that would leave
  three places in one of its units goes there (otherwise the grid is a "bivalue universal grave",
  which has zero or two solutions).

Their rows in the rule table say they need one solution: the engine uses them only when asked to
assume one (``rules_assuming_unique``), and the CLI and the window refuse that for a puzzle with several.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step

__all__ = [
    "AVOIDABLE_RECTANGLE",
    "BUG_PLUS_ONE",
    "HIDDEN_RECTANGLE",
    "UNIQUE_RECTANGLE_1",
    "UNIQUE_RECTANGLE_2",
    "UNIQUE_RECTANGLE_4",
    "avoidable_rectangle",
    "bug_plus_one",
    "hidden_rectangle",
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_4",
]

UNIQUE_RECTANGLE_1 = "unique_rectangle_1"
UNIQUE_RECTANGLE_2 = "unique_rectangle_2"
UNIQUE_RECTANGLE_4 = "unique_rectangle_4"
HIDDEN_RECTANGLE = "hidden_rectangle"
AVOIDABLE_RECTANGLE = "avoidable_rectangle"
BUG_PLUS_ONE = "bug_plus_one"

#: Corners in order (r1c1, r1c2, r2c2, r2c1): opposite corners are two apart.
Corners = tuple[Cell, Cell, Cell, Cell]


@functools.cache
def _rectangles(geo: Geometry) -> tuple[Corners, ...]:
    """Every rectangle of cells spanning two rows, two columns and exactly two boxes."""
    found = []
    n = geo.n
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    corners = (r1 * n + c1, r1 * n + c2, r2 * n + c2, r2 * n + c1)
                    if len({geo.box_of[c] for c in corners}) == 2:
                        found.append(corners)
    return tuple(found)


def _pairs(mask: int) -> Iterator[tuple[Digit, Digit, int]]:
    digits = [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]
    for i, a in enumerate(digits):
        for b in digits[i + 1 :]:
            yield a, b, (1 << (a - 1)) | (1 << (b - 1))


def _names(geo: Geometry, cells: tuple[Cell, ...]) -> str:
    return ", ".join(geo.cell_name(c) for c in cells)


def _step(
    rule: str,
    grid: Grid,
    corners: Corners,
    pair: int,
    text: str,
    eliminations: tuple[tuple[Cell, Digit], ...],
) -> Step:
    pattern = tuple((c, d) for c in corners for d in range(1, grid.geometry.n + 1) if pair >> (d - 1) & 1)
    pattern = tuple((c, d) for c, d in pattern if grid.candidates[c] >> (d - 1) & 1)
    highlights = Highlights(cells=corners, pattern=pattern)
    return Step(rule, eliminations=eliminations, highlights=highlights, explanation=text)


def _open_rectangles(grid: Grid) -> Iterator[tuple[Corners, Digit, Digit, int]]:
    """Rectangles of open cells that all keep some pair {a, b}, with the pair."""
    cands = grid.candidates
    for corners in _rectangles(grid.geometry):
        common = cands[corners[0]] & cands[corners[1]] & cands[corners[2]] & cands[corners[3]]
        if common & (common - 1):
            for a, b, pair in _pairs(common):
                yield corners, a, b, pair


def _deadly(geo: Geometry, corners: Corners, a: Digit, b: Digit) -> str:
    return (
        f"{_names(geo, corners)} form a rectangle over two boxes; if all four held only "
        f"{digit_char(a)} and {digit_char(b)}, swapping them would give a second solution"
    )


def unique_rectangle_1(grid: Grid) -> Iterator[Step]:
    """Three corners hold only {a, b}: the fourth loses a and b."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair in _open_rectangles(grid):
        extra = [c for c in corners if cands[c] != pair]
        if len(extra) == 1:
            (cell,) = extra
            text = (
                f"{_deadly(geo, corners, a, b)}. Three corners hold only those two, so "
                f"{geo.cell_name(cell)} is neither {digit_char(a)} nor {digit_char(b)} "
                "(unique rectangle type 1)."
            )
            yield _step(UNIQUE_RECTANGLE_1, grid, corners, pair, text, ((cell, a), (cell, b)))


def unique_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Two corners hold only {a, b}, the other two {a, b, c}: c leaves every cell seeing both."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair in _open_rectangles(grid):
        roof = [c for c in corners if cands[c] != pair]
        if len(roof) != 2 or cands[roof[0]] != cands[roof[1]]:
            continue
        extra = cands[roof[0]] & ~pair
        if extra & (extra - 1):
            continue
        c = extra.bit_length()
        victims = tuple(
            p
            for p in set(geo.peers[roof[0]]) & set(geo.peers[roof[1]])
            if cands[p] & extra and p not in corners
        )
        if victims:
            text = (
                f"{_deadly(geo, corners, a, b)}. So {digit_char(c)} is in {geo.cell_name(roof[0])} or "
                f"{geo.cell_name(roof[1])}, and no cell that sees both holds it (unique rectangle type 2)."
            )
            yield _step(
                UNIQUE_RECTANGLE_2, grid, corners, pair | extra, text, tuple((v, c) for v in sorted(victims))
            )


def unique_rectangle_4(grid: Grid) -> Iterator[Step]:
    """Two corners hold only {a, b}; a unit holds the other two as a's only places: they lose b."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair in _open_rectangles(grid):
        roof = [c for c in corners if cands[c] != pair]
        if len(roof) != 2:
            continue
        for unit in geo.shared_units(roof[0], roof[1]):
            for keep, drop in ((a, b), (b, a)):
                bit = 1 << (keep - 1)
                if [c for c in geo.units[unit] if cands[c] & bit] == sorted(roof):
                    text = (
                        f"{_deadly(geo, corners, a, b)}. In {geo.unit_name(unit)}, {digit_char(keep)} "
                        f"can only go in {_names(geo, tuple(roof))}, so one of them is {digit_char(keep)} "
                        "and neither can "
                        f"be {digit_char(drop)} (unique rectangle type 4)."
                    )
                    yield _step(UNIQUE_RECTANGLE_4, grid, corners, pair, text, tuple((c, drop) for c in roof))


def hidden_rectangle(grid: Grid) -> Iterator[Step]:
    """A corner holds only {a, b}; a has no place off the rectangle in the opposite corner's lines."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair in _open_rectangles(grid):
        for i, corner in enumerate(corners):
            if cands[corner] != pair:
                continue
            far = corners[(i + 2) % 4]
            row, col = geo.units_of[far][0], geo.units_of[far][1]
            for keep, drop in ((a, b), (b, a)):
                bit = 1 << (keep - 1)
                if all(c in corners for u in (row, col) for c in geo.units[u] if cands[c] & bit):
                    text = (
                        f"{_deadly(geo, corners, a, b)}. {geo.cell_name(corner)} holds only those two, "
                        "and in "
                        f"{geo.unit_name(row)} and {geo.unit_name(col)} {digit_char(keep)} stays inside the "
                        f"rectangle; {geo.cell_name(far)} = {digit_char(drop)} would force the deadly "
                        "pattern, "
                        f"so it is not {digit_char(drop)} (hidden rectangle)."
                    )
                    yield _step(HIDDEN_RECTANGLE, grid, corners, pair, text, ((far, drop),))


def avoidable_rectangle(grid: Grid) -> Iterator[Step]:
    """Three corners solved (not given) as a, b, a: the fourth, opposite the b, cannot be b."""
    geo = grid.geometry
    values, givens, cands = grid.values, grid.givens, grid.candidates
    for corners in _rectangles(geo):
        for i, cell in enumerate(corners):
            others = [corners[(i + k) % 4] for k in (1, 2, 3)]
            if values[cell] or any(givens[c] or not values[c] for c in others):
                continue
            side1, opposite, side2 = (values[c] for c in others)
            if side1 == side2 and side1 != opposite and cands[cell] >> (opposite - 1) & 1:
                text = (
                    f"{_names(geo, tuple(others))} were solved (not given) as {digit_char(side1)}, "
                    f"{digit_char(opposite)}, {digit_char(side2)}; "
                    f"{geo.cell_name(cell)} = {digit_char(opposite)} "
                    f"would let the rectangle swap its digits into a second solution, so it is not "
                    f"{digit_char(opposite)} (avoidable rectangle)."
                )
                step = Step(
                    AVOIDABLE_RECTANGLE,
                    eliminations=((cell, opposite),),
                    highlights=Highlights(cells=corners, pattern=((cell, opposite),)),
                    explanation=text,
                )
                yield step


def bug_plus_one(grid: Grid) -> Iterator[Step]:
    """Every open cell bivalue but one with three candidates: its digit seen three times goes there."""
    geo, cands = grid.geometry, grid.candidates
    open_cells = [c for c in range(geo.size) if cands[c]]
    three = [c for c in open_cells if cands[c].bit_count() != 2]
    if len(three) != 1 or cands[three[0]].bit_count() != 3:
        return
    cell = three[0]
    for digit in range(1, geo.n + 1):
        bit = 1 << (digit - 1)
        if not cands[cell] & bit:
            continue
        if all(sum(1 for c in geo.units[u] if cands[c] & bit) == 3 for u in geo.units_of[cell]):
            text = (
                f"Every open cell but {geo.cell_name(cell)} has two candidates. Without {digit_char(digit)} "
                f"there, every digit would have exactly two places in each unit: a bivalue universal grave, "
                f"which has no single solution. So {geo.cell_name(cell)} is {digit_char(digit)} (BUG+1)."
            )
            yield Step(
                BUG_PLUS_ONE,
                placements=((cell, digit),),
                highlights=Highlights(cells=(cell,), pattern=((cell, digit),)),
                explanation=text,
            )
            return
