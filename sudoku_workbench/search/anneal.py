"""Simulated annealing for Sudoku (Routledge 2023, section 3.3): a stochastic search, not a proof.

The blanks are filled at random and the cost ``J`` counts the pairs of equal digits that share a row,
a column or a box (equations 3.1–3.3 count each pair in both orders; we count it once, so ``J`` here is
half the thesis's, which only rescales the temperature). A move changes the fill; a worse fill is
accepted with probability ``exp(-ΔJ / T)``, the temperature ``T`` falling by a cooling schedule.

Two neighbourhoods: ``cell`` (the thesis's: one blank takes another digit) and ``box`` (the common
improvement: every box starts as a permutation of its missing digits and a move swaps two blanks of one
box, so box conflicts never arise). Schedules: ``log`` (``T = d / log(t + 1)``, the one Hajek's theorem
speaks of) and ``geometric`` (``T = T0 · α^t``). A run that stops improving restarts from a new fill.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction, ShapeError
from sudoku_workbench.core.geometry import Cell, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.solve import solve

__all__ = [
    "SCHEDULES",
    "AnnealProgress",
    "AnnealResult",
    "AnnealSettings",
    "anneal",
    "conflict_cost",
    "temperature",
]

Schedule = Literal["log", "geometric"]
Moves = Literal["cell", "box"]
SCHEDULES: tuple[Schedule, ...] = ("log", "geometric")
_DEFAULT_START: dict[Schedule, float] = {"log": 3.0, "geometric": 0.4}


@dataclass(frozen=True)
class AnnealSettings:
    """The knobs of one annealing job; the defaults suit 9x9 with box moves.

    ``start`` is ``d`` of the log schedule or ``T0`` of the geometric one (``None``: the default that
    worked best on easy 9x9 puzzles, 3.0 and 0.4); ``ratio`` is ``α``. A run restarts after
    ``restart_after`` iterations without lowering its best cost.
    """

    schedule: Schedule = "geometric"
    moves: Moves = "box"
    max_iterations: int = 500_000
    start: float | None = None
    ratio: float = 0.99999
    restart_after: int = 40_000
    report_every: int = 1000

    @property
    def initial(self) -> float:
        """``d`` or ``T0``: the given ``start``, else the schedule's default."""
        if self.start is not None:
            return self.start
        return _DEFAULT_START[self.schedule]


@dataclass(frozen=True)
class AnnealProgress:
    """A snapshot for a live plot: iteration (over all restarts), cost, temperature and the fill."""

    iteration: int
    cost: int
    temperature: float
    restarts: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class AnnealResult:
    """The best fill found (its non-given cells as entries), its cost, and how long the search went."""

    grid: Grid
    cost: int
    iterations: int
    restarts: int

    @property
    def solved(self) -> bool:
        """True when the best fill has no conflicting pair."""
        return self.cost == 0


def temperature(settings: AnnealSettings, t: int) -> float:
    """The temperature at iteration ``t ≥ 1`` of a run under the settings' schedule."""
    if settings.schedule == "log":
        return settings.initial / math.log(t + 1)
    return settings.initial * settings.ratio**t


