"""The immutable grid: givens, entries and candidate bitmasks, and the problems a position has.

Candidates are N-bit masks, bit ``d-1`` for digit ``d``; a filled cell has mask 0. Every operation
returns a new grid, so a grid can be handed to another thread without copying or locking.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from sudoku_workbench.core.constraints import broken, describe
from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.step import CLEAR, PENCIL, Step

__all__ = ["Grid", "Problem", "ProblemKind", "bits_set_twice", "digits_of_mask", "set_bits"]


#: Masks below this have their set bits looked up (every candidate mask of a 9x9 grid is one).
_LOOKED_UP = 1 << 10
_POSITIONS = tuple(tuple(i for i in range(_LOOKED_UP.bit_length()) if m >> i & 1) for m in range(_LOOKED_UP))


def set_bits(mask: int) -> Iterator[int]:
    """The 0-based positions of the set bits of a mask, lowest first (the one bit-iteration helper).

    Called millions of times a solve, mostly on digit masks: those come from a table, which is
    several times faster than walking the bits.

    >>> list(set_bits(0b10110))
    [1, 2, 4]
    >>> list(set_bits(1 << 80 | 1 << 9 | 1))
    [0, 9, 80]
    """
    if 0 <= mask < _LOOKED_UP:
        return iter(_POSITIONS[mask])
    return _walked_bits(mask)


def _walked_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def bits_set_twice(masks: Iterable[int]) -> int:
    """The bits set in exactly two of the masks (a digit with two places left in a unit).

    >>> bin(bits_set_twice([0b011, 0b110, 0b111]))  # bit 1 is in all three
    '0b101'
    """
    once = twice = more = 0
    for mask in masks:
        more |= twice & mask
        twice |= once & mask
        once |= mask
    return twice & ~more


def digits_of_mask(mask: int) -> tuple[Digit, ...]:
    """The digits whose bits are set, ascending (digit d is bit d-1).

    >>> digits_of_mask(0b10110)
    (2, 3, 5)
    """
    return tuple(position + 1 for position in set_bits(mask))


class ProblemKind(enum.Enum):
    """What the Check button can find wrong with a position."""

    DUPLICATE = "duplicate"
    NO_CANDIDATES = "no candidates"
    NO_PLACE = "no place"
    CAGE_SUM = "cage sum"
    #: A thermometer, arrow, dot or XV pair the filled cells break (``unit``: its index in
    #: ``Geometry.constraints``).
    CONSTRAINT = "constraint"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a position, with the cells at fault (and the digit and unit, if any)."""

    kind: ProblemKind
    cells: tuple[Cell, ...]
    digit: Digit = 0
    unit: int = -1

    def describe(self, geo: Geometry) -> str:
        """A sentence naming the problem and where it is."""
        names = ", ".join(geo.cell_name(c) for c in self.cells)
        if self.kind is ProblemKind.DUPLICATE and self.unit < 0 and geo.cage_of[self.cells[0]] >= 0:
            cage = geo.cage_of[self.cells[0]]
            if cage == geo.cage_of[self.cells[-1]]:
                return f"{digit_char(self.digit)} appears twice in the {geo.cage_names[cage]}: {names}"
        if self.kind is ProblemKind.DUPLICATE and self.unit < 0:
            return f"{digit_char(self.digit)} appears twice a {geo.move_name(*self.cells)} apart: {names}"
        if self.kind is ProblemKind.DUPLICATE:
            return f"{digit_char(self.digit)} appears more than once in {geo.unit_name(self.unit)}: {names}"
        if self.kind is ProblemKind.CAGE_SUM:
            cage = geo.cage_of[self.cells[0]]
            return f"the {geo.cage_names[cage]} has digits adding up to {self.digit}: {names}"
        if self.kind is ProblemKind.CONSTRAINT:
            return f"the {describe(geo.constraints[self.unit], geo.n)} is broken: {names}"
        if self.kind is ProblemKind.NO_CANDIDATES:
            return f"{names} has no candidate left"
        return f"{digit_char(self.digit)} has no place left in {geo.unit_name(self.unit)}"


