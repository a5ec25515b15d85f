"""Empty Rectangle: a box whose copies of d lie on one row and one column, with a strong link outside.

In a box, d may lie only in one row r and one column c of the box (with at least one candidate on each
arm away from their crossing). Then the box's d is in row r or in column c. Take a strong link on d in
a column outside the box's stack, one end p in row r and the other q in row r2 (outside the box's
band). If the cell t where row r2 meets column c were d, q would not be, so p would be, which empties
row r of the box; the box's d would then have to sit in column c, which t blocks. So t is not d. The
same holds with rows and columns swapped. It is a grouped chain of two strong links (the box's two arms,
then p–q), the grouped form of the Turbot fish.

Each rectangle is a :class:`Rectangle` record, remembered per digit layout; the dual Empty Rectangle
(:mod:`~sudoku_workbench.logic.digit_patterns.dual_patterns`) joins the records of one box.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.shared._digit_links import DigitLinks, bits_of, digit_links, lowest_cell
from sudoku_workbench.logic.shared._memos import per_digit
from sudoku_workbench.logic.shared._text import cells_text

__all__ = [
    "EMPTY_RECTANGLE",
    "Rectangle",
    "box_text",
    "empty_rectangle",
    "rectangle_argument",
    "rectangle_highlights",
    "rectangles",
]

EMPTY_RECTANGLE = "empty_rectangle"


@dataclass(frozen=True)
class Rectangle:
    """One empty rectangle: the box (unit), its row and column, the strong link (p, q, unit), the target."""

    digit: Digit
    box: int
    cross: tuple[int, int]
    link: tuple[Cell, Cell, int]
    target: Cell


def empty_rectangle(grid: Grid) -> Iterator[Step]:
    """A box's d confined to a row and a column, plus a strong link: d leaves the far corner."""
    for digit in range(1, grid.geometry.n + 1):
        for rectangle in rectangles(grid, digit):
            yield _step(grid, rectangle)


@per_digit
def rectangles(grid: Grid, digit: Digit) -> Iterator[Rectangle]:
    """The empty rectangles of one digit (they read only that digit's cells, so they are remembered)."""
    geo = grid.geometry
    links = digit_links(grid)
    n = geo.n
    holders = links.holders[digit]
    for box in range(2 * n, 3 * n):
        inside = holders & links.units[box]
        if inside.bit_count() < 2:
            continue
        first = geo.row_of[geo.units[box][0]]
        for r in range(first, first + geo.box_rows):
            # What lies off row r must fill one column c's arm (so c is the one column that can do).
            col_arm = inside & ~links.units[r]
            if not col_arm:
                continue
            c = geo.col_of[lowest_cell(col_arm)]
            if not col_arm & ~links.units[n + c] and inside & links.units[r] & ~links.units[n + c]:
                yield from _targets(grid, links, digit, box, r, c)


def _targets(grid: Grid, links: DigitLinks, digit: Digit, box: int, r: int, c: int) -> Iterator[Rectangle]:
    """The steps of one empty rectangle: strong links leaving its row or its column."""
    geo = grid.geometry
    n = geo.n
    holders = links.holders[digit]
    box_mask = links.units[box]
    for arm, line_kind in ((r, 1), (n + c, 0)):
        # A strong link in a column (line_kind 1) from a cell of row r, or in a row from column c.
        for p in bits_of(holders & links.units[arm] & ~box_mask):
            for q, unit in links.strong[digit].get(p, ()):
                if unit // n != line_kind:
                    continue
                t = geo.cell(geo.row_of[q], c) if line_kind == 1 else geo.cell(r, geo.col_of[q])
                if not holders >> t & 1 or box_mask >> t & 1:
                    continue
                yield Rectangle(digit, box, (r, c), (p, q, unit), t)


def box_cells(grid: Grid, rectangle: Rectangle) -> tuple[Cell, ...]:
    """The cells of the rectangle's box that hold its digit."""
    links = digit_links(grid)
    return tuple(bits_of(links.holders[rectangle.digit] & links.units[rectangle.box]))


def rectangle_argument(grid: Grid, rectangle: Rectangle) -> str:
    """Why the target loses the digit: the strong link, and what it would do to the box."""
    geo = grid.geometry
    n = geo.n
    r, c = rectangle.cross
    p, q, unit = rectangle.link
    target = rectangle.target
    dc = digit_char(rectangle.digit)
    name = geo.cell_name
    p_line, other_line = (
        (geo.unit_name(r), geo.unit_name(n + c)) if unit >= n else (geo.unit_name(n + c), geo.unit_name(r))
    )
    return (
        f"In {geo.unit_name(unit)}, {dc} goes only in {name(p)} or {name(q)}. If {name(target)} were {dc}, "
        f"{name(q)} would not be, so {name(p)} would, which takes {dc} out of {p_line} in the box; the box's "
        f"{dc} would then have to be in {other_line}, where {name(target)} blocks it. So {name(target)} is "
        f"not {dc}."
    )


def rectangle_highlights(grid: Grid, rectangles: tuple[Rectangle, ...]) -> Highlights:
    """The box's cells, each strong link and its weak link to the target (one box, one or more links)."""
    first = rectangles[0]
    digit = first.digit
    inside = box_cells(grid, first)
    ends = tuple(cell for rectangle in rectangles for cell in rectangle.link[:2])
    return Highlights(
        cells=(*inside, *ends),
        units=tuple(dict.fromkeys((first.box, *(rectangle.link[2] for rectangle in rectangles)))),
        pattern=tuple((cell, digit) for cell in (*inside, *ends)),
        links=tuple(
            link
            for rectangle in rectangles
            for link in (
                Link((rectangle.link[0], digit), (rectangle.link[1], digit), strong=True),
                Link((rectangle.link[1], digit), (rectangle.target, digit), strong=False),
            )
        ),
        chains=tuple(Chain(rectangle.link[:2], (digit,)) for rectangle in rectangles),
    )


def box_text(grid: Grid, rectangle: Rectangle) -> str:
    """Where the box keeps the digit: "there 5 lies only in row 2 and column 3 (r2c1, r3c3)"."""
    geo = grid.geometry
    r, c = rectangle.cross
    return (
        f"there {digit_char(rectangle.digit)} lies only in {geo.unit_name(r)} and {geo.unit_name(geo.n + c)} "
        f"({cells_text(geo, box_cells(grid, rectangle))})"
    )


def _step(grid: Grid, rectangle: Rectangle) -> Step:
    geo = grid.geometry
    return Step(
        EMPTY_RECTANGLE,
        eliminations=((rectangle.target, rectangle.digit),),
        highlights=rectangle_highlights(grid, (rectangle,)),
        explanation=(
            f"Empty Rectangle on {digit_char(rectangle.digit)} in {geo.unit_name(rectangle.box)}: "
            f"{box_text(grid, rectangle)}. {rectangle_argument(grid, rectangle)}"
        ),
    )
