"""The parts of *Check* that need a solution counter: wrong entries and a likely mistyped clue.

Pure functions of the core (no Qt); the session runs them in the worker with the search's ``count`` and
``solve`` passed in, so this module does not depend on the search having landed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid

__all__ = ["CheckResult", "Suspect", "check_against_solutions", "mistyped_clues"]

Counter = Callable[..., int]
Solver = Callable[..., Grid | None]


@dataclass(frozen=True)
class Suspect:
    """A given that is probably mistyped: removing it, or changing it to ``fix``, leaves one solution."""

    cell: Cell
    given: Digit
    fix: Digit

    def describe(self, grid: Grid) -> str:
        """A sentence naming the clue and the digit that would make the puzzle uniquely solvable."""
        geo = grid.geometry
        return (
            f"the clue {geo.cell_name(self.cell)}={digit_char(self.given)} is probably mistyped: "
            f"with {digit_char(self.fix)} there the puzzle has one solution"
        )


@dataclass(frozen=True)
class CheckResult:
    """How many solutions the puzzle has (0, 1 or 2 = several) and what disagrees with them."""

    solutions: int
    wrong_entries: tuple[Cell, ...] = ()
    suspects: tuple[Suspect, ...] = ()


def check_against_solutions(
    grid: Grid, count: Counter, solve: Solver, cancel: CancelToken | None = None, **_: Any
) -> CheckResult:
    """Count the puzzle's solutions; compare entries with a unique one, or look for a mistyped clue."""
    puzzle = grid.puzzle()
    solutions = count(puzzle, limit=2, cancel=cancel)
    if solutions == 1:
        solution = solve(puzzle, cancel=cancel)
        wrong = () if solution is None else _disagreeing(grid, solution)
        return CheckResult(1, wrong)
    if solutions == 0:
        return CheckResult(0, (), mistyped_clues(puzzle, count, cancel))
    return CheckResult(solutions)


def _disagreeing(grid: Grid, solution: Grid) -> tuple[Cell, ...]:
    values = solution.values
    return tuple(c for c, d in enumerate(grid.entries) if d and d != values[c])


def mistyped_clues(puzzle: Grid, count: Counter, cancel: CancelToken | None = None) -> tuple[Suspect, ...]:
    """Givens whose change makes an unsolvable puzzle uniquely solvable.

    First each given is removed in turn (a unique solution then names the right digit); when no
    removal works, each given is changed to every digit its peers allow.
    """
    givens = puzzle.givens
    found: list[Suspect] = []
    for cell in (c for c, g in enumerate(givens) if g):
        trial = _with_given(puzzle, cell, 0)
        if count(trial, limit=2, cancel=cancel) == 1:
            found.append(Suspect(cell, givens[cell], _fix_for(trial, cell, count, cancel)))
    if found:
        return tuple(found)
    for cell in (c for c, g in enumerate(givens) if g):
        without = _with_given(puzzle, cell, 0)
        for digit in without.candidates_of(cell):
            if digit != givens[cell] and count(_with_given(puzzle, cell, digit), limit=2, cancel=cancel) == 1:
                found.append(Suspect(cell, givens[cell], digit))
    return tuple(found)


def _fix_for(trial: Grid, cell: Cell, count: Counter, cancel: CancelToken | None) -> Digit:
    for digit in trial.candidates_of(cell):
        if count(_with_given(trial, cell, digit), limit=1, cancel=cancel) == 1:
            return digit
    return 0


def _with_given(puzzle: Grid, cell: Cell, digit: Digit) -> Grid:
    givens = list(puzzle.givens)
    givens[cell] = digit
    return Grid.from_values(puzzle.geometry, givens)
