"""Two short multi-digit patterns beyond the XY-Wing: the XYZ-Wing and the W-Wing.

Digit templates settle everything one digit can say on its own; what the local rules still miss needs
two or three digits at once. These two are the shortest such patterns, cheap to find, and common
enough in hard puzzles to be worth a name before the graph rules:

* **XYZ-Wing**: a pivot holding only x, y, z sees a wing holding only x, z and a wing holding only y, z.
  Whatever the pivot takes, one of the three cells is z, so z leaves every cell that sees all three.
* **W-Wing**: two cells holding only x and y that do not see each other, and a unit where x has just
  two places, one seen by each cell. If a third cell seeing both were y, both would be x; then neither
  place of the unit could be x. So y leaves every cell that sees both.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.shared._digit_links import DigitLinks, bits_of, digit_links
from sudoku_workbench.logic.shared._positions import unit_positions
from sudoku_workbench.logic.shared._text import cells_text, either_text
from sudoku_workbench.logic.wings.wings import wing_digits, wing_step

__all__ = ["W_WING", "XYZ_WING", "w_wing", "xyz_wing"]

XYZ_WING = "xyz_wing"
W_WING = "w_wing"


def xyz_wing(grid: Grid) -> Iterator[Step]:
    """A pivot xyz with peers xz and yz: z leaves every cell that sees all three."""
    geo = grid.geometry
    cands = grid.candidates
    for pivot in range(geo.size):
        mask = cands[pivot]
        if mask.bit_count() != 3:
            continue
        wings = [p for p in geo.peers[pivot] if cands[p].bit_count() == 2 and cands[p] & mask == cands[p]]
        for first, second in itertools.combinations(wings, 2):
            z = cands[first] & cands[second]
            if cands[first] == cands[second] or not z:
                continue
            digit = z.bit_length()
            victims = [
                c
                for c in geo.peers[pivot]
                if cands[c] & z and c not in (first, second) and geo.sees(c, first) and geo.sees(c, second)
            ]
            if victims:
                yield _xyz_step(grid, pivot, first, second, digit, victims)


def _sight_again(geo: Geometry, a: Cell, first: Cell, second: Cell) -> str:
    """How ``a`` sees ``second``, said after how it sees ``first``: "r1c2" when both are "sees"."""
    said = geo.sight(a, second)
    return said.removeprefix("sees ") if geo.sight(a, first).startswith("sees ") else said


def _xyz_step(grid: Grid, pivot: Cell, first: Cell, second: Cell, z: Digit, victims: list[Cell]) -> Step:
    geo = grid.geometry
    cands = grid.candidates
    name = geo.cell_name
    x, y = wing_digits(grid, first, second, z)
    zc = digit_char(z)
    text = (
        f"The pivot {name(pivot)} is {either_text(cands[pivot])}; it {geo.sight(pivot, first)} "
        f"({either_text(cands[first])}) and {_sight_again(geo, pivot, first, second)} "
        f"({either_text(cands[second])}). "
        f"If the pivot is "
        f"{digit_char(x)}, {name(first)} is {zc}; if it is {digit_char(y)}, {name(second)} is {zc}; "
        f"otherwise the pivot is {zc} itself. So {zc} leaves {cells_text(geo, victims)}, which see all "
        f"three (XYZ-Wing)."
    )
    return wing_step(grid, XYZ_WING, (pivot, first, second), (x, y, z), victims, text)


def w_wing(grid: Grid) -> Iterator[Step]:
    """Two xy cells joined through a unit where x has two places: y leaves the cells seeing both."""
    cands = grid.candidates
    by_pair: dict[int, list[Cell]] = {}
    for cell, mask in enumerate(cands):
        if mask.bit_count() == 2:
            by_pair.setdefault(mask, []).append(cell)
    where = unit_positions(grid)
    links = digit_links(grid)
    peers = links.peers
    for pair, cells in by_pair.items():
        for a, b in itertools.combinations(cells, 2):
            if peers[a] >> b & 1:
                continue
            both = peers[a] & peers[b]
            for x in (pair & -pair, pair & (pair - 1)):
                y = pair & ~x
                victims = links.holders[y.bit_length()] & both
                if not victims:
                    continue
                link = _bridge(grid, (where, links), x.bit_length(), a, b)
                if link is not None:
                    yield _w_step(grid, a, b, x.bit_length(), y.bit_length(), link, list(bits_of(victims)))


def _bridge(
    grid: Grid, tables: tuple[tuple[tuple[int, ...], ...], DigitLinks], x: Digit, a: Cell, b: Cell
) -> tuple[int, Cell, Cell] | None:
    """A unit where x has exactly two places, one seen by ``a`` and the other by ``b``.

    ``tables`` are the grid's unit places and digit links, taken when the search started (a search
    resumed after later steps must not rebuild the shared tables for an old grid).
    """
    geo = grid.geometry
    where, links = tables
    peers, linked = links.peers, links.linked[x]
    if not linked & peers[a] or not linked & peers[b]:  # the common case: no strong link on x near both
        return None
    for unit, spots in enumerate(where):
        mask = spots[x - 1]
        if mask.bit_count() != 2:
            continue
        cells = geo.units[unit]
        s, t = cells[(mask & -mask).bit_length() - 1], cells[mask.bit_length() - 1]
        if s in (a, b) or t in (a, b):
            continue
        for near_a, near_b in ((s, t), (t, s)):
            if peers[a] >> near_a & 1 and peers[b] >> near_b & 1:
                return unit, near_a, near_b
    return None


def _w_step(
    grid: Grid, a: Cell, b: Cell, x: Digit, y: Digit, link: tuple[int, Cell, Cell], victims: list[Cell]
) -> Step:
    geo = grid.geometry
    unit, near_a, near_b = link
    name = geo.cell_name
    xc, yc = digit_char(x), digit_char(y)
    return Step(
        W_WING,
        eliminations=tuple((c, y) for c in victims),
        highlights=Highlights(
            cells=(a, near_a, near_b, b),
            units=(unit,),
            pattern=((a, x), (a, y), (near_a, x), (near_b, x), (b, x), (b, y)),
            links=(
                Link((a, x), (near_a, x), strong=False),
                Link((near_a, x), (near_b, x), strong=True),
                Link((near_b, x), (b, x), strong=False),
            ),
            chains=(Chain((a, near_a, near_b, b), (x, x, x)),),
        ),
        explanation=(
            f"{name(a)} and {name(b)} both hold only {xc} and {yc}. In {geo.unit_name(unit)}, {xc} can "
            f"only go in {name(near_a)} (which {geo.sight(near_a, a)}) or {name(near_b)} "
            f"(which {geo.sight(near_b, b)}). "
            f"If a cell seeing {name(a)} and {name(b)} were {yc}, both would be {xc} and that unit would "
            f"have no place left for {xc}. So {yc} leaves {cells_text(geo, victims)} (W-Wing)."
        ),
    )
