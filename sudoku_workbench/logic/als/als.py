"""Almost locked sets: ALS-XZ and ALS-XY-Wing.

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

The sets come from :mod:`~sudoku_workbench.logic.als.als_sets` and their links from
:mod:`~sudoku_workbench.logic.als._als_links` (both found once per position); longer chains of sets are
:mod:`~sudoku_workbench.logic.als.als_chain`, stems with petals
:mod:`~sudoku_workbench.logic.als.death_blossom`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Form, Step
from sudoku_workbench.logic.als._als_links import (
    SizePairs,
    als_highlights,
    als_name,
    digit_fields,
    in_every_field,
    other_digits,
    partners,
    restricted,
    restricted_link,
    victim_table,
)
from sudoku_workbench.logic.als._bivalue_wings import bivalue_wing_sizes, bivalue_wings_remove
from sudoku_workbench.logic.als.als_sets import almost_locked_sets
from sudoku_workbench.logic.shared._digit_links import bits_of
from sudoku_workbench.logic.shared._text import cells_text

__all__ = ["ALS_XY_WING", "ALS_XZ", "als_xy_wing", "als_xz"]

ALS_XZ = "als_xz"
ALS_XY_WING = "als_xy_wing"


def _fresh_victims(geo: Geometry, both: int, done: set[tuple[Digit, int]]) -> list[tuple[Digit, int]]:
    """Each digit z of ``both`` (packed :func:`victim_table` rows ANDed) and its cells not yet ``done``."""
    fresh = []
    for z, gone in digit_fields(geo, both):
        if (z, gone) not in done:
            done.add((z, gone))
            fresh.append((z, gone))
    return fresh


def _wings(
    links: list[tuple[int, Digit]], packed: tuple[int, ...], others: tuple[int, ...], outside: int
) -> list[tuple[int, Digit, int]]:
    """Per partner of a pivot (a wing): its index, link digit, and what it removes with another wing.

    That is what its digits other than the link remove ``outside`` the pivot, as a packed
    :func:`victim_table` row (``others`` from :func:`other_digits`).
    """
    return [(i, x, packed[i] & others[x] & outside) for i, x in links]


def _may_pair(
    links: list[tuple[int, Digit]], packed: tuple[int, ...], others: tuple[int, ...], outside: int
) -> bool:
    """False when no two of a pivot's wings with different link digits remove anything together.

    A necessary condition, checked before any wing is paired: per link digit, what its wings remove
    (:func:`_wings`, ORed: the sets' rows ORed, then cut once), and whether two digits' unions meet.
    Most pivots fail it, for an OR per wing instead of a test per pair.
    """
    unions: dict[Digit, int] = {}
    for i, x in links:
        unions[x] = unions.get(x, 0) | packed[i]
    if len(unions) < 2:
        return False
    earlier = 0
    for x, union in unions.items():
        union &= others[x] & outside
        if union & earlier:
            return True
        earlier |= union
    return False


def _paired(pairs: tuple[tuple[int, int, Digit], ...]) -> int:
    """The sets (bits by index) in any of ``pairs``."""
    among = 0
    for i, j, _ in pairs:
        among |= 1 << i | 1 << j
    return among


def als_xz(grid: Grid, sizes: SizePairs = None) -> Iterator[Step]:
    """Two ALS with a restricted common x: a common z leaves the cells seeing all z-cells of both.

    ``sizes`` narrows the pairs looked at to those sizes in cells (SE's rating admits only the shapes
    Sukaku Explainer names). When they are a bivalue cell and larger sets, a check from the bivalue
    cells first tells whether any such pair removes anything (most positions have none).
    """
    larger = bivalue_wing_sizes(sizes)
    if larger is not None and not bivalue_wings_remove(grid, larger):
        return
    sets = almost_locked_sets(grid)
    geo = grid.geometry
    pairs = restricted(grid, sizes)
    packed = victim_table(grid, -1 if sizes is None else _paired(pairs))
    fields = other_digits(geo)
    done: set[tuple[Digit, int]] = set()
    for i, j, x in pairs:
        both = packed[i] & packed[j] & fields[x]
        if not both:  # most pairs: no common digit but x, or nothing seeing both
            continue
        a, b = sets[i], sets[j]
        for z, gone in _fresh_victims(geo, both, done):
            xc, zc = digit_char(x), digit_char(z)
            yield Step(
                ALS_XZ,
                eliminations=tuple((c, z) for c in bits_of(gone)),
                highlights=als_highlights(grid, (a, b), (restricted_link(a, b, x),)),
                explanation=(
                    f"ALS-XZ: A = {als_name(geo, a)} and B = {als_name(geo, b)} are almost locked sets "
                    f"(one digit more than cells). Every {xc} of A sees every {xc} of B, so {xc} is in at "
                    f"most one of them and the other is locked without it; either way {zc} is in A or in "
                    f"B. {zc} leaves {cells_text(geo, bits_of(gone))}, which "
                    f"{'sees' if gone.bit_count() == 1 else 'see'} every {zc} of both."
                ),
                form=Form(almost_locked_sets=2),
            )


def als_xy_wing(grid: Grid) -> Iterator[Step]:
    """ALS A and B each restricted-common with a pivot ALS C by different digits: a common z of A, B goes."""
    sets = almost_locked_sets(grid)
    geo = grid.geometry
    packed, others = victim_table(grid), other_digits(geo)
    done: set[tuple[Digit, int]] = set()
    linked = partners(grid)
    for pivot in linked.order:
        c, links = sets[pivot], linked.of_set[pivot]
        outside = ~in_every_field(geo, c.cells)
        if not _may_pair(links, packed, others, outside):
            continue
        wings = _wings(links, packed, others, outside)
        for (i, x, reach), (j, y, other) in itertools.combinations(wings, 2):
            both = reach & other
            if not both or x == y or i == j:
                continue
            a, b = sets[i], sets[j]
            if a.cells & b.cells:
                continue
            for z, gone in _fresh_victims(geo, both, done):
                xc, yc, zc = digit_char(x), digit_char(y), digit_char(z)
                yield Step(
                    ALS_XY_WING,
                    eliminations=tuple((cell, z) for cell in bits_of(gone)),
                    highlights=als_highlights(
                        grid, (c, a, b), (restricted_link(c, a, x), restricted_link(c, b, y))
                    ),
                    explanation=(
                        f"ALS-XY-Wing: the pivot C = {als_name(geo, c)} shares the restricted digit {xc} "
                        f"with A = {als_name(geo, a)} and {yc} with B = {als_name(geo, b)}. C cannot hold "
                        f"both {xc} and {yc}, so A is locked without {xc} or B without {yc}; either way "
                        f"{zc} is in A or in B. {zc} leaves {cells_text(geo, bits_of(gone))}, which "
                        f"{'sees' if gone.bit_count() == 1 else 'see'} every {zc} of A and B."
                    ),
                    form=Form(almost_locked_sets=3),
                )
