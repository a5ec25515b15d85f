"""Killer cages as data: a set of cells whose digits never repeat and (usually) add up to a total.

Interface (what solvers, rules, formats and the board code against):

- ``Cage(cells, total)``: ``cells`` a sorted tuple of cell indices (row-major, ``0 … N²−1``),
  ``total`` the sum or None for a cage without one. Frozen, hashable, ordered by first cell.
- ``Geometry.cages``: the shape's cages, sorted by first cell (``()`` on a shape without any);
  ``Geometry.cage_of[cell]`` the index of the cell's cage in ``cages``, or -1;
  ``Geometry.cage_names[i]`` how messages name cage ``i`` ("cage at r1c1 (sum 17, 2 cells)").
- Cage mates are *peers* (``peers``, ``peer_bits``, ``sees``): every rule built on "sees" honours
  the no-repeat rule. Mates sharing no house are in ``neighbours`` too, like a knight's move, and
  ``Geometry.move_name`` calls that "the same cage". A cage is NOT a house (``units``): a house holds
  every digit, a cage of k < N cells holds only k.
- ``Geometry.has_sums``: a cage with a total is present, so a search must honour sums (or refuse).
  ``classic`` and ``plain`` are False on any shape with cages.
- ``geometry.with_cages(geo, cages)``: ``geo``'s shape with these cages (replacing any it had),
  validated by :func:`checked_cages`; ``Geometry.uncaged`` gives the shape back without them.
- :func:`sum_combinations` ``(n, size, total)``: the digit sets (bit masks, digit d is bit d−1) of
  ``size`` distinct digits ``1 … n`` adding up to ``total``: "17 in two cells is 89".

Validation raises :class:`ShapeError` naming the cage: an empty cage, a cell off the grid, two cages
sharing a cell, more cells than digits, a total no set of distinct digits can make.

The one-line form (:func:`cage_word`, :func:`cages_from_word`) is one word after the digits,
``cages:MAP:SUMS``. MAP has a character per cell, row-major: ``.`` for a cell in no cage, else a
letter (``A``–``Z``, ``a``–``z``, case counts); the cells of one letter joined side by side make one
piece, so a letter may come back for another cage elsewhere (grids with more than 52 cages). SUMS
give each piece, in the order of the pieces' first cells (row-major), separated by commas: its cage's
total, ``-`` for a cage without one, or ``^`` for a piece that belongs to the cage of the latest
earlier piece of its letter (a cage in pieces, as f-puzzles allows)::

    cages:AABC..:3,-,5      (r1c1+r1c2 sum 3, r1c3 no sum, r1c4 sum 5, … on a larger map)
    cages:A.A...:4,^        (one cage of r1c1 and r1c3, sum 4, … on a larger map)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from sudoku_workbench.core.errors import ShapeError

__all__ = [
    "CAGE_WORD",
    "Cage",
    "cage_total_range",
    "cage_word",
    "cages_from_word",
    "checked_cages",
    "connected_piece",
    "sum_combinations",
]

#: How the one-line form's cage word starts.
CAGE_WORD = "cages:"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, order=True)
class Cage:
    """Cells (sorted indices) whose digits differ and, when ``total`` is not None, add up to it."""

    cells: tuple[int, ...]
    total: int | None = None

    def describe(self, n: int) -> str:
        """How messages name the cage: by its first cell, its sum and its size."""
        first = f"r{self.cells[0] // n + 1}c{self.cells[0] % n + 1}" if self.cells else "nowhere"
        size = f"{len(self.cells)} cell{'s' if len(self.cells) != 1 else ''}"
        total = "no sum" if self.total is None else f"sum {self.total}"
        return f"cage at {first} ({total}, {size})"


def cage_total_range(n: int, size: int) -> tuple[int, int]:
    """The smallest and largest sum of ``size`` distinct digits of ``1 … n``."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


