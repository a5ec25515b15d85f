"""OR-Tools CP-SAT as the workbench's own Hamiltonian cycle finder: one circuit constraint over the arcs.

Every arc gets a Boolean; ``AddCircuit`` with no self-loops asks for one cycle through all vertices, and
an undirected edge is offered as its two arcs. The search runs in its own thread
while the calling thread waits in short steps, looking at the cancel token (then ``stop_search``) and
reporting the seconds spent, which is the only progress a feasibility search has to show. CP-SAT is
kept off SIGINT, so a signal is only ever taken by Python in the main thread, where the waiting
turns it into ``stop_search`` too: an interrupted search is never reported as a time-out.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled, WorkbenchError

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = [
    "DEFAULT_WORKERS",
    "MAX_ARCS",
    "MAX_ARCS_MB",
    "CycleSearch",
    "check_size",
    "find_cycle",
    "worker_count",
]

#: CP-SAT's parallel workers when the caller leaves them open, on a directed and on an undirected graph.
#: On the directed graph one worker is about as fast as two (1.2 s against 0.9 s on the newspaper puzzle;
#: 2.5 s against 2.7 s on top1465's first, loaded machine) and peaks at 150 MB instead of 204 MB (238 MB
#: in ``hcp-study``); on an undirected graph one worker can take minutes where two take seconds.
DEFAULT_WORKERS = {True: 1, False: 2}
#: The most arcs CP-SAT is given, and the memory that bound keeps it in. Its model and search take about
#: 2.7 KB an arc on top of some 120 MB (measured: a 16x16's 48,673 arcs peak at 253 MB, a near-empty
#: 25x25's 281,047 at 871 MB), and a 25x25's directed graph alone has 96,927 vertices: beyond this
#: bound the graph is refused before the search, not run out of memory in it.
MAX_ARCS = 65_000
MAX_ARCS_MB = 300

#: How often the waiting thread looks at the cancel token and reports progress (seconds).
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


def worker_count(workers: int | None, directed: bool) -> int:
    """The workers CP-SAT gets: those asked for, else :data:`DEFAULT_WORKERS` for the kind of graph."""
    return max(1, workers) if workers else DEFAULT_WORKERS[directed]


def check_size(arcs: int, what: str) -> None:
    """Refuse a search of more than :data:`MAX_ARCS` arcs, saying why and what to do instead.

    Raises:
        WorkbenchError: when ``arcs`` is over the bound.
    """
    if arcs > MAX_ARCS:
        raise WorkbenchError(
            f"{what} has {arcs:,} arcs: CP-SAT takes at most {MAX_ARCS:,} (about {MAX_ARCS_MB} MB; "
            f"this one would need about {120 + arcs * 2.7 / 1024:,.0f} MB). Grids up to 16x16 fit; "
            "for a larger one write the graph with export-hcp and give it to LKH or Concorde"
        )


def find_cycle(
    dimension: int,
    edges: Sequence[Edge],
    directed: bool = False,
    time_limit: float = 60.0,
    workers: int | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[float], None] | None = None,
) -> CycleSearch:
    """Search a Hamiltonian cycle of the graph on ``1 … dimension`` (arcs when ``directed``).

    ``workers`` None takes :data:`DEFAULT_WORKERS` for the kind of graph.

    Raises:
        WorkbenchError: when the graph has more arcs than :data:`MAX_ARCS` (see :func:`check_size`).
        Cancelled: when the token is cancelled during the search.
    """
    check_size(len(edges) if directed else 2 * len(edges), f"the graph ({dimension:,} vertices)")
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    for u, v in edges:
        for tail, head in ((u, v),) if directed else ((u, v), (v, u)):
            arcs.append((tail - 1, head - 1, model.new_bool_var(f"a{tail}_{head}")))
    model.add_circuit(arcs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = worker_count(workers, directed)
    solver.parameters.max_time_in_seconds = max(time_limit, 0.01)
    # CP-SAT would take SIGINT for itself, lock a mutex inside the handler (an abort when that
    # lands during the search) and call an interrupted search a time-out; Ctrl-C is ours.
    solver.parameters.catch_sigint_signal = False
    if directed:
        # Measured: without the LP relaxation one worker finds the directed cycles two workers find
        # (several puzzles went from no cycle in 20 s to 1–5 s); undirected graphs fared worse with it.
        solver.parameters.linearization_level = 0
    started = time.monotonic()
    status = _solve_stoppably(solver, model, started, cancel, progress)
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


def _solve_stoppably(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    started: float,
    cancel: CancelToken | None,
    progress: Callable[[float], None] | None,
) -> cp_model.CpSolverStatus:
    """``solver.solve(model)`` run in a thread while this one waits, stopping it through ``stop_search``.

    The waiting thread looks at the cancel token and reports progress every ``_POLL`` seconds. In
    the main thread the wait is where a signal's exception (Ctrl-C, SIGTERM) comes out: the search
    is stopped, waited for, and the exception goes on. ``stop_search`` is asked again at every
    poll, since it does nothing before the search has begun. The wait is on an event the search
    sets when it returns, never on ``Thread.join``: a join that an exception interrupts marks the
    thread finished while it still runs (CPython before 3.13), so the process would exit with the
    solver's C++ threads alive and abort ("terminate called without an active exception").
    """
    outcome: list[cp_model.CpSolverStatus | BaseException] = []
    returned = threading.Event()

    def run() -> None:
        try:
            outcome.append(solver.solve(model))
        except BaseException as err:  # handed over to the waiting thread
            outcome.append(err)
        finally:
            returned.set()

    threading.Thread(target=run, name="cp-sat search", daemon=True).start()
    try:
        while not returned.wait(_POLL):
            if cancel is not None and cancel.cancelled:
                solver.stop_search()
            if progress is not None:
                progress(time.monotonic() - started)
    except BaseException:
        while not returned.is_set():
            solver.stop_search()
            returned.wait(_POLL)
        raise
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]
