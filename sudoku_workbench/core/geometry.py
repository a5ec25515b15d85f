"""Grid geometry as data: the cells, the houses and the "sees" relation, as precomputed tables.

A shape is N, a region map (which of the N regions each cell is in) and the variant extras laid on top:
extra houses (the two diagonals, windoku's windows, disjoint groups) and extra neighbours (a knight's or
a king's move), and killer cages (see ``core.cages``: cage mates are peers, a cage is no house).
Classic grids are the shapes whose regions are rectangular boxes and that have no extras and no cages.

A cell is a row-major int ``0 … N²−1``; units (houses) are numbered rows ``0 … N−1``, columns
``N … 2N−1``, regions ``2N … 3N−1`` (numbered by their first cell, so boxes are row-major), then the
extra houses. Tables are tuples so hot loops index them without objects.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sudoku_workbench.core.cages import (
    CAGE_WORD,
    Cage,
    cage_word,
    cages_from_word,
    checked_cages,
    connected_piece,
)
from sudoku_workbench.core.constraints import Constraint, checked_constraints
from sudoku_workbench.core.errors import ShapeError
from sudoku_workbench.core.variants import EXTRAS

__all__ = [
    "BOX_SHAPES",
    "EXTRAS",
    "JIGSAW_SIZES",
    "REGION_LETTERS",
    "Cage",
    "Candidate",
    "Cell",
    "Digit",
    "Geometry",
    "NotBoxed",
    "ShapeError",
    "box_regions",
    "connected_piece",
    "digit_char",
    "digit_from_char",
    "geometry",
    "geometry_for_size",
    "jigsaw",
    "region_walls",
    "shape_from_words",
    "with_cages",
    "with_constraints",
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

#: Jigsaw grids may be any size whose digits have characters.
JIGSAW_SIZES = range(4, 26)

_DIGIT_CHARS = "123456789ABCDEFGHIJKLMNOP"
#: The letters a region map is written in, region 1 first.
REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


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


class NotBoxed(ValueError):
    """Box arithmetic asked of a shape whose regions are not rectangular boxes."""


@dataclass(frozen=True, eq=False)
class Geometry:
    """Units, peers and names of an N×N grid with a region map and optional variant extras.

    ``box`` is the box shape (rows, columns) when the regions are rectangular boxes, else None. Two
    geometries are equal when their shapes are (N, regions, extras, cages); the tables are derived data.
    Build one with cages through :func:`with_cages` (it validates them).
    """

    n: int
    region_of: tuple[int, ...] = field(repr=False)
    extras: tuple[str, ...] = ()
    box: tuple[int, int] | None = None
    #: Killer cages, sorted by first cell (see ``core.cages``).
    cages: tuple[Cage, ...] = ()
    #: Thermometers, arrows, dots, XV pairs and the negative rules (see ``core.constraints``).
    constraints: tuple[Constraint, ...] = ()
    size: int = field(init=False, repr=False)
    full_mask: int = field(init=False, repr=False)
    row_of: tuple[int, ...] = field(init=False, repr=False)
    col_of: tuple[int, ...] = field(init=False, repr=False)
    units: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    #: Each cell's houses: its row, column and region first, then any extra houses holding it.
    units_of: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: Each cell's cells it may not share a digit with: the houses', and a variant's moves.
    peers: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    peer_bits: tuple[int, ...] = field(init=False, repr=False)
    #: The peers each cell sees by a variant's move or a shared cage rather than through a house
    #: (explanations say so).
    neighbours: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    #: Each cell's cage (its index in ``cages``), -1 for a cell in no cage.
    cage_of: tuple[int, ...] = field(init=False, repr=False)
    #: How messages name each cage: "cage at r1c1 (sum 17, 2 cells)".
    cage_names: tuple[str, ...] = field(init=False, repr=False)
    #: For each extra house (unit ``3N + i``), the extra it comes from (``x``, ``windoku``, …).
    extra_of: tuple[str, ...] = field(init=False, repr=False)
    #: ``r1c1``-style names of the cells and ``row 3``-style names of the units, made once: every
    #: explained step names several.
    cell_names: tuple[str, ...] = field(init=False, repr=False)
    unit_names: tuple[str, ...] = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        n = self.n
        cells = range(n * n)
        rows = tuple(c // n for c in cells)
        cols = tuple(c % n for c in cells)
        named: list[tuple[str, tuple[Cell, ...]]] = []
        extra_of: list[str] = []
        moves: list[tuple[int, int]] = []
        for name in self.extras:
            houses_ = EXTRAS[name].houses(n, self.box)
            named += houses_
            extra_of += [name] * len(houses_)
            moves += EXTRAS[name].moves
        houses: list[list[Cell]] = [[] for _ in range(3 * n)]
        for cell in cells:
            houses[rows[cell]].append(cell)
            houses[n + cols[cell]].append(cell)
            houses[2 * n + self.region_of[cell]].append(cell)
        units = tuple(tuple(u) for u in houses) + tuple(cells_ for _, cells_ in named)
        units_of = tuple(
            (
                rows[c],
                n + cols[c],
                2 * n + self.region_of[c],
                *(3 * n + i for i, (_, held) in enumerate(named) if c in held),
            )
            for c in cells
        )
        cage_of = [-1] * (n * n)
        for index, cage in enumerate(self.cages):
            for cell in cage.cells:
                cage_of[cell] = index
        moved = tuple(
            tuple(
                sorted(
                    {(r + dr) * n + c + dc for dr, dc in moves if 0 <= r + dr < n and 0 <= c + dc < n}
                    | (
                        set(self.cages[cage_of[r * n + c]].cells) - {r * n + c}
                        if cage_of[r * n + c] >= 0
                        else set()
                    )
                )
            )
            for r, c in zip(rows, cols, strict=True)
        )
        peers = tuple(
            tuple(sorted(({p for u in units_of[c] for p in units[u]} | set(moved[c])) - {c})) for c in cells
        )
        neighbours = tuple(
            tuple(p for p in moved[c] if not set(units_of[c]) & set(units_of[p])) for c in cells
        )
        region_word = "box" if self.box else "region"
        for name, value in (
            ("_hash", hash(self._key())),
            ("size", n * n),
            ("full_mask", (1 << n) - 1),
            ("row_of", rows),
            ("col_of", cols),
            ("units", units),
            ("units_of", units_of),
            ("peers", peers),
            ("peer_bits", tuple(sum(1 << p for p in ps) for ps in peers)),
            ("extra_of", tuple(extra_of)),
            ("neighbours", neighbours),
            ("cage_of", tuple(cage_of)),
            ("cage_names", tuple(cage.describe(n) for cage in self.cages)),
            ("cell_names", tuple(f"r{rows[c] + 1}c{cols[c] + 1}" for c in cells)),
            (
                "unit_names",
                tuple(f"{kind} {i + 1}" for kind in ("row", "column", region_word) for i in range(n))
                + tuple(name for name, _ in named),
            ),
        ):
            object.__setattr__(self, name, value)

    def _key(self) -> tuple[object, ...]:
        return (self.n, self.region_of, self.extras, self.cages, self.constraints)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Geometry):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its shape, so a worker process gets the shared (cached) geometry back."""
        if self.constraints:
            return (with_constraints, (self.unconstrained, self.constraints))
        if self.cages:
            return (with_cages, (self.uncaged, self.cages))
        if self.box:
            return (geometry, (*self.box, self.extras))
        return (jigsaw, (self.region_of, self.extras))

    @property
    def box_rows(self) -> int:
        """Rows of one box; only for shapes whose regions are rectangular boxes."""
        return self._box()[0]

    @property
    def box_cols(self) -> int:
        """Columns of one box; only for shapes whose regions are rectangular boxes."""
        return self._box()[1]

    def _box(self) -> tuple[int, int]:
        if self.box is None:
            raise NotBoxed(f"{self.label} has no rectangular boxes")
        return self.box

    @property
    def classic(self) -> bool:
        """Rectangular boxes and nothing more: the shape every rule and scale was first written for."""
        return self.box is not None and self.plain

    @property
    def plain(self) -> bool:
        """No extra houses, neighbours or cages: every constraint is a row, a column or a region."""
        return not self.extras and not self.cages and not self.constraints

    @property
    def has_sums(self) -> bool:
        """A cage has a total: a search that only knows "digits differ" would find wrong solutions."""
        return any(cage.total is not None for cage in self.cages)

    @property
    def has_arithmetic(self) -> bool:
        """Cage totals or digit relations: a search or scale knowing only "digits differ" must decline.

        Relations are thermometers, arrows, dots and XV (``constraints``).
        """
        return self.has_sums or bool(self.constraints)

    @property
    def uncaged(self) -> Geometry:
        """The same shape without its cages (its constraints kept)."""
        if not self.cages:
            return self
        return _layered(self._regions_and_extras(), (), self.constraints)

    @property
    def unconstrained(self) -> Geometry:
        """The same shape without its constraints (its cages kept)."""
        return _layered(self._regions_and_extras(), self.cages, ()) if self.constraints else self

    def _regions_and_extras(self) -> Geometry:
        return geometry(*self.box, self.extras) if self.box else _jigsaw(self.n, self.region_of, self.extras)

    @property
    def rows(self) -> tuple[tuple[Cell, ...], ...]:
        """The N rows, each a tuple of cells left to right."""
        return self.units[: self.n]

    @property
    def columns(self) -> tuple[tuple[Cell, ...], ...]:
        """The N columns, each a tuple of cells top to bottom."""
        return self.units[self.n : 2 * self.n]

    @property
    def regions(self) -> tuple[tuple[Cell, ...], ...]:
        """The N regions (boxes on a boxed shape), each a tuple of cells row-major."""
        return self.units[2 * self.n : 3 * self.n]

    @property
    def boxes(self) -> tuple[tuple[Cell, ...], ...]:
        """The N boxes; only for shapes whose regions are rectangular boxes."""
        self._box()
        return self.regions

    @property
    def extra_units(self) -> range:
        """The unit numbers of the extra houses (diagonals, windows, disjoint groups)."""
        return range(3 * self.n, len(self.units))

    def houses_of(self, extra: str) -> tuple[int, ...]:
        """The unit numbers of the houses one extra adds (windoku's windows and the groups they imply)."""
        return tuple(3 * self.n + i for i, name in enumerate(self.extra_of) if name == extra)

    @property
    def windows(self) -> tuple[int, ...]:
        """Windoku's shaded windows alone (the first of its houses; the implied groups follow)."""
        side = self.box[0] if self.box else 0
        return self.houses_of("windoku")[: (side - 1) ** 2]

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
        """``row 3``, ``column 5``, ``box 9``, ``region 4``, ``the main diagonal`` (1-based)."""
        return self.unit_names[unit]

    def shared_units(self, a: Cell, b: Cell) -> tuple[int, ...]:
        """The units two distinct cells have in common (empty when no house holds both)."""
        return tuple(u for u in self.units_of[a] if u in self.units_of[b])

    def sees(self, a: Cell, b: Cell) -> bool:
        """True when two distinct cells may not hold the same digit (a shared house or a variant move)."""
        return self.peer_bits[a] >> b & 1 == 1

    @property
    def shape_words(self) -> tuple[str, ...]:
        """The shape as words after a one-line puzzle (see :func:`shape_from_words`).

        A jigsaw's region map in letters, then ``+x``-style variant words, then the ``cages:MAP:SUMS``
        word of a killer (``core.cages``); none for a classic grid.

        Raises:
            ShapeError: for a cage in pieces, which the cage word cannot write.
        """
        regions = () if self.box else ("".join(REGION_LETTERS[r] for r in self.region_of),)
        cages = (cage_word(self.n, self.cages),) if self.cages else ()
        return (*regions, *("+" + name for name in self.extras), *cages)

    @functools.cached_property
    def walls(self) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """The thick lines a board is drawn with: the frame and every cell side between two regions.

        Segments one cell long, as ((x, y), (x, y)) grid points: x counts columns, y rows.
        """
        return region_walls(self.n, self.region_of)

    def move_name(self, a: Cell, b: Cell) -> str:
        """What makes two cells see each other outside any house: "knight's move", "the same cage"."""
        if self.cage_of[a] >= 0 and self.cage_of[a] == self.cage_of[b]:
            return "the same cage"
        step = (self.row_of[b] - self.row_of[a], self.col_of[b] - self.col_of[a])
        return next(EXTRAS[name].move for name in self.extras if step in EXTRAS[name].moves)

    def sight(self, a: Cell, b: Cell) -> str:
        """How a sentence says that ``a`` sees ``b``: "sees r1c1", "is a knight's move from r1c1"."""
        if set(self.units_of[a]) & set(self.units_of[b]):
            return f"sees {self.cell_names[b]}"
        if self.cage_of[a] >= 0 and self.cage_of[a] == self.cage_of[b]:
            return f"is in the same cage as {self.cell_names[b]}"
        return f"is a {self.move_name(a, b)} from {self.cell_names[b]}"

    @property
    def label(self) -> str:
        """``9x9 (3x3 boxes)``, ``9x9 jigsaw``, ``9x9 (3x3 boxes), X, anti-knight``: how messages name it."""
        base = (
            f"{self.n}x{self.n} ({self.box[0]}x{self.box[1]} boxes)"
            if self.box
            else f"{self.n}x{self.n} jigsaw"
        )
        cages = [f"killer ({len(self.cages)} cages)"] if self.cages else []
        marks = [f"{len(self.constraints)} constraints"] if self.constraints else []
        return ", ".join([base] + [EXTRAS[name].title for name in self.extras] + cages + marks)


