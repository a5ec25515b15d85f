"""Franken and Mutant fish: fish whose base and cover sets may be boxes as well as lines.

Take one digit and k *base sets*, units that each must hold the digit once, and k *cover sets*, other
units that each hold it at most once. If every candidate of the base sets lies in a cover set, the k
copies of the digit the base sets need take all k cover sets, so the digit leaves every other cell of the
cover sets (a base candidate in two cover sets could go too; that cannibalism is not reported, as it never
mattered to the library and would weaken the search's pruning). *Fins* are base candidates no cover set
holds, and candidates in two base sets (endo fins, which could serve both at once): either a fin holds the
digit or the fish stands, so only cells that see every fin lose it. A fish of rows and columns is basic
(:mod:`basic_fish`, :mod:`finned_fish`); with boxes among the base or cover sets but lines of one
direction per side it is *Franken*; with rows and columns mixed on one side, *Mutant*. Sizes 2 to 4, with
or without fins, in one rule per family: the finned search finds the plain fish too, and one row per
family keeps the table short (HoDoKu splits each into twelve by size and fins). Fish on the same base sets
(siamese fish) are reported as one step with the eliminations of all of them.

The search reads only the cells holding the digit, so its answer is remembered by them
(:func:`~sudoku_workbench.logic.shared._memos.per_digit`): between two asks most digits have not moved. It
picks
base sets in unit order, then covers the lowest base candidate not yet covered by one of its (at most two)
other units, or makes it a fin. A branch is dropped when its fins see no common cell that a cover set can
reach, or when its open candidates need more cover sets than are left (counted greedily: candidates that
share no allowed unit need one each, or must be fins).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from sudoku_workbench.core.cancel import checkpoint
from sudoku_workbench.core.geometry import Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared._digit_links import bits_of, common_peers, digit_links
from sudoku_workbench.logic.shared._memos import per_digit
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = ["FRANKEN_FISH", "MUTANT_FISH", "franken_fish", "mutant_fish"]

FRANKEN_FISH = "franken_fish"
MUTANT_FISH = "mutant_fish"
_SIZES = (2, 3, 4)
_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
#: At most two fins, one of them may be an endo fin: every fish of sizes 2 to 4 in HoDoKu's technique library
#: is found within them, with the eliminations the library expects; each fin more doubles the search.
MAX_FINS = 2
MAX_ENDO_FINS = 1
#: Search nodes one digit may take (a search runs out on positions with many candidates, such as early
#: ones): on 9x9, 50,000 still finds every fish of sizes 2 to 4 in HoDoKu's library (20,000 found 37 of
#: 39; the largest full digit search there takes 172,289); 16x16 and 25x25 grids, where the base sets grow
#: into the ten thousands, get far fewer. A branch left out means no step, never a wrong one.
NODE_BUDGET = 50_000
NODE_BUDGET_LARGE = 5_000

_ROW, _COL, _BOX = 1, 2, 4


@dataclass(frozen=True)
class Fish:
    """One fish: base and cover units, fins (a cell mask, endo fins included) and the victims' mask."""

    base: tuple[int, ...]
    cover: tuple[int, ...]
    fins: int
    victims: int


class _Board(NamedTuple):
    """The digit's cells as the search needs them: each unit's cells, each cell's units, the peers."""

    kinds: tuple[int, ...]
    cells_in: tuple[int, ...]
    units_of: tuple[tuple[int, ...], ...]
    peers: tuple[int, ...]
    holders: int


def _kind_masks(geo: Geometry) -> tuple[int, ...]:
    """Rows, columns, and the rest: regions and extra houses (a diagonal, a window) count as boxes."""
    n = geo.n
    return (_ROW,) * n + (_COL,) * n + (_BOX,) * (len(geo.units) - 2 * n)


def family_of(kinds: tuple[int, ...], base: tuple[int, ...], cover: tuple[int, ...]) -> str | None:
    """FRANKEN_FISH, MUTANT_FISH, or None for a basic fish (rows against columns)."""
    b = c = 0
    for unit in base:
        b |= kinds[unit]
    for unit in cover:
        c |= kinds[unit]
    if (b, c) in ((_ROW, _COL), (_COL, _ROW)):
        return None
    if not b & c & ~_BOX and b != _ROW | _COL and c != _ROW | _COL:
        return FRANKEN_FISH
    return MUTANT_FISH


#: Per family, the (base kinds, cover kinds) each side may use.
_SHAPES = {
    FRANKEN_FISH: ((_ROW | _BOX, _COL | _BOX), (_COL | _BOX, _ROW | _BOX)),
    MUTANT_FISH: ((_ROW | _COL | _BOX, _ROW | _COL | _BOX),),
}


