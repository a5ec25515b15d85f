"""Grid geometry as precomputed tables, one frozen value per box shape.

A cell is a row-major int ``0 … N²−1``; units are numbered rows ``0 … N−1``, columns ``N … 2N−1``,
boxes ``2N … 3N−1`` (boxes row-major too). Tables are tuples so hot loops index them without objects.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

__all__ = [
    "BOX_SHAPES",
    "Candidate",
    "Cell",
    "Digit",
    "Geometry",
    "digit_char",
    "digit_from_char",
    "geometry",
    "geometry_for_size",
]

Cell = int
Digit = int
Candidate = tuple[Cell, Digit]

#: The supported box shapes (rows x columns of one box), keyed by the grid size N.
BOX_SHAPES: dict[int, tuple[int, int]] = {
    4: (2, 2),
    6: (2, 3),
    8: (2, 4),
    9: (3, 3),
    12: (3, 4),
    16: (4, 4),
    25: (5, 5),
}

_DIGIT_CHARS = "123456789ABCDEFGHIJKLMNOP"


def digit_char(digit: Digit) -> str:
    """Text for a digit: ``1``–``9``, then ``A`` = 10, ``B`` = 11, …

    >>> digit_char(9), digit_char(10), digit_char(16)
    ('9', 'A', 'G')
    """
    return _DIGIT_CHARS[digit - 1]


def digit_from_char(char: str) -> Digit:
    """The digit a character stands for, 0 for a blank (``.`` or ``0``); -1 if it is no digit.

    >>> digit_from_char("7"), digit_from_char("a"), digit_from_char("."), digit_from_char("?")
    (7, 10, 0, -1)
    """
    if char in ".0":
        return 0
    index = _DIGIT_CHARS.find(char.upper())
    return index + 1 if index >= 0 and char.strip() else -1


@dataclass(frozen=True, eq=False)
class Geometry:
    """Units, peers and names of an N×N grid with boxes of ``box_rows`` × ``box_cols`` cells.

    Two geometries are equal when their box shapes are; the tables are derived data.
    """

    box_rows: int
    box_cols: int
    n: int = field(init=False)
    size: int = field(init=False, repr=False)
    full_mask: int = field(init=False, repr=False)
    row_of: tuple[int, ...] = field(init=False, repr=False)
    col_of: tuple[int, ...] = field(init=False, repr=False)
    box_of: tuple[int, ...] = field(init=False, repr=False)
    units: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    units_of: tuple[tuple[int, int, int], ...] = field(init=False, repr=False)
    peers: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    #: ``r1c1``-style names of the cells and ``row 3``-style names of the units, made once: every
    #: explained step names several.
    cell_names: tuple[str, ...] = field(init=False, repr=False)
    unit_names: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        n = self.box_rows * self.box_cols
        boxes_across = n // self.box_cols
        cells = range(n * n)
        rows = tuple(c // n for c in cells)
        cols = tuple(c % n for c in cells)
        boxes = tuple(
            (r // self.box_rows) * boxes_across + c // self.box_cols for r, c in zip(rows, cols, strict=True)
        )
        units: list[list[Cell]] = [[] for _ in range(3 * n)]
        for cell in cells:
            units[rows[cell]].append(cell)
            units[n + cols[cell]].append(cell)
            units[2 * n + boxes[cell]].append(cell)
        units_of = tuple((rows[c], n + cols[c], 2 * n + boxes[c]) for c in cells)
        peers = tuple(tuple(sorted({p for u in units_of[c] for p in units[u]} - {c})) for c in cells)
        for name, value in (
            ("n", n),
            ("size", n * n),
            ("full_mask", (1 << n) - 1),
            ("row_of", rows),
            ("col_of", cols),
            ("box_of", boxes),
            ("units", tuple(tuple(u) for u in units)),
            ("units_of", units_of),
            ("peers", peers),
            ("cell_names", tuple(f"r{rows[c] + 1}c{cols[c] + 1}" for c in cells)),
            ("unit_names", tuple(f"{kind} {i + 1}" for kind in ("row", "column", "box") for i in range(n))),
        ):
            object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Geometry):
            return NotImplemented
        return (self.box_rows, self.box_cols) == (other.box_rows, other.box_cols)

    def __hash__(self) -> int:
        return hash((self.box_rows, self.box_cols))

    @property
    def rows(self) -> tuple[tuple[Cell, ...], ...]:
        """The N rows, each a tuple of cells left to right."""
        return self.units[: self.n]

    @property
    def columns(self) -> tuple[tuple[Cell, ...], ...]:
        """The N columns, each a tuple of cells top to bottom."""
        return self.units[self.n : 2 * self.n]

    @property
    def boxes(self) -> tuple[tuple[Cell, ...], ...]:
        """The N boxes, row-major, each a tuple of cells row-major."""
        return self.units[2 * self.n :]

    def cell(self, row: int, col: int) -> Cell:
        """The cell at a 0-based row and column."""
        return row * self.n + col

    def cell_name(self, cell: Cell) -> str:
        """``r1c1``-style name, 1-based.

        >>> geometry(3, 3).cell_name(10)
        'r2c2'
        """
        return self.cell_names[cell]

    def unit_name(self, unit: int) -> str:
        """``row 3``, ``column 5`` or ``box 9`` (1-based)."""
        return self.unit_names[unit]

    def shared_units(self, a: Cell, b: Cell) -> tuple[int, ...]:
        """The units two distinct cells have in common (empty when they are not peers)."""
        return tuple(u for u in self.units_of[a] if u in self.units_of[b])

    def sees(self, a: Cell, b: Cell) -> bool:
        """True when two distinct cells share a unit."""
        ra, ca, ba = self.units_of[a]
        rb, cb, bb = self.units_of[b]
        return a != b and (ra == rb or ca == cb or ba == bb)

    @property
    def label(self) -> str:
        """``9x9 (3x3 boxes)``: how the GUI and messages name this geometry."""
        return f"{self.n}x{self.n} ({self.box_rows}x{self.box_cols} boxes)"


@functools.cache
def geometry(box_rows: int, box_cols: int) -> Geometry:
    """The shared geometry for a box shape (cached, so identity comparison is cheap)."""
    return Geometry(box_rows, box_cols)


def geometry_for_size(n: int) -> Geometry:
    """The standard geometry for an N×N grid (6 → 2x3 boxes, 12 → 3x4 boxes, …).

    Raises:
        ValueError: when N is not one of the supported sizes.
    """
    try:
        return geometry(*BOX_SHAPES[n])
    except KeyError:
        sizes = ", ".join(str(k) for k in BOX_SHAPES)
        raise ValueError(f"unsupported grid size {n}; supported sizes are {sizes}") from None
