"""What the uniqueness rules share: deadly rectangles, their digit pairs and roofs, and how a step shows one.

A rectangle's corners are kept in order round it (r1c1, r1c2, r2c2, r2c1), so opposite corners are two
apart and a deadly pattern holds one digit on corners 0 and 2 and the other on corners 1 and 3.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid, digits_of_mask
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._memos import forgettable

__all__ = [
    "Corners",
    "RoofDigit",
    "RoofShape",
    "Roofed",
    "common_peers",
    "deadly_text",
    "diagonal_or_three",
    "names",
    "one_corner",
    "one_digit_roofs",
    "open_rectangles",
    "present",
    "rectangle_step",
    "rectangles",
    "roofed_rectangles",
    "share_line",
    "solved_rectangles",
    "two_corners",
    "two_diagonal",
    "two_in_line",
]

#: Corners in order (r1c1, r1c2, r2c2, r2c1): opposite corners are two apart.
Corners = tuple[Cell, Cell, Cell, Cell]


@functools.cache
def rectangles(geo: Geometry) -> tuple[Corners, ...]:
    """Every rectangle of cells spanning two rows, two columns and exactly two boxes."""
    found = []
    n = geo.n
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    corners = (r1 * n + c1, r1 * n + c2, r2 * n + c2, r2 * n + c1)
                    if len({geo.region_of[c] for c in corners}) == 2:
                        found.append(corners)
    return tuple(found)


@functools.cache
def _rectangles_at(geo: Geometry) -> tuple[int, ...]:
    """Per cell, the rectangles it is a corner of, as bits over the indices of :func:`rectangles`."""
    at = [0] * geo.size
    for index, corners in enumerate(rectangles(geo)):
        for cell in corners:
            at[cell] |= 1 << index
    return tuple(at)


def _allowed(grid: Grid) -> list[int]:
    """Each open cell's digits that no filled cell it sees holds (its candidates before any logic)."""
    geo, values = grid.geometry, grid.values
    used = [0] * len(geo.units)
    for cell, digit in enumerate(values):
        if digit:
            for unit in geo.units_of[cell]:
                used[unit] |= 1 << (digit - 1)
    return [geo.full_mask & ~(used[r] | used[k] | used[b]) for r, k, b in geo.units_of]


@forgettable
@functools.lru_cache(maxsize=4)
def open_rectangles(grid: Grid) -> tuple[tuple[Corners, Digit, Digit, int], ...]:
    """Rectangles of open cells with a pair {a, b} (its digits and its mask) that could go deadly.

    Some corner holds exactly {a, b}, and no filled cell keeps a or b off a corner. The other
    corners may have lost a or b to logic: the deadly pattern is about the solution, not the pencil
    marks (whatever the marks, four non-given corners filled with a and b could swap), so a corner
    that lost b only makes the rectangle easier to avoid (HoDoKu's "missing candidates"). Remembered
    for the last few positions: the seven rectangle rules ask in turn about the same one.
    """
    geo, cands = grid.geometry, grid.candidates
    corners_at = _rectangles_at(geo)
    paired = closed = 0  # the rectangles with a two-candidate corner, and those with a filled one
    for cell, mask in enumerate(cands):
        if not mask:
            closed |= corners_at[cell]
        elif mask.bit_count() == 2:
            paired |= corners_at[cell]
    kept = paired & ~closed
    if not kept:
        return ()
    every = rectangles(geo)
    allowed = _allowed(grid)
    found = []
    while kept:  # in rectangles(geo)'s order
        low = kept & -kept
        kept ^= low
        corners = every[low.bit_length() - 1]
        c0, c1, c2, c3 = corners
        room = allowed[c0] & allowed[c1] & allowed[c2] & allowed[c3]
        if not room & (room - 1):  # no two digits fit all four corners (over half of them)
            continue
        for pair in sorted({cands[c] for c in corners if cands[c].bit_count() == 2}):
            if pair & room == pair:
                a, b = digits_of_mask(pair)
                found.append((corners, a, b, pair))
    return tuple(found)


@forgettable
@functools.lru_cache(maxsize=4)
def solved_rectangles(grid: Grid, solved: int) -> tuple[Corners, ...]:
    """Rectangles with exactly ``solved`` corners filled by the solver or the player, the others open.

    Given corners never count: only digits the givens did not fix could swap (avoidable rectangles).
    """
    values, givens, cands = grid.values, grid.givens, grid.candidates
    filled = [bool(v) and not g for v, g in zip(values, givens, strict=True)]
    if sum(filled) < solved:
        return ()
    return tuple(
        corners
        for corners in rectangles(grid.geometry)
        if sum(filled[c] for c in corners) == solved and all(filled[c] or cands[c] for c in corners)
    )


def present(grid: Grid, candidates: Iterable[tuple[Cell, Digit]]) -> tuple[tuple[Cell, Digit], ...]:
    """The candidates still in the grid (a corner may have lost one of the pair already)."""
    cands = grid.candidates
    return tuple((c, d) for c, d in candidates if cands[c] >> (d - 1) & 1)