@functools.cache
def sum_combinations(n: int, size: int, total: int) -> tuple[int, ...]:
    """The digit sets (masks) of ``size`` distinct digits ``1 … n`` adding up to ``total``, ascending.

    >>> [bin(m) for m in sum_combinations(9, 2, 17)]
    ['0b110000000']
    >>> len(sum_combinations(9, 3, 15))
    8
    """
    low, high = cage_total_range(n, size)
    if size <= 0 or not low <= total <= high:
        return ()
    return tuple(
        sorted(
            sum(1 << (d - 1) for d in chosen)
            for chosen in combinations(range(1, n + 1), size)
            if sum(chosen) == total
        )
    )


def checked_cages(n: int, cages: Iterable[Cage]) -> tuple[Cage, ...]:
    """The cages with sorted cells, sorted by first cell, after checking they can be on an N×N grid.

    Raises:
        ShapeError: naming the cage that is empty, leaves the grid, overlaps another, has more cells
            than there are digits, or has a sum no distinct digits can make.
    """
    owner: dict[int, Cage] = {}
    found = []
    for given in cages:
        cage = Cage(tuple(sorted(given.cells)), given.total)
        if not cage.cells:
            raise ShapeError("a cage has no cells" + ("" if cage.total is None else f" (sum {cage.total})"))
        off = [c for c in cage.cells if not 0 <= c < n * n]
        if off:
            raise ShapeError(f"a cage has cell {off[0]}, which is off the {n}x{n} grid")
        if len(set(cage.cells)) != len(cage.cells):
            twice = next(c for c in cage.cells if cage.cells.count(c) > 1)
            raise ShapeError(f"the {cage.describe(n)} lists r{twice // n + 1}c{twice % n + 1} twice")
        if len(cage.cells) > n:
            raise ShapeError(f"the {cage.describe(n)} has more cells than a {n}x{n} grid has digits")
        if cage.total is not None and not sum_combinations(n, len(cage.cells), cage.total):
            low, high = cage_total_range(n, len(cage.cells))
            raise ShapeError(
                f"the {cage.describe(n)} cannot be made: {len(cage.cells)} different digits of 1..{n}"
                f" add up to {low}..{high}"
            )
        for cell in cage.cells:
            if cell in owner:
                name = f"r{cell // n + 1}c{cell % n + 1}"
                raise ShapeError(f"the {owner[cell].describe(n)} and the {cage.describe(n)} share {name}")
            owner[cell] = cage
        found.append(cage)
    return tuple(sorted(found))


def connected_piece(start: int, members: set[int], n: int) -> set[int]:
    """The cells of ``members`` reached from ``start`` by steps to the side, up or down."""
    piece, todo = {start}, [start]
    while todo:
        for other in _beside(todo.pop(), n):
            if other in members and other not in piece:
                piece.add(other)
                todo.append(other)
    return piece


def _beside(cell: int, n: int) -> tuple[int, ...]:
    """The cells next to ``cell`` on the grid: above, below, left and right (-1 off the grid)."""
    r, c = divmod(cell, n)
    return (
        cell - n if r else -1,
        cell + n if r < n - 1 else -1,
        cell - 1 if c else -1,
        cell + 1 if c < n - 1 else -1,
    )


def cage_word(n: int, cages: Sequence[Cage]) -> str:
    """The cages (as :func:`checked_cages` gives them) as one ``cages:MAP:SUMS`` word (module notes).

    Cages get the letters in order, ``A`` first; past 52 a letter comes back, never on a cage touching
    another of that letter.

    Raises:
        ShapeError: for a cage in pieces on a grid of more than 52 cages, where its letter could be
            another cage's too.
    """
    pieces = [(min(piece), index) for index, cage in enumerate(cages) for piece in _pieces(cage.cells, n)]
    if len(pieces) > len(cages) and len(cages) > len(_LETTERS):
        broken = next(cage for cage in cages if len(_pieces(cage.cells, n)) > 1)
        raise ShapeError(
            f"the {broken.describe(n)} is in pieces, which one line cannot write among more than"
            f" {len(_LETTERS)} cages (a document or an f-puzzles link can)"
        )
    letters = _cage_letters(n, cages)
    cells = ["."] * (n * n)
    for index, cage in enumerate(cages):
        for c in cage.cells:
            cells[c] = _LETTERS[letters[index]]
    sums, started = [], set()
    for _, index in sorted(pieces):
        total = cages[index].total
        sums.append("^" if index in started else "-" if total is None else str(total))
        started.add(index)
    return f"{CAGE_WORD}{''.join(cells)}:{','.join(sums)}"


