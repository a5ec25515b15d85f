"""Closing the loop: hand the HCP file to LKH (or the optional ``elkai`` package) and read the tour.

Both run in a separate process with a time limit, so a stuck solver never hangs the workbench. LKH is
found as ``LKH`` on PATH or through ``SUDOKU_WORKBENCH_LKH``. ``elkai`` bundles LKH-3 but is licensed for
non-commercial use only; it takes a dense distance matrix, so it is offered for small graphs only.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.formats.tsplib import HcpProblem, Tour, read_tour, write_hcp

__all__ = ["ELKAI_MAX_VERTICES", "LKH_ENV", "Solver", "SolverError", "find_solver", "run_solver"]

#: Environment variable naming an LKH executable (checked before PATH).
LKH_ENV = "SUDOKU_WORKBENCH_LKH"
#: elkai needs an N×N matrix; beyond this many vertices that is too much memory to be worth it.
ELKAI_MAX_VERTICES = 2500

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
        return f"LKH ({self.executable})" if self.kind == "lkh" else "elkai (LKH-3, non-commercial licence)"


def find_solver() -> Solver | None:
    """LKH if configured or on PATH, else elkai if installed, else None."""
    executable = os.environ.get(LKH_ENV) or shutil.which("LKH") or shutil.which("lkh")
    if executable:
        return Solver("lkh", executable)
    if importlib.util.find_spec("elkai") is not None:
        return Solver("elkai")
    return None


def run_solver(solver: Solver, problem: HcpProblem, time_limit: float = 60.0) -> Tour:
    """A tour of the problem's graph as the solver found it (not yet checked: see ``hcp.tour``).

    Raises:
        SolverError: when the solver fails, times out, or the graph is too big for elkai.
    """
    if solver.kind == "lkh":
        return _run_lkh(solver.executable, problem, time_limit)
    return _run_elkai(problem, time_limit)


def _run(command: list[str], time_limit: float, stdin: str | None = None) -> str:
    try:
        done = subprocess.run(
            command, input=stdin, capture_output=True, text=True, timeout=time_limit + 5, check=False
        )
    except subprocess.TimeoutExpired:
        raise SolverError(f"the solver found no tour within {time_limit:g} s") from None
    except OSError as err:
        raise SolverError(f"cannot run {command[0]}: {err}") from None
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip()).splitlines()[-1:] or ["no output"]
        raise SolverError(f"{command[0]} failed (exit code {done.returncode}): {last[0]}")
    return done.stdout


def _run_lkh(executable: str, problem: HcpProblem, time_limit: float) -> Tour:
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
        _run([executable, str(where / "puzzle.par")], time_limit)
        if not (where / "puzzle.tour").exists():
            raise SolverError(f"{executable} wrote no tour file (no Hamiltonian cycle found in time?)")
        return read_tour(where / "puzzle.tour")


def _run_elkai(problem: HcpProblem, time_limit: float) -> Tour:
    if problem.dimension > ELKAI_MAX_VERTICES:
        raise SolverError(
            f"elkai needs a dense {problem.dimension}x{problem.dimension} matrix; use --reduce, a smaller "
            f"grid (up to {ELKAI_MAX_VERTICES} vertices) or install LKH"
        )
    payload = json.dumps({"n": problem.dimension, "edges": problem.edges})
    output = _run([sys.executable, "-c", _ELKAI_SCRIPT], time_limit, payload)
    try:
        nodes = [int(v) for v in json.loads(output)]
    except (ValueError, TypeError):
        raise SolverError("elkai's answer is not a list of nodes") from None
    if len(nodes) > 1 and nodes[0] == nodes[-1]:
        nodes.pop()
    return Tour(problem.name, "elkai", tuple(nodes), base=0, shape="elkai")
