"""The operations ``bench`` measures: one table, so every area can add its own line.

A task is applied to each puzzle of a data set, one puzzle at a time, and timed. To measure something
new, append a :class:`BenchTask` to :data:`BENCH_TASKS` (``sizes`` limits it to some grid sizes).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.hcp.export import export_graph
from sudoku_workbench.hcp.files import export_text
from sudoku_workbench.logic.engine import RULES, Level, Rule, forget_caches, solve_by_logic
from sudoku_workbench.search.anneal import anneal
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.generate import generate
from sudoku_workbench.search.sat import forget_sat_searches, sat_search
from sudoku_workbench.search.solve import search_count, solve

__all__ = ["BENCH_TASKS", "BenchTask", "logic_task"]


@dataclass(frozen=True)
class BenchTask:
    """A named operation on one puzzle; ``sizes`` are the grid sizes N it applies to (None: all).

    ``reset`` runs untimed before each pass, to drop caches that would remember the puzzles of the
    previous pass (the SAT solver keeps what it learned).
    """

    name: str
    run: Callable[[Grid], object]
    sizes: tuple[int, ...] | None = None
    reset: Callable[[], None] | None = None

    def applies_to(self, grid: Grid) -> bool:
        """True when this task is meant for the grid's size."""
        return self.sizes is None or grid.geometry.n in self.sizes


def _sat_solve(grid: Grid) -> object:
    return sat_search(grid.geometry).search(grid, 1, keep=1)


def _sat_count_two(grid: Grid) -> object:
    return sat_search(grid.geometry).search(grid, 2, keep=1)


def _search_count_two(grid: Grid) -> object:
    return search_count(grid, 2)


def _seeded(grid: Grid) -> random.Random:
    """Generation tasks make one puzzle of the data-set puzzle's size, seeded by its text (runs repeat)."""
    return random.Random(grid.to_line())


def _eppstein(grid: Grid) -> object:
    return generate_eppstein(grid.geometry, _seeded(grid))


def _generate_unique(grid: Grid) -> object:
    return generate(grid.geometry, _seeded(grid))


def _generate_loose(grid: Grid) -> object:
    return generate(grid.geometry, _seeded(grid), unique=False)


def _generate_very_hard(grid: Grid) -> object:
    return generate(grid.geometry, _seeded(grid), very_hard=True)


#: The local and matching rules alone (levels up to HARD), without the nonlocal graph rules.
_LOCAL_RULES = tuple(rule for rule in RULES if rule.level <= Level.HARD)


def _logic_local(grid: Grid) -> object:
    return solve_by_logic(grid, _LOCAL_RULES)


def logic_task(rules: tuple[Rule, ...], label: str) -> BenchTask:
    """Full logic runs with ``rules``, caches dropped before each pass."""
    return BenchTask(f"logic: {label}", functools.partial(solve_by_logic, rules=rules), reset=forget_caches)


def _anneal(grid: Grid) -> object:
    return anneal(grid, rng=random.Random(1))


def _hcp_export_reduced(grid: Grid) -> object:
    return export_text(export_graph(grid, "undirected", reduce=True))


BENCH_TASKS: tuple[BenchTask, ...] = (
    BenchTask("solve", _sat_solve, reset=forget_sat_searches),
    BenchTask("count --limit 2", _sat_count_two, reset=forget_sat_searches),
    BenchTask("OK search: solve", solve),
    BenchTask("OK search: count to 2", _search_count_two),
    BenchTask("generate: Eppstein minimal rot180", _eppstein, sizes=(9, 16)),
    BenchTask("generate: Unique (logic-solvable)", _generate_unique, sizes=(9, 16)),
    BenchTask("generate: no Unique", _generate_loose, sizes=(9, 16)),
    BenchTask("generate: Very Hard (5 s budget)", _generate_very_hard, sizes=(9,)),
    logic_task(RULES, "full run"),
    BenchTask("logic: local and matching rules", _logic_local, reset=forget_caches),
    BenchTask("anneal (box moves, geometric)", _anneal, sizes=(4, 6)),
    BenchTask("export-hcp --reduce", _hcp_export_reduced, sizes=(9, 16)),
)
