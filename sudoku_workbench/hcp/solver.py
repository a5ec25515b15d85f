"""External HCP solvers: hand the HCP file to LKH, Concorde or linkern (or ``elkai``) and read the tour.

Each runs in a separate process with a time limit and can be cancelled, so a stuck solver never hangs
the workbench. LKH is found as ``LKH`` on PATH or through ``SUDOKU_WORKBENCH_LKH``; Concorde and its
Lin-Kernighan program as ``concorde`` and ``linkern`` on PATH, both given the TSPLIB file and asked for a
tour file with ``-o``. ``elkai`` bundles LKH-3 but is licensed for non-commercial use only and takes a
dense distance matrix, which it handled wrongly above a few hundred vertices here, so it is only used
when asked for, on small graphs. The workbench's own solver is CP-SAT (``hcp.cpsat``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled, WorkbenchError
from sudoku_workbench.formats.tours import Tour, read_tour
from sudoku_workbench.formats.tsplib import HcpProblem, write_hcp

__all__ = [
    "ELKAI_MAX_VERTICES",
    "EXTERNAL",
    "LKH_ENV",
    "Solver",
    "SolverError",
    "find_solver",
    "run_solver",
]

#: Environment variable naming an LKH executable (checked before PATH).
LKH_ENV = "SUDOKU_WORKBENCH_LKH"
#: elkai needs an N×N matrix and answered with non-edges on 9x9 graphs; it is refused above this.
ELKAI_MAX_VERTICES = 1000
#: The external solvers, in the order ``find_solver`` tries them.
EXTERNAL = ("lkh", "concorde", "linkern", "elkai")

_ELKAI_SCRIPT = """
import json, sys
import elkai
data = json.load(sys.stdin)
n = data["n"]
matrix = [[0 if i == j else 2 for j in range(n)] for i in range(n)]
for u, v in data["edges"]:
    matrix[u - 1][v - 1] = matrix[v - 1][u - 1] = 1
