"""WXYZ-Wing: four cells holding four digits between them, all but one digit restricted.

A hinge cell and three cells it sees (the wings) hold, between them, only four digits w, x, y, z. Call a
digit *restricted* when every pattern cell holding it sees every other one holding it: it can then go
in at most one of the four cells. If w, x and y are restricted and z is not, the four cells cannot be
filled from w, x and y alone (three digits for four cells, each used at most once), so one of the
cells holding z is z. Every cell that sees all of those loses z.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic._digit_links import DigitLinks, bits_of, digit_links
from sudoku_workbench.logic._positions import cell_candidates
from sudoku_workbench.logic._text import cells_text, mask_text

__all__ = ["WXYZ_WING", "wxyz_wing"]

WXYZ_WING = "wxyz_wing"


def wxyz_wing(grid: Grid) -> Iterator[Step]:
    """Four cells, four digits, one unrestricted digit z: z leaves every cell seeing all the z cells."""
    cands = grid.candidates
    links = digit_links(grid)
    seen: set[tuple[int, int]] = set()
    for hinge, mask in enumerate(cands):
        if not 2 <= mask.bit_count() <= 4:
            continue
        wings = [
            p
            for p in bits_of(links.peers[hinge])
            if 2 <= cands[p].bit_count() <= 4 and (cands[p] | mask).bit_count() <= 4
        ]
        for trio in itertools.combinations(wings, 3):
            cells = (hinge, *trio)
            union = mask | cands[trio[0]] | cands[trio[1]] | cands[trio[2]]
            if union.bit_count() != 4:
                continue
            z = _lone_unrestricted(cands, links, cells, union)
            if z is None:
                continue
            holders = [c for c in cells if cands[c] >> (z - 1) & 1]
            victims = links.holders[z] & ~sum(1 << c for c in cells)
            for cell in holders:
                victims &= links.peers[cell]
            if victims and (z, victims) not in seen:
                seen.add((z, victims))
                yield _step(grid, cells, z, union, victims)


def _lone_unrestricted(
    cands: tuple[int, ...], links: DigitLinks, cells: tuple[Cell, ...], union: int
) -> Digit | None:
    """The only digit whose holders among ``cells`` do not all see each other (None if not exactly one)."""
    loose = []
    for index in bits_of(union):
        holders = [c for c in cells if cands[c] >> index & 1]
        if any(not links.peers[a] >> b & 1 for a, b in itertools.combinations(holders, 2)):
            loose.append(index + 1)
    return loose[0] if len(loose) == 1 else None


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
