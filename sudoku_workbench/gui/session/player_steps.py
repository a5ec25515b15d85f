"""The steps the player's own edits become: an entry, a pencil mark struck or restored, entries cleared.

Pure functions of the grid, so the session only decides when to record them; each step names what it
did in the words the step list shows.
"""

from __future__ import annotations

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import CLEAR, ENTRY, ENTRY_KEEPING_MARKS, PENCIL, Step

__all__ = ["clearing", "entry", "pencil_toggle"]


def entry(grid: Grid, cell: Cell, digit: Digit, remove_marks: bool) -> Step:
    """The player's digit in a cell; ``remove_marks``: it strikes itself from the marks of cells it sees."""
    name = grid.geometry.cell_name(cell)
    rule = ENTRY if remove_marks else ENTRY_KEEPING_MARKS
    return Step(rule, ((cell, digit),), explanation=f"entered {name}={digit_char(digit)}")


def pencil_toggle(grid: Grid, pencil: tuple[int, ...], cell: Cell, digit: Digit) -> Step | None:
    """Strike a pencil mark out, or bring it back (None on a filled cell)."""
    if grid.values[cell]:
        return None
    candidate = ((cell, digit),)
    name = f"{grid.geometry.cell_name(cell)}:{digit_char(digit)}"
    if pencil[cell] >> (digit - 1) & 1:
        return Step(PENCIL, eliminations=candidate, explanation=f"struck out {name}")
    return Step(PENCIL, placements=candidate, explanation=f"restored {name}")


def clearing(grid: Grid, cells: tuple[Cell, ...] | None = None) -> Step | None:
    """Remove the entries of ``cells`` (None: every entry) as one step; None when there is none."""
    chosen = range(grid.geometry.size) if cells is None else cells
    entries = tuple((c, grid.entries[c]) for c in chosen if grid.entries[c])
    if not entries:
        return None
    if cells is not None and len(cells) == 1:
        return Step(CLEAR, eliminations=entries, explanation=f"cleared {grid.geometry.cell_name(cells[0])}")
    return Step(CLEAR, eliminations=entries, explanation=f"cleared {len(entries)} entries")
