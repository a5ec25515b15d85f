"""What the ALS rules share: which sets see which cells, restricted commons, victims and step text.

Worked out once per position (cached by grid) and read by ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death
Blossom, which all ask about the same sets of one position in turn. What each set's digits remove is
packed one int per set (:func:`victim_table`), so that sets are combined a whole int at a time: the
rules use it to prove cheaply that most positions hold no step of theirs.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from sudoku_workbench.core.geometry import Digit, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Link
from sudoku_workbench.logic.als.als_sets import Als, almost_locked_sets
from sudoku_workbench.logic.shared._digit_links import bits_of, common_peers, digit_links, lowest_cell
from sudoku_workbench.logic.shared._memos import forgettable
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = [
    "Partners",
    "Seers",
    "Sights",
    "SizePairs",
    "als_highlights",
    "als_name",
    "digit_field",
    "digit_fields",
    "geometry_seers",
    "in_every_field",
    "other_digits",
    "partners",
    "restricted",
    "restricted_link",
    "seers",
    "sights",
    "victim_table",
    "victims",
]


#: Cell masks a :class:`Seers` keeps before it starts again (a hard solve meets tens of thousands).
_SEERS_LIMIT = 1 << 16


class Seers(dict[int, int]):
    """Per cell mask, the cells that see all of it, filled as asked.

    It reads only the geometry, so one serves every position of a solve: the same sets' digit cells
    recur in thousands of pairs and blossoms of one position, and in most positions after it.
    """

    def __init__(self, peers: tuple[int, ...]) -> None:
        super().__init__()
        self.peers = peers

    def __missing__(self, cells: int) -> int:
        if len(self) >= _SEERS_LIMIT:
            self.clear()
        seeing = self[cells] = common_peers(self.peers, cells)
        return seeing


def seers(grid: Grid) -> Seers:
    """The :class:`Seers` of the grid's geometry."""
    return geometry_seers(grid.geometry)


@forgettable
@functools.lru_cache(maxsize=4)
def geometry_seers(geo: Geometry) -> Seers:
    """The one :class:`Seers` of ``geo`` (for what a unit's candidates alone decide)."""
    return Seers(geo.peer_bits)


class Sights(NamedTuple):
    """Which sets sit on and see which cells; see :func:`sights`."""

    on_cell: list[int]  # per cell, the sets on it
    seeing: list[list[int]]  # per digit and cell, the sets whose digit cells all see the cell
    groups: list[dict[int, int]]  # per digit, each digit-cell mask met and the sets with those digit cells


@functools.lru_cache(maxsize=4)
def sights(grid: Grid, among: int = -1) -> Sights:
    """Per cell the sets on it, and per digit and cell the sets whose digit cells all see the cell.

    Sets are bits of one int (by index): a set's partners and a stem's petals are then a few ints
    ANDed instead of a scan of every set. Sets with the same digit cells are placed together.
    ``among`` (a bit set of set indices) limits the tables to those sets.
    """
    sets = almost_locked_sets(grid)
    holders = digit_links(grid).holders
    seen_by = seers(grid)
    n = grid.geometry.n
    on_cell = [0] * grid.geometry.size
    groups: list[dict[int, int]] = [{} for _ in range(n + 1)]
    for i, als in enumerate(sets):
        bit = 1 << i
        if not among & bit:
            continue
        cells = als.cells
        while cells:  # bits_of() written out, here and below: hundreds of sets per position
            low = cells & -cells
            on_cell[low.bit_length() - 1] |= bit
            cells ^= low
        for digit, spots in als.nodes:
            by_spots = groups[digit]
            by_spots[spots] = by_spots.get(spots, 0) | bit
    seeing = [[0] * grid.geometry.size for _ in range(n + 1)]
    for digit in range(1, n + 1):
        sees = seeing[digit]
        for spots, members in groups[digit].items():
            cells = seen_by[spots] & holders[digit]
            while cells:
                low = cells & -cells
                sees[low.bit_length() - 1] |= members
                cells ^= low
    return Sights(on_cell, seeing, groups)


#: Pairs of ALS sizes (in cells, smaller first) a caller wants; None: every pair.
SizePairs = frozenset[tuple[int, int]] | None


