"""Helpers for the logic tests: grids with chosen candidates, a tiny brute-force solver, step checks."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

from sudoku_workbench.core import Geometry, Grid, Step
from sudoku_workbench.core.geometry import digit_from_char
from sudoku_workbench.logic.engine import Rule, solve_by_logic
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus


def grid_from(geo: Geometry, line: str = "", keep: dict[str, str] | None = None) -> Grid:
    """A grid from a one-line puzzle (blank when empty) whose named cells keep only the given digits.

    ``keep={"r1c1": "12"}`` leaves r1c1 with candidates 1 and 2 (cell names 1-based, digits as text).
    """
    values = [digit_from_char(ch) for ch in line] if line else [0] * geo.size
    grid = Grid.from_values(geo, values)
    cands = list(grid.candidates)
    for name, digits in (keep or {}).items():
        row, col = name[1:].split("c")
        cell = geo.cell(int(row) - 1, int(col) - 1)
        cands[cell] = sum(1 << (digit_from_char(d) - 1) for d in digits)
    return Grid(geo, grid.givens, grid.entries, tuple(cands))


def without(grid: Grid, cells: Iterable[int], digit: int) -> Grid:
    """The grid with ``digit`` removed from ``cells``."""
    return grid.eliminate((c, digit) for c in cells)


def solution_of(grid: Grid) -> tuple[int, ...] | None:
    """The puzzle's solution from the search package (independent of the rules under test)."""
    solved = solve(grid)
    return solved.values if solved is not None else None


def assert_sound(step: Step, solution: Sequence[int], where: str = "") -> None:
    """No placement differs from the solution and no elimination removes its digit."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, f"{where}{step.rule} places {digit} at {cell}: {step.explanation}"
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, (
            f"{where}{step.rule} removes true {digit} at {cell}: {step.explanation}"
        )


def sound_along_runs(
    finders: Sequence[Callable[[Grid], Iterable[Step]]],
    sample: tuple[str, int, int],
    *,
    stride: int = 1,
    most: int = 10,
) -> int:
    """Check the finders' first ``most`` steps at every ``stride``-th position of Logic's runs.

    ``sample`` is (corpus file, how many puzzles, every how many lines), as :func:`tests.conftest.corpus`
    takes it. Returns how many steps were checked, so a caller can ask that some were.
    """
    name, count, every = sample
    checked = 0
    for number, puzzle in enumerate(corpus(name, count, every), 1):
        solution = solution_of(puzzle)
        assert solution is not None
        grid = puzzle
        for index, step in enumerate(solve_by_logic(puzzle).steps):
            if index % stride == 0:
                for finder in finders:
                    for found in itertools.islice(finder(grid), most):
                        assert_sound(found, solution, f"{name} #{number} step {index}: ")
                        checked += 1
            grid = grid.apply(step)
    return checked


def assert_sound_where_stuck(
    finders: Iterable[Callable[[Grid], Iterable[Step]]],
    before: tuple[Rule, ...],
    samples: Iterable[tuple[str, int, int]],
) -> None:
    """Every step of the finders is sound where ``before`` gets stuck on the corpus samples, and some fire."""
    fired = 0
    for name, count, every in samples:
        for number, puzzle in enumerate(corpus(name, count, every), 1):
            run = solve_by_logic(puzzle, before)
            if run.status != "stuck":
                continue
            solution = solution_of(puzzle)
            assert solution is not None
            for finder in finders:
                for step in finder(run.grid):
                    fired += 1
                    assert_sound(step, solution, f"{name} #{number}: ")
    assert fired > 0
