"""OR-Tools CP-SAT as the workbench's own Hamiltonian cycle finder: one circuit constraint over the arcs.

Every arc gets a Boolean; ``AddCircuit`` with no self-loops asks for one cycle through all vertices, and
an undirected edge is offered as its two arcs. CP-SAT has no time-out of its own that a person can stop
early, so a watcher thread polls the cancel token and calls ``StopSearch``; it also reports the seconds
spent, which is the only progress a feasibility search has to show.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled

__all__ = ["DEFAULT_WORKERS", "CycleSearch", "find_cycle"]

#: CP-SAT's parallel workers; two is the machine's core count and measured fastest on the directed graph.
DEFAULT_WORKERS = 2
#: How often the watcher looks at the cancel token and reports progress (seconds).
_POLL = 0.1

Edge = tuple[int, int]


@dataclass(frozen=True)
class CycleSearch:
    """What one search found: ``order`` (1-based vertices of a cycle) when ``status`` is ``found``.

    ``status`` is ``found``, ``none`` (CP-SAT proved there is no Hamiltonian cycle) or ``timeout``.
    """

    status: str
    seconds: float
    order: tuple[int, ...] | None = None


def find_cycle(
    dimension: int,
    edges: Sequence[Edge],
    directed: bool = False,
    time_limit: float = 60.0,
    workers: int = DEFAULT_WORKERS,
    cancel: CancelToken | None = None,
    progress: Callable[[float], None] | None = None,
) -> CycleSearch:
    """Search a Hamiltonian cycle of the graph on ``1 … dimension`` (arcs when ``directed``).

    Raises:
        Cancelled: when the token is cancelled during the search.
    """
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    for u, v in edges:
        for tail, head in ((u, v),) if directed else ((u, v), (v, u)):
            arcs.append((tail - 1, head - 1, model.new_bool_var(f"a{tail}_{head}")))
    model.add_circuit(arcs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.max_time_in_seconds = max(time_limit, 0.01)
    if directed:
        # Measured: without the LP relaxation one worker finds the directed cycles two workers find
        # (several puzzles went from no cycle in 20 s to 1–5 s); undirected graphs fared worse with it.
        solver.parameters.linearization_level = 0
    started = time.monotonic()
    done = threading.Event()
    watcher = threading.Thread(
        target=_watch, args=(solver, done, started, cancel, progress), name="cp-sat watcher", daemon=True
    )
    watcher.start()
    try:
        status = solver.solve(model)
    finally:
        done.set()
        watcher.join()
    seconds = time.monotonic() - started
    if cancel is not None and cancel.cancelled:
        raise Cancelled("cancelled")
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        following = {tail + 1: head + 1 for tail, head, used in arcs if solver.boolean_value(used)}
        order = [1]
        while len(order) < len(following):
            order.append(following[order[-1]])
        return CycleSearch("found", seconds, tuple(order))
    return CycleSearch("none" if status == cp_model.INFEASIBLE else "timeout", seconds)


def _watch(
    solver: object,
    done: threading.Event,
    started: float,
    cancel: CancelToken | None,
    progress: Callable[[float], None] | None,
) -> None:
    """Until ``done``: stop the solver once cancelled, and report the seconds spent."""
    while not done.wait(_POLL):
        if cancel is not None and cancel.cancelled:
            solver.stop_search()  # type: ignore[attr-defined]
            return
        if progress is not None:
            progress(time.monotonic() - started)
