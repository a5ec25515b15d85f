"""What *Check* reports, for the window's button and the ``check`` command alike.

The position's problems (duplicates, cells or digits with no place), then how many solutions the puzzle
has (the puzzle: its clues alone) and what that means for the position's entries: with one solution, the
entries that disagree with it; with none, the clues that are probably mistyped.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid, Problem
from sudoku_workbench.core.step import candidate_name
from sudoku_workbench.search.solve import count, solve

__all__ = ["CheckReport", "Suspect", "check_position", "mistyped_clues", "problem_lines"]

_VERDICTS = {0: "the puzzle has no solution", 1: "the puzzle has one solution"}


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
class CheckReport:
    """The problems of a position, its puzzle's count of solutions (0, 1, 2 = several) and what disagrees."""

    problems: tuple[Problem, ...]
    solutions: int
    wrong_entries: tuple[Cell, ...] = ()
    suspects: tuple[Suspect, ...] = ()
    struck: tuple[Candidate, ...] = ()  # candidates struck out that the unique solution needs

    @property
    def faulty(self) -> bool:
        """True when anything is wrong: a problem, not exactly one solution, or a wrong entry."""
        return bool(self.problems or self.solutions != 1 or self.wrong_entries or self.struck)

    def cells(self) -> tuple[Cell, ...]:
        """The cells to mark on the board: those of the problems, the wrong entries and suspect clues."""
        found = {c for p in self.problems for c in p.cells} | set(self.wrong_entries)
        found |= {c for c, _ in self.struck}
        return tuple(sorted(found | {s.cell for s in self.suspects}))

    def lines(self, grid: Grid) -> list[str]:
        """The findings in words, one a line, in the order the button and the command print them."""
        lines = [p.describe(grid.geometry) for p in self.problems]
        lines.append(self._verdict(grid))
        if self.struck:
            names = ", ".join(candidate_name(grid.geometry, c) for c in self.struck)
            lines.append(f"the solution needs candidates you struck out: {names}")
        lines.extend(s.describe(grid) for s in self.suspects)
        return lines

    def _verdict(self, grid: Grid) -> str:
        """The puzzle's count of solutions, then what it means for the entries (worded apart).

        ``the puzzle has one solution; your entry r1c3 disagrees with it``
        """
        verdict = _VERDICTS.get(self.solutions, "the puzzle has several solutions")
        wrong = [grid.geometry.cell_name(c) for c in self.wrong_entries]
        if len(wrong) == 1:
            return f"{verdict}; your entry {wrong[0]} disagrees with it"
        if wrong:
            return f"{verdict}; your entries {', '.join(wrong)} disagree with it"
        if not any(grid.entries) or self.solutions == 0 or self.struck:
            return verdict
        if self.solutions == 1:
            return f"{verdict}; every entry of yours agrees with it"
        return f"{verdict}, so your entries cannot be checked against one"


def problem_lines(grid: Grid) -> list[str]:
    """The position's problems in words (what Check shows at once, before the solutions are counted)."""
    return [p.describe(grid.geometry) for p in grid.problems()]


def check_position(grid: Grid, cancel: CancelToken | None = None, **_: object) -> CheckReport:
    """Check a position: its problems, its puzzle's solutions, wrong entries or a likely mistyped clue.

    Other keyword arguments (the window's worker passes ``progress``) are ignored.
    """
    puzzle = grid.puzzle()
    solutions = count(puzzle, limit=2, cancel=cancel)
    wrong: tuple[Cell, ...] = ()
    suspects: tuple[Suspect, ...] = ()
    struck: tuple[Candidate, ...] = ()
    if solutions == 1:
        solution = solve(puzzle, cancel=cancel)
        if solution is not None:
            wrong = _disagreeing(grid, solution)
            struck = _struck_out(grid, solution)
    elif solutions == 0:
        suspects = mistyped_clues(puzzle, cancel)
    return CheckReport(grid.problems(), solutions, wrong, suspects, struck)


def _disagreeing(grid: Grid, solution: Grid) -> tuple[Cell, ...]:
    values = solution.values
    return tuple(c for c, d in enumerate(grid.entries) if d and d != values[c])


def _struck_out(grid: Grid, solution: Grid) -> tuple[Candidate, ...]:
    """Candidates of the solution missing from empty cells though no filled peer holds their digit.

    Those were struck out by hand (a wrong entry's peers lose theirs too, but that entry is named already).
    """
    solved, values, peers = solution.values, grid.values, grid.geometry.peers
    return tuple(
        (c, solved[c])
        for c in grid.empty_cells
        if not grid.candidates[c] >> (solved[c] - 1) & 1 and all(values[p] != solved[c] for p in peers[c])
    )


def mistyped_clues(puzzle: Grid, cancel: CancelToken | None = None) -> tuple[Suspect, ...]:
    """Givens whose change makes an unsolvable puzzle uniquely solvable.

    First each given is removed in turn (a unique solution then names the right digit); when no
    removal works, each given is changed to every digit its peers allow.
    """
    givens = puzzle.givens
    found: list[Suspect] = []
    for cell in (c for c, g in enumerate(givens) if g):
        trial = puzzle.with_given(cell, 0)
        if count(trial, limit=2, cancel=cancel) == 1:
            found.append(Suspect(cell, givens[cell], _fix_for(trial, cell, cancel)))
    if found:
        return tuple(found)
    for cell in (c for c, g in enumerate(givens) if g):
        without = puzzle.with_given(cell, 0)
        for digit in without.candidates_of(cell):
            if digit != givens[cell] and count(puzzle.with_given(cell, digit), limit=2, cancel=cancel) == 1:
                found.append(Suspect(cell, givens[cell], digit))
    return tuple(found)


def _fix_for(trial: Grid, cell: Cell, cancel: CancelToken | None) -> Digit:
    for digit in trial.candidates_of(cell):
        if count(trial.with_given(cell, digit), limit=1, cancel=cancel) == 1:
            return digit
    return 0