def region_walls(n: int, region_of: Sequence[int]) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """The frame and every cell side between two regions of a map (also a map being painted).

    Segments one cell long, as ((x, y), (x, y)) grid points: x counts columns, y rows.
    """
    found = [((0, 0), (n, 0)), ((0, n), (n, n)), ((0, 0), (0, n)), ((n, 0), (n, n))]
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if c < n - 1 and region_of[cell] != region_of[cell + 1]:
            found.append(((c + 1, r), (c + 1, r + 1)))
        if r < n - 1 and region_of[cell] != region_of[cell + n]:
            found.append(((c, r + 1), (c + 1, r + 1)))
    return tuple(found)


def box_regions(n: int, rows: int, cols: int) -> tuple[int, ...]:
    """The region map of boxes of ``rows`` x ``cols`` cells, numbered row-major."""
    across = n // cols
    return tuple((c // n // rows) * across + c % n // cols for c in range(n * n))


def _checked_extras(extras: Iterable[str], box: tuple[int, int] | None, n: int) -> tuple[str, ...]:
    wanted = set(extras)
    unknown = wanted - EXTRAS.keys()
    if unknown:
        raise ShapeError(f"unknown variant {', '.join(sorted(unknown))}; known: {', '.join(EXTRAS)}")
    for name in wanted:
        extra = EXTRAS[name]
        if extra.needs_boxes and box is None:
            raise ShapeError(f"{extra.title} need rectangular boxes; a jigsaw has none")
        if extra.needs_square_boxes and (box is None or box[0] != box[1]):
            raise ShapeError(f"{extra.title} needs square boxes; {n}x{n} grids here have none")
    return tuple(name for name in EXTRAS if name in wanted)


def geometry(box_rows: int, box_cols: int, extras: Iterable[str] = ()) -> Geometry:
    """The shared geometry for a box shape and extras (cached, so identity comparison is cheap).

    Raises:
        ShapeError: for an extra that is unknown or does not fit the box shape.
    """
    n = box_rows * box_cols
    return _boxed(box_rows, box_cols, _checked_extras(extras, (box_rows, box_cols), n) if extras else ())


@functools.cache
def _boxed(box_rows: int, box_cols: int, extras: tuple[str, ...]) -> Geometry:
    n = box_rows * box_cols
    return Geometry(n, box_regions(n, box_rows, box_cols), extras, (box_rows, box_cols))


def geometry_for_size(n: int, extras: tuple[str, ...] = ()) -> Geometry:
    """The standard geometry for an N×N grid (6 → 2x3 boxes, 12 → 3x4 boxes, …).

    Raises:
        ValueError: when N is not one of the supported sizes.
    """
    try:
        shape = BOX_SHAPES[n]
    except KeyError:
        sizes = ", ".join(str(k) for k in BOX_SHAPES)
        raise ValueError(f"unsupported grid size {n}; supported sizes are {sizes}") from None
    return geometry(*shape, extras)


def jigsaw(region_map: Sequence[int] | str, extras: Iterable[str] = ()) -> Geometry:
    """The geometry of a region map (any labels, one per cell, row-major), renumbered by first cell.

    A map whose regions are the standard boxes gives the classic geometry, so a classic puzzle typed as
    a jigsaw is the classic puzzle.

    Raises:
        ShapeError: when the map is not square, a region has not N cells, or a region is in pieces.
    """
    size = len(region_map)
    n = round(size**0.5)
    if n * n != size or n not in JIGSAW_SIZES:
        raise ShapeError(f"a region map of {size} cells is no square grid of 4x4 to 25x25")
    numbers: dict[int | str, int] = {}
    regions = tuple(numbers.setdefault(label, len(numbers)) for label in region_map)
    names = tuple(f"r{c // n + 1}c{c % n + 1}" for c in range(size))
    if len(numbers) != n:
        raise ShapeError(f"the region map has {len(numbers)} regions, a {n}x{n} grid needs {n}")
    for region in range(n):
        members = [c for c in range(size) if regions[c] == region]
        if len(members) != n:
            raise ShapeError(
                f"region {region + 1} (from {names[members[0]]}) has {len(members)} cells, it needs {n}"
            )
        piece = connected_piece(members[0], set(members), n)
        if len(piece) != n:
            stray = min(set(members) - piece)
            raise ShapeError(
                f"region {region + 1} is in pieces: {names[stray]} is not joined to {names[members[0]]}"
            )
    box = BOX_SHAPES.get(n)
    if box and regions == box_regions(n, *box):
        return geometry(*box, extras)
    return _jigsaw(n, regions, _checked_extras(extras, None, n))


@functools.cache
def _jigsaw(n: int, regions: tuple[int, ...], extras: tuple[str, ...]) -> Geometry:
    return Geometry(n, regions, extras)


def with_cages(geo: Geometry, cages: Iterable[Cage]) -> Geometry:
    """``geo``'s shape (regions and extras) with these killer cages, replacing any it had.

    No cages gives the shared geometry without any.

    Raises:
        ShapeError: for a cage that cannot be (see :func:`core.cages.checked_cages`).
    """
    return _layered(geo._regions_and_extras(), checked_cages(geo.n, cages), geo.constraints)


def with_constraints(geo: Geometry, items: Iterable[Constraint]) -> Geometry:
    """``geo``'s shape (regions, extras, cages) with these constraints, replacing any it had.

    Raises:
        ShapeError: for a constraint that cannot be (see :func:`core.constraints.checked_constraints`).
    """
    return _layered(geo._regions_and_extras(), geo.cages, checked_constraints(geo.n, items))


@functools.lru_cache(maxsize=64)
def _layered(base: Geometry, cages: tuple[Cage, ...], items: tuple[Constraint, ...]) -> Geometry:
    """``base`` (regions and extras only) with cages and constraints on top; ``base`` itself for none."""
    if not cages and not items:
        return base
    return Geometry(base.n, base.region_of, base.extras, base.box, cages, items)


def shape_from_words(n: int, words: Iterable[str]) -> Geometry:
    """The shape the words after an N×N one-line puzzle give.

    A region map of N·N letters makes it a jigsaw, each ``+name`` adds a variant extra, a
    ``cages:MAP:SUMS`` word adds killer cages (``core.cages``); other words (a rating, an id) say
    nothing of the shape.

    Raises:
        ShapeError: for a region map that cannot be (with the region and cell), an unknown variant, or
            a cage word that cannot be (naming the cage or the character).
    """
    regions: str | None = None
    extras = []
    cage_words = []
    for word in words:
        if word.startswith("+") and len(word) > 1:
            extras.append(word[1:].lower())
        elif word.startswith(CAGE_WORD):
            cage_words.append(word)
        elif regions is None and len(word) == n * n and word.isascii() and word.isalpha():
            regions = word.upper()
    if len(cage_words) > 1:
        raise ShapeError(f"{len(cage_words)} cage words ({CAGE_WORD}…): a puzzle has one map of its cages")
    if regions is None:
        geo = geometry_for_size(n, tuple(extras)) if n in BOX_SHAPES else _needs_map(n)
    else:
        geo = jigsaw(regions, extras)
    return with_cages(geo, cages_from_word(n, cage_words[0])) if cage_words else geo


def _needs_map(n: int) -> Geometry:
    raise ShapeError(f"a {n}x{n} grid has no boxes: give its region map (N·N letters) after the digits")
