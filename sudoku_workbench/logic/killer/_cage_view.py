"""A cage as the killer rules see it in one position: its cells' digit masks, its name in words.

Every killer rule names a cage the same way ("cage 17/2 at r1c1–r1c2") and reads its cells the same
way (a placed digit is a one-digit mask), so the rules agree with each other and with the picture.
"""

from __future__ import annotations

import itertools

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import Cell, Geometry
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.killer._sums import Fits, distinct_fits
from sudoku_workbench.logic.shared._text import and_list, cells_text, mask_text

__all__ = [
    "cage_fits",
    "cage_label",
    "cell_masks",
    "kept_text",
    "narrowing_step",
    "or_cells",
    "short_label",
    "span_text",
]


def cell_masks(grid: Grid, cells: tuple[Cell, ...]) -> tuple[int, ...]:
    """Each cell's candidates, or the one-digit mask of its digit when it is filled."""
    values, cands = grid.values, grid.candidates
    return tuple(1 << (values[c] - 1) if values[c] else cands[c] for c in cells)


def cage_fits(grid: Grid, cage: Cage) -> Fits:
    """Per cell of the cage the digits some way of making its total still uses, and those ways."""
    return distinct_fits(cell_masks(grid, cage.cells), cage.total)


def span_text(geo: Geometry, cells: tuple[Cell, ...]) -> str:
    """``r1c1–r1c3`` for cells in a row or column run, otherwise the cells listed."""
    if len(cells) == 1:
        return geo.cell_name(cells[0])
    rows = {geo.row_of[c] for c in cells}
    cols = {geo.col_of[c] for c in cells}
    step = 1 if len(rows) == 1 else geo.n if len(cols) == 1 else 0
    if step and all(b - a == step for a, b in itertools.pairwise(cells)):
        return f"{geo.cell_name(cells[0])}–{geo.cell_name(cells[-1])}"
    return cells_text(geo, cells)


def cage_label(geo: Geometry, index: int) -> str:
    """``cage 17/2 (r1c1–r1c2)``: the total over the cell count, as killer solvers write it."""
    cage = geo.cages[index]
    total = "?" if cage.total is None else str(cage.total)
    return f"cage {total}/{len(cage.cells)} ({span_text(geo, cage.cells)})"


def short_label(geo: Geometry, index: int) -> str:
    """``17/2 at r1c1``: a cage in a list of cages."""
    cage = geo.cages[index]
    return f"{'?' if cage.total is None else cage.total}/{len(cage.cells)} at {geo.cell_name(cage.cells[0])}"


def or_cells(geo: Geometry, cells: tuple[Cell, ...]) -> str:
    """``r1c1, r1c2 or r1c3``: the places one digit may be in."""
    names = [geo.cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def kept_text(geo: Geometry, cells: tuple[Cell, ...], fits: tuple[int, ...], cands: tuple[int, ...]) -> str:
    """``r1c1 and r1c2 keep only 8 and 9, r1c3 must be 5``: what the cells that lose something have left.

    Cells left with the same digits are said together.
    """
    by_mask: dict[int, list[Cell]] = {}
    for cell, fit in zip(cells, fits, strict=True):
        if cands[cell] & ~fit:
            by_mask.setdefault(fit, []).append(cell)
    parts = []
    for fit, group in by_mask.items():
        who = cells_text(geo, group)
        if not fit:
            parts.append(f"{who} {'has' if len(group) == 1 else 'have'} nothing left")
        elif fit & (fit - 1):
            parts.append(f"{who} {'keeps' if len(group) == 1 else 'keep'} only {mask_text(fit)}")
        else:
            parts.append(f"{who} must be {mask_text(fit)}")
    return and_list(parts)


def narrowing_step(
    grid: Grid,
    rule: str,
    cells: tuple[Cell, ...],
    fits: tuple[int, ...],
    reason: str,
    units: tuple[int, ...],
    shown: tuple[Cell, ...] | None = None,
) -> Step | None:
    """The step keeping in each open cell only its ``fits``, or None when nothing goes.

    ``reason`` leads the explanation, which then says what the cells keep; ``shown`` are the cells
    drawn (the cells themselves unless said).
    """
    geo, cands = grid.geometry, grid.candidates
    pairs = tuple(zip(cells, fits, strict=True))
    gone = tuple((c, bit + 1) for c, fit in pairs for bit in set_bits(cands[c] & ~fit))
    if not gone:
        return None
    kept = tuple((c, bit + 1) for c, fit in pairs for bit in set_bits(cands[c] & fit))
    return Step(
        rule,
        eliminations=gone,
        highlights=Highlights(cells=cells if shown is None else shown, units=units, pattern=kept),
        explanation=f"{reason} {kept_text(geo, cells, fits, cands)}.",
    )
