# ruff: noqa: D102  (each name is documented once, where the session defines it)
"""What the session's own helpers may ask of it, as protocols: the helpers never import the session.

The session builds its jobs (:class:`~sudoku_workbench.gui.session.jobs.Jobs`) and its status line and
hands them itself; typed against these protocols instead, they see only the names listed here, and the
import graph of ``gui`` has no circle (``tests/test_architecture.py`` checks, type-only imports included).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from sudoku_workbench.core.geometry import Cell
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import Step
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.gui.session.job_table import Callback
from sudoku_workbench.logic.engine import Rule

__all__ = ["JobRunner", "JobsHost", "StatusHost"]


class JobRunner(Protocol):
    """The history, the rules in use, and jobs in the worker (one per kind; callbacks on the UI thread)."""

    @property
    def history(self) -> History: ...

    @property
    def rules(self) -> tuple[Rule, ...]: ...

    def run_job(
        self,
        kind: JobKind,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callback,
        on_progress: Callback | None = None,
        on_failed: Callback | None = None,
        control: bool = False,
    ) -> int: ...


class StatusHost(JobRunner, Protocol):
    """The status line's view of the session: besides a job runner's, whether a kind runs, and the line."""

    def busy(self, kind: JobKind) -> bool: ...

    def set_status(self, text: str) -> None: ...


class JobsHost(JobRunner, Protocol):
    """The Puzzle menu's view of the session: besides a job runner's, the position, moves and messages."""

    @property
    def grid(self) -> Grid: ...

    @property
    def assume_unique(self) -> bool: ...

    def go_to(self, cursor: int) -> None: ...

    def apply_step(self, step: Step, grid: Grid | None = None) -> None: ...

    def apply_steps(self, found: list[tuple[Step, Grid]]) -> None: ...

    def fill_from(self, solution: Grid, rule: str, text: str) -> None: ...

    def set_puzzle(self, history: History, path: Path | None = None, dirty: bool = True) -> None: ...

    def set_generated(self, puzzle: Grid) -> None: ...

    def set_givens_mode(self, on: bool) -> None: ...

    def set_marks(self, cells: tuple[Cell, ...]) -> None: ...

    def notify(self, text: str) -> None: ...

    def show_finding(self, text: str) -> None: ...

    def warn(self, title: str, text: str) -> None: ...

    def show_graph(self, picture: object) -> None: ...
