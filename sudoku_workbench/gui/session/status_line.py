"""The status line under the step list: the whole puzzle's rating, then the position shown.

The puzzle's rating (its level, Sudoku Explainer's number and HoDoKu's level and score) is computed
once per puzzle, in a job that
browsing the steps does not cancel; the position's half (which step is shown, how many solutions it
has, how many cells are empty) is recomputed whenever the position changes. Keeping the two apart is
the point: a late position of a hard puzzle is easy, and must never read as the puzzle's rating.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from typing import Any

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.gui.session.api import StatusHost
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.logic.engine import RULES, Rating, Rule, rate, step_name
from sudoku_workbench.logic.rating.hodoku_scale import HodokuRating, hodoku_refusal, rate_hodoku
from sudoku_workbench.logic.rating.se_scale import SeRating, rate_se
from sudoku_workbench.logic.rating.words import rating_text
from sudoku_workbench.search.solve import count, solve

__all__ = ["PuzzleRating", "StatusLine", "position_text", "rate_puzzle"]

#: What the puzzle's half says before its rating is known, and when it cannot be rated.
PENDING = "Puzzle: rating…"
_UNRATED = {0: "Puzzle: no solution", 2: "Puzzle: several solutions (not rated)"}
_POSITION_SOLUTIONS = {0: "This position: no solution", 1: "This position: one solution"}

#: A puzzle's level by our rules and its ratings on Sudoku Explainer's and HoDoKu's scales.
BothRatings = tuple[Rating, SeRating, HodokuRating | None]
#: A puzzle's solution count (0, 1, or 2 for several) and, with exactly one, its two ratings.
PuzzleRating = tuple[int, BothRatings | None]


def puzzle_text(found: PuzzleRating) -> str:
    """The puzzle's half of the status line."""
    solutions, ratings = found
    if ratings is None:
        return _UNRATED.get(solutions, "Puzzle: no rating (the rules found it impossible)")
    return f"Puzzle: {rating_text(*ratings)}"


def position_text(cursor: int, total: int, rule: str | None) -> str:
    """``showing step 31 of 88: Naked single``, or the start."""
    if rule is None:
        return f"showing the start ({total} step{'s' if total != 1 else ''} recorded)"
    return f"showing step {cursor} of {total}: {step_name(rule)}"


def rate_puzzle(
    puzzle: Grid, rules: tuple[Rule, ...] = RULES, cancel: CancelToken | None = None, **_: Any
) -> PuzzleRating:
    """Count the puzzle's solutions and, with exactly one, rate it three ways (stops when cancelled).

    A puzzle with several solutions is not rated: logic must get stuck on it, and finding that out on a
    nearly empty 25x25 grid costs seconds of every rule for nothing.
    """
    solutions = count(puzzle, limit=2, cancel=cancel)
    if solutions != 1:
        return solutions, None
    return 1, _ratings(puzzle, rules, cancel)


def _hodoku(puzzle: Grid, rules: tuple[Rule, ...], cancel: CancelToken | None) -> HodokuRating | None:
    """HoDoKu's rating of a 9x9 puzzle (HoDoKu has no other size), guessing from its solution as it does."""
    if puzzle.geometry.n != 9 or hodoku_refusal(puzzle.geometry):
        return None
    solution = solve(puzzle, cancel)
    return rate_hodoku(puzzle, rules, cancel, None if solution is None else solution.values)


class _Ratings:
    """Ratings of puzzles rated lately, so one opened or pasted again is answered at once.

    Pool threads share it, so a lock guards it; a cancelled rating is not remembered.
    """

    SIZE = 32

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._known: OrderedDict[tuple[Grid, tuple[Rule, ...]], BothRatings | None] = OrderedDict()

    def __call__(
        self, puzzle: Grid, rules: tuple[Rule, ...], cancel: CancelToken | None
    ) -> BothRatings | None:
        key = (puzzle, rules)  # with the uniqueness rules a puzzle may rate lower
        with self._lock:
            if key in self._known:
                self._known.move_to_end(key)
                return self._known[key]
        try:
            found: BothRatings | None = (
                rate(puzzle, rules, cancel),
                rate_se(puzzle, rules, cancel, True),
                _hodoku(puzzle, rules, cancel),
            )
        except Contradiction:
            found = None
        with self._lock:
            self._known[key] = found
            while len(self._known) > self.SIZE:
                self._known.popitem(last=False)
        return found


_ratings = _Ratings()


class StatusLine:
    """Builds the status line of one session from its two halves, each computed in the worker."""

    def __init__(self, session: StatusHost) -> None:
        self.session = session
        self._puzzle: Grid | None = None  # the puzzle the first half speaks of
        self._puzzle_text = PENDING
        self._position = ""

    def refresh(self) -> None:
        """The position changed: show what is known now, and compute the rest in the worker."""
        session = self.session
        history = session.history
        puzzle = history.start.puzzle()
        unrated = self._puzzle_text == PENDING and not session.busy(JobKind.PUZZLE_RATING)
        if puzzle != self._puzzle or unrated:  # a new puzzle, or its rating was cancelled
            self._puzzle, self._puzzle_text = puzzle, PENDING
            session.run_job(
                JobKind.PUZZLE_RATING,
                rate_puzzle,
                puzzle,
                control=True,
                on_done=functools.partial(self.rated, puzzle),
            )
        grid = history.grid
        step = history.last_step
        where = position_text(history.cursor, len(history.records), None if step is None else step.rule)
        empty = f"Empty cells: {len(grid.empty_cells)}"
        self._position = f"{where} · {empty}"
        self._show()

        def counted(solutions: int) -> None:
            verdict = "Solved" if grid.is_solved() else _POSITION_SOLUTIONS.get(solutions, "")
            verdict = verdict or "This position: several solutions"
            self._position = f"{where} · {verdict} · {empty}"
            self._show()

        solutions = functools.partial(count, limit=2)
        session.run_job(JobKind.STATUS, solutions, grid, control=True, on_done=counted)

    def rate(self) -> None:
        """Puzzle → Rate: the puzzle with the rules in use; this line shows it (nowhere else, so once)."""
        puzzle = self.session.history.grid.puzzle()
        self.session.run_job(
            JobKind.RATE,
            functools.partial(rate_puzzle, rules=self.session.rules),
            puzzle,
            control=True,
            on_done=functools.partial(self.rated, puzzle),
        )

    def rated(self, puzzle: Grid, found: PuzzleRating) -> None:
        """Show a rating of ``puzzle`` (the line's own, or Rate's with the rules in use) if still shown."""
        if puzzle == self._puzzle:
            self._puzzle_text = puzzle_text(found)
            self._show()

    def _show(self) -> None:
        self.session.set_status(f"{self._puzzle_text} · {self._position}")
