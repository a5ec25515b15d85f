"""A running tally of one solve: where each digit can still go, kept up to date step by step.

Solving by logic is mostly singles, and rescanning the whole grid after every placement is where the
time went. A step changes only the cells it touches and their peers, so the tally updates its tables
from the step and so knows, without scanning, every full house, naked and hidden single of the
current position, and every unit or cell the step may have left impossible.

It gives the same single the rule's own scan would give on that position (lowest cell first; hidden
singles in the rule's unit order), so on singles, solving to the end and asking for one step at a
time agree.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.singles.local import (
    FULL_HOUSE,
    HIDDEN_SINGLE,
    NAKED_SINGLE,
    full_house_step,
    hidden_single_step,
    lone_bits,
    naked_single_step,
    units_boxes_first,
)

__all__ = ["SINGLE_RULE_IDS", "SinglesTally"]

#: The rules the tally answers for, in the order the rule table asks them.
SINGLE_RULE_IDS = (FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE)


@functools.lru_cache(maxsize=1 << 16)
def _bit_indices(mask: int) -> tuple[int, ...]:
    """The set bits of a candidate mask; the same few hundred masks come back all through a solve."""
    return tuple(set_bits(mask))


@functools.cache
def _slots(geo: Geometry) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """Per cell and unit of it: the unit, its offsets in the tally and the hidden-single heap.

    The last item is the mask that clears the cell's bit from the unit's position masks.
    """
    n = geo.n
    rank = {unit: r for r, unit in enumerate(units_boxes_first(geo))}
    return tuple(
        tuple((u, u * n, rank[u] * n, ~(1 << geo.units[u].index(cell))) for u in geo.units_of[cell])
        for cell in range(geo.size)
    )


@functools.cache
def _peer_slots(geo: Geometry) -> tuple[tuple[tuple[int, tuple[tuple[int, int, int, int], ...]], ...], ...]:
    """Per cell, its peers, each with the slots of its units that the cell is not in.

    A placement clears the digit from its own units at once; only the peers' other units need a look.
    """
    slots = _slots(geo)
    return tuple(
        tuple(
            (peer, tuple(slot for slot in slots[peer] if slot[0] not in geo.units_of[cell]))
            for peer in geo.peers[cell]
        )
        for cell in range(geo.size)
    )


#: Explained singles kept per geometry before the table starts again (9x9 has at most 6,561).
_EXPLAINED_LIMIT = 1 << 15


class _ExplainedSingles(dict[tuple[str, int, int, int], Step]):
    """Every single step of one geometry, made when first met and then shared by every solve.

    A step is an immutable value fixed by its rule, cell, digit and unit, so building its text and
    highlights once per geometry, not once per placement, gives the same steps for less.
    """

    def __init__(self, geo: Geometry) -> None:
        super().__init__()
        self._geo = geo

    def __missing__(self, key: tuple[str, int, int, int]) -> Step:
        rule, cell, digit, unit = key
        if len(self) >= _EXPLAINED_LIMIT:
            self.clear()
        if rule == FULL_HOUSE:
            step = full_house_step(self._geo, cell, digit, unit)
        elif rule == NAKED_SINGLE:
            step = naked_single_step(self._geo, cell, digit)
        else:
            step = hidden_single_step(self._geo, cell, digit, unit)
        self[key] = step
        return step


@functools.cache
def _explained_singles(geo: Geometry) -> _ExplainedSingles:
    return _ExplainedSingles(geo)


class SinglesTally:
    """Where each digit can go in each unit, the empty cells per unit, and the singles they reveal.

    Positions are bit masks over the unit's cells, as in ``unit_positions``.
    Singles wait in heaps: an entry may go stale (its cell got filled) and is dropped when it comes
    to the top, so an update only pushes.
    """

    def __init__(self, grid: Grid) -> None:
        geo = grid.geometry
        n = geo.n
        self._geo = geo
        self._n = n
        self._lone = lone_bits(n)
        self._cands = cands = list(grid.candidates)
        self._values = list(grid.values)
        self._givens = grid.givens
        self._entries = list(grid.entries)
        self._grid: Grid | None = grid
        #: How many cells are still empty.
        self.open_cells = self._values.count(0)
        self._units = geo.units
        self._units_of = geo.units_of
        self._slots = _slots(geo)
        self._peer_slots = _peer_slots(geo)
        self._order = units_boxes_first(geo)
        self._explained = _explained_singles(geo)
        self._where = where = [0] * (len(geo.units) * n)
        self._open = [0] * len(geo.units)  # per unit, the mask of its empty cells' positions
        self._placed = [0] * len(geo.units)
        #: True when the position may be impossible from the start (then ask ``Grid.problems``).
        self.suspect = False
        self._count_cells()
        self._full_houses: list[int] = []
        self._naked: list[int] = []
        self._hidden = [  # built in rank order, so already a heap
            rank * n + i
            for rank, unit in enumerate(self._order)
            for i, spots in enumerate(where[unit * n : unit * n + n])
            if spots in self._lone  # one place left (a unit has n places, as a cell has n digits)
        ]
        for cell, mask in enumerate(cands):
            if mask in self._lone:
                self._became_single(cell)

    def _count_cells(self) -> None:
        """Fill the units' places, digits and empty counts; note what makes the position impossible.

        One pass over the cells, each cell's digits listed once for its units. Impossible: a
        digit twice in a unit, an empty cell without candidates, a digit with no place in a unit.
        """
        where, values, cands = self._where, self._values, self._cands
        placed, open_ = self._placed, self._open
        seen = [0] * len(placed)
        suspect = False
        for cell, slots in enumerate(self._slots):
            digit = values[cell]
            if digit:
                bit = 1 << (digit - 1)
                for unit, _, _, _ in slots:
                    suspect |= bool(placed[unit] & bit)
                    placed[unit] |= bit
                continue
            mask = cands[cell]
            suspect |= not mask
            digits = _bit_indices(mask)
            for unit, base, _, keep in slots:
                bit = ~keep
                open_[unit] |= bit
                seen[unit] |= mask
                for i in digits:
                    where[base + i] |= bit
        full = self._geo.full_mask
        self.suspect = suspect or any(
            (used | open_) != full for used, open_ in zip(placed, seen, strict=True)
        )

    def unit_positions(self) -> tuple[tuple[int, ...], ...]:
        """The table of :func:`~sudoku_workbench.logic.shared._positions.unit_positions` for the position."""
        where, n = self._where, self._n
        return tuple(tuple(where[base : base + n]) for base in range(0, len(where), n))

    def grid(self) -> Grid:
        """The position the tally has followed to, as an immutable grid (what ``Grid.apply`` gives)."""
        if self._grid is None:
            self._grid = Grid(self._geo, self._givens, tuple(self._entries), tuple(self._cands))
            self._grid.__dict__["values"] = tuple(self._values)  # fill the cache, as Grid.place does
        return self._grid

    # ------------------------------------------------------------------ the singles
    def finder(self, rule_id: str) -> Callable[[], Step | None]:
        """For the rule ``rule_id`` (one of :data:`SINGLE_RULE_IDS`): the step it would take first, if any."""
        return {
            FULL_HOUSE: self._full_house,
            NAKED_SINGLE: self._naked_single,
            HIDDEN_SINGLE: self._hidden_single,
        }[rule_id]

    def _full_house(self) -> Step | None:
        heap, values, cands, lone = self._full_houses, self._values, self._cands, self._lone
        while heap:
            cell = heap[0]
            if not values[cell] and cands[cell] in lone:
                unit = next(u for u in self._units_of[cell] if self._open[u] in lone)
                return self._explained[FULL_HOUSE, cell, cands[cell].bit_length(), unit]
            heapq.heappop(heap)
        return None

    def _naked_single(self) -> Step | None:
        heap, values, cands, lone = self._naked, self._values, self._cands, self._lone
        while heap:
            cell = heap[0]
            if not values[cell] and cands[cell] in lone:
                return self._explained[NAKED_SINGLE, cell, cands[cell].bit_length(), -1]
            heapq.heappop(heap)
        return None

    def _hidden_single(self) -> Step | None:
        heap, n = self._hidden, self._n
        while heap:
            rank, i = divmod(heap[0], n)
            unit = self._order[rank]
            spots = self._where[unit * n + i]
            if spots in self._lone:  # one place left
                cell = self._units[unit][spots.bit_length() - 1]
                return self._explained[HIDDEN_SINGLE, cell, i + 1, unit]
            heapq.heappop(heap)
        return None

    def _became_single(self, cell: int) -> None:
        heapq.heappush(self._naked, cell)
        open_, lone = self._open, self._lone
        if any(open_[unit] in lone for unit in self._units_of[cell]):
            heapq.heappush(self._full_houses, cell)

    # ------------------------------------------------------------------ following the steps
    def follow(self, step: Step) -> bool:
        """Take in a step the engine applied (placements, then eliminations, as ``Grid.apply``).

        Returns True when the step may have made the position impossible (a cell without candidates,
        a digit without a place in a unit, a digit twice in a unit): then ask ``Grid.problems``.
        """
        self._grid = None
        broken = False
        for cell, digit in step.placements:
            broken |= self._place(cell, digit)
        for cell, digit in step.eliminations:
            broken |= self._remove(cell, digit - 1)
        return broken

    def _place(self, cell: int, digit: int) -> bool:
        placed, open_, cands, lone, where = self._placed, self._open, self._cands, self._lone, self._where
        i = digit - 1
        bit = 1 << i
        broken = False
        slots = self._slots[cell]
        for unit, base, _rank_base, keep in slots:
            broken |= bool(placed[unit] & bit)
            placed[unit] |= bit
            open_[unit] &= keep
            where[base + i] = 0  # every other place the digit had here is a peer: all go
        others = cands[cell] & ~bit
        cands[cell] = 0
        self._values[cell] = digit
        self._entries[cell] = digit
        self.open_cells -= 1
        if others:
            for j in _bit_indices(others):
                broken |= self._lose(cell, j)
        broken |= self._clear_peers(cell, i)
        for unit, _base, _rank_base, _keep in slots:
            spots = open_[unit]
            if spots in lone:  # one empty cell left: a full house once it has one candidate
                last = self._units[unit][spots.bit_length() - 1]
                if cands[last] in lone:
                    heapq.heappush(self._full_houses, last)
        return broken

    def _clear_peers(self, cell: int, i: int) -> bool:
        """The placed digit (index ``i``) leaves the peers of ``cell``, and their other units."""
        cands, lone, where, hidden = self._cands, self._lone, self._where, self._hidden
        bit = 1 << i
        broken = False
        for peer, slots in self._peer_slots[cell]:
            mask = cands[peer]
            if mask & bit:
                mask ^= bit
                cands[peer] = mask
                if mask in lone:
                    self._became_single(peer)
                elif not mask:
                    broken = True
                for _unit, base, rank_base, keep in slots:
                    spots = where[base + i] & keep
                    where[base + i] = spots
                    if not spots:
                        broken = True  # a cell had the digit open, so the unit had not placed it
                    elif not spots & (spots - 1):
                        heapq.heappush(hidden, rank_base + i)
        return broken

    def _remove(self, cell: int, i: int) -> bool:
        mask = self._cands[cell]
        if not mask >> i & 1:
            return False
        mask ^= 1 << i
        self._cands[cell] = mask
        if mask in self._lone:
            self._became_single(cell)
        return self._lose(cell, i) or not mask

    def _lose(self, cell: int, i: int) -> bool:
        """Digit index ``i`` left ``cell``; True if one of its units has no place for it any more."""
        where = self._where
        broken = False
        for unit, base, rank_base, keep in self._slots[cell]:
            spots = where[base + i] & keep
            where[base + i] = spots
            if not spots:
                broken |= not self._placed[unit] >> i & 1
            elif not spots & (spots - 1):
                heapq.heappush(self._hidden, rank_base + i)
        return broken
