"""Unique rectangle types 3, 5 and 6 and avoidable rectangle type 2 (HoDoKu's "Uniqueness Test 3/5/6").

They hold only when the puzzle has one solution, like the rules of
:mod:`~sudoku_workbench.logic.uniqueness.uniqueness`, whose table lists them. Each one reads the same deadly
rectangle (two rows, two columns, two boxes, one digit pair) another way:

* **type 3**: the two corners with extra digits share a unit; one of them holds an extra digit, so
  together they act as one cell holding just their extras. With k - 1 cells of that unit (none
  holding a or b) they may make k cells with k digits, a naked subset: those digits leave the
  rest of the unit (and of the box, when every cell of the subset is in one box too);
* **type 5**: type 2 (every extra corner holds {a, b, c}) where the two extra corners are diagonal,
  or where three corners hold c: c is in one of them, so no cell that sees all of them holds c;
* **type 6**: two diagonal corners hold only {a, b}; a digit with no place off the rectangle in the
  two rows and the two columns forms an X-Wing there, and on the extra corners it would close the
  deadly pattern, so those two lose it;
* **avoidable rectangle type 2**: two corners in one line were solved (not given) as a and b; the
  corner opposite the a holds {a, x} and the one opposite the b {b, x}: if neither were x, the four
  non-given cells would swap into a second solution, so no cell that sees both holds x.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid, digits_of_mask
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._text import cells_text, mask_text
from sudoku_workbench.logic.uniqueness._rectangles import (
    Corners,
    common_peers,
    deadly_text,
    diagonal_or_three,
    names,
    one_digit_roofs,
    present,
    rectangle_step,
    roofed_rectangles,
    solved_rectangles,
    two_corners,
    two_diagonal,
)

__all__ = [
    "AVOIDABLE_RECTANGLE_2",
    "UNIQUE_RECTANGLE_3",
    "UNIQUE_RECTANGLE_5",
    "UNIQUE_RECTANGLE_6",
    "avoidable_rectangle_2",
    "unique_rectangle_3",
    "unique_rectangle_5",
    "unique_rectangle_6",
]

UNIQUE_RECTANGLE_3 = "unique_rectangle_3"
UNIQUE_RECTANGLE_5 = "unique_rectangle_5"
UNIQUE_RECTANGLE_6 = "unique_rectangle_6"
AVOIDABLE_RECTANGLE_2 = "avoidable_rectangle_2"

_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quadruple"}


def _one_box(geo: Geometry, cells: tuple[Cell, ...]) -> int | None:
    """The box holding all of ``cells`` (as a unit number), or None."""
    boxes = {geo.units_of[c][2] for c in cells}
    return boxes.pop() if len(boxes) == 1 else None


def _in_one_line(geo: Geometry, cells: tuple[Cell, ...]) -> bool:
    return any(len({geo.units_of[c][k] for c in cells}) == 1 for k in (0, 1))


def _subset_eliminations(
    grid: Grid, houses: tuple[int, ...], members: tuple[Cell, ...], digits: int
) -> tuple[tuple[Cell, Digit], ...]:
    """The subset's digits in the other cells of its houses."""
    cands = grid.candidates
    cells = sorted({c for h in houses for c in grid.geometry.units[h] if c not in members})
    return tuple((c, d) for c in cells for d in digits_of_mask(cands[c] & digits))


def _type_3_in_unit(
    grid: Grid, corners: Corners, a: Digit, b: Digit, pair: int, top: tuple[Cell, ...], unit: int
) -> Iterator[Step]:
    """Naked subsets of the roof's virtual cell and other cells of ``unit``, smallest first."""
    geo, cands = grid.geometry, grid.candidates
    extra = (cands[top[0]] | cands[top[1]]) & ~pair
    others = [c for c in geo.units[unit] if cands[c] and not cands[c] & pair and c not in top]
    is_box = unit >= 2 * geo.n
    for size in range(1, len(others) + 1):
        for chosen in itertools.combinations(others, size):
            digits = extra
            for cell in chosen:
                digits |= cands[cell]
            members = top + chosen
            if digits.bit_count() != size + 1 or (is_box and _in_one_line(geo, members)):
                continue
            box = None if is_box else _one_box(geo, members)
            houses = (unit,) if box is None else (unit, box)
            eliminations = _subset_eliminations(grid, houses, members, digits)
            if not eliminations:
                continue
            where = " and ".join(geo.unit_name(h) for h in houses)
            text = (
                f"{deadly_text(geo, corners, a, b)}. So {geo.cell_name(top[0])} or {geo.cell_name(top[1])} "
                f"holds one of {mask_text(extra)}: the two act as one cell with those candidates. With "
                f"{cells_text(geo, chosen)} they make {size + 1} cells of {geo.unit_name(unit)} holding only "
                f"{mask_text(digits)}, a naked {_SUBSET_NAMES.get(size + 1, 'subset')}, so those digits "
                f"leave the other cells of {where} (unique rectangle type 3)."
            )
            yield rectangle_step(
                UNIQUE_RECTANGLE_3, grid, corners, pair | digits, text, eliminations, chosen, houses
            )


