"""Uniqueness techniques: deductions that hold only if the puzzle has exactly one solution.

A *deadly pattern* is four open cells at the corners of a rectangle that spans two rows, two columns
and two boxes, all left with the same two digits a and b: whichever way a and b went, swapping them
would give a second solution. A puzzle with one solution therefore never ends in one, and each rule
removes the candidates that would create one:

* **unique rectangle type 1** — three corners hold only {a, b}: the fourth cannot be a or b;
* **type 2** — two corners hold only {a, b}, the other two, in one row or column, {a, b, c}: c is in
  one of those two, so no cell that sees both holds c;
* **type 3** — two corners hold only {a, b}, the other two share a unit and more digits; those act
  as one cell holding their extra digits, which may complete a naked subset in that unit;
* **type 4** — two corners hold only {a, b}; in a unit holding the other two, a has no other place:
  those two cannot be b;
* **type 5** — as type 2, but with the two {a, b, c} corners diagonal, or three of them;
* **type 6** — two diagonal corners hold only {a, b}; if a has no place off the rectangle in its two
  rows and two columns, a sits on those two corners, and the other two lose a;
* **hidden rectangle** — one corner holds only {a, b} and the opposite corner's row and column have
  no place for a outside the rectangle: the opposite corner cannot be b;
* **avoidable rectangle** — three corners were solved (not given) as a, b, a: the fourth (opposite
  the b) cannot be b; **type 2**: two corners were solved, the other two are {b, x} and {a, x}: x
  is in one of them (in :mod:`~sudoku_workbench.logic.uniqueness.uniqueness_more`, with types 3, 5 and 6);
* **BUG+1** — every open cell has two candidates but one, which has three, and every digit has two
  places in each unit but one digit in that cell's units: that digit goes there (otherwise the grid
  is a "bivalue universal grave", which has zero or two solutions). Like HoDoKu, the step removes
  the cell's other two candidates.

Their rows in the rule table say they need one solution: the engine uses them only when asked to
assume one (``rules_assuming_unique``), and the CLI and the window refuse that for a puzzle with several.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.uniqueness._rectangles import (
    deadly_text,
    names,
    one_corner,
    one_digit_roofs,
    open_rectangles,
    present,
    rectangle_step,
    roofed_rectangles,
    solved_rectangles,
    two_corners,
    two_in_line,
)
from sudoku_workbench.logic.uniqueness.uniqueness_more import (
    AVOIDABLE_RECTANGLE_2,
    UNIQUE_RECTANGLE_3,
    UNIQUE_RECTANGLE_5,
    UNIQUE_RECTANGLE_6,
    avoidable_rectangle_2,
    unique_rectangle_3,
    unique_rectangle_5,
    unique_rectangle_6,
)

__all__ = [
    "AVOIDABLE_RECTANGLE",
    "AVOIDABLE_RECTANGLE_2",
    "BUG_PLUS_ONE",
    "HIDDEN_RECTANGLE",
    "UNIQUE_RECTANGLE_1",
    "UNIQUE_RECTANGLE_2",
    "UNIQUE_RECTANGLE_3",
    "UNIQUE_RECTANGLE_4",
    "UNIQUE_RECTANGLE_5",
    "UNIQUE_RECTANGLE_6",
    "avoidable_rectangle",
    "avoidable_rectangle_2",
    "bug_plus_one",
    "hidden_rectangle",
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_3",
    "unique_rectangle_4",
    "unique_rectangle_5",
    "unique_rectangle_6",
]

UNIQUE_RECTANGLE_1 = "unique_rectangle_1"
UNIQUE_RECTANGLE_2 = "unique_rectangle_2"
UNIQUE_RECTANGLE_4 = "unique_rectangle_4"
HIDDEN_RECTANGLE = "hidden_rectangle"
AVOIDABLE_RECTANGLE = "avoidable_rectangle"
BUG_PLUS_ONE = "bug_plus_one"


def unique_rectangle_1(grid: Grid) -> Iterator[Step]:
    """Three corners hold only {a, b}: the fourth loses a and b."""
    geo = grid.geometry
    for corners, a, b, pair, top in roofed_rectangles(grid, one_corner):
        eliminations = present(grid, ((top[0], a), (top[0], b)))
        if eliminations:
            cell = top[0]
            text = (
                f"{deadly_text(geo, corners, a, b)}. Three corners hold only those two, so "
                f"{geo.cell_name(cell)} is neither {digit_char(a)} nor {digit_char(b)} "
                "(unique rectangle type 1)."
            )
            yield rectangle_step(UNIQUE_RECTANGLE_1, grid, corners, pair, text, eliminations)


def unique_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Two corners in one line hold {a, b, c}, the others only {a, b}: c leaves every cell seeing both."""
    geo = grid.geometry
    for found in one_digit_roofs(grid, two_in_line):
        top, c = found.top, found.c
        text = (
            f"{deadly_text(geo, found.corners, found.a, found.b)}. So {digit_char(c)} is in "
            f"{geo.cell_name(top[0])} or {geo.cell_name(top[1])}, and no cell that sees both holds it "
            f"(unique rectangle type 2)."
        )
        yield found.step(UNIQUE_RECTANGLE_2, grid, text)


