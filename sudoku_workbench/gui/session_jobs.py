"""The Puzzle menu's jobs: Logic, Step, OK, Check, Count, Rate and Test.

Each asks the core for an answer, runs it in the session's worker and turns the answer into history
steps, marks and messages on the UI thread.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import SEARCH, Step
from sudoku_workbench.graphs.picture import graph_picture
from sudoku_workbench.gui.job_kinds import JobKind
from sudoku_workbench.gui.status_line import rate_puzzle
from sudoku_workbench.logic.engine import (
    RULES,
    Rule,
    next_step,
    rules_assuming_unique,
    steps_with_grids,
)
from sudoku_workbench.search.check import CheckReport, check_position, problem_lines
from sudoku_workbench.search.generate import Generated, generate
from sudoku_workbench.search.sat import sat_search
from sudoku_workbench.search.solve import Solved, count, solve_counting

if TYPE_CHECKING:
    from sudoku_workbench.gui.session import Session

__all__ = [
    "COUNT_LIMIT",
    "GenerateOptions",
    "Jobs",
    "check_text",
    "search_summary",
    "steps_in_batches",
]

#: Count solutions stops here (the answer is then "at least this many").
COUNT_LIMIT = 10_000


@dataclass(frozen=True)
class GenerateOptions:
    """What the Test button asks the generator for."""

    size: int = 9
    symmetry: str = "rot180"
    unique: bool = True
    very_hard: bool = False
    level: int | None = None
    seed: int | None = None
    budget: float = 5.0


class Jobs:
    """The long actions of one session (the main window connects its buttons here)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.rules = RULES

    def set_assume_unique(self, on: bool) -> bool:
        """Use the uniqueness rules from now on (or stop); False when refused for this puzzle."""
        if not on:
            self.rules = RULES
            return True
        puzzle = self.session.grid.puzzle()
        found, _grids = sat_search(puzzle.geometry).search(puzzle, 2)
        if found != 1:
            what = "no solution" if found == 0 else "several solutions"
            self.session.warn(
                "Assume one solution",
                f"The puzzle has {what}, so the uniqueness rules could discard real solutions; "
                "they stay off.",
            )
            self.rules = RULES
            return False
        self.rules = rules_assuming_unique()
        self.session.notify("Uniqueness rules on: unique rectangles, hidden and avoidable rectangles, BUG+1")
        return True

    # ---- Logic, Step, Back -------------------------------------------------------------------
    def logic(self) -> None:
        """Apply rule steps until stuck; the steps join the history, with the grids the worker made.

        They come in batches (:func:`steps_in_batches`), so the window updates a few times a second
        rather than once per step: dozens of easy steps no longer hold the UI thread in one burst.
        """
        self.session.run_job(
            JobKind.LOGIC,
            functools.partial(steps_in_batches, rules=self.rules),
            self.session.grid,
            on_progress=self.session.apply_steps,
            on_done=self._logic_done,
            on_failed=self._contradiction,
        )

    def step(self) -> None:
        """One step forward: show the next recorded step, else find the next one."""
        session = self.session
        history = session.history
        if history.cursor < len(history.records):
            session.go_to(history.cursor + 1)
            return
        session.run_job(
            JobKind.STEP,
            functools.partial(next_step, rules=self.rules),
            session.grid,
            on_done=self._step_done,
            on_failed=self._contradiction,
        )

    def back(self) -> None:
        """One step back through the steps (the puzzle's edits are undone with Undo, not Back)."""
        self.session.go_to(self.session.history.cursor - 1)

    def _logic_done(self, batches: list[list[tuple[Step, Grid]]]) -> None:
        grid = self.session.grid
        outcome = "solved" if grid.is_solved() else f"stuck with {len(grid.empty_cells)} empty cells"
        self.session.notify(f"Logic: {sum(len(b) for b in batches)} steps, {outcome}")

    def _step_done(self, step: Step | None) -> None:
        if step is None:
            done = self.session.grid.is_solved()
            self.session.notify("Solved." if done else "No rule applies here: stuck.")
        else:
            self.session.apply_step(step)

    def _contradiction(self, err: Any) -> None:
        self.session.set_marks(err.cells if isinstance(err, Contradiction) else ())
        self.session.warn("The position is impossible", str(err))

    # ---- OK, Count, Rate ---------------------------------------------------------------------
    def solve(self) -> None:
        """OK: solve by the recursive search and record the answer as one step."""
        started = time.perf_counter()
        self.session.run_job(
            JobKind.SOLVE,
            solve_counting,
            self.session.grid,
            control=True,
            on_progress=lambda count: self.session.notify(f"Searching: {count:,} nodes"),
            on_done=lambda result: self._solved(result, time.perf_counter() - started),
        )

    def _solved(self, result: Solved, seconds: float) -> None:
        solution, nodes = result.solution, result.nodes
        if solution is None:
            self.session.warn("No solution", "This position has no solution; press Check to see why.")
            return
        text = search_summary(len(self.session.grid.empty_cells), nodes, seconds)
        self.session.fill_from(solution, SEARCH, text)
        self.session.notify(f"Solved by search: {text}")

    def count(self) -> None:
        """Count solutions of the position (up to :data:`COUNT_LIMIT`)."""
        self.session.run_job(
            JobKind.COUNT,
            functools.partial(count, limit=COUNT_LIMIT),
            self.session.grid,
            control=True,
            on_progress=lambda nodes: self.session.notify(f"Counting: {nodes:,} nodes"),
            on_done=self._counted,
        )

    def _counted(self, found: int) -> None:
        more = " or more" if found >= COUNT_LIMIT else ""
        self.session.notify(f"{found:,}{more} solution{'s' if found != 1 else ''}")

    def rate(self) -> None:
        """Rate the whole puzzle with the rules in use; the status line shows it (nowhere else, so once)."""
        puzzle = self.session.grid.puzzle()
        self.session.run_job(
            JobKind.RATE,
            functools.partial(rate_puzzle, rules=self.rules),
            puzzle,
            control=True,
            on_done=functools.partial(self.session.status_line.rated, puzzle),
        )

    # ---- Check -------------------------------------------------------------------------------
    def check(self) -> None:
        """Mark every problem of the position at once; then count solutions, find wrong entries or clues."""
        session = self.session
        grid = session.grid
        session.set_marks(tuple(c for p in grid.problems() for c in p.cells))
        lines = problem_lines(grid)
        found = "; ".join(lines) if lines else "no digit clashes with another"
        session.show_finding(f"Check: {found}; counting the puzzle's solutions…")
        session.run_job(JobKind.CHECK, check_position, grid, control=True, on_done=self._checked)

    def _checked(self, report: CheckReport) -> None:
        session = self.session
        session.set_marks(report.cells())
        session.show_finding(check_text(report, session.grid))

    # ---- graph pane --------------------------------------------------------------------------
    def graph(self, kind: str) -> None:
        """Compute the graph pane's picture of the shown step's position; ``graph_ready`` brings it."""
        history = self.session.history
        step = history.last_step
        grid = history.previous_grid if step is not None and step.highlights.chains else history.grid
        self.session.run_job(JobKind.GRAPH, graph_picture, grid, kind, step, on_done=self.session.show_graph)

    # ---- Test (generate) ---------------------------------------------------------------------
    def generate(self, options: GenerateOptions) -> None:
        """Test: generate a puzzle with the options in the worker; it replaces the current one."""
        rng = random.Random(options.seed)
        run = functools.partial(
            generate,
            symmetry=options.symmetry,
            unique=options.unique,
            very_hard=options.very_hard,
            level=options.level,
            budget=options.budget,
        )
        self.session.run_job(
            JobKind.GENERATE,
            run,
            geometry_for_size(options.size),
            rng,
            control=True,
            on_progress=lambda tried: self.session.notify(f"Generating: {tried}"),
            on_done=self._generated,
        )

    def _generated(self, made: Generated) -> None:
        self.session.set_puzzle(History(made.grid), dirty=False)  # nothing of the person's to lose yet
        self.session.set_givens_mode(False)
        level = made.level.name.replace("_", " ").lower()
        self.session.notify(f"New puzzle: {len(made.grid.empty_cells)} empty cells, level {level}")


