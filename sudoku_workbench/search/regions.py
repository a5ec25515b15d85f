"""Random jigsaw region maps: N connected regions of N cells, optionally symmetric under a half turn.

A map starts as the boxes (or, for a size with no box shape, as stripes of rows) and is shuffled by
trades between neighbouring regions, one cell each way, kept when both stay in one piece. A trade made
together with its half-turn image keeps the map symmetric, so a rot180 puzzle can be drawn on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sudoku_workbench.core.geometry import (
    BOX_SHAPES,
    Cell,
    Geometry,
    ShapeError,
    box_regions,
    connected_piece,
    geometry,
    jigsaw,
)
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.solve import solvable_within

__all__ = ["JIGSAW_SYMMETRIES", "ShapeChoice", "random_jigsaw", "random_regions"]

#: The symmetries a random region map can be drawn with.
JIGSAW_SYMMETRIES = ("none", "rot180")
#: Search nodes a map may take to show it can be filled (about 0.1 s compiled); about a third of
#: 9x9 anti-knight maps settle within it, the rest are drawn again.
MAP_NODE_BUDGET = 50_000
#: Maps drawn before the shape is refused as one no grid fills (a 6x6 X anti-knight has none).
MAP_DRAWS = 64


def random_regions(n: int, rng: random.Random, symmetric: bool = False, moves: int = 0) -> tuple[int, ...]:
    """A region map of an N×N grid, ``moves`` accepted trades away from the start (default 4·N²)."""
    regions = list(_start(n))
    wanted = moves or 4 * n * n
    pairs = [(c, c + 1) for c in range(n * n) if c % n < n - 1] + [(c, c + n) for c in range(n * n - n)]
    accepted = tries = 0
    while accepted < wanted and tries < 50 * wanted:
        tries += 1
        a, b = rng.choice(pairs)
        traded = _trade(regions, *((a, b) if rng.random() < 0.5 else (b, a)), n, rng, symmetric)
        if traded is not None:
            regions = traded
            accepted += 1
    return tuple(regions)


def random_jigsaw(
    n: int, rng: random.Random, symmetric: bool = False, extras: tuple[str, ...] = ()
) -> Geometry:
    """The geometry of a random region map (see :func:`random_regions`) that some grid fills.

    Not every map can be filled (one 7x7 map in twelve here could not, and with a knight's move most
    cannot): a map that is not shown fillable within :data:`MAP_NODE_BUDGET` nodes is drawn again.

    Raises:
        ShapeError: when none of :data:`MAP_DRAWS` maps is shown fillable.
    """
    empty = 0
    for _ in range(MAP_DRAWS):
        geo = jigsaw(random_regions(n, rng, symmetric), extras)
        fillable = solvable_within(Grid.empty(geo), MAP_NODE_BUDGET)
        if fillable:
            return geo
        empty += fillable is False
    rules = f" with {', '.join(extras)}" if extras else ""
    unsettled = (
        f", {MAP_DRAWS - empty} not settled in {MAP_NODE_BUDGET:,} search nodes" if empty < MAP_DRAWS else ""
    )
    raise ShapeError(
        f"no grid was found for any of {MAP_DRAWS} random {n}x{n} jigsaw maps{rules} "
        f"({empty} have none{unsettled}): try another size or fewer extra rules"
    )


def _start(n: int) -> tuple[int, ...]:
    return box_regions(n, *BOX_SHAPES.get(n, (1, n)))


def _trade(
    regions: list[int], a: Cell, b: Cell, n: int, rng: random.Random, symmetric: bool
) -> list[int] | None:
    """The map after ``a`` joins ``b``'s region and one of its cells bordering ``a``'s joins back.

    If symmetric, the same is done half a turn away; None when a region would fall apart.
    """
    mine, theirs = regions[a], regions[b]
    if mine == theirs:
        return None
    new = regions[:]
    new[a] = theirs
    borders = [c for c in range(n * n) if new[c] == theirs and c != a and _touches(new, c, mine, n)]
    if not borders:
        return None
    back = rng.choice(borders)
    new[back] = mine
    changed = {a, back}
    if symmetric:
        last = n * n - 1
        image = {r: regions[last - next(c for c in range(n * n) if regions[c] == r)] for r in set(regions)}
        if {last - a, last - back} & changed:
            return None
        for cell in (a, back):
            new[last - cell] = image[new[cell]]
        changed |= {last - a, last - back}
    touched = {regions[c] for c in changed} | {new[c] for c in changed}
    return new if all(_in_one_piece(new, region, n) for region in touched) else None


def _touches(regions: list[int], cell: Cell, region: int, n: int) -> bool:
    row, col = divmod(cell, n)
    near = (cell - n, row > 0), (cell + n, row < n - 1), (cell - 1, col > 0), (cell + 1, col < n - 1)
    return any(ok and regions[other] == region for other, ok in near)


def _in_one_piece(regions: list[int], region: int, n: int) -> bool:
    members = {c for c, r in enumerate(regions) if r == region}
    return len(connected_piece(next(iter(members)), members, n)) == len(members)


@dataclass(frozen=True)
class ShapeChoice:
    """The shape a generator is asked for: a size, the variants' extras, and whether it is a jigsaw.

    A jigsaw's region map is drawn anew for each puzzle (symmetric under a half turn when the puzzle's
    givens are to be), unless ``regions`` fixes one (the window's puzzle's, row-major region numbers);
    picklable, so worker processes draw their own.
    """

    size: int = 9
    extras: tuple[str, ...] = ()
    jigsaw: bool = False
    regions: tuple[int, ...] | None = None

    def check(self, symmetry: str) -> None:
        """Refuse a shape or symmetry that cannot be drawn, before any work starts.

        Raises:
            ShapeError: for a size without boxes (unless a jigsaw), an extra that does not fit, or a
                jigsaw with a symmetry other than ``none`` and ``rot180``.
        """
        if self.jigsaw and self.regions is None and symmetry not in JIGSAW_SYMMETRIES:
            raise ShapeError(
                f"a jigsaw's regions are drawn with {' or '.join(JIGSAW_SYMMETRIES)} symmetry only"
            )
        self.draw(random.Random(0), symmetry)

    def draw(self, rng: random.Random, symmetry: str) -> Geometry:
        """The geometry of one puzzle (a fresh region map for a jigsaw without a fixed one)."""
        if self.regions is not None:
            return jigsaw(self.regions, self.extras)
        if self.jigsaw:
            return random_jigsaw(self.size, rng, symmetry == "rot180", self.extras)
        if self.size not in BOX_SHAPES:
            raise ShapeError(f"a {self.size}x{self.size} grid has no boxes: make it a jigsaw")
        return geometry(*BOX_SHAPES[self.size], self.extras)
