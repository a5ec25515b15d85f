"""WXYZ-Wing: four cells holding four digits between them, all but one digit restricted.

A hinge cell and three cells it sees (the wings) hold, between them, only four digits w, x, y, z. Call a
digit *restricted* when every pattern cell holding it sees every other one holding it: it can then go
in at most one of the four cells. If w, x and y are restricted and z is not, the four cells cannot be
filled from w, x and y alone (three digits for four cells, each used at most once), so one of the
cells holding z is z. Every cell that sees all of those loses z.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._digit_links import bits_of, common_peers, digit_links
from sudoku_workbench.logic.shared._memos import LastAnswers
from sudoku_workbench.logic.shared._positions import cell_candidates
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = ["WXYZ_WING", "wxyz_wing"]

WXYZ_WING = "wxyz_wing"


def wxyz_wing(grid: Grid) -> Iterator[Step]:
    """Four cells, four digits, one unrestricted digit z: z leaves every cell seeing all the z cells."""
    geo = grid.geometry
    cands = grid.candidates
    links = digit_links(grid)
    peers = links.peers
    fitting = _fitting_masks(geo.n)
    seen: set[tuple[int, int]] = set()
    latest = _LATEST.slots(geo, geo.size)
    for hinge, around in enumerate(_surroundings(geo)):
        if cands[hinge] not in fitting:
            continue
        for trio, union, loose in _LATEST.answer(latest, hinge, around(cands), _hinge_trios, geo, hinge):
            z = loose.bit_length()
            cells = (hinge, *trio)
            inside = 1 << hinge | 1 << trio[0] | 1 << trio[1] | 1 << trio[2]
            z_cells = links.holders[z] & inside
            victims = common_peers(peers, z_cells) & links.holders[z] & ~inside
            if victims and (z, victims) not in seen:
                seen.add((z, victims))
                yield _step(grid, cells, z, union, victims)


#: A hinge's patterns: (wings, their four digits, the loose digit as a mask), wings in order.
_Trios = tuple[tuple[tuple[Cell, Cell, Cell], int, int], ...]
#: Per geometry, each hinge's surroundings when last asked and its patterns then.
_LATEST: LastAnswers[_Trios] = LastAnswers()


@functools.cache
def _fitting_masks(n: int) -> frozenset[int]:
    """The candidate masks of two to four digits: only cells holding one can be in a pattern."""
    return frozenset(
        sum(1 << d for d in digits) for k in (2, 3, 4) for digits in itertools.combinations(range(n), k)
    )


@functools.cache
def _surroundings(geo: Geometry) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
    """Per cell, a getter of its own and its peers' entries (peers ascending)."""
    return tuple(operator.itemgetter(cell, *geo.peers[cell]) for cell in range(geo.size))


def _hinge_trios(geo: Geometry, hinge: Cell, around: tuple[int, ...]) -> _Trios:
    """A hinge's patterns, from its own and its peers' candidates (``around``).

    Kept in :data:`_LATEST`: most hinges see nothing change between two asks of the rule (over half
    of them on top1465).
    """
    mask = around[0]
    fits = _wing_masks(geo.n, mask)
    cands = {p: m for p, m in zip(geo.peers[hinge], around[1:], strict=True) if m in fits}
    if len(cands) < 3:  # a pattern needs three wings
        return ()
    return tuple(_trios(cands, geo.peer_bits, list(cands), mask))


@functools.cache
def _wing_masks(n: int, mask: int) -> frozenset[int]:
    """What a wing of a hinge holding ``mask`` can hold: two to four digits, four at most with the hinge's."""
    return frozenset(m for m in _fitting_masks(n) if (m | mask).bit_count() <= 4)


def _trios(
    cands: dict[Cell, int], peers: tuple[int, ...], wings: list[Cell], mask: int
) -> list[tuple[tuple[Cell, Cell, Cell], int, int]]:
    """Three wings (in ``itertools.combinations`` order) holding four digits with the hinge, one loose.

    Each comes with its one unrestricted digit (a mask): the unrestricted digits are those two wings
    that do not see each other share (the hinge sees every wing). A pair of wings that already brings
    more than four digits, or two unrestricted ones, is dropped with every third wing.
    """
    masks = [cands[w] for w in wings]
    count = len(wings)
    found = []
    for i in range(count - 2):
        a, ma = wings[i], masks[i]
        sees_a = peers[a]
        with_a = mask | ma
        for j in range(i + 1, count - 1):
            b, mb = wings[j], masks[j]
            with_b = with_a | mb
            if with_b.bit_count() > 4:
                continue
            loose_ab = 0 if sees_a >> b & 1 else ma & mb
            if loose_ab & (loose_ab - 1):
                continue
            sees_b = peers[b]
            for k in range(j + 1, count):
                mc = masks[k]
                union = with_b | mc
                if union.bit_count() == 4:
                    c = wings[k]
                    loose = loose_ab
                    if not sees_a >> c & 1:
                        loose |= ma & mc
                    if not sees_b >> c & 1:
                        loose |= mb & mc
                    if loose and not loose & (loose - 1):
                        found.append(((a, b, c), union, loose))
    return found


def _step(grid: Grid, cells: tuple[Cell, ...], z: Digit, union: int, victims: int) -> Step:
    geo = grid.geometry
    zc = digit_char(z)
    gone = list(bits_of(victims))
    z_cells = [c for c in cells if grid.candidates[c] >> (z - 1) & 1]
    return Step(
        WXYZ_WING,
        eliminations=tuple((c, z) for c in gone),
        highlights=Highlights(cells=cells, pattern=cell_candidates(grid, cells)),
        explanation=(
            f"WXYZ-Wing: the hinge {geo.cell_name(cells[0])} and the wings {cells_text(geo, cells[1:])} hold "
            f"only {mask_text(union)}. Every digit but {zc} sits in cells that all see each other, so it "
            f"fills at most one of the four; three such digits cannot fill four cells, so one of "
            f"{cells_text(geo, z_cells)} is {zc}. {zc} leaves {cells_text(geo, gone)}, which "
            f"{'sees' if len(gone) == 1 else 'see'} all of them."
        ),
    )
