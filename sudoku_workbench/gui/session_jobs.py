"""The Puzzle menu's jobs: Logic, Step, OK, Check, Count, Rate, Test and the status line.

Each asks a capability of the core (loaded through :mod:`~sudoku_workbench.gui.capabilities`), runs it in
the session's worker and turns the answer into history steps, marks and messages on the UI thread.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.gui import capabilities
from sudoku_workbench.gui.checks import CheckResult, check_against_solutions
from sudoku_workbench.gui.history import History

if TYPE_CHECKING:
    from sudoku_workbench.gui.session import Session

__all__ = ["COUNT_LIMIT", "GenerateOptions", "Jobs", "check_text", "refresh_status", "search_summary"]

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

    # ---- Logic, Step, Back -------------------------------------------------------------------
    def logic(self) -> None:
        """Apply rule steps until stuck; each step joins the history as it is found."""
        engine = capabilities.load("logic")
        self.session.run_job(
            "logic",
            engine.steps_until_stuck,
            self.session.grid,
            on_progress=self.session.apply_step,
            on_done=self._logic_done,
            on_failed=self._contradiction,
        )

    def step(self) -> None:
        """One step forward: redo a recorded step, else find the next one."""
        session = self.session
        if session.history.can_redo():
            session.redo()
            return
        engine = capabilities.load("logic")
        session.run_job(
            "step", engine.next_step, session.grid, on_done=self._step_done, on_failed=self._contradiction
        )

    def back(self) -> None:
        """One step back."""
        self.session.undo()

    def _logic_done(self, steps: list[Step]) -> None:
        grid = self.session.grid
        outcome = "solved" if grid.is_solved() else f"stuck with {len(grid.empty_cells)} empty cells"
        self.session.message.emit(f"Logic: {len(steps)} steps, {outcome}")

    def _step_done(self, step: Step | None) -> None:
        if step is None:
            done = self.session.grid.is_solved()
            self.session.message.emit("Solved." if done else "No rule applies here: stuck.")
        else:
            self.session.apply_step(step)

    def _contradiction(self, err: Any) -> None:
        self.session.set_marks(err.cells if isinstance(err, Contradiction) else ())
        self.session.error.emit("The position is impossible", str(err))

    # ---- OK, Count, Rate ---------------------------------------------------------------------
    def solve(self) -> None:
        """OK: solve by the recursive search and record the answer as one step."""
        search = capabilities.load("search")
        started = time.perf_counter()
        nodes = [0]

        def searching(count: int) -> None:
            nodes[0] = count
            self.session.message.emit(f"Searching: {count:,} nodes")

        self.session.run_job(
            "solve",
            search.solve,
            self.session.grid,
            control=True,
            on_progress=searching,
            on_done=lambda solution: self._solved(solution, nodes[0], time.perf_counter() - started),
        )

    def _solved(self, solution: Grid | None, nodes: int, seconds: float) -> None:
        grid = self.session.grid
        if solution is None:
            self.session.error.emit("No solution", "This position has no solution; press Check to see why.")
            return
        placements = tuple((c, solution.values[c]) for c in grid.empty_cells)
        cells = tuple(c for c, _ in placements)
        text = search_summary(len(placements), nodes, seconds)
        self.session.apply_step(
            Step("search", placements, highlights=Highlights(cells=cells), explanation=text)
        )
        self.session.message.emit(f"Solved by search: {text}")

    def count(self) -> None:
        """Count solutions of the position (up to :data:`COUNT_LIMIT`)."""
        search = capabilities.load("search")
        self.session.run_job(
            "count",
            functools.partial(search.count, limit=COUNT_LIMIT),
            self.session.grid,
            control=True,
            on_progress=lambda nodes: self.session.message.emit(f"Counting: {nodes:,} nodes"),
            on_done=self._counted,
        )

    def _counted(self, found: int) -> None:
        more = " or more" if found >= COUNT_LIMIT else ""
        self.session.message.emit(f"{found:,}{more} solution{'s' if found != 1 else ''}")

    def rate(self) -> None:
        """Rate the puzzle by the hardest rule its logic solution needs."""
        engine = capabilities.load("logic")
        self.session.run_job(
            "rate",
            engine.rate,
            self.session.grid.puzzle(),
            on_done=lambda r: self.session.message.emit(f"Rating: {rating_text(r)}"),
        )

    # ---- Check -------------------------------------------------------------------------------
    def check(self) -> None:
        """Mark every problem of the position; with the search, also wrong entries or a mistyped clue."""
        session = self.session
        grid = session.grid
        problems = grid.problems()
        session.set_marks(tuple(c for p in problems for c in p.cells))
        lines = [p.describe(grid.geometry) for p in problems]
        session.finding.emit(_position_text(lines) + (" Checking the puzzle…" if _can_search() else ""))
        if not _can_search():
            return
        search = capabilities.load("search")
        run = functools.partial(check_against_solutions, count=search.count, solve=search.solve)
        session.run_job(
            "check", run, grid, control=True, on_done=functools.partial(self._checked, problems=lines)
        )

    def _checked(self, result: CheckResult, problems: list[str]) -> None:
        session = self.session
        grid = session.grid
        cells = set(session.marks) | set(result.wrong_entries) | {s.cell for s in result.suspects}
        session.set_marks(tuple(cells))
        session.finding.emit(f"{_position_text(problems)} {check_text(grid, result)}")

    # ---- graph pane --------------------------------------------------------------------------
    def graph(self, kind: str) -> None:
        """Compute the graph pane's picture of the shown step's position; ``graph_ready`` brings it."""
        graphs = capabilities.load("graphs")
        history = self.session.history
        step = history.last_step
        grid = history.previous_grid if step is not None and step.highlights.chains else history.grid
        self.session.run_job(
            "graph", graphs.graph_picture, grid, kind, step, on_done=self.session.graph_ready.emit
        )

    # ---- Test (generate) ---------------------------------------------------------------------
    def generate(self, options: GenerateOptions) -> None:
        """Test: generate a puzzle with the options in the worker; it replaces the current one."""
        generator = capabilities.load("generator")
        from sudoku_workbench.core.geometry import geometry_for_size

        rng = random.Random(options.seed)
        run = functools.partial(
            generator.generate,
            symmetry=options.symmetry,
            unique=options.unique,
            very_hard=options.very_hard,
            level=options.level,
            budget=options.budget,
        )
        self.session.run_job(
            "generate",
            run,
            geometry_for_size(options.size),
            rng,
            control=True,
            on_progress=lambda tried: self.session.message.emit(f"Generating: {tried}"),
            on_done=self._generated,
        )

    def _generated(self, made: Any) -> None:
        self.session.set_puzzle(History(made.grid), dirty=False)  # nothing of the user's to lose yet
        self.session.set_givens_mode(False)
        level = str(getattr(made.level, "name", made.level)).replace("_", " ").lower()
        self.session.message.emit(f"New puzzle: {len(made.grid.empty_cells)} empty cells, level {level}")


def search_summary(placed: int, nodes: int, seconds: float) -> str:
    """OK's explanation in one line: how many digits, how much search, how long.

    The search reports its node count only every few thousand nodes, so a short one has no count.
    """
    work = f"about {nodes:,} search nodes" if nodes else "a short search"
    return f"The search placed {placed} digit{'s' if placed != 1 else ''} ({work}, {seconds:.2f} s)."


def _can_search() -> bool:
    return capabilities.available("search")


def _position_text(problems: list[str]) -> str:
    """What Check sees in the position itself, before asking the search."""
    if not problems:
        return "Check: no digit clashes with another."
    return "Check: " + "; ".join(problems) + "."


def check_text(grid: Grid, result: CheckResult) -> str:
    """The puzzle's solutions and the position's entries, worded apart.

    ``The puzzle has one solution; your entry r1c3 disagrees with it.``
    """
    geo = grid.geometry
    if result.solutions == 0:
        text = "The puzzle (its clues alone) has no solution."
        return " ".join([text, *(_sentence(s.describe(grid)) for s in result.suspects)])
    if result.solutions > 1:
        return "The puzzle has several solutions, so your entries cannot be checked against one."
    wrong = [geo.cell_name(c) for c in result.wrong_entries]
    if len(wrong) == 1:
        return f"The puzzle has one solution; your entry {wrong[0]} disagrees with it."
    if wrong:
        return f"The puzzle has one solution; your entries {', '.join(wrong)} disagree with it."
    if any(grid.entries):
        return "The puzzle has one solution; every entry of yours agrees with it."
    return "The puzzle has one solution."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def rating_text(rating: Any) -> str:
    """``Hard (X-Wing), 42 steps`` from a logic Rating."""
    level = str(getattr(rating.level, "name", rating.level)).replace("_", " ").title()
    hardest = rating.hardest_rule
    name = getattr(hardest, "name", hardest)
    if isinstance(hardest, str) and hardest and capabilities.available("logic"):
        try:
            name = capabilities.load("logic").rule_by_id(hardest).name
        except (KeyError, LookupError, ValueError):
            name = hardest
    return f"{level} ({name}), {rating.step_count} steps" if name else f"{level}, {rating.step_count} steps"


def _status(grid: Grid, cancel: CancelToken | None = None, **_: Any) -> tuple[int | None, Any]:
    solutions = rating = None
    if capabilities.available("search"):
        solutions = capabilities.load("search").count(grid, limit=2, cancel=cancel)
    if capabilities.available("logic") and solutions != 0 and not grid.problems():
        rating = _puzzle_rating(grid.puzzle())
    return solutions, rating


@functools.lru_cache(maxsize=32)
def _puzzle_rating(puzzle: Grid) -> Any:
    """The puzzle's rating, remembered: the status line asks again after every entry."""
    try:
        return capabilities.load("logic").rate(puzzle)
    except Contradiction:
        return None


#: The status line speaks of the position shown (entries and pencil marks count), never of the puzzle.
_POSITION_SOLUTIONS = {0: "This position: no solution", 1: "This position: one solution"}


def refresh_status(session: Session) -> None:
    """Recompute the status line (solutions and rating in the worker, empty cells at once)."""
    grid = session.grid
    empty = f"Empty cells: {len(grid.empty_cells)}"
    session.status_changed.emit(empty)
    if not (capabilities.available("search") or capabilities.available("logic")):
        return

    def show(result: tuple[int | None, Any]) -> None:
        solutions, rating = result
        parts = []
        if rating is not None:
            parts.append(f"Rating: {rating_text(rating)}")
        if solutions is not None:
            parts.append(_POSITION_SOLUTIONS.get(solutions, "This position: several solutions"))
        session.status_changed.emit(" · ".join([*parts, empty]))

    session.run_job("status", _status, grid, control=True, on_done=show)
