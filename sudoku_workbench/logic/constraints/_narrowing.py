"""One step shape for every constraint rule: cells keep only the digits the constraint still allows."""

from __future__ import annotations

from sudoku_workbench.core.geometry import Cell
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._text import and_list, mask_text

__all__ = ["kept_step"]


def kept_step(
    grid: Grid, rule: str, shown: tuple[Cell, ...], kept: dict[Cell, int], reason: str
) -> Step | None:
    """The step leaving each cell of ``kept`` only those digits, drawn on ``shown``; None if nothing goes.

    The explanation is ``reason``, then what each cell that loses something keeps.
    """
    geo, cands = grid.geometry, grid.candidates
    gone = tuple(
        (cell, bit + 1)
        for cell, mask in kept.items()
        if not grid.values[cell]
        for bit in set_bits(cands[cell] & ~mask)
    )
    if not gone:
        return None
    words = []
    for cell, mask in kept.items():
        left = mask & cands[cell]
        if not grid.values[cell] and cands[cell] & ~mask:
            words.append(
                f"{geo.cell_name(cell)} {'keeps only ' + mask_text(left) if left else 'has nothing left'}"
            )
    pattern = tuple(
        (cell, bit + 1) for cell in shown for bit in set_bits(cands[cell] & kept.get(cell, cands[cell]))
    )
    return Step(
        rule,
        eliminations=gone,
        highlights=Highlights(cells=shown, pattern=pattern),
        explanation=f"{reason}, so {and_list(words)}.",
    )