class _Search:
    """The fish of one family on one digit's cells (see the module text for the method)."""

    def __init__(self, board: _Board, family: str, budget: int) -> None:
        self.board = board
        self.family = family
        self.found: dict[tuple[tuple[int, ...], tuple[int, ...]], Fish] = {}
        self.budget = budget
        self.outside = 0  # the current base's reach: cells outside it in a unit that may cover it
        self.touching: tuple[int, ...] = ()

    def run(self) -> tuple[Fish, ...]:
        board = self.board
        cells_in = board.cells_in
        # Per unit, the units that share a cell holding the digit with it (a bit per unit).
        self.touching = tuple(
            sum(1 << v for v, other in enumerate(cells_in) if other & own) for own in cells_in
        )
        for base_kinds, cover_kinds in _SHAPES[self.family]:
            units = [
                u for u, cells in enumerate(cells_in) if board.kinds[u] & base_kinds and cells.bit_count() > 1
            ]
            covers = sum(1 << u for u, kind in enumerate(board.kinds) if kind & cover_kinds)
            self._bases(units, 0, (), (0, 0, 0), covers)
        return tuple(self.found.values())

    def _bases(
        self, units: list[int], start: int, base: tuple[int, ...], sets: tuple[int, int, int], covers: int
    ) -> None:
        """Grow base sets in unit order; each of size 2 to 4 is covered in every way that makes a fish.

        ``sets`` carries the base's cells, its endo fins and the units touching it, as masks.
        """
        cells_in = self.board.cells_in
        cells, endo, touched = sets
        for index in range(start, len(units)):
            unit = units[index]
            own = cells_in[unit]
            grown_endo = endo | (cells & own)
            if grown_endo.bit_count() > MAX_ENDO_FINS:
                continue
            grown = (*base, unit)
            grown_sets = (cells | own, grown_endo, touched | self.touching[unit])
            if len(grown) >= _SIZES[0]:
                self._covers(grown, grown_sets, covers)
            if len(grown) < _SIZES[-1]:
                self._bases(units, index + 1, grown, grown_sets, covers)

    def _covers(self, base: tuple[int, ...], sets: tuple[int, int, int], covers: int) -> None:
        checkpoint()  # a 25x25's bases take a minute
        board = self.board
        cells, endo, touched = sets
        allowed = touched & covers
        for unit in base:
            allowed &= ~(1 << unit)
        reach = 0
        for unit in bits_of(allowed):
            reach |= board.cells_in[unit]
        self.outside = reach & ~cells
        if not endo:
            self._cover(base, cells, endo, allowed, (), 0, 0, -1)
        elif victims := common_peers(board.peers, endo) & self.outside:
            self._cover(base, cells, endo, allowed, (), 0, 0, self._fin_room(victims))

    def _cover(
        self,
        base: tuple[int, ...],
        cells: int,
        endo: int,
        allowed: int,
        cover: tuple[int, ...],
        covered: int,
        fins: int,
        room: int,
    ) -> None:
        """Cover the lowest open base candidate by one of its allowed units, or make it a fin.

        A unit passed over in one branch is barred in the next ones, so each cover set comes once.
        ``room`` holds the cells that could still be fins (they must share a victim with the fins so
        far); open cells outside it must be covered, and a branch that cannot cover them stops.
        """
        self.budget -= 1
        if self.budget < 0:
            return
        left = len(base) - len(cover)
        if not left:
            self._record(base, cover, cells, covered, fins | endo | (cells & ~covered))
            return
        open_cells = cells & ~covered & ~fins & ~endo
        if not open_cells:
            return
        spare = MAX_FINS - (fins | endo).bit_count()
        if self._apart(open_cells & ~room, allowed) > left or self._apart(open_cells, allowed) > left + spare:
            return
        board = self.board
        low = open_cells & -open_cells
        cell = low.bit_length() - 1
        for unit in board.units_of[cell]:
            if allowed >> unit & 1:
                mask = board.cells_in[unit]
                self._cover(base, cells, endo, allowed, (*cover, unit), covered | mask, fins, room)
                allowed &= ~(1 << unit)
        if spare and low & room:
            grown = fins | low
            victims = common_peers(board.peers, grown | endo) & self.outside
            if victims:
                self._cover(base, cells, endo, allowed, cover, covered, grown, self._fin_room(victims))

    def _fin_room(self, victims: int) -> int:
        """The cells that see one of these victims: the only ones that may join the fins."""
        peers = self.board.peers
        room = 0
        for victim in bits_of(victims):
            room |= peers[victim]
        return room

    def _apart(self, cells: int, allowed: int) -> int:
        """How many of the cells share no allowed unit, found greedily: each needs a cover or is a fin."""
        board = self.board
        count = 0
        while cells:
            low = cells & -cells
            count += 1
            for unit in board.units_of[low.bit_length() - 1]:
                if allowed >> unit & 1:
                    cells &= ~board.cells_in[unit]
            cells &= ~low
        return count

    def _record(
        self, base: tuple[int, ...], cover: tuple[int, ...], cells: int, covered: int, fins: int
    ) -> None:
        """Keep the fish when it removes something and belongs to this family."""
        victims = covered & ~cells
        if fins:
            victims &= common_peers(self.board.peers, fins)
        if not victims or family_of(self.board.kinds, base, cover) != self.family:
            return
        key = (tuple(sorted(base)), tuple(sorted(cover)))
        if key not in self.found:
            self.found[key] = Fish(key[0], key[1], fins, victims)


