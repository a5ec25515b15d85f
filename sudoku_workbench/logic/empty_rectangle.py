"""Empty Rectangle: a box whose copies of d lie on one row and one column, with a strong link outside.

In a box, d may lie only in one row r and one column c of the box (with at least one candidate on each
arm away from their crossing). Then the box's d is in row r or in column c. Take a strong link on d in
a column outside the box's stack, one end p in row r and the other q in row r2 (outside the box's
band). If the cell t where row r2 meets column c were d, q would not be, so p would be, which empties
row r of the box; the box's d would then have to sit in column c, which t blocks. So t is not d. The
same holds with rows and columns swapped. It is a grouped chain of two strong links (the box's two arms,
then p–q), the grouped form of the Turbot fish.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic._digit_links import DigitLinks, bits_of, digit_links, lowest_cell
from sudoku_workbench.logic._memos import per_digit
from sudoku_workbench.logic._text import cells_text

__all__ = ["EMPTY_RECTANGLE", "empty_rectangle"]

EMPTY_RECTANGLE = "empty_rectangle"


def empty_rectangle(grid: Grid) -> Iterator[Step]:
    """A box's d confined to a row and a column, plus a strong link: d leaves the far corner."""
    for digit in range(1, grid.geometry.n + 1):
        yield from _digit_rectangles(grid, digit)


@per_digit
def _digit_rectangles(grid: Grid, digit: Digit) -> Iterator[Step]:
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


def _targets(grid: Grid, links: DigitLinks, digit: Digit, box: int, r: int, c: int) -> Iterator[Step]:
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
                yield _step(grid, links, digit, box, (r, c), (p, q, unit), t)


def _step(
    grid: Grid,
    links: DigitLinks,
    digit: Digit,
    box: int,
    cross: tuple[int, int],
    link: tuple[Cell, Cell, int],
    target: Cell,
) -> Step:
    geo = grid.geometry
    n = geo.n
    r, c = cross
    p, q, unit = link
    dc = digit_char(digit)
    name = geo.cell_name
    box_cells = tuple(bits_of(links.holders[digit] & links.units[box]))
    p_line, other_line = (
        (geo.unit_name(r), geo.unit_name(n + c))
        if unit >= n
        else (
            geo.unit_name(n + c),
            geo.unit_name(r),
        )
    )
    return Step(
        EMPTY_RECTANGLE,
        eliminations=((target, digit),),
        highlights=Highlights(
            cells=(*box_cells, p, q),
            units=(box, unit),
            pattern=tuple((cell, digit) for cell in (*box_cells, p, q)),
            links=(
                Link((p, digit), (q, digit), strong=True),
                Link((q, digit), (target, digit), strong=False),
            ),
            chains=(Chain((p, q), (digit,)),),
        ),
        explanation=(
            f"Empty Rectangle on {dc} in {geo.unit_name(box)}: there {dc} lies only in {geo.unit_name(r)} "
            f"and {geo.unit_name(n + c)} ({cells_text(geo, box_cells)}). In {geo.unit_name(unit)}, {dc} goes "
            f"only in {name(p)} or {name(q)}. If {name(target)} were {dc}, {name(q)} would not be, so "
            f"{name(p)} would, which takes {dc} out of {p_line} in the box; the box's {dc} would then "
            f"have to be in {other_line}, where {name(target)} blocks it. So {name(target)} is not {dc}."
        ),
    )
