"""Kraken fish: a finned fish whose fins each lead, by a forcing chain, to the same conclusion.

Take one digit d and k base rows whose copies of d lie in k cover columns apart from one or two fins,
which may sit anywhere (a finned fish needs them in one box; a Kraken fish does not). Either a fin is
d, or the rows put their d's in the cover columns. Two ways to conclude (HoDoKu's types):

* **type 1**: a cell of a cover column outside the base rows loses d if the fish stands; if every fin,
  assumed to be d, also removes d from it along a chain, it loses d in every case;
* **type 2**: in one cover column, d is one of the base candidates there or one of the fins (when the
  fish stands the column takes its d from a base row). If each of those, assumed to be d, removes the
  same candidate along a chain, that candidate goes.

The chains are the direct links of the position (the forcing chains' static propagation, shared
with them: the assumptions are propagated once per position). The row sits just before the forcing
chains, as in HoDoKu, and is off by default (so it is in HoDoKu): the forcing chains find what it finds.
Sizes 2 to 4, rows or columns, at most :data:`MAX_FINS` fins.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.fish.basic_fish import places_per_line
from sudoku_workbench.logic.fish.finned_fish import FISH_NAMES, FishLines, fin_cells
from sudoku_workbench.logic.forcing.forcing_story import (
    Closure,
    Story,
    assumption_closures,
)
from sudoku_workbench.logic.forcing.propagation import Literal, Mode, literal_name
from sudoku_workbench.logic.shared._digit_links import bits_of
from sudoku_workbench.logic.shared._positions import unit_positions

__all__ = ["KRAKEN_FISH", "MAX_FINS", "kraken_fish"]

KRAKEN_FISH = "kraken_fish"
#: Most fins a Kraken fish may have (HoDoKu's default is two as well).
MAX_FINS = 2


def kraken_fish(grid: Grid) -> Iterator[Step]:
    """Finned fish whose fins all lead to one conclusion the fish itself gives (or its cover line's)."""
    closures: dict[Candidate, Closure] | None = None
    seen: set[tuple[tuple[int, ...], Literal]] = set()  # one step per base lines and conclusion
    for fish in _fishes(grid):
        if closures is None:
            closures = assumption_closures(grid, Mode.STATIC)
        for conclusion, cases, unit in _conclusions(grid, fish, closures):
            key = ((fish.digit, fish.by_rows, *fish.base), conclusion)
            if key not in seen:
                seen.add(key)
                step = _step(grid, fish, conclusion, cases, unit)
                if step is not None:
                    yield step


def _fishes(grid: Grid) -> Iterator[FishLines]:
    """Every fish of sizes 2-4 with one to :data:`MAX_FINS` fins, smallest first, by digit."""
    geo = grid.geometry
    n = geo.n
    lines = list(places_per_line(unit_positions(grid), n))
    for size in FISH_NAMES:
        for digit, rows, cols in lines:
            for by_rows, masks in ((True, rows), (False, cols)):
                for base, union in _bases(masks, size):
                    for fin_places in _fin_places(masks, base, union, size):
                        fins = fin_cells(geo, by_rows, masks, base, fin_places)
                        yield FishLines(digit, by_rows, base, tuple(bits_of(union & ~fin_places)), fins)


def _bases(masks: Sequence[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Sets of ``size`` lines whose places span more than ``size`` but at most ``size + MAX_FINS``."""
    top = size + MAX_FINS
    eligible = [line for line, mask in enumerate(masks) if 2 <= mask.bit_count() <= top]
    stack: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
    while stack:
        start, chosen, union = stack.pop()
        for index in range(start, len(eligible)):
            line = eligible[index]
            grown = union | masks[line]
            if grown.bit_count() > top:
                continue
            if len(chosen) + 1 < size:
                stack.append((index + 1, (*chosen, line), grown))
            elif grown.bit_count() > size:
                yield (*chosen, line), grown


def _fin_places(masks: Sequence[int], base: tuple[int, ...], union: int, size: int) -> Iterator[int]:
    """The places left out of the cover, as masks, where the base lines have at most MAX_FINS fins."""
    extra = union.bit_count() - size
    for left_out in itertools.combinations([1 << i for i in bits_of(union)], extra):
        fin_places = sum(left_out)
        if sum((masks[line] & fin_places).bit_count() for line in base) <= MAX_FINS:
            yield fin_places


def _removed(closure: Closure | None, size: int, cell: Cell, digit: Digit) -> bool:
    """Whether an assumption's propagation, finished without contradiction, took d out of the cell."""
    if closure is None or closure.contradicted:
        return False
    return bool(closure.reached >> ((2 * digit - 1) * size + cell) & 1)  # the removals' half of d's block


def _conclusions(
    grid: Grid, fish: FishLines, closures: dict[Candidate, Closure]
) -> Iterator[tuple[Literal, tuple[Candidate, ...], int]]:
    """(conclusion, the cases that each reach it, the cover unit or -1 for type 1) of one fish."""
    geo = grid.geometry
    n, d = geo.n, fish.digit
    fins = tuple((cell, d) for cell in fish.fins)
    if any(closures.get(fin) is None or closures[fin].contradicted for fin in fins):
        return  # a fin that is no open candidate, or that contradicts, is left to simpler rules
    base_units = {line if fish.by_rows else n + line for line in fish.base}
    bit = 1 << (d - 1)
    for line in fish.cover:
        unit = n + line if fish.by_rows else line
        holders = [c for c in geo.units[unit] if grid.candidates[c] & bit]
        inside = [c for c in holders if geo.units_of[c][0 if fish.by_rows else 1] in base_units]
        outside = [c for c in holders if c not in inside]
        for target in outside:  # type 1: the fish removes d here; so must every fin
            if all(_removed(closures[fin], geo.size, target, d) for fin in fins):
                yield (target, d, False), fins, -1
        if outside:  # type 2 (a column of base candidates only is a unit forcing chain)
            cases = (*((c, d) for c in inside), *fins)
            yield from _common_removals(grid, cases, closures, unit)


def _common_removals(
    grid: Grid, cases: tuple[Candidate, ...], closures: dict[Candidate, Closure], unit: int
) -> Iterator[tuple[Literal, tuple[Candidate, ...], int]]:
    """Candidates every case removes (cases that are no open candidate or contradict end the search)."""
    reached = -1
    for case in cases:
        closure = closures.get(case)
        if closure is None or closure.contradicted:
            return
        reached &= closure.reached
    size = grid.geometry.size
    for bit in bits_of(reached):
        digit_index, offset = divmod(bit, 2 * size)
        if offset >= size:  # the upper half of a digit's block: removals
            yield (offset - size, digit_index + 1, False), cases, unit


def _step(
    grid: Grid, fish: FishLines, conclusion: Literal, cases: tuple[Candidate, ...], unit: int
) -> Step | None:
    """Replay each case with reasons; the step if every case still reaches the conclusion."""
    geo = grid.geometry
    cell, digit, _on = conclusion
    story = Story.empty()
    story.units.extend(line if fish.by_rows else geo.n + line for line in fish.base)
    name = FISH_NAMES[len(fish.base)]
    story.sentences.append(f"Kraken fish on {digit_char(fish.digit)}, a finned {name}: {fish.reading(geo)}")
    end = literal_name(geo, conclusion)
    if unit < 0:
        story.sentences.append(f"If no fin is {digit_char(fish.digit)}, the fish stands and {end}.")
    else:
        story.units.append(unit)
        options = " or ".join(literal_name(geo, (c, d, True)) for c, d in cases)
        story.sentences.append(
            f"So in {geo.unit_name(unit)} (the fish's {digit_char(fish.digit)} there, or a fin): {options}."
        )
    story.pattern.update(dict.fromkeys((c, fish.digit) for c in fish.fins))
    if not story.cases_reach(grid, Mode.STATIC, tuple((c, d, True) for c, d in cases), conclusion):
        return None
    story.sentences.append(f"Every case gives {end}, so it holds.")
    return story.step(KRAKEN_FISH, (), ((cell, digit),))
