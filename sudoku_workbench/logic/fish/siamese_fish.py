"""Siamese fish: two finned fish on the same base lines, read with different fins, as one step.

A finned X-Wing, Swordfish or Jellyfish is a set of base lines whose copies of d lie in as many cover
lines, apart from fins in one box. The same base lines can often be read more than one way: another
choice of cover lines leaves other candidates as fins, in another box, and clears other cells. Each
reading is a sound finned fish on its own, so every cell any of them clears loses d. Hand-solvers
(HoDoKu's "Siamese Finned Swordfish" and so on) report the readings as one step; so does this rule,
which comes just before the finned fish in the table and finds nothing where a base has one reading.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Form, Highlights, Step
from sudoku_workbench.logic.fish.finned_fish import (
    FISH_NAMES,
    Fish,
    RawFish,
    fish_reading,
    fish_record,
    fish_units,
    grid_fishes,
)
from sudoku_workbench.logic.shared._text import cells_text

__all__ = ["SIAMESE_FISH", "siamese_fish"]

SIAMESE_FISH = "siamese_fish"


def siamese_fish(grid: Grid) -> Iterator[Step]:
    """Finned fish of sizes 2-4 sharing their base lines but not their victims: one step for all.

    The search's raw fish are grouped by base lines first; only a base with two readings that hit
    different places is made into fish records (most bases have one).
    """
    readings: dict[tuple[Digit, bool, tuple[int, ...]], dict[tuple[range, int], RawFish]] = {}
    places: dict[tuple[Digit, bool], tuple[int, ...]] = {}
    for digit, by_rows, masks, raw in grid_fishes(grid):
        places[digit, by_rows] = masks
        readings.setdefault((digit, by_rows, raw[0]), {}).setdefault((raw[2], raw[3]), raw)
    found = []
    for (digit, by_rows, base), raws in readings.items():
        if len(raws) >= 2:
            masks = places[digit, by_rows]
            fishes = tuple(fish_record(grid.geometry, digit, by_rows, masks, raw) for raw in raws.values())
            victims = tuple(dict.fromkeys(cell for fish in fishes for cell in fish.victims))
            if len(victims) > max(len(fish.victims) for fish in fishes):
                found.append((len(base), fishes, victims))
    found.sort(key=lambda item: item[0])  # smaller fish first
    for _size, fishes, victims in found:
        yield _step(grid, fishes, victims)


def _step(grid: Grid, fishes: tuple[Fish, ...], victims: tuple[Cell, ...]) -> Step:
    geo = grid.geometry
    first = fishes[0]
    d = first.digit
    base_units, _ = fish_units(geo, first)
    base_cells = tuple(c for u in base_units for c in geo.units[u] if grid.candidates[c] >> (d - 1) & 1)
    cover_units = tuple(dict.fromkeys(u for fish in fishes for u in fish_units(geo, fish)[1]))
    fin_boxes = tuple(dict.fromkeys(geo.units_of[fish.fins[0]][2] for fish in fishes))
    sashimi = any(fish.sashimi for fish in fishes)
    kind = "sashimi" if sashimi else "finned"
    readings = " ".join(f"Reading {i}: {fish_reading(geo, fish)}" for i, fish in enumerate(fishes, 1))
    return Step(
        SIAMESE_FISH,
        eliminations=tuple((c, d) for c in victims),
        highlights=Highlights(
            cells=base_cells,
            units=(*base_units, *cover_units, *fin_boxes),
            pattern=tuple((c, d) for c in base_cells),
        ),
        explanation=(
            f"Siamese {kind} {FISH_NAMES[len(first.base)]} on {digit_char(d)}: the same base lines make "
            f"{len(fishes)} finned fish with different fins. {readings} Each reading holds on its own, "
            f"so {digit_char(d)} leaves {cells_text(geo, victims)}."
        ),
        form=Form(sashimi=sashimi),
    )