print(json.dumps(elkai.DistanceMatrix(matrix).solve_tsp()))
"""


class SolverError(WorkbenchError):
    """No solver, a solver that failed or ran out of time, or one whose answer cannot be read."""


@dataclass(frozen=True)
class Solver:
    """Which solver to run: ``kind`` is ``lkh`` (with its ``executable``) or ``elkai``."""

    kind: str
    executable: str = ""

    def describe(self) -> str:
        """How messages name the solver."""
        if self.kind == "elkai":
            return "elkai (LKH-3, non-commercial licence)"
        return (
            f"{ {'lkh': 'LKH', 'concorde': 'Concorde', 'linkern': 'linkern'}[self.kind] } ({self.executable})"
        )


def _executable(kind: str) -> str | None:
    if kind == "lkh":
        return os.environ.get(LKH_ENV) or shutil.which("LKH") or shutil.which("lkh")
    return shutil.which(kind)


def find_solver(kind: str | None = None) -> Solver | None:
    """The external solver of that kind if it is there; without a kind the first of :data:`EXTERNAL`."""
    for candidate in (kind,) if kind else EXTERNAL:
        if candidate == "elkai":
            if kind == "elkai" and importlib.util.find_spec("elkai") is not None:
                return Solver("elkai")
            continue
        executable = _executable(candidate or "")
        if executable:
            return Solver(candidate or "", executable)
    return None


def run_solver(
    solver: Solver, problem: HcpProblem, time_limit: float = 60.0, cancel: CancelToken | None = None
) -> Tour:
    """A tour of the problem's graph as the solver found it (not yet checked: see ``hcp.tour``).

    Raises:
        SolverError: when the solver fails, times out, or the graph is too big for elkai.
        Cancelled: when the token is cancelled while the solver runs (the process is killed).
    """
    if solver.kind == "lkh":
        return _run_lkh(solver.executable, problem, time_limit, cancel)
    if solver.kind in ("concorde", "linkern"):
        return _run_concorde(solver, problem, time_limit, cancel)
    return _run_elkai(problem, time_limit, cancel)


def _run(
    command: list[str],
    time_limit: float,
    stdin: str | None = None,
    cancel: CancelToken | None = None,
    cwd: Path | None = None,
) -> str:
    """The solver's standard output; it is stopped at ``time_limit``, CP-SAT's limit, or when cancelled.

    The solver starts a process group of its own (a script may start the real program as its child),
    and the whole group is killed, so nothing it started keeps the pipes or its temporary folder.
    """
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=cwd,
            start_new_session=True,
        )
    except OSError as err:
        raise SolverError(f"cannot run {command[0]}: {err}") from None
    try:
        out, errors = _answer(process, stdin or "", time_limit, cancel)
    finally:
        _kill_group(process)  # also after Ctrl-C: nothing the solver started runs on
    if process.returncode != 0:
        last = (errors.strip() or out.strip()).splitlines()[-1:] or ["no output"]
        raise SolverError(f"{command[0]} failed (exit code {process.returncode}): {last[0]}")
    return out


def _answer(
    process: subprocess.Popen[str], stdin: str, time_limit: float, cancel: CancelToken | None
) -> tuple[str, str]:
    """The solver's output and errors once it ends.

    Raises:
        SolverError: at the time limit.
        Cancelled: when the token is cancelled.
    """
    deadline = time.monotonic() + time_limit
    pending: str | None = stdin
    while True:
        try:
            return process.communicate(pending, timeout=0.2)
        except subprocess.TimeoutExpired:
            pending = None  # the input went in with the first call
        if cancel is not None and cancel.cancelled:
            raise Cancelled("cancelled")
        if time.monotonic() > deadline:
            raise SolverError(f"the solver found no tour within {time_limit:g} s")


def _kill_group(process: subprocess.Popen[str]) -> None:
    """Kill the solver and every process of its group, and close the pipes without waiting for their end."""
    killpg = getattr(os, "killpg", None)  # POSIX; elsewhere only the solver itself can be killed
    with contextlib.suppress(ProcessLookupError, PermissionError):  # all of them have ended already
        if killpg is not None:
            killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    process.wait()
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


def _run_concorde(solver: Solver, problem: HcpProblem, time_limit: float, cancel: CancelToken | None) -> Tour:
    with tempfile.TemporaryDirectory(prefix="sudoku-hcp-") as folder:
        where = Path(folder)
        write_hcp(where / "puzzle.hcp", problem)
        command = [solver.executable, "-o", str(where / "puzzle.sol"), str(where / "puzzle.hcp")]
        _run(command, time_limit, cancel=cancel, cwd=where)
        if not (where / "puzzle.sol").exists():
            raise SolverError(f"{solver.executable} wrote no tour file")
        return read_tour(where / "puzzle.sol")


def _run_lkh(executable: str, problem: HcpProblem, time_limit: float, cancel: CancelToken | None) -> Tour:
    with tempfile.TemporaryDirectory(prefix="sudoku-hcp-") as folder:
        where = Path(folder)
        write_hcp(where / "puzzle.hcp", problem)
        parameters = [
            f"PROBLEM_FILE = {where / 'puzzle.hcp'}",
            f"TOUR_FILE = {where / 'puzzle.tour'}",
            f"OPTIMUM = {problem.dimension}",
            "SUBGRADIENT = NO",
            "RUNS = 1",
            f"TIME_LIMIT = {time_limit:g}",
        ]
        (where / "puzzle.par").write_text("\n".join(parameters) + "\n", encoding="utf-8")
        _run([executable, str(where / "puzzle.par")], time_limit, cancel=cancel)
        if not (where / "puzzle.tour").exists():
            raise SolverError(f"{executable} wrote no tour file (no Hamiltonian cycle found in time?)")
        return read_tour(where / "puzzle.tour")


def _run_elkai(problem: HcpProblem, time_limit: float, cancel: CancelToken | None) -> Tour:
    if problem.dimension > ELKAI_MAX_VERTICES:
        raise SolverError(
            f"elkai needs a dense {problem.dimension}x{problem.dimension} matrix; use --reduce, a smaller "
            f"grid (up to {ELKAI_MAX_VERTICES} vertices) or install LKH"
        )
    payload = json.dumps({"n": problem.dimension, "edges": problem.edges})
    output = _run([sys.executable, "-c", _ELKAI_SCRIPT], time_limit, payload, cancel)
    try:
        nodes = [int(v) for v in json.loads(output)]
    except (ValueError, TypeError):
        raise SolverError("elkai's answer is not a list of nodes") from None
    if len(nodes) > 1 and nodes[0] == nodes[-1]:
        nodes.pop()
    return Tour(problem.name, "elkai", tuple(nodes), base=0, shape="elkai")
