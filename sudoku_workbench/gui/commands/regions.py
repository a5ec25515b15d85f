"""Puzzle → Edit regions: a jigsaw's regions painted with the mouse, made one undoable edit of the puzzle.

Switching the mode on hands the board a copy of the puzzle's region map (``board.regions``); the keys
and mouse then paint it (see ``board.view``), and the status line says which region is being painted
and what still keeps the map from being a shape (a region of the wrong size, one in pieces). Switching
it off again (or Enter) is Done: only a valid map is taken, as one edit of the puzzle that Undo takes
back, its givens, extras, cages and constraints kept; givens that now clash are named and marked.
Esc leaves the regions as they were.
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from sudoku_workbench.core.geometry import ShapeError, digit_char
from sudoku_workbench.core.grid import Grid, ProblemKind
from sudoku_workbench.gui.board.regions import RegionPaint
from sudoku_workbench.gui.commands.files import FileCommands

__all__ = ["RegionCommands"]

_HOW = "type a region's number to paint with it, drag over cells, right click takes a cell's region"


class RegionCommands:
    """The region editing of one window: its checkable action is the mode, on while painting."""

    def __init__(self, files: FileCommands, action: QAction) -> None:
        self.files = files
        self.session = files.session
        self.board = files.board
        self.action = action
        action.toggled.connect(self._toggled)
        self.board.regions_painted.connect(self._painted)
        self.board.regions_done.connect(self.finish)
        self.session.grid_changed.connect(self._grid_changed)

    @property
    def active(self) -> bool:
        """True while a region map is being painted."""
        return self.board.painting is not None

    def _toggled(self, on: bool) -> None:
        """The menu item: on starts painting, off is Done (refused, the mode stays on, until valid)."""
        if on and not self.active:
            self.start()
        elif not on and self.active and not self.finish():
            self.action.setChecked(True)

    def start(self) -> None:
        """Paint the puzzle's regions, starting from those it has."""
        self.board.painting = RegionPaint(self.session.grid.geometry)
        self.board.choose(frozenset())
        self.board.update()
        self.files.focus_board()
        self.session.notify(f"Editing regions: {_HOW}; Enter when done, Esc to cancel")
        self.action.setChecked(True)

    def finish(self) -> bool:
        """Done: take the painted map if it is a shape (True), else say what is wrong (False)."""
        paint = self.board.painting
        if paint is None:
            return True
        try:
            shape = paint.shape()
        except ShapeError as err:
            self.session.notify(f"The regions are not done: {err}")
            return False
        self._stop()
        if shape == paint.start:
            self.session.notify("The regions are as they were")
            return True
        self.session.edit_shape(shape)
        clashes = [p for p in self.session.grid.problems() if p.kind is ProblemKind.DUPLICATE]
        self.session.set_marks(tuple(c for p in clashes for c in p.cells))
        geo = self.session.grid.geometry
        but = f", but {clashes[0].describe(geo)}" if clashes else ""
        self.session.notify(f"Regions set: {geo.label} (Undo takes them back){but}")
        return True

    def cancel(self) -> None:
        """Esc: stop painting, the regions as they were."""
        if self.active:
            self._stop()
            self.session.notify("Region editing cancelled: the regions are as they were")

    def _stop(self) -> None:
        self.board.painting = None
        self.board.update()
        self.action.setChecked(False)

    def _painted(self) -> None:
        paint = self.board.painting
        if paint is None:
            return
        region = paint.current
        problem = paint.problem() or "the regions are a valid map: Enter when done"
        cells = paint.sizes()[region]
        self.session.notify(f"Painting region {digit_char(region + 1)} ({cells} cells): {problem}")

    def _grid_changed(self, grid: Grid) -> None:
        """Another puzzle (opened, generated, undone) ends the painting of the old one's map."""
        paint = self.board.painting
        if paint is not None and grid.geometry != paint.start:
            self.cancel()
