"""The history of a puzzle: its start position and the (step, grid) pairs after it, with a cursor.

Undo and redo, Back and Step, and clicking a step in the list all move the same cursor; a new step
made with the cursor in the middle drops the steps after it. Pure Python, so it is tested without Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step

__all__ = ["GIVEN", "History", "Record", "advance"]

#: Rule id of a clue typed or removed in Givens mode (placements add givens, eliminations remove them).
GIVEN = "given"


def advance(grid: Grid, step: Step) -> Grid:
    """The grid after a step; a :data:`GIVEN` step edits the puzzle itself and recomputes candidates.

    Raises:
        ValueError: when the step does not fit the grid (a given overwritten by an entry, a bad digit).
    """
    if step.rule != GIVEN:
        return grid.apply(step)
    givens = list(grid.givens)
    entries = list(grid.entries)
    for cell, _digit in step.eliminations:
        givens[cell] = 0
    for cell, digit in step.placements:
        givens[cell] = digit
        entries[cell] = 0
    return Grid.from_values(grid.geometry, givens, entries)


@dataclass(frozen=True)
class Record:
    """One step of the history and the grid it produced."""

    step: Step
    grid: Grid


@dataclass
class History:
    """Start grid, records and cursor (the number of records in effect)."""

    start: Grid
    records: list[Record] = field(default_factory=list)
    cursor: int = 0

    @property
    def grid(self) -> Grid:
        """The grid at the cursor."""
        return self.records[self.cursor - 1].grid if self.cursor else self.start

    @property
    def previous_grid(self) -> Grid:
        """The grid before the last step (the one its highlights refer to)."""
        return self.records[self.cursor - 2].grid if self.cursor > 1 else self.start

    @property
    def last_step(self) -> Step | None:
        """The step that led to the grid at the cursor (None at the start)."""
        return self.records[self.cursor - 1].step if self.cursor else None

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every recorded step, including those after the cursor (redo)."""
        return tuple(r.step for r in self.records)

    def push(self, step: Step, grid: Grid) -> None:
        """Record a step at the cursor, dropping any steps that had been undone."""
        del self.records[self.cursor :]
        self.records.append(Record(step, grid))
        self.cursor = len(self.records)

    def can_undo(self) -> bool:
        """True when there is a step before the cursor."""
        return self.cursor > 0

    def can_redo(self) -> bool:
        """True when there is an undone step after the cursor."""
        return self.cursor < len(self.records)

    def move_to(self, cursor: int) -> bool:
        """Move the cursor (clamped); True when it moved."""
        cursor = max(0, min(cursor, len(self.records)))
        moved = cursor != self.cursor
        self.cursor = cursor
        return moved

    @classmethod
    def replay(cls, start: Grid, steps: tuple[Step, ...], cursor: int) -> History:
        """Rebuild the grids of saved steps by applying them to the start grid in order.

        Raises:
            ValueError: when a step cannot be applied (a corrupt document).
        """
        history = cls(start)
        grid = start
        for step in steps:
            grid = advance(grid, step)
            history.records.append(Record(step, grid))
        history.cursor = max(0, min(cursor, len(steps)))
        return history
