"""``bench --against-pads DIR``: Logic side by side with Eppstein's PADS ``Sudoku.py`` in one process.

PADS is public domain but not ours to ship, so the user points at a copy of it. Both solvers take
the same 9x9 puzzles one after the other, timed in CPU time; which one goes first alternates from
puzzle to puzzle, and caches are dropped and garbage collected before each run, so neither profits
from the other's leftovers. Both first solve puzzles from outside the sample untimed, for a short
while. PADS runs its own step loop (its default rules: no search, no uniqueness rules) until it is
done or stuck; Logic runs to the end, once with the rules below forcing and once with all rules.
A PADS copy with ``all_solutions`` also races to the end the way its ``-b`` option does (its rules,
then backtracking over every solution) against Logic with all rules: there both finish every puzzle,
so the whole sample compares like with like. A puzzle on which PADS raises an error (its rules can
fail inside a backtracking branch that has no solution) counts as not solved by it. The ratio is
PADS's time over Logic's: above 1, Logic is faster.
"""

from __future__ import annotations

import gc
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, Level, Rule, forget_caches, solve_by_logic

__all__ = ["RACE_HEADER", "WARM_UP_SECONDS", "load_pads", "race_rows"]

#: CPU seconds both solvers spend together on the warm-up puzzles, per rule set, at most (one puzzle
#: at least): enough for the lazily filled tables to settle on easy sets, a few puzzles on hard ones.
WARM_UP_SECONDS = 2.0
RACE_HEADER = (
    "data set",
    "puzzles",
    "Logic rules",
    "PADS s",
    "Logic s",
    "PADS / Logic",
    "where both solve",
    "Logic median ms",
    "Logic max ms",
)
#: The races: the row's label, Logic's rules, and whether PADS backtracks to the end (its ``-b``).
_RACES: tuple[tuple[str, tuple[Rule, ...], bool], ...] = (
    ("below forcing", tuple(rule for rule in RULES if rule.level < Level.FORCING), False),
    ("all", RULES, False),
    ("all, PADS -b", RULES, True),
)


def load_pads(folder: Path) -> ModuleType:
    """PADS's ``Sudoku`` module from ``folder``: the ``pads`` package folder, or any folder holding it.

    Raises:
        WorkbenchError: when the folder has no ``Sudoku.py`` or the module does not load or lacks the
            ``Sudoku`` class and ``step`` function the race calls.
    """
    if not (folder / "Sudoku.py").is_file():
        raise WorkbenchError(f"--against-pads: no Sudoku.py in {folder}")
    # PADS's own modules import each other, as a package (``from .Wrap``) or as plain modules.
    packaged = (folder / "__init__.py").is_file()
    sys.path.insert(0, str(folder.parent if packaged else folder))
    name = f"{folder.name}.Sudoku" if packaged else "Sudoku"
    try:
        module = importlib.import_module(name)
    except Exception as err:  # any failure of foreign code is reported, not raised
        raise WorkbenchError(f"--against-pads: cannot load {folder / 'Sudoku.py'} ({err})") from None
    if not hasattr(module, "Sudoku") or not callable(getattr(module, "step", None)):
        raise WorkbenchError(f"--against-pads: {folder / 'Sudoku.py'} has no Sudoku class and step function")
    return module


@dataclass(frozen=True)
class _Run:
    """One solver's CPU seconds on one puzzle and whether it filled the grid."""

    seconds: float
    solved: bool


def _timed(solver: Callable[[], bool]) -> _Run:
    forget_caches()
    gc.collect()
    start = time.process_time()
    solved = solver()
    return _Run(time.process_time() - start, solved)


def _pads_solver(pads: ModuleType, grid: Grid, to_the_end: bool) -> Callable[[], bool]:
    digits = list(grid.values)

    def solve() -> bool:
        board = pads.Sudoku(digits)
        try:
            if to_the_end:  # as its -b: every rule at every node, every solution enumerated
                return sum(1 for _ in pads.all_solutions(board, False)) >= 1
            while pads.step(board):
                pass
        except Exception:  # its rules can fail on a branch's dead end: counted as not solved
            return False
        return bool(board.complete())

    return solve


def _logic_solver(grid: Grid, rules: tuple[Rule, ...]) -> Callable[[], bool]:
    digits = grid.values
    geo = grid.geometry

    def solve() -> bool:
        # Reading the puzzle is part of both runs: PADS builds its board from the digits too.
        return solve_by_logic(Grid.from_values(geo, digits), rules).status == "solved"

    return solve


def _warm_up(pads: ModuleType, grids: list[Grid], rules: tuple[Rule, ...], to_the_end: bool) -> None:
    start = time.process_time()
    for grid in grids:
        _pads_solver(pads, grid, to_the_end)()
        _logic_solver(grid, rules)()
        if time.process_time() - start > WARM_UP_SECONDS:
            return


def race_rows(pads: ModuleType, name: str, grids: list[Grid], warm_up: list[Grid]) -> list[tuple[str, ...]]:
    """The table rows for one data set: PADS against Logic with the rules below forcing, then all.

    A copy with ``all_solutions`` adds a row of all rules against PADS backtracking to the end.

    Both solvers first run untimed on ``warm_up`` puzzles (until :data:`WARM_UP_SECONDS` of CPU time),
    so neither pays inside the race for one-time set-up: imports, and the tables per grid size that
    fill as a solve meets them (the explained singles).
    """
    rows: list[tuple[str, ...]] = []
    backtracks = callable(getattr(pads, "all_solutions", None))
    for label, rules, to_the_end in _RACES:
        if to_the_end and not backtracks:
            continue
        _warm_up(pads, warm_up, rules, to_the_end)
        pairs = []
        for index, grid in enumerate(grids):
            runs = [_pads_solver(pads, grid, to_the_end), _logic_solver(grid, rules)]
            if index % 2:
                logic, theirs = _timed(runs[1]), _timed(runs[0])
            else:
                theirs, logic = _timed(runs[0]), _timed(runs[1])
            pairs.append((theirs, logic))
        both = [(p, q) for p, q in pairs if p.solved and q.solved]
        pads_total = sum(p.seconds for p, _ in pairs)
        logic_times = [q.seconds for _, q in pairs]
        logic_total = sum(logic_times)
        both_ratio = sum(p.seconds for p, _ in both) / max(sum(q.seconds for _, q in both), 1e-9)
        rows.append(
            (
                name,
                str(len(grids)),
                label,
                f"{pads_total:.3f}",
                f"{logic_total:.3f}",
                f"{pads_total / max(logic_total, 1e-9):.2f}x",
                f"{both_ratio:.2f}x ({len(both)})",
                f"{statistics.median(logic_times) * 1000:.1f}",
                f"{max(logic_times) * 1000:.0f}",
            )
        )
    return rows
