"""XY-Wing (Y-Wing), the bivalue-cell pattern of Routledge's thesis, in its usual general form.

A *pivot* cell holds only x and y. One peer of it (a *wing*) holds only x and z, another peer holds only
y and z. Whatever the pivot takes, one wing is left with z, so z leaves every cell that sees both
wings. The thesis states the case where the wings share the pivot's row and column and the cell at the
fourth corner loses z; here the wings may see the pivot through any unit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.shared._positions import cell_candidates
from sudoku_workbench.logic.shared._text import cells_text, either_text

__all__ = ["XY_WING", "wing_digits", "wing_step", "xy_wing"]

XY_WING = "xy_wing"


def xy_wing(grid: Grid) -> Iterator[Step]:
    """A bivalue pivot xy with bivalue peers xz and yz: z leaves every cell seeing both wings."""
    geo = grid.geometry
    cands = grid.candidates
    bivalue = {c for c, m in enumerate(cands) if m.bit_count() == 2}
    for pivot in sorted(bivalue):
        pair = cands[pivot]
        wings = [p for p in geo.peers[pivot] if p in bivalue and (cands[p] & pair).bit_count() == 1]
        for first, second in itertools.combinations(wings, 2):
            a, b = cands[first], cands[second]
            z = a & b & ~pair
            if not z or (a | b) & pair != pair or (a & pair) == (b & pair):
                continue
            digit = z.bit_length()
            victims = [c for c in geo.peers[first] if cands[c] & z and c != second and geo.sees(c, second)]
            if victims:
                yield _xy_step(grid, pivot, first, second, digit, victims)


def wing_digits(grid: Grid, first: Cell, second: Cell, z: Digit) -> tuple[Digit, Digit]:
    """The wings' digits besides z: x, which links the pivot to the first wing, and y, to the second."""
    cands, z_bit = grid.candidates, 1 << (z - 1)
    return (cands[first] & ~z_bit).bit_length(), (cands[second] & ~z_bit).bit_length()


def wing_step(
    grid: Grid,
    rule: str,
    cells: tuple[Cell, Cell, Cell],
    digits: tuple[Digit, Digit, Digit],
    victims: list[Cell],
    text: str,
) -> Step:
    """A pivot and two wings as the XY- and XYZ-Wing report them: z leaves the victims.

    ``digits`` are x, y (from :func:`wing_digits`) and z; x is drawn linking the first wing, y the second.
    """
    pivot, first, second = cells
    x, y, z = digits
    highlights = Highlights(
        cells=cells,
        pattern=cell_candidates(grid, cells),
        links=(Link((pivot, x), (first, x), strong=False), Link((pivot, y), (second, y), strong=False)),
        chains=(Chain((first, pivot, second), (x, y)),),
    )
    return Step(rule, eliminations=tuple((c, z) for c in victims), highlights=highlights, explanation=text)


def _xy_step(grid: Grid, pivot: Cell, first: Cell, second: Cell, z: int, victims: list[Cell]) -> Step:
    geo = grid.geometry
    cands = grid.candidates
    x, y = wing_digits(grid, first, second, z)
    name = geo.cell_name
    text = (
        f"The pivot {name(pivot)} is {either_text(cands[pivot])}; its peers {name(first)} "
        f"({either_text(cands[first])}) and "
        f"{name(second)} ({either_text(cands[second])}) are the wings. If the pivot is {digit_char(x)}, "
        f"{name(first)} is {digit_char(z)}; if it is {digit_char(y)}, {name(second)} is. So "
        f"{digit_char(z)} leaves {cells_text(geo, victims)}, which see both wings (XY-Wing)."
    )
    return wing_step(grid, XY_WING, (pivot, first, second), (x, y, z), victims, text)