def unique_rectangle_3(grid: Grid) -> Iterator[Step]:
    """The two extra corners act as one cell of their extra digits, completing a naked subset."""
    geo = grid.geometry
    for corners, a, b, pair, top in roofed_rectangles(grid, two_corners):
        for unit in geo.shared_units(*top):
            yield from _type_3_in_unit(grid, corners, a, b, pair, top, unit)


def unique_rectangle_5(grid: Grid) -> Iterator[Step]:
    """Two diagonal corners, or three, hold {a, b, c}: c leaves every cell seeing all of them."""
    geo = grid.geometry
    for found in one_digit_roofs(grid, diagonal_or_three):
        a, b, c = found.a, found.b, found.c
        text = (
            f"{deadly_text(geo, found.corners, a, b)}. {cells_text(geo, found.top)} hold only "
            f"{digit_char(a)}, {digit_char(b)} and {digit_char(c)}, so {digit_char(c)} is in one of them, "
            f"and no cell that sees all of them holds it (unique rectangle type 5)."
        )
        yield found.step(UNIQUE_RECTANGLE_5, grid, text)


def unique_rectangle_6(grid: Grid) -> Iterator[Step]:
    """Diagonal {a, b} corners; a digit confined to the rectangle in its lines leaves the other two."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair, top in roofed_rectangles(grid, two_diagonal):
        lines = tuple(geo.units_of[c][k] for c in top for k in (0, 1))
        for keep, other in ((a, b), (b, a)):
            bit = 1 << (keep - 1)
            eliminations = present(grid, ((c, keep) for c in top))
            outside = (c for u in lines for c in geo.units[u] if c not in corners)
            if not eliminations or any(cands[c] & bit for c in outside):
                continue
            floor = tuple(c for c in corners if c not in top)
            text = (
                f"{deadly_text(geo, corners, a, b)}. In its two rows and two columns {digit_char(keep)} "
                f"can only go on the corners, so it fills one diagonal. On {names(geo, top)} it would "
                f"leave {names(geo, floor)} with {digit_char(other)} and close the rectangle, so it sits on "
                f"{names(geo, floor)} and {names(geo, top)} lose it (unique rectangle type 6)."
            )
            yield rectangle_step(UNIQUE_RECTANGLE_6, grid, corners, pair, text, eliminations)


def avoidable_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Solved a, b in a line; the opposite corners {a, x} and {b, x}: x leaves the cells seeing both."""
    geo, cands, values = grid.geometry, grid.candidates, grid.values
    for corners in solved_rectangles(grid, 2):
        for i in range(4):
            first, second, across, beside = (corners[(i + k) % 4] for k in range(4))
            if values[across] or values[beside]:
                continue
            p, q = values[first], values[second]
            extra = cands[across] & ~(1 << (p - 1))
            if (
                cands[across].bit_count() != 2
                or extra == cands[across]
                or cands[beside] != extra | 1 << (q - 1)
                or extra & 1 << (q - 1)
            ):
                continue
            x = extra.bit_length()
            victims = sorted(c for c in common_peers(geo, (across, beside)) if cands[c] & extra)
            if not victims:
                continue
            text = (
                f"{names(geo, (first, second))} were solved (not given) as {digit_char(p)} and "
                f"{digit_char(q)}. "
                f"If {geo.cell_name(across)} were {digit_char(p)} and {geo.cell_name(beside)} "
                f"{digit_char(q)}, the four cells {names(geo, corners)} could swap their digits into a "
                f"second solution; so one of them is {digit_char(x)}, and no cell that sees both holds it "
                "(avoidable rectangle type 2)."
            )
            yield Step(
                AVOIDABLE_RECTANGLE_2,
                eliminations=tuple((v, x) for v in victims),
                highlights=Highlights(
                    cells=corners, pattern=((across, p), (across, x), (beside, q), (beside, x))
                ),
                explanation=text,
            )
