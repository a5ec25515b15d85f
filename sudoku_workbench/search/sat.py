"""Counting and batch solving with a SAT solver (CaDiCaL through python-sat).

One solver per geometry (and per thread, since a solver is not thread-safe) holds the whole Sudoku
rule set; a puzzle's givens are passed as *assumptions*, so the solver and what it learned are reused
for every puzzle. When more than one solution is wanted, each one found is excluded by a blocking
clause guarded by a fresh activation literal, which is switched off for good once the count is done.

This serves batch work and uniqueness checks, where it is several times faster than the pure-Python
search; the OK button keeps the visible fewest-candidates search of :mod:`.solve`. CaDiCaL cannot be
interrupted from Python, so ``cancel`` is checked between solver calls (each takes milliseconds on
the puzzles of the corpus). Ctrl-C, though, does break a running call and leaves that solver unusable
(CaDiCaL aborts the process on the next clause added), so after any exception but ``Cancelled`` the
solver is dropped untouched and a new one is built on the next search.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from pysat.solvers import Solver

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.dimacs import rule_clauses, rule_variables

__all__ = ["SatSearch", "forget_sat_searches", "sat_search"]

_SOLVER_NAME = "cadical153"
_ACTIVATIONS_PER_SOLVER = 400
_local = threading.local()


def sat_search(geo: Geometry) -> SatSearch:
    """This thread's solver for a geometry (built on first use: 25x25 takes about a second)."""
    cache: dict[Geometry, SatSearch] = _local.__dict__.setdefault("solvers", {})
    if geo not in cache:
        cache[geo] = SatSearch(geo)
    return cache[geo]


def forget_sat_searches() -> None:
    """Drop this thread's solvers and what they learned (benchmarks start each run afresh)."""
    _local.__dict__.pop("solvers", None)


class SatSearch:
    """A reusable solver for one geometry: variable ``cell * n + digit`` means "cell holds digit"."""

    def __init__(self, geo: Geometry) -> None:
        self.geometry = geo
        self._variables = geo.n * geo.size
        self._rule_variables = rule_variables(geo)  # the cell variables, then any cage selectors
        self._next_variable = self._rule_variables + 1
        self._solver: Solver | None = None

    def search(
        self,
        grid: Grid,
        limit: int | None = None,
        keep: int = 0,
        cancel: CancelToken | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> tuple[int, list[Grid]]:
        """Count the solutions (up to ``limit``) and return the first ``keep`` of them as grids.

        ``progress`` gets the number of solver calls made so far, after each call.

        Raises:
            Cancelled: when ``cancel`` is set before a solver call.
        """
        assumptions = self._assumptions(grid)
        if assumptions is None:
            return 0, []
        solver = self._solver or self._fresh_solver()
        found = 0
        kept: list[Grid] = []
        activation = 0
        try:
            while limit is None or found < limit:
                if cancel is not None:
                    cancel.check()
                solved = _solve(solver, assumptions)
                if progress is not None:
                    progress(found + 1)
                if not solved:
                    break
                chosen = [lit for lit in solver.get_model()[: self._variables] if lit > 0]
                found += 1
                if len(kept) < keep:
                    kept.append(self._grid(grid, chosen))
                if limit is not None and found >= limit:
                    break
                if not activation:
                    activation, solver = self._new_activation()
                    assumptions.append(activation)
                solver.add_clause([-activation] + [-lit for lit in chosen])
        except Cancelled:
            self._retire(activation)  # cancelled between calls: the solver is sound
            raise
        except BaseException:
            self._solver = None  # possibly interrupted inside a call: never touch it again
            raise
        self._retire(activation)
        return found, kept

    def _fresh_solver(self) -> Solver:
        """A new solver holding the rules, kept for the following searches."""
        self._solver = Solver(name=_SOLVER_NAME, bootstrap_with=rule_clauses(self.geometry))
        self._next_variable = self._rule_variables + 1
        return self._solver

    def _retire(self, activation: int) -> None:
        """Switch one count's blocking clauses off for good."""
        if activation and self._solver is not None:
            self._solver.add_clause([-activation])

    def _new_activation(self) -> tuple[int, Solver]:
        """A fresh literal that switches one count's blocking clauses on, and the solver it belongs to.

        Retired literals stay in the solver and lengthen every model it returns, so after a few
        hundred counts the solver is rebuilt from scratch (before the count's first blocking clause).
        """
        solver = self._solver
        if solver is None or self._next_variable - self._rule_variables > _ACTIVATIONS_PER_SOLVER:
            if solver is not None:
                solver.delete()
            solver = self._fresh_solver()
        self._next_variable += 1
        return self._next_variable - 1, solver

    def _assumptions(self, grid: Grid) -> list[int] | None:
        """Filled cells as true literals, pencil eliminations beyond the peers' as false ones.

        None when an open cell has no candidate at all (no solution, nothing to ask).
        """
        geo = self.geometry
        n = geo.n
        values = grid.values
        used = [0] * len(geo.units)
        literals = []
        for cell, value in enumerate(values):
            if value:
                literals.append(cell * n + value)
                bit = 1 << (value - 1)
                for unit in geo.units_of[cell]:
                    used[unit] |= bit
        for cell, value in enumerate(values):
            if value:
                continue
            marked = grid.candidates[cell]
            if not marked:
                return None
            seen = 0
            for unit in geo.units_of[cell]:
                seen |= used[unit]
            for other in geo.neighbours[cell]:
                seen |= 1 << values[other] >> 1
            removed = geo.full_mask & ~seen & ~marked
            while removed:
                bit = removed & -removed
                literals.append(-(cell * n + bit.bit_length()))
                removed ^= bit
        return literals

    def _grid(self, grid: Grid, chosen: list[int]) -> Grid:
        """The solved grid from the true literals of a model (one per cell, in cell order)."""
        n = self.geometry.n
        entries = tuple(
            0 if given else (lit - 1) % n + 1 for given, lit in zip(grid.givens, chosen, strict=True)
        )
        return Grid(self.geometry, grid.givens, entries, (0,) * self.geometry.size)


def _solve(solver: Solver, assumptions: list[int]) -> bool:
    """One solver call; Ctrl-C inside it is a KeyboardInterrupt (python-sat reports its own error)."""
    try:
        return bool(solver.solve(assumptions=assumptions))
    except Exception as err:
        if "keyboard interrupt" in str(err).lower():
            raise KeyboardInterrupt from None
        raise