def conflict_cost(geo: Geometry, values: tuple[int, ...] | list[int]) -> int:
    """``J``: the number of pairs of cells sharing a unit and holding the same (non-zero) digit."""
    cost = 0
    for unit in geo.units:
        counts = [0] * (geo.n + 1)
        for cell in unit:
            counts[values[cell]] += 1
        cost += sum(k * (k - 1) // 2 for k in counts[1:])
    return cost


class _State:
    """A fill with per-unit digit counts, so a move's change of cost costs a dozen updates."""

    def __init__(self, geo: Geometry, values: list[int]) -> None:
        self.geo = geo
        self.values = values
        self.counts = [[0] * (geo.n + 1) for _ in geo.units]
        for cell, digit in enumerate(values):
            for unit in geo.units_of[cell]:
                self.counts[unit][digit] += 1
        self.cost = conflict_cost(geo, values)

    def change(self, cell: Cell, digit: int) -> int:
        """Put ``digit`` into ``cell``; return the change of cost."""
        old = self.values[cell]
        delta = 0
        for unit in self.geo.units_of[cell]:
            counts = self.counts[unit]
            counts[old] -= 1
            delta += counts[digit] - counts[old]
            counts[digit] += 1
        self.values[cell] = digit
        self.cost += delta
        return delta


class _Annealer:
    """One job: the fill, the move generator, the schedule, restarts and reports."""

    def __init__(self, grid: Grid, settings: AnnealSettings, rng: random.Random) -> None:
        self.geo = grid.geometry
        self.givens = grid.givens
        self.settings = settings
        self.rng = rng
        boxes = [[c for c in box if not grid.givens[c]] for box in self.geo.regions]
        self.free_boxes = [b for b in boxes if len(b) >= 2]
        self.free_cells = [c for c in range(self.geo.size) if not grid.givens[c]]
        self.state = self._fresh()

    def _fresh(self) -> _State:
        values = list(self.givens)
        n = self.geo.n
        if self.settings.moves == "box":
            for box in self.geo.regions:
                missing = sorted(set(range(1, n + 1)) - {values[c] for c in box})
                self.rng.shuffle(missing)
                for cell, digit in zip((c for c in box if not values[c]), missing, strict=False):
                    values[cell] = digit
        else:
            for cell in self.free_cells:
                values[cell] = self.rng.randint(1, n)
        return _State(self.geo, values)

    def _move(self, temp: float) -> None:
        """Propose one neighbour; keep it if it is no worse, or by the Metropolis rule."""
        state, rng = self.state, self.rng
        if self.settings.moves == "box":
            first, second = rng.sample(rng.choice(self.free_boxes), 2)
            a, b = state.values[first], state.values[second]
            delta = state.change(first, b) + state.change(second, a)
            if delta > 0 and rng.random() >= math.exp(-delta / temp):
                state.change(second, b)
                state.change(first, a)
            return
        cell = rng.choice(self.free_cells)
        old = state.values[cell]
        new = rng.randint(1, self.geo.n - 1)
        delta = state.change(cell, new + (new >= old))
        if delta > 0 and rng.random() >= math.exp(-delta / temp):
            state.change(cell, old)

    def run(
        self, cancel: CancelToken | None, progress: Callable[[AnnealProgress], None] | None
    ) -> AnnealResult:
        settings = self.settings
        best_values, best_cost = list(self.state.values), self.state.cost
        run_best, since_better, t, restarts, temp = self.state.cost, 0, 0, 0, settings.initial
        iteration = 0
        movable = bool(self.free_boxes) if settings.moves == "box" else bool(self.free_cells)
        while best_cost and iteration < settings.max_iterations and movable:
            iteration += 1
            t += 1
            temp = max(temperature(settings, t), 1e-9)
            self._move(temp)
            cost = self.state.cost
            if cost < run_best:
                run_best, since_better = cost, 0
                if cost < best_cost:
                    best_values, best_cost = list(self.state.values), cost
            else:
                since_better += 1
            if since_better >= settings.restart_after and best_cost:
                self.state, restarts, t, since_better = self._fresh(), restarts + 1, 0, 0
                run_best = self.state.cost
            if not iteration % settings.report_every:
                self._report(cancel, progress, iteration, temp, restarts)
        self._report(None, progress, iteration, temp, restarts)
        entries = [0 if g else v for g, v in zip(self.givens, best_values, strict=True)]
        grid = Grid.from_values(self.geo, self.givens, entries)
        return AnnealResult(grid, best_cost, iteration, restarts)

    def _report(
        self,
        cancel: CancelToken | None,
        progress: Callable[[AnnealProgress], None] | None,
        iteration: int,
        temp: float,
        restarts: int,
    ) -> None:
        if cancel is not None:
            cancel.check()
        if progress is not None:
            state = self.state
            progress(AnnealProgress(iteration, state.cost, temp, restarts, tuple(state.values)))


def _check_cost_covers(geo: Geometry) -> None:
    """Refuse a shape whose rules the cost (repeats in houses) does not count: a fill at cost 0 breaks them.

    Raises:
        ShapeError: for killer cages (their sums and no-repeat rule) and for a variant's moves.
    """
    if geo.cages:
        raise ShapeError(
            f"annealing counts repeated digits in houses only; the killer cages of {geo.label} (their sums"
            " and their no-repeat rule) are outside its cost, so its fill would break them"
        )
    if any(geo.neighbours):
        raise ShapeError(
            f"annealing counts repeated digits in houses only; the moves of {geo.label} are outside its"
            " cost, so its fill would break them"
        )


def anneal(
    grid: Grid,
    settings: AnnealSettings | None = None,
    rng: random.Random | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[AnnealProgress], None] | None = None,
) -> AnnealResult:
    """Fill the blanks of a puzzle by simulated annealing, keeping the givens (entries are refilled).

    ``progress`` receives a snapshot every ``settings.report_every`` iterations and once at the end;
    ``cancel`` is checked as often. Stops at cost 0 or after ``settings.max_iterations``.

    Raises:
        ShapeError: for a shape with rules outside the cost (killer cages, a variant's moves).
        Contradiction: when the puzzle has no solution, so no fill can reach cost 0: its givens repeat
            a digit, leave a cell without candidate or a digit without place (as Check says), or the
            exact search finds none (milliseconds beside the annealing, which would only run out).
        Cancelled: when ``cancel`` is triggered.
    """
    _check_cost_covers(grid.geometry)
    puzzle = grid.puzzle()
    problems = puzzle.problems()
    if problems:
        raise Contradiction(
            f"the puzzle has no solution: {problems[0].describe(grid.geometry)}", problems[0].cells
        )
    if solve(puzzle, cancel) is None:
        raise Contradiction("the puzzle has no solution")
    chosen = settings or AnnealSettings()
    return _Annealer(grid, chosen, rng or random.Random()).run(cancel, progress)
