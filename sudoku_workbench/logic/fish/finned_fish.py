"""Finned and sashimi fish: an X-Wing, Swordfish or Jellyfish spoiled by a few extra candidates in a box.

Take one digit and k base rows. If their candidates lie in k cover columns except for some *fins*, all
inside one box, then either a fin holds the digit or the k rows fill the k columns (the plain fish). A
cell of a cover column, outside the base rows, in the fins' box sees every fin and would be emptied by
the fish, so it loses the digit either way. When a base row keeps at most one candidate in the cover
columns (the fish is incomplete without its fins) the pattern is called *sashimi*. The same holds with
rows and columns swapped.

Most digits of a position have no finned fish at all, so each digit's places per line are first
checked fin box by fin box (:func:`_fish_sizes`, all three sizes at once), and only the sizes that have
one are searched in full. The search takes base lines in order and drops a combination as soon as its
columns cannot be covered by k columns plus one box's width. On 16x16 and 25x25 grids the combinations
grow fast, so one call looks at no more than :data:`CALL_BUDGET` of them (a skipped combination means
no step, never a wrong one).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Container, Iterable, Iterator, Sequence
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Form, Highlights, Step
from sudoku_workbench.logic.fish.basic_fish import places_per_line
from sudoku_workbench.logic.shared._digit_links import bits_of
from sudoku_workbench.logic.shared._memos import forgettable
from sudoku_workbench.logic.shared._positions import unit_positions
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = [
    "FINNED_JELLYFISH",
    "FINNED_SWORDFISH",
    "FINNED_X_WING",
    "FISH_NAMES",
    "Fish",
    "FishLines",
    "LineFish",
    "RawFish",
    "fin_cells",
    "finned_fishes",
    "finned_jellyfish",
    "finned_swordfish",
    "finned_x_wing",
    "fish_reading",
    "fish_record",
    "fish_units",
    "grid_fishes",
]

FINNED_X_WING = "finned_x_wing"
FINNED_SWORDFISH = "finned_swordfish"
FINNED_JELLYFISH = "finned_jellyfish"
_RULES = {2: FINNED_X_WING, 3: FINNED_SWORDFISH, 4: FINNED_JELLYFISH}
_SIZES = tuple(_RULES)
#: The fish of each size by name.
FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_SASHIMI = " (sashimi: a base line keeps at most one candidate in the cover lines)"
#: Base-line combinations one call may look at (all of them on 9x9).
CALL_BUDGET = 30_000


@dataclass(frozen=True)
class FishLines:
    """A fish with fins on one digit: base and cover lines (0-based) and the fins as cells.

    Finned and Kraken fish (whose fins may sit anywhere) share it and :meth:`reading`.
    """

    digit: Digit
    by_rows: bool
    base: tuple[int, ...]
    cover: tuple[int, ...]
    fins: tuple[Cell, ...]

    def reading(self, geo: Geometry, fin_place: str = "") -> str:
        """The lines and fins in words (``fin_place`` says more of the fins), and the either-or they make."""
        dc = digit_char(self.digit)
        base_kind, cover_kind = ("rows", "columns") if self.by_rows else ("columns", "rows")
        fins = "fins" if len(self.fins) > 1 else "fin"
        return (
            f"in {base_kind} {and_list([str(i + 1) for i in self.base])}, {dc} lies only in {cover_kind} "
            f"{and_list([str(i + 1) for i in self.cover])}, apart from the {fins} "
            f"{cells_text(geo, self.fins)}{fin_place}. "
            f"Either a fin is {dc}, or the {base_kind} put their {dc}s in those {cover_kind}."
        )


@dataclass(frozen=True)
class Fish(FishLines):
    """A finned fish, its fins in one box: the cells that lose the digit, and whether it is sashimi."""

    victims: tuple[Cell, ...]
    sashimi: bool


#: A finned fish as the search finds it: base lines, cover mask, the fins' band, the hit cover places.
RawFish = tuple[tuple[int, ...], int, range, int]


#: One digit's finned fish as :func:`grid_fishes` lists them: digit, by rows, places per line, raw fish.
LineFish = tuple[Digit, bool, tuple[int, ...], RawFish]

_last: tuple[Grid | None, tuple[LineFish, ...]] = (None, ())


def grid_fishes(grid: Grid) -> tuple[LineFish, ...]:
    """Each finned fish of sizes 2-4 found on one digit's places per line, with those places.

    By digit, rows before columns, smaller fish first. Kept for the most recent grid (compared by
    identity): the Siamese rule and the three finned rules ask for them one after another.
    """
    global _last
    cached = _last
    if cached[0] is grid:
        return cached[1]
    geo = grid.geometry
    where = unit_positions(grid)  # row r's mask is over columns, column c's over rows
    found: list[LineFish] = []
    for digit, rows, cols in places_per_line(where, geo.n):
        for by_rows, masks in ((True, rows), (False, cols)):
            present = _fish_sizes(geo, by_rows, masks)
            for size in _SIZES:
                if size in present:
                    found.extend(
                        (digit, by_rows, masks, raw) for raw in _line_fishes(geo, size, by_rows, masks)
                    )
    result = tuple(found)
    _last = (grid, result)
    return result


def finned_fishes(grid: Grid, size: int) -> Iterator[Fish]:
    """Every finned or sashimi fish of one size (the same fish may come once per fin box or cover)."""
    for digit, by_rows, masks, raw in grid_fishes(grid):
        if len(raw[0]) == size:
            yield fish_record(grid.geometry, digit, by_rows, masks, raw)


@forgettable
@functools.lru_cache(maxsize=4096)
def _fish_sizes(geo: Geometry, by_rows: bool, masks: tuple[int, ...]) -> frozenset[int]:
    """The sizes that have a finned fish on one digit's places per line: most have none.

    The three rules ask in a row, and the full search of each costs several times this check, which
    takes the fins' band, then its part of the base (lines with the fins, the band's other lines
    holding the victims), then the stack, and needs the base lines outside the band only as the union
    of their places. A size is found here exactly when :func:`_covers` yields a fish for it (without
    the search's budget).
    """
    n = geo.n
    width, depth = (geo.box_cols, geo.box_rows) if by_rows else (geo.box_rows, geo.box_cols)
    stacks = [((1 << width) - 1) << s for s in range(0, n, width)]
    top = max(_SIZES)
    found: set[int] = set()
    for first in range(0, n, depth):
        band = range(first, first + depth)
        splits = _band_splits(band, masks)
        if not splits:
            continue
        unions = _outer_unions([m for i, m in enumerate(masks) if i not in band], top)
        for stack in stacks:
            for inside, inner, others in splits:
                targets, fins = others & stack, inner & stack
                if not targets or not fins:
                    continue
                for size in _SIZES:
                    if size not in found and 0 <= size - inside < top:
                        for outer in unions[size - inside]:
                            required = outer | (inner & ~stack)
                            need = size - required.bit_count()
                            free = fins & ~required
                            if 0 <= need < free.bit_count() and (required | (free if need else 0)) & targets:
                                found.add(size)
                                break
    return frozenset(found)


def _places_in_and_out(lines: Iterable[int], group: Container[int], masks: Sequence[int]) -> tuple[int, int]:
    """The places of the digit on those of ``lines`` that are in ``group``, and on the others."""
    inside = outside = 0
    for line in lines:
        if line in group:
            inside |= masks[line]
        else:
            outside |= masks[line]
    return inside, outside


def _band_splits(band: range, masks: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Each way to take some of a band's lines into the base: (how many, their places, the others')."""
    lines = [line for line in band if masks[line].bit_count() >= 2]
    splits = []
    for count in range(1, len(lines) + 1):
        for chosen in itertools.combinations(lines, count):
            inner, others = _places_in_and_out(band, chosen, masks)
            if others:
                splits.append((count, inner, others))
    return splits


def _outer_unions(masks: list[int], top: int) -> list[set[int]]:
    """By count, the unions of places of fewer than ``top`` lines that fit in ``top`` cover lines."""
    lines = [m for m in masks if 2 <= m.bit_count() <= top]
    unions: list[set[int]] = [{0}] + [set() for _ in range(top - 1)]
    stack = [(0, 0, 0)]
    while stack:
        start, count, union = stack.pop()
        for index in range(start, len(lines)):
            grown = union | lines[index]
            if grown.bit_count() <= top:
                unions[count + 1].add(grown)
                if count + 2 < top:
                    stack.append((index + 1, count + 1, grown))
    return unions


@forgettable
@functools.lru_cache(maxsize=4096)
def _line_fishes(
    geo: Geometry, size: int, by_rows: bool, masks: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int, range, int], ...]:
    """The finned fish of one digit's places per line (cached: most digits keep them between steps).

    Each is (base lines, cover mask, the fins' band of lines, the cover positions that lose the digit).
    """
    n = geo.n
    width, depth = (geo.box_cols, geo.box_rows) if by_rows else (geo.box_rows, geo.box_cols)
    stacks = [((1 << width) - 1) << s for s in range(0, n, width)]
    outside = [geo.full_mask & ~stack for stack in stacks]
    bands = [range(s, s + depth) for s in range(0, n, depth)]
    eligible = [i for i, m in enumerate(masks) if 2 <= m.bit_count() <= size + width]
    return tuple(
        found
        for base in _bases(eligible, masks, outside, size)
        for found in _covers(base, masks, bands, stacks)
    )