#: How long the logic job gathers steps before handing a batch to the window (seconds).
BATCH_SECONDS = 0.05


def steps_in_batches(grid: Grid, rules: tuple[Rule, ...] = RULES) -> Iterator[list[tuple[Step, Grid]]]:
    """Logic's steps (with their grids) in lists, one every :data:`BATCH_SECONDS` at most.

    Raises:
        Contradiction: as the engine does, after handing over the steps found before it.
    """
    batch: list[tuple[Step, Grid]] = []
    started = time.perf_counter()
    try:
        for found in steps_with_grids(grid, rules):
            batch.append(found)
            if time.perf_counter() - started >= BATCH_SECONDS:
                yield batch
                batch, started = [], time.perf_counter()
    except Contradiction:
        if batch:
            yield batch
        raise
    if batch:
        yield batch


def check_text(report: CheckReport, grid: Grid) -> str:
    """What the panel shows after Check (the ``check`` command prints the same findings)."""
    return "Check: " + "; ".join(report.lines(grid))


def search_summary(placed: int, nodes: int, seconds: float) -> str:
    """OK's explanation in one line: how many digits, how much search, how long.

    No node at all means propagation alone filled the grid, without a guess.
    """
    work = f"{nodes:,} search node{'s' if nodes != 1 else ''}" if nodes else "no guess: propagation alone"
    return f"The search placed {placed} digit{'s' if placed != 1 else ''} ({work}, {seconds:.2f} s)."