def _pieces(cells: Iterable[int], n: int) -> list[set[int]]:
    """The parts of a set of cells joined side by side, by first cell."""
    left, found = set(cells), []
    while left:
        found.append(connected_piece(min(left), left, n))
        left -= found[-1]
    return found


def _cage_letters(n: int, cages: Sequence[Cage]) -> list[int]:
    """Each cage's letter: its own up to 52 cages, then the first one no touching cage has yet."""
    letter_of: dict[int, int] = {}
    letters = []
    for index, cage in enumerate(cages):
        touching = {letter_of[x] for c in cage.cells for x in _beside(c, n) if x in letter_of}
        free = [
            k % len(_LETTERS)
            for k in range(index, index + len(_LETTERS))
            if k % len(_LETTERS) not in touching
        ]
        if not free:
            raise ShapeError(f"the {cage.describe(n)} touches more cages than there are letters")
        letters.append(free[0])
        letter_of.update(dict.fromkeys(cage.cells, free[0]))
    return letters


def cages_from_word(n: int, word: str) -> tuple[Cage, ...]:
    """The cages a ``cages:MAP:SUMS`` word gives on an N×N grid (module notes), checked.

    Raises:
        ShapeError: naming what is wrong: the word's layout, the map's length or a character of it (with
            its cell), a sum that is no number, a ``^`` with no earlier piece of its letter, the count
            of sums against the count of pieces, or a cage that cannot be (:func:`checked_cages`).
    """
    cage_map, colon, sums_text = word.removeprefix(CAGE_WORD).partition(":")
    if not colon:
        raise ShapeError(f"the cage word should read {CAGE_WORD}MAP:SUMS (the sums after a second ':')")
    if len(cage_map) != n * n:
        raise ShapeError(
            f"in the {CAGE_WORD} word, the map has {len(cage_map)} cells; a {n}x{n} grid has {n * n}"
        )
    bad = next((i for i, ch in enumerate(cage_map) if ch != "." and ch not in _LETTERS), -1)
    if bad >= 0:
        raise ShapeError(
            f"in the {CAGE_WORD} word, {cage_map[bad]!r} at r{bad // n + 1}c{bad % n + 1} is no cage letter"
            " (A-Z, a-z, or . for no cage)"
        )
    pieces = [
        sorted(piece)
        for letter in set(cage_map) - {"."}
        for piece in _pieces((c for c in range(n * n) if cage_map[c] == letter), n)
    ]
    pieces.sort()
    sums = sums_text.split(",") if sums_text else []
    if len(sums) != len(pieces):
        raise ShapeError(
            f"in the {CAGE_WORD} word, the map has {len(pieces)} pieces (cells of one letter joined side by"
            f" side) but {len(sums)} sums follow"
        )
    groups: list[tuple[list[int], int | None]] = []
    group_of: list[int] = []
    for k, (piece, total) in enumerate(zip(pieces, sums, strict=True)):
        first = f"r{piece[0] // n + 1}c{piece[0] % n + 1}"
        if total == "^":
            earlier = [j for j in range(k) if cage_map[pieces[j][0]] == cage_map[piece[0]]]
            if not earlier:
                raise ShapeError(
                    f"in the {CAGE_WORD} word, the piece at {first} joins an earlier cage (^), but no"
                    f" earlier piece has its letter {cage_map[piece[0]]}"
                )
            group_of.append(group_of[earlier[-1]])
            groups[group_of[-1]][0].extend(piece)
            continue
        if total != "-" and not (total.isascii() and total.isdigit() and len(total) <= 4):
            raise ShapeError(
                f"in the {CAGE_WORD} word, {total!r}, the sum of the cage at {first},"
                " is no number (- for none, ^ for a piece of an earlier cage)"
            )
        group_of.append(len(groups))
        groups.append((list(piece), None if total == "-" else int(total)))
    return checked_cages(n, [Cage(tuple(cells), total) for cells, total in groups])
