"""Almost locked sets: ALS-XZ, ALS-XY-Wing and Death Blossom.

An *almost locked set* (ALS) is N cells of one unit holding N + 1 digits between them (a cell with two
candidates is the smallest). Take one digit away and the rest is locked: the N cells hold exactly the
other N digits. Two ALS share a *restricted common* digit x when x is in both and every cell of one
holding x sees every cell of the other holding x: then x is in at most one of them, so the other is
locked without x.

* **ALS-XZ**: ALS A and B with a restricted common x and another common digit z. One of A, B is locked
  without x and holds z, so z is in A or in B: z leaves every cell that sees all z-cells of both.
* **ALS-XY-Wing**: ALS A and B each restricted-common with a third ALS C (by x and by y, x ≠ y). C
  cannot hold both x and y, so A is locked without x or B without y; a digit z of A and B (not x or y)
  is then in A or in B, and leaves the cells that see all their z-cells.
* **Death Blossom**: a stem cell with candidates d1 … dk and, for each di, a petal ALS whose di-cells
  all see the stem. Whatever the stem is, that petal loses di and is locked; a digit z in every petal
  (not in the stem) is then in one of them, so it leaves the cells that see all their z-cells.

The sets come from :mod:`~sudoku_workbench.logic.als_sets` (found once per position). Death
Blossom stems hold two or three candidates, and one call tries at most :data:`BLOSSOM_BUDGET` petal
combinations (on big grids a blossom may be missed, never a wrong step made).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Link, Step
from sudoku_workbench.logic._digit_links import bits_of, common_peers, digit_links, lowest_cell
from sudoku_workbench.logic._text import and_list, cells_text, mask_text
from sudoku_workbench.logic.als_sets import Als, almost_locked_sets

__all__ = [
    "ALS_XY_WING",
    "ALS_XZ",
    "DEATH_BLOSSOM",
    "als_xy_wing",
    "als_xz",
    "death_blossom",
]

ALS_XZ = "als_xz"
ALS_XY_WING = "als_xy_wing"
DEATH_BLOSSOM = "death_blossom"
#: Petal combinations one Death Blossom call may try.
BLOSSOM_BUDGET = 20_000


class _Seers(dict[int, int]):
    """Per cell mask, the cells that see all of it, filled as asked.

    The same sets' z-cells recur in thousands of pairs and blossoms of one position.
    """

    def __init__(self, peers: tuple[int, ...]) -> None:
        super().__init__()
        self.peers = peers

    def __missing__(self, cells: int) -> int:
        seeing = self[cells] = common_peers(self.peers, cells)
        return seeing


@functools.lru_cache(maxsize=4)
def _seers(grid: Grid) -> _Seers:
    return _Seers(digit_links(grid).peers)


@functools.lru_cache(maxsize=4)
def _sights(grid: Grid) -> tuple[list[int], list[list[int]]]:
    """Per cell the sets on it, and per digit and cell the sets whose digit cells all see the cell.

    Sets are bits of one int (by index): a set's partners and a stem's petals are then a few ints
    ANDed instead of a scan of every set. Sets with the same digit cells are placed together.
    """
    sets = almost_locked_sets(grid)
    links = digit_links(grid)
    seers = _seers(grid)
    n = grid.geometry.n
    on_cell = [0] * grid.geometry.size
    groups: list[dict[int, int]] = [{} for _ in range(n + 1)]  # per digit: digit cells -> sets
    for i, als in enumerate(sets):
        bit = 1 << i
        for cell in bits_of(als.cells):
            on_cell[cell] |= bit
        for d in bits_of(als.digits):
            by_spots = groups[d + 1]
            spots = als.holders[d + 1]
            by_spots[spots] = by_spots.get(spots, 0) | bit
    seeing = [[0] * grid.geometry.size for _ in range(n + 1)]
    for digit in range(1, n + 1):
        sees = seeing[digit]
        for spots, members in groups[digit].items():
            for cell in bits_of(seers[spots] & links.holders[digit]):
                sees[cell] |= members
    return on_cell, seeing


@functools.lru_cache(maxsize=4)
def _restricted(grid: Grid) -> tuple[tuple[int, int, Digit], ...]:
    """Pairs of disjoint ALS (indices) with a restricted common digit."""
    sets = almost_locked_sets(grid)
    on_cell, seeing = _sights(grid)
    pairs: list[tuple[int, int, Digit]] = []
    for digit in range(1, grid.geometry.n + 1):
        bit = 1 << (digit - 1)
        sees = seeing[digit]
        for i, als in enumerate(sets):
            if als.digits & bit:
                later = -1 << i + 1
                for cell in bits_of(als.holders[digit]):
                    later &= sees[cell]
                if later:
                    for cell in bits_of(als.cells):
                        later &= ~on_cell[cell]
                    pairs += [(i, j, digit) for j in bits_of(later)]
    return tuple(pairs)


def _victims(holders: int, seers: _Seers, z: Digit, petals: tuple[Als, ...]) -> int:
    """Cells outside the sets that hold z (``holders``) and see every z-cell of every set."""
    for als in petals:
        holders &= seers[als.holders[z]] & ~als.cells
    return holders


def _fresh_victims(
    holders: tuple[int, ...],
    seers: _Seers,
    digits: int,
    pair: tuple[Als, Als],
    done: set[tuple[Digit, int]],
    keep: int = 0,
) -> Iterator[tuple[Digit, int]]:
    """Each digit z of ``digits`` and the cells it leaves (outside ``keep``), each pair not yet ``done``.

    ``holders`` are the cells holding each digit, ``seers`` the position's :class:`_Seers`.
    """
    for z in bits_of(digits):
        victims = _victims(holders[z + 1] & ~keep, seers, z + 1, pair)
        if victims and (z + 1, victims) not in done:
            done.add((z + 1, victims))
            yield z + 1, victims


def _als_name(geo: Geometry, als: Als) -> str:
    return f"{cells_text(geo, bits_of(als.cells))} ({mask_text(als.digits)}, in {geo.unit_name(als.unit)})"


def _highlights(grid: Grid, sets: tuple[Als, ...], links: tuple[Link, ...] = ()) -> Highlights:
    cands = grid.candidates
    cells = tuple(dict.fromkeys(c for als in sets for c in bits_of(als.cells)))
    return Highlights(
        cells=cells,
        units=tuple(dict.fromkeys(als.unit for als in sets)),
        pattern=tuple((c, d + 1) for c in cells for d in bits_of(cands[c])),
        links=links,
    )


def _restricted_link(als_a: Als, als_b: Als, digit: Digit) -> Link:
    """A weak link between one x-cell of each set (what makes x restricted)."""
    a, b = lowest_cell(als_a.holders[digit]), lowest_cell(als_b.holders[digit])
    return Link((a, digit), (b, digit), strong=False)


def als_xz(grid: Grid, accept: Callable[[Als, Als], bool] | None = None) -> Iterator[Step]:
    """Two ALS with a restricted common x: a common z leaves the cells seeing all z-cells of both.

    ``accept`` narrows the pairs looked at (SE's rating admits only the shapes Sukaku Explainer names).
    """
    sets = almost_locked_sets(grid)
    geo = grid.geometry
    holders, seers = digit_links(grid).holders, _seers(grid)
    done: set[tuple[Digit, int]] = set()
    for i, j, x in _restricted(grid):
        a, b = sets[i], sets[j]
        common = a.digits & b.digits & ~(1 << (x - 1))
        if not common or (accept is not None and not accept(a, b)):
            continue
        for z, victims in _fresh_victims(holders, seers, common, (a, b), done):
            xc, zc = digit_char(x), digit_char(z)
            yield Step(
                ALS_XZ,
                eliminations=tuple((c, z) for c in bits_of(victims)),
                highlights=_highlights(grid, (a, b), (_restricted_link(a, b, x),)),
                explanation=(
                    f"ALS-XZ: A = {_als_name(geo, a)} and B = {_als_name(geo, b)} are almost locked sets "
                    f"(one digit more than cells). Every {xc} of A sees every {xc} of B, so {xc} is in at "
                    f"most one of them and the other is locked without it; either way {zc} is in A or in "
                    f"B. {zc} leaves {cells_text(geo, bits_of(victims))}, which "
                    f"{'sees' if victims.bit_count() == 1 else 'see'} every {zc} of both."
                ),
            )


def als_xy_wing(grid: Grid) -> Iterator[Step]:
    """ALS A and B each restricted-common with a pivot ALS C by different digits: a common z of A, B goes."""
    sets = almost_locked_sets(grid)
    geo = grid.geometry
    holders, seers = digit_links(grid).holders, _seers(grid)
    by_set: dict[int, list[tuple[int, Digit]]] = {}
    for i, j, x in _restricted(grid):
        by_set.setdefault(i, []).append((j, x))
        by_set.setdefault(j, []).append((i, x))
    done: set[tuple[Digit, int]] = set()
    for pivot, wings in by_set.items():
        c = sets[pivot]
        for (i, x), (j, y) in itertools.combinations(wings, 2):
            a, b = sets[i], sets[j]
            common = a.digits & b.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))
            if x == y or not common or i == j or a.cells & b.cells:
                continue
            for z, victims in _fresh_victims(holders, seers, common, (a, b), done, c.cells):
                xc, yc, zc = digit_char(x), digit_char(y), digit_char(z)
                yield Step(
                    ALS_XY_WING,
                    eliminations=tuple((cell, z) for cell in bits_of(victims)),
                    highlights=_highlights(
                        grid, (c, a, b), (_restricted_link(c, a, x), _restricted_link(c, b, y))
                    ),
                    explanation=(
                        f"ALS-XY-Wing: the pivot C = {_als_name(geo, c)} shares the restricted digit {xc} "
                        f"with A = {_als_name(geo, a)} and {yc} with B = {_als_name(geo, b)}. C cannot hold "
                        f"both {xc} and {yc}, so A is locked without {xc} or B without {yc}; either way "
                        f"{zc} is in A or in B. {zc} leaves {cells_text(geo, bits_of(victims))}, which "
                        f"{'sees' if victims.bit_count() == 1 else 'see'} every {zc} of A and B."
                    ),
                )


def death_blossom(grid: Grid) -> Iterator[Step]:
    """A stem cell whose every candidate feeds a petal ALS: a digit of all petals leaves what sees them."""
    sets = almost_locked_sets(grid)
    geo = grid.geometry
    cands = grid.candidates
    holders = digit_links(grid).holders
    seers = _seers(grid)
    budget = [BLOSSOM_BUDGET]
    done: set[tuple[Digit, int]] = set()
    on_cell, seeing = _sights(grid)
    for stem, stem_mask in enumerate(cands):
        if not 2 <= stem_mask.bit_count() <= 3:
            continue
        # per stem digit, the sets off the stem whose cells with that digit all see it
        options = [
            (d + 1, [sets[i] for i in bits_of(seeing[d + 1][stem] & ~on_cell[stem])])
            for d in bits_of(stem_mask)
        ]
        for chosen, z in _blossoms(options, stem_mask, budget):
            victims = _victims(holders[z] & ~(1 << stem), seers, z, chosen)
            if victims and (z, victims) not in done:
                done.add((z, victims))
                yield _blossom_step(grid, geo, stem, options, chosen, z, victims)
        if budget[0] <= 0:
            return


def _blossoms(
    options: list[tuple[Digit, list[Als]]], stem_mask: int, budget: list[int]
) -> Iterator[tuple[tuple[Als, ...], Digit]]:
    """One disjoint petal per stem digit, with a digit z (outside the stem) common to all petals.

    Depth first, last petal tried first; a full blossom is handed out as soon as its level is done.
    """
    stack: list[tuple[tuple[Als, ...], int, int]] = [((), -1 & ~stem_mask, 0)]
    while stack:
        chosen, common, used = stack.pop()
        grown = []
        for petal in options[len(chosen)][1]:
            budget[0] -= 1
            if budget[0] <= 0:
                return
            shared = common & petal.digits
            if shared and not petal.cells & used:
                grown.append(((*chosen, petal), shared, used | petal.cells))
        if len(chosen) + 1 < len(options):
            stack += grown
            continue
        for petals, shared, _ in reversed(grown):
            for z in bits_of(shared):
                yield petals, z + 1


def _blossom_step(
    grid: Grid,
    geo: Geometry,
    stem: Cell,
    options: list[tuple[Digit, list[Als]]],
    petals: tuple[Als, ...],
    z: Digit,
    victims: int,
) -> Step:
    zc = digit_char(z)
    digits = [digit for digit, _ in options]
    parts = [
        f"if it is {digit_char(d)}, {_als_name(geo, p)} is locked"
        for d, p in zip(digits, petals, strict=True)
    ]
    stem_digits = and_list([digit_char(d) for d in digits])
    links = tuple(
        Link((stem, d), (lowest_cell(p.holders[d]), d), strong=False)
        for d, p in zip(digits, petals, strict=True)
    )
    highlights = _highlights(grid, petals, links)
    return Step(
        DEATH_BLOSSOM,
        eliminations=tuple((c, z) for c in bits_of(victims)),
        highlights=Highlights(
            cells=(stem, *highlights.cells),
            units=highlights.units,
            pattern=(*((stem, d) for d in digits), *highlights.pattern),
            links=links,
        ),
        explanation=(
            f"Death Blossom: the stem {geo.cell_name(stem)} holds {stem_digits}; "
            f"{'; '.join(parts)} without it (its {stem_digits} cells see the stem). Every petal holds "
            f"{zc}, so {zc} is in one of them, and it leaves "
            f"{cells_text(geo, bits_of(victims))}, which {'sees' if victims.bit_count() == 1 else 'see'} "
            f"every {zc} of the petals."
        ),
    )
