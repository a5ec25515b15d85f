"""The Puzzle menu's jobs: Logic, Step, OK, Check, Count and Generate, and the graph pane's picture.

Each asks the core for an answer, runs it in the session's worker and turns the answer into history
steps, marks and messages on the UI thread. They see the session only through
:class:`~sudoku_workbench.gui.session.api.JobsHost`, and use the rules the session holds
(:attr:`Session.rules`). When those stop short of the solution, the worker also asks which rule that is
off would go on (:class:`Stuck`).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction, ShapeError
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import SEARCH, Step
from sudoku_workbench.graphs.picture import graph_picture
from sudoku_workbench.gui.session.api import JobsHost
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.logic.engine import RULES, Rule, next_step, steps_with_grids
from sudoku_workbench.logic.rating.hodoku_scale import hodoku_refusal
from sudoku_workbench.logic.rule_choice import missing_rule, preset_rules, stuck_message
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel
from sudoku_workbench.search.check import CheckReport, check_position, problem_lines
from sudoku_workbench.search.generate import GRADING_RULES, Generated, GenerationProgress, generate
from sudoku_workbench.search.regions import JIGSAW_SYMMETRIES, ShapeChoice
from sudoku_workbench.search.solve import Solved, count, solve_counting
from sudoku_workbench.search.symmetry import SymmetryError, check_symmetry, fitting_symmetries
from sudoku_workbench.search.targets import (
    WINDOW,
    Made,
    Target,
    TargetError,
    check_target,
    describe,
    made_text,
    make_target,
)

__all__ = [
    "COUNT_LIMIT",
    "GenerateOptions",
    "Jobs",
    "Stuck",
    "check_text",
    "generate_job",
    "logic_run",
    "next_step_or_stuck",
    "search_summary",
    "steps_in_batches",
    "target_job",
]

#: Count solutions stops here (the answer is then "at least this many").
COUNT_LIMIT = 10_000

#: Seconds Generate searches for a puzzle made to order before it says none was found (Esc stops it sooner).
TARGET_BUDGET = 300.0


@dataclass(frozen=True)
class GenerateOptions:
    """What the Generate button asks the generator for; ``shape``: size, variant rules, boxes or regions."""

    shape: ShapeChoice = field(default_factory=ShapeChoice)
    symmetry: str = "rot180"
    unique: bool = True
    very_hard: bool = False
    level: int | None = None
    seed: int | None = None
    budget: float = 5.0
    # Targets: any of them makes the puzzle to order (search.targets); preset None: the window's rules.
    technique: str | None = None
    as_hardest: bool = False
    se: tuple[float, float] | None = None
    hodoku: HodokuLevel | None = None
    preset: str | None = None

    @property
    def targeted(self) -> bool:
        """True when the options ask for a puzzle made to order."""
        return any(value is not None for value in (self.technique, self.se, self.hodoku, self.preset))

    def grid_shape(self, rng: random.Random) -> Geometry:
        """The grid of one puzzle (a jigsaw's map drawn from ``rng`` unless the puzzle's own is kept)."""
        return self.shape.draw(rng, self.symmetry)

    def symmetries(self) -> tuple[str, ...]:
        """The symmetries that fit the shape (a drawn jigsaw's: none or a half turn)."""
        if self.shape.jigsaw and self.shape.regions is None:
            return JIGSAW_SYMMETRIES
        try:
            return tuple(fitting_symmetries(self.grid_shape(random.Random(0))))
        except ShapeError:  # variant rules that do not fit: refused by name on OK (see refusal)
            return ("none",)

    def refusal(self) -> str | None:
        """Why Generate cannot make this (variant rules that do not fit, a scale that cannot rate it) or None.

        A jigsaw's map is drawn in the worker (a 16x16 one takes seconds): here its rows stand for it.
        """
        shape, symmetry = self.shape, self.symmetry
        drawn = shape.jigsaw and shape.regions is None
        if drawn and symmetry not in JIGSAW_SYMMETRIES:
            return f"a jigsaw's regions are drawn with {' or '.join(JIGSAW_SYMMETRIES)} symmetry only"
        rows = tuple(c // shape.size for c in range(shape.size**2))
        try:
            geo = (replace(shape, regions=rows) if drawn else shape).draw(random.Random(0), symmetry)
            if not drawn:
                check_symmetry(geo, symmetry)
        except (ShapeError, SymmetryError) as err:
            return str(err)
        return hodoku_refusal(geo) if self.hodoku is not None else None

    def target(self, rules: tuple[Rule, ...]) -> Target:
        """The target asked for, solved by the preset's rules or else by ``rules``."""
        chosen = preset_rules(self.preset) if self.preset else rules
        needs, hardest = (None, self.technique) if self.as_hardest else (self.technique, None)
        return Target(chosen, se=self.se, hodoku=self.hodoku, needs=needs, hardest=hardest)


@dataclass(frozen=True)
class Stuck:
    """The rules in use found no step on an unsolved position, and the rule that would.

    ``missing`` is the rule, switched off, that makes the next step (None: no rule of the table would).
    """

    missing: Rule | None

    def text(self, otherwise: str, left: str = "") -> str:
        """What Logic, Step and Hint say: the missing rule (after ``left``), else ``otherwise``."""
        if self.missing is None:
            return otherwise
        where = f" with {left}" if left else ""
        return f"Stuck{where}: {stuck_message(self.missing, 'Preferences → Techniques')}"


class Jobs:
    """The long actions of one session (the main window connects its buttons here)."""

    def __init__(self, session: JobsHost) -> None:
        self.session = session

    # ---- Logic, Step, Back -------------------------------------------------------------------
    def logic(self) -> None:
        """Apply rule steps until stuck; the steps join the history, with the grids the worker made.

        They come in batches (:func:`logic_run`), straight to :meth:`Session.apply_steps`, so the window
        updates a few times a second rather than once per step: dozens of easy steps no longer hold the
        UI thread in one burst.
        """
        session = self.session
        session.run_job(
            JobKind.LOGIC,
            functools.partial(logic_run, rules=session.rules, assume_unique=session.assume_unique),
            session.grid,
            on_progress=session.apply_steps,
            on_done=functools.partial(self._logic_done, session.history.cursor),
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
            functools.partial(next_step_or_stuck, rules=session.rules, assume_unique=session.assume_unique),
            session.grid,
            on_done=self._step_done,
            on_failed=self._contradiction,
        )

    def back(self) -> None:
        """One step back through the steps (the puzzle's edits are undone with Undo, not Back)."""
        self.session.go_to(self.session.history.cursor - 1)

    def _logic_done(self, started: int, stuck: Stuck | None) -> None:
        """Logic's summary: the steps recorded since ``started`` (the cursor then), and why it stopped."""
        grid = self.session.grid
        steps = self.session.history.cursor - started
        if stuck is None:
            self.session.notify(f"Logic: {steps} steps, solved")
            return
        left = f"{len(grid.empty_cells)} empty cells"
        self.session.notify(f"Logic: {steps} steps. " + stuck.text(f"Stuck with {left}.", left))

    def _step_done(self, step: Step | Stuck | None) -> None:
        if step is None:
            self.session.notify("Solved.")
        elif isinstance(step, Stuck):
            self.session.notify(step.text("No rule applies here: stuck."))
        else:
            self.session.apply_step(step)

    def _contradiction(self, err: Any) -> None:
        self.session.set_marks(err.cells if isinstance(err, Contradiction) else ())
        self.session.warn("The position is impossible", str(err))

    # ---- OK, Count --------------------------------------------------------------------------
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

    # ---- Generate ----------------------------------------------------------------------------
    def generate(self, options: GenerateOptions) -> None:
        """Generate: a puzzle with the options in the worker; it replaces the current one."""
        refusal = options.refusal()
        if refusal:
            self.session.warn("Generate", f"No puzzle made: {refusal}")
            return
        if options.targeted:
            self._generate_target(options)
            return
        grading = tuple(rule for rule in self.session.rules if rule in GRADING_RULES)
        if not grading:
            self.session.warn(
                "Generate", "Generate grades puzzles with the techniques chosen below forcing: tick one."
            )
            return
        self.session.run_job(
            JobKind.GENERATE,
            generate_job,
            options,
            grading,
            control=True,
            on_progress=lambda where: self.session.notify(f"Generating {where.text()}"),
            on_done=self._generated,
        )

    def _generate_target(self, options: GenerateOptions) -> None:
        """Generate with a target: the core's search by target, in the worker."""
        target = options.target(self.session.rules)
        try:
            check_target(target, WINDOW)
        except TargetError as err:
            self.session.warn("Generate", str(err))
            return
        wanted = describe(target)
        self.session.run_job(
            JobKind.GENERATE,
            target_job,
            options,
            target,
            control=True,
            on_progress=lambda tried: self.session.notify(f"Generating ({wanted}): attempt {tried}"),
            on_done=functools.partial(self._made_to_order, target),
        )

    def _made_to_order(self, target: Target, made: Made) -> None:
        self.session.set_generated(made.grid)
        self.session.set_givens_mode(False)
        self.session.notify(
            f"New puzzle: {len(made.grid.empty_cells)} empty cells, {made_text(made, target)}"
        )

    def _generated(self, made: Generated) -> None:
        self.session.set_generated(made.grid)
        self.session.set_givens_mode(False)
        level = made.level.name.replace("_", " ").lower()
        self.session.notify(f"New puzzle: {len(made.grid.empty_cells)} empty cells, level {level}")


def generate_job(
    options: GenerateOptions,
    rules: tuple[Rule, ...],
    cancel: CancelToken,
    progress: Callable[[GenerationProgress], None],
) -> Generated:
    """Generate's job in the worker: the generator, its labelled progress going to the window."""
    rng = random.Random(options.seed)
    return generate(
        options.grid_shape(rng),
        rng,
        symmetry=options.symmetry,
        unique=options.unique,
        very_hard=options.very_hard,
        level=options.level,
        budget=options.budget,
        rules=rules,
        cancel=cancel,
        labelled_progress=progress,
    )


def target_job(
    options: GenerateOptions, target: Target, cancel: CancelToken, progress: Callable[[int], None]
) -> Made:
    """Generate with a target, in the worker (a jigsaw's map is drawn there too)."""
    rng = random.Random(options.seed)
    return make_target(
        options.grid_shape(rng), rng, options.symmetry, target, TARGET_BUDGET, cancel, progress
    )


#: How long the logic job gathers steps before handing a batch to the window (seconds).
BATCH_SECONDS = 0.05


def logic_run(
    grid: Grid, rules: tuple[Rule, ...] = RULES, assume_unique: bool = False
) -> Generator[list[tuple[Step, Grid]], None, Stuck | None]:
    """Logic's batches of steps; it returns None on a solved grid, else what the rules lacked.

    The worker emits the batches and hands the returned value to ``on_done`` (found in the worker too:
    asking which rule is off is a long search).
    """
    last = grid
    for batch in steps_in_batches(grid, rules):
        yield batch
        last = batch[-1][1]
    return None if last.is_solved() else Stuck(missing_rule(last, rules, assume_unique))


def next_step_or_stuck(
    grid: Grid, rules: tuple[Rule, ...] = RULES, assume_unique: bool = False
) -> Step | Stuck | None:
    """Step's and Hint's answer: the next step, or on an unsolved position what the rules lacked."""
    step = next_step(grid, rules)
    if step is not None or grid.is_solved():
        return step
    return Stuck(missing_rule(grid, rules, assume_unique))


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
