"""Killer puzzles in the window: Puzzle → Make cage… and Remove cage, and File → New killer….

A cage is made of the cells chosen on the board (a drag, Ctrl+click or Shift+arrows; else the selected
cell) with the sum typed for it (empty: a cage without a sum, as f-puzzles allows; its cells need not
touch, as there). Making or removing a cage edits the puzzle, undone as one edit, and a cage that
cannot be (it overlaps another, no distinct digits make its sum) is refused with the reason. New
killer generates a killer of the chosen shape with no givens in the worker (Esc cancels) and replaces
the puzzle, after asking about unsaved changes.
"""

from __future__ import annotations

import random

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.commands.files import FileCommands
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.search.killer_generate import generate_killer

__all__ = ["KILLER_LARGEST", "KillerCommands", "cells_text", "read_total"]

#: The largest grid New killer offers: a 9x9 killer takes a few seconds, larger ones far longer.
KILLER_LARGEST = 9
#: Cells named one by one in the sum's question; more are counted.
_NAMED = 6


def cells_text(geo: Geometry, cells: tuple[int, ...]) -> str:
    """The cells as the question names them: ``r1c1, r1c2, r2c1``, or ``12 cells from r1c1``."""
    if len(cells) > _NAMED:
        return f"{len(cells)} cells from {geo.cell_name(cells[0])}"
    return ", ".join(geo.cell_name(c) for c in cells)


def read_total(text: str) -> int | None:
    """The sum typed (None for an empty answer: a cage without a sum).

    Raises:
        ValueError: naming the text when it is not a whole number.
    """
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(f"'{text}' is not a sum: type a whole number, or nothing for a cage without a sum")
    return int(text)


class KillerCommands:
    """The killer commands of one window, through its file commands (session, board, dialogs' parent)."""

    def __init__(self, files: FileCommands) -> None:
        self.files = files
        self.session = files.session
        self.board = files.board

    def make_cage(self) -> None:
        """Puzzle → Make cage…: the chosen cells become a cage with the sum typed for it."""
        geo = self.session.grid.geometry
        cells = self.board.chosen_cells()
        answer = dialogs.ask_cage_sum(self.files.window, cells_text(geo, cells))
        self.files.focus_board()
        if answer is None:
            return
        try:
            total = read_total(answer)
        except ValueError as err:
            self.session.warn("The cage was not made", str(err))
            return
        if self.session.edit_cages((*geo.cages, Cage(cells, total))):
            made = self.session.grid.geometry
            self.session.notify(f"Made the {made.cage_names[made.cage_of[cells[0]]]}")

    def remove_cage(self) -> None:
        """Puzzle → Remove cage: the cages of the chosen cells go (their other cells are left uncaged)."""
        geo = self.session.grid.geometry
        cells = self.board.chosen_cells()
        gone = {geo.cage_of[c] for c in cells if geo.cage_of[c] >= 0}
        if not gone:
            self.session.notify(f"No cage to remove: {cells_text(geo, cells)} is in none")
            return
        names = ", ".join(geo.cage_names[i] for i in sorted(gone))
        if self.session.edit_cages(cage for i, cage in enumerate(geo.cages) if i not in gone):
            self.session.notify(f"Removed the {names}")

    def new_killer(self) -> None:
        """File → New killer…: a killer of a chosen shape, no givens, one solution, made in the worker."""
        if not self.files.confirm_discard():
            return
        base = dialogs.ask_shape(self.files.window, self.session.grid.geometry, "New killer", KILLER_LARGEST)
        self.files.focus_board()
        if base is None:
            return
        self.session.notify(f"Generating a {base.label} killer… (Esc cancels)")
        self.session.run_job(
            JobKind.GENERATE, generate_killer, base, random.Random(), on_done=self._generated
        )

    def _generated(self, grid: Grid) -> None:
        self.session.set_generated(grid)
        self.session.set_givens_mode(False)
        self.session.notify(f"New killer: {len(grid.geometry.cages)} cages, no givens, one solution")