def _bases(
    eligible: list[int], masks: tuple[int, ...], outside: list[int], size: int
) -> Iterator[tuple[int, ...]]:
    """Base-line sets whose lines, outside some one stack, use at most ``size`` cover lines.

    Adding a line only grows the union, so a partial set that no stack can rescue is dropped at once.
    The sets of one parent are yielded as soon as it is grown, last line first (the order the stack of
    partial sets would pop them in), and only those that are more than a plain fish. Whether a union
    of places can be rescued is remembered: many sets share one.
    """
    budget = CALL_BUDGET
    rescuable: dict[int, bool] = {}
    stack: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
    while stack:
        start, chosen, union = stack.pop()
        last = len(chosen) + 1 == size
        grown_sets = []
        for index in range(start, len(eligible)):
            budget -= 1
            if budget <= 0:
                return
            line = eligible[index]
            grown = union | masks[line]
            count = grown.bit_count()
            if count > size:
                if grown not in rescuable:
                    rescuable[grown] = any((grown & rest).bit_count() <= size for rest in outside)
                if not rescuable[grown]:
                    continue
            if not last:
                stack.append((index + 1, (*chosen, line), grown))
            elif count > size:
                grown_sets.append((*chosen, line))
        yield from reversed(grown_sets)


def _covers(
    base: tuple[int, ...], masks: tuple[int, ...], bands: list[range], stacks: list[int]
) -> Iterator[tuple[tuple[int, ...], int, range, int]]:
    """The finned fish on these base lines, box by box: the fins' box first, then the cover lines.

    A box is only tried when it holds the digit outside the base lines (else nothing can go), and a band
    only when the base lines outside it fit in the cover lines (they may have no fins).
    """
    size = len(base)
    for band in bands:
        inner, outer = _places_in_and_out(base, band, masks)
        if not inner or outer.bit_count() > size:
            continue
        others = 0
        for line in band:
            if line not in base:
                others |= masks[line]
        for stack in stacks:
            targets = others & stack
            if not targets:
                continue
            required = outer | (inner & ~stack)
            need = size - required.bit_count()
            free = inner & stack & ~required
            if need < 0 or need >= free.bit_count():
                continue
            for chosen in itertools.combinations([1 << i for i in bits_of(free)], need):
                cover = required | sum(chosen)
                if cover & targets:
                    yield base, cover, band, cover & targets


