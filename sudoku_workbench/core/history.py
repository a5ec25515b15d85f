"""The history of a puzzle: its start, the steps taken from it with their grids, a cursor, and the edits.

Steps (deductions and the player's own entries) are applied with :meth:`Grid.apply`; the step list shows
them, and Back, Step and clicking a row only move the cursor, so they never change the puzzle. Editing the
givens is not a step: it starts a new history from the edited puzzle and remembers the old one, so Ctrl+Z
takes the edit back once the steps are undone. The same value is what a workbench document saves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import ENTRY, ENTRY_KEEPING_MARKS, PENCIL, Step

__all__ = ["History", "Record"]


@dataclass(frozen=True)
class Record:
    """One step of the history and the grid it produced."""

    step: Step
    grid: Grid


@dataclass(frozen=True)
class _Snapshot:
    start: Grid
    records: tuple[Record, ...]
    cursor: int


@dataclass
class History:
    """Start grid, records and cursor (the number of records in effect), plus the undoable puzzle edits."""

    start: Grid
    records: list[Record] = field(default_factory=list)
    cursor: int = 0
    title: str = ""
    _earlier: list[_Snapshot] = field(default_factory=list, init=False, repr=False, compare=False)
    _later: list[_Snapshot] = field(default_factory=list, init=False, repr=False, compare=False)

    # ---- what is shown -----------------------------------------------------------------------
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

    def pencil_marks(self) -> tuple[int, ...]:
        """The candidates the board shows at the cursor: the grid's, plus the marks the player kept.

        An entry made with "remove candidates when placing" off leaves its digit among the pencil marks
        of the cells it sees (until the player strikes it out); the grid's own candidates, which every
        rule reads, lose it as always, so a kept mark can never mislead a deduction.
        """
        kept = [0] * self.start.geometry.size
        before = self.start
        for record in self.records[: self.cursor]:
            step = record.step
            if step.rule in (ENTRY, ENTRY_KEEPING_MARKS):
                keep = step.rule == ENTRY_KEEPING_MARKS
                for cell, digit in step.placements:
                    bit = 1 << (digit - 1)
                    for peer in before.geometry.peers[cell]:
                        kept[peer] = kept[peer] | before.candidates[peer] & bit if keep else kept[peer] & ~bit
            elif step.rule == PENCIL:
                for cell, digit in step.eliminations:
                    kept[cell] &= ~(1 << (digit - 1))
            before = record.grid
        values = before.values
        return tuple(0 if v else c | k for v, c, k in zip(values, before.candidates, kept, strict=True))

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every recorded step, including those after the cursor (redo)."""
        return tuple(r.step for r in self.records)

    # ---- steps -------------------------------------------------------------------------------
    def push(self, step: Step, grid: Grid | None = None) -> None:
        """Record a step at the cursor, dropping any steps (and puzzle edits) that had been undone.

        ``grid`` is the grid after the step when the caller has it already (the logic engine does).

        Raises:
            ValueError: when the step does not fit the grid (an entry over a given, a bad digit).
        """
        after = self.grid.apply(step) if grid is None else grid
        del self.records[self.cursor :]
        self.records.append(Record(step, after))
        self.cursor = len(self.records)
        self._later.clear()

    def move_to(self, cursor: int) -> bool:
        """Move the cursor among the steps (clamped); True when it moved. The puzzle never changes."""
        cursor = max(0, min(cursor, len(self.records)))
        moved = cursor != self.cursor
        self.cursor = cursor
        return moved

    # ---- puzzle edits ------------------------------------------------------------------------
    def edit_puzzle(self, puzzle: Grid) -> None:
        """Start again from an edited puzzle (a typed or removed given, a paste); Undo returns to this one."""
        self._earlier.append(self._snapshot())
        self._later.clear()
        self._restore(_Snapshot(puzzle, (), 0))

    def set_given(self, cell: int, digit: int) -> None:
        """Edit one given of the start position (0 removes it), as :meth:`edit_puzzle`."""
        self.edit_puzzle(self.start.with_given(cell, digit))

    # ---- undo and redo -----------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True when a step or a puzzle edit can be taken back."""
        return self.cursor > 0 or bool(self._earlier)

    def can_redo(self) -> bool:
        """True when an undone step or puzzle edit can be made again."""
        return bool(self._later) or self.cursor < len(self.records)

    def undo(self) -> bool:
        """Take back the last step, or once at the start the last puzzle edit; True when something changed."""
        if self.cursor:
            self.cursor -= 1
            return True
        if not self._earlier:
            return False
        self._later.append(self._snapshot())
        self._restore(self._earlier.pop())
        return True

    def redo(self) -> bool:
        """Make the last undone puzzle edit again, else the next undone step; True when something changed."""
        if self._later:
            self._earlier.append(self._snapshot())
            self._restore(self._later.pop())
            return True
        return self.move_to(self.cursor + 1)

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(self.start, tuple(self.records), self.cursor)

    def _restore(self, snapshot: _Snapshot) -> None:
        self.start = snapshot.start
        self.records = list(snapshot.records)
        self.cursor = snapshot.cursor

    # ---- saved histories ---------------------------------------------------------------------
    @classmethod
    def replay(cls, start: Grid, steps: tuple[Step, ...], cursor: int = -1, title: str = "") -> History:
        """Rebuild the grids of saved steps by applying them to the start grid in order.

        ``cursor`` -1 means after the last step.

        Raises:
            ValueError: naming the step (counted from 1) that cannot be applied, or a cursor out of range.
        """
        cursor = len(steps) if cursor == -1 else cursor
        if not 0 <= cursor <= len(steps):
            raise ValueError(f"cursor {cursor} is outside the history of {len(steps)} steps")
        history = cls(start, title=title)
        grid = start
        for number, step in enumerate(steps, start=1):
            try:
                grid = grid.apply(step)
            except ValueError as err:
                raise ValueError(f"step {number} ({step.rule}) does not apply: {err}") from err
            history.records.append(Record(step, grid))
        history.cursor = cursor
        return history