@dataclass(frozen=True)
class Grid:
    """A position: ``givens`` and ``entries`` (0 = empty) and ``candidates`` masks, one per cell."""

    geometry: Geometry
    givens: tuple[Digit, ...]
    entries: tuple[Digit, ...]
    candidates: tuple[int, ...]

    @classmethod
    def empty(cls, geo: Geometry) -> Grid:
        """A blank grid: no givens, every candidate open."""
        blank = (0,) * geo.size
        return cls(geo, blank, blank, (geo.full_mask,) * geo.size)

    @classmethod
    def from_values(
        cls, geo: Geometry, givens: Sequence[Digit], entries: Sequence[Digit] | None = None
    ) -> Grid:
        """A grid whose candidates are what the filled peers leave open.

        Raises:
            ValueError: when a sequence has the wrong length or holds a digit outside ``0 … N``.
        """
        entries = entries if entries is not None else (0,) * geo.size
        for name, seq in (("givens", givens), ("entries", entries)):
            if len(seq) != geo.size:
                raise ValueError(f"{name} has {len(seq)} cells, a {geo.label} grid has {geo.size}")
            if min(seq) < 0 or max(seq) > geo.n:
                bad = next(i for i, d in enumerate(seq) if not 0 <= d <= geo.n)
                raise ValueError(f"{name}: {seq[bad]} at {geo.cell_name(bad)} is not a digit of 1..{geo.n}")
        values = [g or e for g, e in zip(givens, entries, strict=True)]
        # One mask of the digits present per unit: a cell's candidates are what its three units leave.
        used = [0] * len(geo.units)
        for cell, digit in enumerate(values):
            if digit:
                bit = 1 << (digit - 1)
                for unit in geo.units_of[cell]:
                    used[unit] |= bit
        full = geo.full_mask
        if not geo.plain:
            candidates = tuple(
                0
                if v
                else full & ~(_house_bits(used, houses) | _peer_bits(geo, values, cell, geo.neighbours))
                for cell, (v, houses) in enumerate(zip(values, geo.units_of, strict=True))
            )
        else:
            candidates = tuple(
                0 if v else full & ~(used[r] | used[k] | used[b])
                for v, (r, k, b) in zip(values, geo.units_of, strict=True)
            )
        kept_entries = (
            tuple(e if not g else 0 for g, e in zip(givens, entries, strict=True))
            if any(entries)
            else entries
        )
        return cls(geo, tuple(givens), tuple(kept_entries), candidates)

    def __hash__(self) -> int:
        """Hashed once per grid: the rules' caches look the same grid up many times per step."""
        known = self.__dict__.get("_hash")
        if known is None:
            known = self.__dict__["_hash"] = hash((self.givens, self.entries, self.candidates))
        return known

    @cached_property
    def values(self) -> tuple[Digit, ...]:
        """The digit in each cell, given or entered (0 = empty)."""
        return tuple(g or e for g, e in zip(self.givens, self.entries, strict=True))

    def candidates_of(self, cell: Cell) -> tuple[Digit, ...]:
        """The candidate digits of a cell, ascending (empty for a filled cell)."""
        return digits_of_mask(self.candidates[cell])

    @property
    def empty_cells(self) -> tuple[Cell, ...]:
        """The cells with no digit yet."""
        return tuple(c for c, v in enumerate(self.values) if not v)

    def is_complete(self) -> bool:
        """True when every cell holds a digit (not necessarily correctly)."""
        return 0 not in self.values

    def is_solved(self) -> bool:
        """True when every cell holds a digit and nothing is wrong."""
        return self.is_complete() and not self.problems()

    def place(self, cell: Cell, digit: Digit) -> Grid:
        """Enter a digit: the cell loses its candidates and its peers lose the digit.

        Raises:
            ValueError: when the cell holds a given or the digit is outside ``1 … N``.
        """
        geo = self.geometry
        if self.givens[cell]:
            raise ValueError(f"{geo.cell_name(cell)} holds a given")
        if not 1 <= digit <= geo.n:
            raise ValueError(f"{digit} is not a digit of 1..{geo.n}")
        entries = list(self.entries)
        entries[cell] = digit
        candidates = list(self.candidates)
        candidates[cell] = 0
        bit = ~(1 << (digit - 1))
        for peer in geo.peers[cell]:
            candidates[peer] &= bit
        placed = Grid(geo, self.givens, tuple(entries), tuple(candidates))
        values = list(self.values)
        values[cell] = digit
        placed.__dict__["values"] = tuple(values)  # fill the cache: the logic engine places thousands
        return placed

    def with_given(self, cell: Cell, digit: Digit) -> Grid:
        """The puzzle edited: ``cell`` gets the given ``digit`` (0 removes it), any entry there goes.

        Candidates are recomputed from the filled cells, as for a newly typed puzzle.

        Raises:
            ValueError: when the digit is outside ``0 … N``.
        """
        givens = list(self.givens)
        entries = list(self.entries)
        givens[cell] = digit
        entries[cell] = 0
        return Grid.from_values(self.geometry, givens, entries)

    def eliminate(self, eliminations: Iterable[Candidate]) -> Grid:
        """Remove candidates; removing one that is already gone is harmless."""
        candidates = list(self.candidates)
        for cell, digit in eliminations:
            candidates[cell] &= ~(1 << (digit - 1))
        thinned = Grid(self.geometry, self.givens, self.entries, tuple(candidates))
        if "values" in self.__dict__:
            thinned.__dict__["values"] = self.values  # the digits did not change
        return thinned

    def restore(self, additions: Iterable[Candidate]) -> Grid:
        """Put pencil marks back in empty cells (a user's pencil edit; logic never adds candidates)."""
        candidates = list(self.candidates)
        values = self.values
        for cell, digit in additions:
            if not values[cell]:
                candidates[cell] |= 1 << (digit - 1)
        return Grid(self.geometry, self.givens, self.entries, tuple(candidates))

    def clear(self, cell: Cell) -> Grid:
        """Empty an entered cell; its candidates and its peers' are recomputed from the filled cells.

        Raises:
            ValueError: when the cell holds a given.
        """
        geo = self.geometry
        if self.givens[cell]:
            raise ValueError(f"{geo.cell_name(cell)} holds a given")
        digit = self.entries[cell]
        if not digit:
            return self
        entries = list(self.entries)
        entries[cell] = 0
        values = [g or e for g, e in zip(self.givens, entries, strict=True)]
        candidates = list(self.candidates)
        candidates[cell] = geo.full_mask & ~_peer_bits(geo, values, cell)
        bit = 1 << (digit - 1)
        for peer in geo.peers[cell]:
            if not values[peer] and not _peer_bits(geo, values, peer) & bit:
                candidates[peer] |= bit
        return Grid(geo, self.givens, tuple(entries), tuple(candidates))

    def apply(self, step: Step) -> Grid:
        """The grid after a step: placements first, then eliminations.

        A :data:`~sudoku_workbench.core.step.PENCIL` step's placements restore pencil marks, and a
        :data:`~sudoku_workbench.core.step.CLEAR` step empties the cells it names.
        """
        grid = self
        if step.rule == CLEAR:
            for cell, _digit in step.eliminations:
                grid = grid.clear(cell)
            return grid
        if step.rule == PENCIL:
            grid = grid.restore(step.placements)
        else:
            for cell, digit in step.placements:
                grid = grid.place(cell, digit)
        return grid.eliminate(step.eliminations) if step.eliminations else grid

    def problems(self) -> tuple[Problem, ...]:
        """Everything wrong with the position, empty when it is consistent.

        That is duplicate digits in a unit, empty cells without candidates, and digits with no place
        left in a unit: the data the Check button shows.
        """
        geo = self.geometry
        values = self.values
        found: list[Problem] = []
        for unit, cells in enumerate(geo.units):
            where: dict[Digit, list[Cell]] = {}
            open_bits = 0
            for cell in cells:
                if values[cell]:
                    where.setdefault(values[cell], []).append(cell)
                else:
                    open_bits |= self.candidates[cell]
            for digit, holders in sorted(where.items()):
                if len(holders) > 1:
                    found.append(Problem(ProblemKind.DUPLICATE, tuple(holders), digit, unit))
            for digit in range(1, geo.n + 1):
                if digit not in where and not open_bits >> (digit - 1) & 1:
                    empties = tuple(c for c in cells if not values[c])
                    found.append(Problem(ProblemKind.NO_PLACE, empties, digit, unit))
        found.extend(
            Problem(ProblemKind.DUPLICATE, (a, b), values[a])
            for a, near in enumerate(geo.neighbours)
            for b in near
            if a < b and values[a] and values[a] == values[b]
        )
        for cage in geo.cages:
            placed = sum(values[c] for c in cage.cells)
            full = all(values[c] for c in cage.cells)
            if cage.total is not None and (placed > cage.total or (full and placed != cage.total)):
                found.append(Problem(ProblemKind.CAGE_SUM, cage.cells, placed))
        found.extend(
            Problem(ProblemKind.CONSTRAINT, cells, 0, index)
            for index, cells in broken(geo.n, geo.constraints, values)
        )
        found.extend(
            Problem(ProblemKind.NO_CANDIDATES, (c,))
            for c in range(geo.size)
            if not values[c] and not self.candidates[c]
        )
        return tuple(found)

    def to_line(self, blank: str = ".") -> str:
        """The digits as one line, ``blank`` for an empty cell (the common one-puzzle-per-line form).

        Then come the words of a shape other than the classic one (a region map, ``+x``, a killer's
        ``cages:MAP:SUMS``; see ``formats.text``).

        Raises:
            ShapeError: for a killer cage in pieces, which one line cannot write.

        The one writer of that form: ``formats`` writes ``.txt`` and ``.sdm`` lines with it.
        """
        digits = "".join(digit_char(v) if v else blank for v in self.values)
        return " ".join((digits, *self.geometry.shape_words))

    def puzzle(self) -> Grid:
        """The position with only the givens (entries and pencil work dropped)."""
        return Grid.from_values(self.geometry, self.givens)


def _peer_bits(
    geo: Geometry, values: Sequence[Digit], cell: Cell, seen: tuple[tuple[Cell, ...], ...] | None = None
) -> int:
    """The digits of the cells ``cell`` sees (its peers unless ``seen`` names others)."""
    bits = 0
    for peer in (seen or geo.peers)[cell]:
        if values[peer]:
            bits |= 1 << (values[peer] - 1)
    return bits


def _house_bits(used: Sequence[int], houses: tuple[int, ...]) -> int:
    bits = 0
    for unit in houses:
        bits |= used[unit]
    return bits