def fish_record(geo: Geometry, digit: Digit, by_rows: bool, masks: tuple[int, ...], raw: RawFish) -> Fish:
    """The fish record: fins are the base candidates outside the cover, victims the hit cells."""
    base, cover, band, hit = raw
    fins = fin_cells(geo, by_rows, masks, base, ~cover)
    victims = tuple(
        _cell(geo, by_rows, line, i)
        for i in bits_of(hit)
        for line in band
        if line not in base and masks[line] >> i & 1
    )
    sashimi = any((masks[i] & cover).bit_count() <= 1 for i in base)
    return Fish(digit, by_rows, base, tuple(bits_of(cover)), fins, victims, sashimi)


def fin_cells(
    geo: Geometry, by_rows: bool, masks: Sequence[int], base: tuple[int, ...], places: int
) -> tuple[Cell, ...]:
    """The cells of the base lines' places that are in ``places`` (the fins when those are off the cover)."""
    return tuple(_cell(geo, by_rows, line, i) for line in base for i in bits_of(masks[line] & places))


def _cell(geo: Geometry, by_rows: bool, line: int, index: int) -> Cell:
    return geo.cell(line, index) if by_rows else geo.cell(index, line)


def fish_units(geo: Geometry, fish: Fish) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fish's base and cover lines as unit indices."""
    n = geo.n
    base = tuple(i if fish.by_rows else n + i for i in fish.base)
    cover = tuple(n + i if fish.by_rows else i for i in fish.cover)
    return base, cover


