"""Checking logic runs against known solutions: no wrong placement, no true digit eliminated.

The check is pure (the solution comes from the caller, e.g. the search package), so tests and the
``sudoku-workbench soundness`` command share it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import RULES, Rule, solve_by_logic

__all__ = ["RunCheck", "SoundnessTally", "check_run", "step_faults"]


def step_faults(grid: Grid, step: Step, solution: Sequence[int]) -> list[str]:
    """What a step gets wrong against the solution (empty when it is sound)."""
    geo = grid.geometry
    faults = [
        f"{step.rule} places {digit_char(d)} at {geo.cell_name(c)}, not {digit_char(solution[c])}"
        for c, d in step.placements
        if solution[c] != d
    ]
    faults += [
        f"{step.rule} removes {digit_char(d)} from {geo.cell_name(c)}, which is its solution"
        for c, d in step.eliminations
        if solution[c] == d
    ]
    return faults


@dataclass(frozen=True)
class RunCheck:
    """One puzzle's logic run checked: status, steps, rule counts, faults and the run's CPU time."""

    status: str
    steps: int
    placements: int
    eliminations: int
    rules: dict[str, int]
    faults: tuple[str, ...]
    seconds: float


def check_run(grid: Grid, solution: Sequence[int], rules: tuple[Rule, ...] = RULES) -> RunCheck:
    """Solve by logic and check every step (and the final grid) against ``solution``."""
    start = time.process_time()
    run = solve_by_logic(grid, rules)
    seconds = time.process_time() - start
    faults: list[str] = []
    for number, step in enumerate(run.steps, 1):
        faults += [f"step {number}: {text}" for text in step_faults(grid, step, solution)]
    if run.status == "solved" and tuple(run.grid.values) != tuple(solution):
        faults.append("the solved grid differs from the solution")
    return RunCheck(
        run.status,
        len(run.steps),
        sum(len(s.placements) for s in run.steps),
        sum(len(s.eliminations) for s in run.steps),
        dict(Counter(s.rule for s in run.steps)),
        tuple(faults),
        seconds,
    )


@dataclass
class SoundnessTally:
    """Totals over many checked runs."""

    puzzles: int = 0
    steps: int = 0
    placements: int = 0
    eliminations: int = 0
    seconds: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    faults: list[str] = field(default_factory=list)

    def add(self, label: str, check: RunCheck) -> None:
        """Count one run; its faults are kept prefixed with ``label``."""
        self.puzzles += 1
        self.steps += check.steps
        self.placements += check.placements
        self.eliminations += check.eliminations
        self.seconds += check.seconds
        self.statuses[check.status] += 1
        self.rules.update(check.rules)
        self.faults += [f"{label}: {text}" for text in check.faults]
