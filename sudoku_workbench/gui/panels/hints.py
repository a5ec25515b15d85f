"""Hints in three depths, from the logic engine's next step: where to look, which technique, the step.

Each press of *Hint* goes one depth further on the same step; any change of the position starts over.
The step is only shown, never made: *Step* makes it (the engine finds the same one, with the same rules:
the session's, so a change of Preferences → Techniques starts over too). Practise pins the step it asks
for: Hint then speaks of that step, whatever the person strikes out meanwhile.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.gui.session.jobs import Stuck, next_step_or_stuck
from sudoku_workbench.gui.session.session import Session
from sudoku_workbench.logic.rule_types import Rule

__all__ = ["DEPTHS", "Hints", "hint_preview", "hint_text", "hint_units"]

#: How many presses of Hint it takes to see the whole step.
DEPTHS = 3


def hint_units(step: Step, geo: Geometry) -> tuple[int, ...]:
    """The houses to look at: the step's own units, else the boxes of the cells it is about."""
    if step.highlights.units:
        return step.highlights.units
    cells = step.highlights.cells or tuple(c for c, _ in step.placements + step.eliminations)
    return tuple(sorted({geo.units_of[c][2] for c in cells}))


def hint_text(
    step: Step, depth: int, geo: Geometry, names: Mapping[str, str], then: str = "Press Step to make it."
) -> str:
    """What Hint says at a depth (1: where, 2: which technique, 3: the whole step, and ``then``)."""
    where = " and ".join(geo.unit_name(u) for u in hint_units(step, geo))
    name = names.get(step.rule, step.rule.replace("_", " "))
    if depth == 1:
        return f"Hint 1 of {DEPTHS}: look at {where}. (Hint again: which technique.)"
    if depth == 2:
        return f"Hint 2 of {DEPTHS}: the technique is {name}, in {where}. (Hint again: the step itself.)"
    effects = step.summary(geo)
    return f"Hint 3 of {DEPTHS}: {name}: {effects}. {step.explanation} {then}"


def hint_preview(step: Step, depth: int, geo: Geometry) -> Step:
    """What the board shows at a depth: only the houses at first, the step with its highlights at last."""
    if depth >= DEPTHS:
        return step
    return Step(step.rule, highlights=Highlights(units=hint_units(step, geo)))


class Hints(QObject):
    """The Hint button's state: the step found for the shown position and how deep the person went."""

    def __init__(
        self,
        session: Session,
        show: Callable[[str, Step | None], None],
        names: Mapping[str, str],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.show = show
        self.names = names
        self.step: Step | None = None
        self.depth = 0
        self._grid: Grid | None = None
        self._rules: tuple[Rule, ...] = ()
        self._pinned = False

    def pin(self, step: Step | None) -> None:
        """Practise: Hint speaks of ``step`` from depth 1, whatever the position, until pinned to None."""
        self._pinned = step is not None
        self.step, self.depth, self._grid = step, 0, None

    def next_depth(self) -> None:
        """One depth further; the first press asks the engine (in the worker) for the next step."""
        session = self.session
        grid, rules = session.grid, session.rules
        if self._pinned or (self.step is not None and self._grid is grid and self._rules == rules):
            self.depth = min(self.depth + 1, DEPTHS)
            self._show()
            return
        session.run_job(
            JobKind.HINT,
            functools.partial(next_step_or_stuck, rules=rules, assume_unique=session.assume_unique),
            grid,
            on_done=lambda step: self._found(grid, rules, step),
            on_failed=lambda err: self.show(f"No hint: {err}", None),
        )

    def forget(self) -> None:
        """The position changed: the next press starts at depth 1 again (a pinned step stays)."""
        if not self._pinned:
            self.step, self.depth, self._grid = None, 0, None

    def _found(self, grid: Grid, rules: tuple[Rule, ...], step: Step | Stuck | None) -> None:
        if grid is not self.session.grid:
            return  # the position changed while the engine looked
        if step is None:
            self.show("Solved: no hint needed.", None)
            return
        if isinstance(step, Stuck):
            self.show(step.text("No rule applies here: try OK or Check."), None)
            return
        self.step, self.depth, self._grid, self._rules = step, 1, grid, rules
        self._show()

    def _show(self) -> None:
        assert self.step is not None
        geo = self.session.grid.geometry
        then = "Mark it and press Return." if self._pinned else "Press Step to make it."
        text = hint_text(self.step, self.depth, geo, self.names, then)
        self.show(text, hint_preview(self.step, self.depth, geo))