def unique_rectangle_4(grid: Grid) -> Iterator[Step]:
    """Two corners hold only {a, b}; a unit holds the other two as a's only places: they lose b."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair, top in roofed_rectangles(grid, two_corners):
        for unit in geo.shared_units(*top):
            for keep, drop in ((a, b), (b, a)):
                bit = 1 << (keep - 1)
                eliminations = present(grid, ((c, drop) for c in top))
                if eliminations and [c for c in geo.units[unit] if cands[c] & bit] == sorted(top):
                    text = (
                        f"{deadly_text(geo, corners, a, b)}. In {geo.unit_name(unit)}, {digit_char(keep)} "
                        f"can only go in {names(geo, top)}, so one of them is {digit_char(keep)} "
                        f"and neither can be {digit_char(drop)} (unique rectangle type 4)."
                    )
                    yield rectangle_step(UNIQUE_RECTANGLE_4, grid, corners, pair, text, eliminations)


def hidden_rectangle(grid: Grid) -> Iterator[Step]:
    """A corner holds only {a, b}; a has no place off the rectangle in the opposite corner's lines."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair in open_rectangles(grid):
        for i, corner in enumerate(corners):
            if cands[corner] & ~pair:
                continue
            far = corners[(i + 2) % 4]
            row, col = geo.units_of[far][0], geo.units_of[far][1]
            for keep, drop in ((a, b), (b, a)):
                bit = 1 << (keep - 1)
                if cands[far] >> (drop - 1) & 1 and all(
                    c in corners for u in (row, col) for c in geo.units[u] if cands[c] & bit
                ):
                    text = (
                        f"{deadly_text(geo, corners, a, b)}. {geo.cell_name(corner)} holds only those two, "
                        "and in "
                        f"{geo.unit_name(row)} and {geo.unit_name(col)} {digit_char(keep)} stays inside the "
                        f"rectangle; {geo.cell_name(far)} = {digit_char(drop)} would force the deadly "
                        "pattern, "
                        f"so it is not {digit_char(drop)} (hidden rectangle)."
                    )
                    yield rectangle_step(HIDDEN_RECTANGLE, grid, corners, pair, text, ((far, drop),))


def avoidable_rectangle(grid: Grid) -> Iterator[Step]:
    """Three corners solved (not given) as a, b, a: the fourth, opposite the b, cannot be b."""
    geo = grid.geometry
    values, cands = grid.values, grid.candidates
    for corners in solved_rectangles(grid, 3):
        for i, cell in enumerate(corners):
            others = [corners[(i + k) % 4] for k in (1, 2, 3)]
            if values[cell]:
                continue
            side1, opposite, side2 = (values[c] for c in others)
            if side1 == side2 and side1 != opposite and cands[cell] >> (opposite - 1) & 1:
                text = (
                    f"{names(geo, tuple(others))} were solved (not given) as {digit_char(side1)}, "
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


def _bug_digit(grid: Grid, cell: int) -> int:
    """The digit that, taken from ``cell``, would leave a bivalue universal grave; 0 if there is none.

    A grave: every digit has no place or exactly two in each unit. Here that must hold everywhere
    except for one digit of ``cell``, which has three places in each of the cell's units.
    """
    geo, cands = grid.geometry, grid.candidates
    odd = {
        (unit, digit)
        for unit, members in enumerate(geo.units)
        for digit in range(1, geo.n + 1)
        if sum(1 for c in members if cands[c] >> (digit - 1) & 1) not in (0, 2)
    }
    for digit in range(1, geo.n + 1):
        if not cands[cell] >> (digit - 1) & 1:
            continue
        if odd == {(unit, digit) for unit in geo.units_of[cell]} and all(
            sum(1 for c in geo.units[unit] if cands[c] >> (digit - 1) & 1) == 3 for unit in geo.units_of[cell]
        ):
            return digit
    return 0


def bug_plus_one(grid: Grid) -> Iterator[Step]:
    """Every open cell bivalue but one with three candidates: the digit that breaks the grave stays there."""
    geo, cands = grid.geometry, grid.candidates
    three = [c for c in range(geo.size) if cands[c] and cands[c].bit_count() != 2]
    if len(three) != 1 or cands[three[0]].bit_count() != 3:
        return
    cell = three[0]
    digit = _bug_digit(grid, cell)
    if not digit:
        return
    others = tuple(d for d in range(1, geo.n + 1) if cands[cell] >> (d - 1) & 1 and d != digit)
    text = (
        f"Every open cell but {geo.cell_name(cell)} has two candidates, and every digit has two places in "
        f"each unit but {digit_char(digit)} in the units of {geo.cell_name(cell)}. Without "
        f"{digit_char(digit)} there the grid would be a bivalue universal grave, which has no single "
        f"solution. So {geo.cell_name(cell)} is {digit_char(digit)}: it is neither "
        f"{' nor '.join(digit_char(d) for d in others)} (BUG+1)."
    )
    yield Step(
        BUG_PLUS_ONE,
        eliminations=tuple((cell, d) for d in others),
        highlights=Highlights(cells=(cell,), pattern=((cell, digit),)),
        explanation=text,
    )