def _partners(sets: tuple[Als, ...], sizes: SizePairs) -> tuple[int, list[int]]:
    """The sets of a size some pair in ``sizes`` names (a bit set), and per set the sets it may pair with."""
    if sizes is None:
        return -1, [-1] * len(sets)
    by_size: dict[int, int] = {}
    for i, als in enumerate(sets):
        count = als.cells.bit_count()
        by_size[count] = by_size.get(count, 0) | 1 << i
    wanted: dict[int, int] = {}
    for small, large in sizes:
        wanted[small] = wanted.get(small, 0) | by_size.get(large, 0)
        wanted[large] = wanted.get(large, 0) | by_size.get(small, 0)
    partners = [wanted.get(als.cells.bit_count(), 0) for als in sets]
    among = 0
    for i, mask in enumerate(partners):
        if mask:
            among |= 1 << i
    return among, partners


def restricted(grid: Grid, sizes: SizePairs = None) -> tuple[tuple[int, int, Digit], ...]:
    """Pairs of disjoint ALS (indices, lower first) with a restricted common digit, by digit, then set.

    ``sizes`` keeps only pairs of those sizes, found without looking at the other sets (SE's rating
    asks for a bivalue cell with a set of 3 or 4 cells: most of the work is then left out).
    """
    return _restricted(grid, sizes)  # one cache key whether or not the caller names ``sizes``


@functools.lru_cache(maxsize=4)
def _restricted(grid: Grid, sizes: SizePairs) -> tuple[tuple[int, int, Digit], ...]:
    """:func:`restricted`, a digit at a time, a group of sets with the same digit cells at a time.

    Per group, the sets whose digit cells all see the group's: most groups have none, and then their
    sets are not looked at.
    """
    sets = almost_locked_sets(grid)
    among, partners = _partners(sets, sizes)
    on_cell, seeing, groups = sights(grid) if sizes is None else sights(grid, among)  # one cache entry
    touch: dict[int, int] = {}  # per set, the sets it overlaps (asked only of sets with a partner)
    pairs: list[tuple[int, int, Digit]] = []
    for digit in range(1, grid.geometry.n + 1):
        sees = seeing[digit]
        found: list[tuple[int, int]] = []  # (set, its later partners by this digit)
        for spots, members in groups[digit].items():
            common = -1
            cells = spots
            while common and cells:  # bits_of() written out: hundreds of groups per position
                low = cells & -cells
                common &= sees[low.bit_length() - 1]
                cells ^= low
            while common and members:
                low = members & -members
                members ^= low
                i = low.bit_length() - 1
                later = common & partners[i] & -low << 1
                if later:
                    overlap = touch.get(i)
                    if overlap is None:
                        overlap = touch[i] = _touching(on_cell, sets[i].cells)
                    later &= ~overlap
                    found.append((i, later))
        found.sort()
        for i, later in found:
            while later:
                low = later & -later
                later ^= low
                pairs.append((i, low.bit_length() - 1, digit))
    return tuple(pairs)


class Partners(NamedTuple):
    """Each set's restricted commons; see :func:`partners`."""

    of_set: list[list[tuple[int, Digit]]]  # per set, (other set, digit) in the order of restricted()
    order: tuple[int, ...]  # the sets with a partner, in the order restricted() first names them


@functools.lru_cache(maxsize=4)
def partners(grid: Grid) -> Partners:
    """Per set, the sets it shares a restricted common with, and by which digit.

    ALS-XY-Wing's pivots and wings and ALS-XY-Chain's links, found once from :func:`restricted`.
    """
    of_set: list[list[tuple[int, Digit]]] = [[] for _ in almost_locked_sets(grid)]
    pairs = restricted(grid)
    for i, j, x in pairs:
        of_set[i].append((j, x))
        of_set[j].append((i, x))
    return Partners(of_set, tuple(dict.fromkeys([k for i, j, _ in pairs for k in (i, j)])))


def _touching(on_cell: list[int], cells: int) -> int:
    """The sets (bits) with a cell among ``cells``."""
    touch = 0
    while cells:
        low = cells & -cells
        touch |= on_cell[low.bit_length() - 1]
        cells ^= low
    return touch