@functools.cache
def _layout(geo: Geometry) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per unit its kind, per unit its cells, per cell its peers (masks over cells)."""
    return _kind_masks(geo), unit_masks(geo), geo.peer_bits


def _run(grid: Grid, digit: Digit, family: str) -> tuple[Fish, ...]:
    geo = grid.geometry
    kinds, units, peers = _layout(geo)
    holders = digit_links(grid).holders[digit]
    board = _Board(kinds, tuple(holders & u for u in units), geo.units_of, peers, holders)
    return _Search(board, family, NODE_BUDGET if geo.n <= 9 else NODE_BUDGET_LARGE).run()


@per_digit
def _franken_on(grid: Grid, digit: Digit) -> tuple[Fish, ...]:
    return _run(grid, digit, FRANKEN_FISH)


@per_digit
def _mutant_on(grid: Grid, digit: Digit) -> tuple[Fish, ...]:
    return _run(grid, digit, MUTANT_FISH)


def _sets_text(geo: Geometry, units: tuple[int, ...]) -> str:
    return and_list([geo.unit_name(u) for u in units])


def _cover_text(geo: Geometry, dc: str, fish: Fish) -> str:
    """One fish's cover sets, fins and victims in words."""
    victims = fish.victims.bit_count()
    text = f"Their {dc}s lie in {_sets_text(geo, fish.cover)}"
    if fish.fins:
        plural = "s" if fish.fins.bit_count() > 1 else ""
        text += f", apart from the fin{plural} {cells_text(geo, bits_of(fish.fins))}"
    text += f", which hold one {dc} each: so {cells_text(geo, bits_of(fish.victims))} "
    text += f"{'loses' if victims == 1 else 'lose'} {dc}"
    return text + (" (in a cover set and seeing every fin)." if fish.fins else ".")


def _step(grid: Grid, digit: Digit, school: tuple[Fish, ...], family: str) -> Step:
    """One step for the fish on one base (several when siamese): the union of their victims."""
    geo = grid.geometry
    first = school[0]
    size = len(first.base)
    dc = digit_char(digit)
    bit = 1 << (digit - 1)
    victims = 0
    for fish in school:
        victims |= fish.victims
    base_cells = tuple(
        c for u in first.base for c in geo.units[u] if grid.candidates[c] & bit and not grid.values[c]
    )
    covers = tuple(dict.fromkeys(u for fish in school for u in fish.cover))
    name = "Franken" if family == FRANKEN_FISH else "Mutant"
    if any(fish.fins for fish in school):
        name = f"Finned {name}"
    if len(school) > 1:
        name = f"Siamese {name}"
    parts = [
        f"{name} {_NAMES[size]} on {dc}: each of {_sets_text(geo, first.base)} must hold a {dc}, "
        f"in {size} different cells unless a fin is {dc}.",
        *(_cover_text(geo, dc, fish) for fish in school),
    ]
    if len(school) > 1:
        parts.append("The fish share their base sets (siamese), so all their eliminations are one step.")
    return Step(
        family,
        eliminations=tuple((c, digit) for c in bits_of(victims)),
        highlights=Highlights(
            cells=base_cells,
            units=(*first.base, *covers),
            pattern=tuple((c, digit) for c in base_cells),
        ),
        explanation=" ".join(parts),
    )


def _members(school: list[Fish]) -> tuple[Fish, ...]:
    """The fish of one base worth naming: fewest fins first, each removing something the others do not."""
    kept: list[Fish] = []
    victims = 0
    for fish in sorted(school, key=lambda f: (f.fins.bit_count(), -f.victims.bit_count())):
        if fish.victims & ~victims:
            kept.append(fish)
            victims |= fish.victims
    return tuple(kept)


def _fish_steps(grid: Grid, family: str, search: Callable[[Grid, Digit], tuple[Fish, ...]]) -> Iterator[Step]:
    """The steps of every digit, plain fish before finned ones and smaller before larger."""
    schools: dict[tuple[Digit, tuple[int, ...]], list[Fish]] = {}
    for digit in range(1, grid.geometry.n + 1):
        for fish in search(grid, digit):
            schools.setdefault((digit, fish.base), []).append(fish)
    order = sorted(schools, key=lambda key: (any(f.fins for f in schools[key]), len(key[1]), key))
    seen: set[tuple[Digit, int]] = set()
    for digit, base in order:
        school = _members(schools[digit, base])
        victims = 0
        for fish in school:
            victims |= fish.victims
        if (digit, victims) not in seen:
            seen.add((digit, victims))
            yield _step(grid, digit, school, family)


def franken_fish(grid: Grid) -> Iterator[Step]:
    """Fish with boxes among the base or cover sets and one line direction per side (finned or not)."""
    return _fish_steps(grid, FRANKEN_FISH, _franken_on)


def mutant_fish(grid: Grid) -> Iterator[Step]:
    """Fish that mix rows and columns on one side, boxes allowed anywhere (finned or not)."""
    return _fish_steps(grid, MUTANT_FISH, _mutant_on)
