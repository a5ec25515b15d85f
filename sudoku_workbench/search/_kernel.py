"""Which search runs under OK, ``count`` and the uniqueness tests: the compiled one if built, else Python's.

``_search_kernel.c`` is the engine of :mod:`._engine` and :mod:`._propagation` compiled: the same rules
to the same fixpoint, the same branching choice, so the same nodes in the same order, the same count and
the same first solution. It reads the geometry as data (its units, peers and the line-region
intersections :mod:`._propagation` makes), so every shape and size up to 25 runs there, killer cages
included: a cage without a sum is peers, one with a sum also comes as the digit sets that make its total
(the rule of :mod:`._cage_sums`); thermometers, arrows, dots and XV it does not know (it answers None).
Like the other kernels it is optional (``SUDOKU_WORKBENCH_PURE=1`` keeps it out); :func:`kernel_search`
then answers None and the Python engine runs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.shared.compiled import compiled_module
from sudoku_workbench.search._cage_sums import summed_cages
from sudoku_workbench.search._engine import OutOfBudget, initial_state
from sudoku_workbench.search._propagation import intersections, segments_by_unit

__all__ = ["Found", "kernel", "kernel_counts", "kernel_search"]


def _import_kernel() -> ModuleType:
    from sudoku_workbench.search import _search_kernel

    return _search_kernel


#: The extension module in use, or None (tests set it to None to run Python's engine).
kernel: ModuleType | None = compiled_module(_import_kernel)


@dataclass(frozen=True)
class Found:
    """A kernel search's answer: solutions counted (up to the limit), nodes visited, the first ones kept."""

    count: int
    nodes: int
    solutions: tuple[tuple[int, ...], ...]


@functools.cache
def _tables(module: ModuleType, geo: Geometry) -> object:
    """The geometry's tables in the kernel's form, made once per geometry."""
    segments, line_rivals, box_rivals = intersections(geo)
    judged, _needed = segments_by_unit(geo, segments, line_rivals, box_rivals)
    summed = summed_cages(geo)
    return module.tables(
        geo.size,
        geo.n,
        geo.units,
        geo.peers,
        geo.units_of,
        segments,
        line_rivals,
        box_rivals,
        [cells for cells, _ in summed],
        [combos for _, combos in summed],
        [sorted(on_unit) for on_unit in judged],
    )


def kernel_search(
    grid: Grid,
    limit: int | None,
    keep: int = 0,
    cancel: CancelToken | None = None,
    progress: Callable[[int], None] | None = None,
    budget: int | None = None,
) -> Found | None:
    """Count the position's solutions up to ``limit``, keeping the first ``keep`` (None: no kernel here).

    ``progress`` gets the node count as the Python search gives it (every few thousand nodes, at the
    first solution and at an end short of the limit).

    Raises:
        Cancelled: when ``cancel`` is set (checked every 64 nodes).
        OutOfBudget: when the search passes ``budget`` nodes (checked every 2048) before it ends.
    """
    module = kernel
    if module is None or grid.geometry.constraints:
        return None  # thermometers, arrows, dots, XV: SAT's and the Python search's
    if cancel is not None:
        cancel.check()
    state, _decided = initial_state(grid)
    if budget is not None:
        progress = functools.partial(_budgeted, budget, progress)
    answer = module.search(
        _tables(module, grid.geometry), state, -1 if limit is None else limit, keep, progress, cancel
    )
    if answer is None:
        raise Cancelled("search cancelled")
    count, nodes, solutions = answer
    return Found(count, nodes, tuple(solutions))


def _budgeted(budget: int, progress: Callable[[int], None] | None, nodes: int) -> None:
    """Pass the node count on, and stop the search (the kernel lets the error through) past the budget."""
    if progress is not None:
        progress(nodes)
    if nodes > budget:
        raise OutOfBudget(f"more than {budget} search nodes")


def kernel_counts(geo: Geometry, values: bytes, limit: int | None) -> list[int] | None:
    """The solutions of each puzzle of a buffer up to ``limit``, in one call (None: no kernel for it).

    ``values`` holds ``geo.size`` bytes a puzzle, each cell's digit or 0 when open: a file of puzzles
    costs no Python per puzzle. The counts are :func:`kernel_search`'s; killers with sums (their node
    budget) and relations are left to it. The plain 9x9 (rows, columns, boxes, nothing else) is counted
    on band words (``_search_bands.c``): other nodes than the OK search's, the same counts.

    Raises:
        KeyboardInterrupt: on Ctrl-C (the kernel runs Python's signal handlers as it goes).
    """
    module = kernel
    if module is None or geo.constraints or geo.has_arithmetic:
        return None
    counts: list[int] = module.count_values(_tables(module, geo), values, -1 if limit is None else limit)
    return counts