def victim_table(grid: Grid, among: int = -1) -> tuple[int, ...]:
    """Per set (by index), for each digit z it holds, the cells outside it holding z that see all its z-cells.

    Packed in one int per set: the cells of digit z shifted by (z - 1) times the grid's cell count
    (see :func:`digit_fields`). Two or more sets' ints ANDed are what a digit of all of them removes,
    every digit in one operation: the pairs, wings and blossoms tried then cost an AND each instead
    of a look-up per set and digit. ``among`` (a bit set of set indices) limits the work to those sets:
    the others' rows are 0 (SE's wing-shaped ALS-XZ needs the rows of a few pairs only).
    """
    return _victim_table(grid, among)  # one cache key whether or not the caller names ``among``


@functools.lru_cache(maxsize=4)
def _victim_table(grid: Grid, among: int) -> tuple[int, ...]:
    holders = digit_links(grid).holders
    seen_by = seers(grid)
    size = grid.geometry.size
    packed = []
    for i, als in enumerate(almost_locked_sets(grid)):
        joined = 0
        if among >> i & 1:
            outside = ~als.cells
            for z, spots in als.nodes:
                joined |= (holders[z] & seen_by[spots] & outside) << (z - 1) * size
        packed.append(joined)
    return tuple(packed)


def digit_fields(geo: Geometry, packed: int) -> list[tuple[Digit, int]]:
    """A packed :func:`victim_table` value as (digit, cells) for each digit with cells, ascending."""
    size = geo.size
    field = (1 << size) - 1
    found = []
    digit = 1
    while packed:
        cells = packed & field
        if cells:
            found.append((digit, cells))
        packed >>= size
        digit += 1
    return found


def digit_field(geo: Geometry, digit: Digit) -> int:
    """The bits of ``digit`` in a packed :func:`victim_table` value."""
    return ((1 << geo.size) - 1) << (digit - 1) * geo.size


@functools.lru_cache(maxsize=4)
def other_digits(geo: Geometry) -> tuple[int, ...]:
    """Per digit x (index 0 unused), the bits of every other digit in a packed :func:`victim_table` value."""
    return (-1, *(~digit_field(geo, x) for x in range(1, geo.n + 1)))


def in_every_field(geo: Geometry, cells: int) -> int:
    """``cells`` repeated in every digit's bits of a packed :func:`victim_table` value."""
    return cells * _field_starts(geo)


@functools.lru_cache(maxsize=4)
def _field_starts(geo: Geometry) -> int:
    """The lowest bit of every digit's field: times a cell mask, the mask in each field."""
    return sum(1 << d * geo.size for d in range(geo.n))


def victims(holders: int, seen_by: Seers, z: Digit, sets: tuple[Als, ...]) -> int:
    """Cells of ``holders`` (those holding z) outside the sets that see every z-cell of every set."""
    for als in sets:
        holders &= seen_by[als.holders[z]] & ~als.cells
    return holders


def als_name(geo: Geometry, als: Als) -> str:
    """``r1c1 and r1c2 (1, 2 and 3, in row 1)``."""
    return f"{cells_text(geo, bits_of(als.cells))} ({mask_text(als.digits)}, in {geo.unit_name(als.unit)})"


def als_highlights(grid: Grid, sets: tuple[Als, ...], links: tuple[Link, ...] = ()) -> Highlights:
    """The sets' cells, units and candidates, with the links that join them."""
    cands = grid.candidates
    cells = tuple(dict.fromkeys(c for als in sets for c in bits_of(als.cells)))
    return Highlights(
        cells=cells,
        units=tuple(dict.fromkeys(als.unit for als in sets)),
        pattern=tuple((c, d + 1) for c in cells for d in bits_of(cands[c])),
        links=links,
    )


def restricted_link(als_a: Als, als_b: Als, digit: Digit) -> Link:
    """A weak link between one x-cell of each set (what makes x restricted)."""
    a, b = lowest_cell(als_a.holders[digit]), lowest_cell(als_b.holders[digit])
    return Link((a, digit), (b, digit), strong=False)