def names(geo: Geometry, cells: tuple[Cell, ...]) -> str:
    """The cells as ``r1c1, r1c2`` (the rectangle texts list corners with commas)."""
    return ", ".join(geo.cell_name(c) for c in cells)


def share_line(geo: Geometry, a: Cell, b: Cell) -> bool:
    """Whether two cells lie in one row or one column."""
    return geo.units_of[a][0] == geo.units_of[b][0] or geo.units_of[a][1] == geo.units_of[b][1]


def common_peers(geo: Geometry, cells: tuple[Cell, ...]) -> set[Cell]:
    """The cells that see every one of ``cells`` (never one of them)."""
    seen = set(geo.peers[cells[0]])
    for cell in cells[1:]:
        seen &= set(geo.peers[cell])
    return seen - set(cells)


def deadly_text(geo: Geometry, corners: Corners, a: Digit, b: Digit) -> str:
    """The sentence every unique rectangle step starts with."""
    return (
        f"{names(geo, corners)} form a rectangle over two boxes; if all four held only "
        f"{digit_char(a)} and {digit_char(b)}, swapping them would give a second solution"
    )


def rectangle_step(
    rule: str,
    grid: Grid,
    corners: Corners,
    pair: int,
    text: str,
    eliminations: tuple[tuple[Cell, Digit], ...],
    extra: tuple[Cell, ...] = (),
    units: tuple[int, ...] = (),
) -> Step:
    """A step over a rectangle: the corners (and ``extra`` cells) shaded, their ``pair`` digits circled."""
    cells = corners + extra
    pattern = tuple((c, d) for c in cells for d in digits_of_mask(pair & grid.candidates[c]))
    highlights = Highlights(cells=cells, units=units, pattern=pattern)
    return Step(rule, eliminations=eliminations, highlights=highlights, explanation=text)


#: An open rectangle as a rule reads it: corners, the pair's digits a and b, its mask, and the roof
#: (the corners holding a digit other than the pair's; the others are the rectangle's floor).
Roofed = tuple[Corners, Digit, Digit, int, tuple[Cell, ...]]
#: A layout of the roof that a rule asks for (the rules differ mostly there).
RoofShape = Callable[[Geometry, tuple[Cell, ...]], bool]


def one_corner(geo: Geometry, top: tuple[Cell, ...]) -> bool:
    """Type 1's roof: a single corner."""
    return len(top) == 1


def two_corners(geo: Geometry, top: tuple[Cell, ...]) -> bool:
    """Types 3 and 4's roof: two corners, in a line or diagonal."""
    return len(top) == 2


def two_in_line(geo: Geometry, top: tuple[Cell, ...]) -> bool:
    """Type 2's roof: two corners in one row or column."""
    return len(top) == 2 and share_line(geo, *top)


def two_diagonal(geo: Geometry, top: tuple[Cell, ...]) -> bool:
    """Type 6's roof: two diagonal corners."""
    return len(top) == 2 and not share_line(geo, *top)


def diagonal_or_three(geo: Geometry, top: tuple[Cell, ...]) -> bool:
    """Type 5's roof: two diagonal corners, or three."""
    return len(top) == 3 or two_diagonal(geo, top)


def roofed_rectangles(grid: Grid, roof_shape: RoofShape) -> Iterator[Roofed]:
    """The open rectangles whose roof has the shape asked for, in :func:`open_rectangles`' order."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair in open_rectangles(grid):
        top = tuple(c for c in corners if cands[c] & ~pair)
        if roof_shape(geo, top):
            yield corners, a, b, pair, top


@dataclass(frozen=True)
class RoofDigit:
    """A rectangle whose roof adds one digit ``c`` to its pair.

    The deadly pattern puts ``c`` in the roof, so the ``victims`` (outside the rectangle, seeing every roof
    cell, holding ``c``) lose it.
    """

    corners: Corners
    a: Digit
    b: Digit
    pair: int
    top: tuple[Cell, ...]
    c: Digit
    victims: tuple[Cell, ...]

    def step(self, rule: str, grid: Grid, text: str) -> Step:
        """The step that takes ``c`` from the victims, the roof's ``c`` circled with the pair."""
        eliminations = tuple((v, self.c) for v in self.victims)
        return rectangle_step(rule, grid, self.corners, self.pair | 1 << (self.c - 1), text, eliminations)


def one_digit_roofs(grid: Grid, roof_shape: RoofShape) -> Iterator[RoofDigit]:
    """Rectangles whose roof has the shape asked for (types 2 and 5 differ only there) and one extra digit."""
    geo, cands = grid.geometry, grid.candidates
    for corners, a, b, pair, top in roofed_rectangles(grid, roof_shape):
        extra = functools.reduce(lambda mask, cell: mask | cands[cell], top, 0) & ~pair
        if not extra or extra & (extra - 1):
            continue
        c = extra.bit_length()
        victims = tuple(sorted(p for p in common_peers(geo, top) if cands[p] & extra and p not in corners))
        if victims:
            yield RoofDigit(corners, a, b, pair, top, c, victims)