def fish_reading(geo: Geometry, fish: Fish) -> str:
    """The fish in words: base and cover lines, fins, and why the victims lose the digit."""
    fin_box = geo.units_of[fish.fins[0]][2]
    fin_place = f" in {geo.unit_name(fin_box)}{_SASHIMI if fish.sashimi else ''}"
    one = len(fish.victims) == 1
    return (
        f"{fish.reading(geo, fin_place)} "
        f"{cells_text(geo, fish.victims)} {'lies' if one else 'lie'} in a cover line and "
        f"{'sees' if one else 'see'} every fin, so {digit_char(fish.digit)} leaves {'it' if one else 'them'} "
        "either way."
    )


def _step(grid: Grid, fish: Fish) -> Step:
    geo = grid.geometry
    d = fish.digit
    base_units, cover_units = fish_units(geo, fish)
    base_cells = tuple(c for u in base_units for c in geo.units[u] if grid.candidates[c] >> (d - 1) & 1)
    kind = "sashimi" if fish.sashimi else "finned"
    fin_box = geo.units_of[fish.fins[0]][2]
    return Step(
        _RULES[len(fish.base)],
        eliminations=tuple((c, d) for c in fish.victims),
        highlights=Highlights(
            cells=base_cells,
            units=(*base_units, *cover_units, fin_box),
            pattern=tuple((c, d) for c in base_cells),
        ),
        explanation=f"{kind.capitalize()} {FISH_NAMES[len(fish.base)]} on {digit_char(d)}: "
        + fish_reading(geo, fish),
        form=Form(sashimi=fish.sashimi),
    )


def _finned(grid: Grid, size: int) -> Iterator[Step]:
    seen: set[tuple[Digit, tuple[Cell, ...]]] = set()
    for fish in finned_fishes(grid, size):
        key = (fish.digit, fish.victims)
        if key not in seen:
            seen.add(key)
            yield _step(grid, fish)


def finned_x_wing(grid: Grid) -> Iterator[Step]:
    """An X-Wing with fins in one box: the cover cells in that box lose the digit (also sashimi)."""
    return _finned(grid, 2)


def finned_swordfish(grid: Grid) -> Iterator[Step]:
    """A Swordfish with fins in one box: the cover cells in that box lose the digit (also sashimi)."""
    return _finned(grid, 3)


def finned_jellyfish(grid: Grid) -> Iterator[Step]:
    """A Jellyfish with fins in one box: the cover cells in that box lose the digit (also sashimi)."""
    return _finned(grid, 4)
