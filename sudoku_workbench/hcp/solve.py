"""Solving a puzzle through its Hamiltonian cycle: build the graph, find a cycle, check it, read the grid.

CP-SAT (always installed) searches the directed graph of Section 2 by default: measured here it finds the
cycle of a hard 9x9 puzzle in about a second, where the same solver on the reduced undirected export gave
up after 600 s — the undirected form triples every vertex and hides the arc directions. The directed
graph first loses the arcs forced-arc propagation rules out (``hcp.forced_arcs``). The cycle CP-SAT
finds is checked against the directed graph, carried over to the exported graph (copies, reduction) and
checked again there, so the tour a file would hold is a checked Hamiltonian cycle too. ``graph="export"``
makes CP-SAT search the exported graph itself (for measurements); LKH, Concorde and linkern always do.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.hcp.cpsat import find_cycle
from sudoku_workbench.hcp.export import ExportOptions, HcpExport, export_graph
from sudoku_workbench.hcp.files import summary
from sudoku_workbench.hcp.forced_arcs import prune_forced
from sudoku_workbench.hcp.solver import EXTERNAL, SolverError, find_solver, run_solver
from sudoku_workbench.hcp.tour import directed_cycle, grid_from_order, grid_from_tour, lift_cycle
from sudoku_workbench.logic.engine import RULES, solve_by_logic

__all__ = ["GRAPHS", "SOLVERS", "HcpSolution", "local_position", "solve_through_hcp"]

#: ``cpsat`` is the workbench's own; the others run when installed (``hcp.solver``).
SOLVERS = ("cpsat", *EXTERNAL)
#: Which graph CP-SAT searches: Section 2's directed graph, or the export as it would be written.
GRAPHS = ("directed", "export")


@dataclass(frozen=True)
class HcpSolution:
    """One attempt: the export, what was searched, how long it took, and the grid when a cycle was found.

    ``status`` is ``found``, ``none`` (the solver proved there is no Hamiltonian cycle) or ``timeout``;
    ``cycle`` is the Hamiltonian cycle in Section 2's directed numbering (for drawing); ``tour`` the
    same cycle as 1-based vertices of the exported graph, what a TOUR file holds (an undirected
    export's cycle may run either way round, so it is kept as found rather than lifted back from
    ``cycle``); ``size`` is the vertices and edges (or arcs) of the graph searched.
    """

    export: HcpExport
    solver: str
    searched: str
    status: str
    seconds: float
    time_limit: float
    grid: Grid | None = None
    cycle: tuple[int, ...] | None = None
    size: tuple[int, int] = (0, 0)
    tour: tuple[int, ...] | None = None

    def message(self) -> str:
        """One sentence for the status line or a message box."""
        sizes = f"the {self.searched}"
        if self.status == "found":
            return f"{self.solver} found a Hamiltonian cycle of {sizes} in {self.seconds:.1f} s"
        if self.status == "none":
            return (
                f"{self.solver} proved in {self.seconds:.1f} s that {sizes} has no Hamiltonian cycle: "
                "the puzzle (with the position's eliminations, if used) has no solution"
            )
        return (
            f"{self.solver} found no Hamiltonian cycle of {sizes} within the time limit of "
            f"{self.time_limit:g} s ({self.seconds:.1f} s spent); the exported graph has "
            f"{summary(self.export)}"
        )


def local_position(grid: Grid) -> Grid:
    """The position after the local rules (singles, pointing, claiming): the study's candidates."""
    return solve_by_logic(grid, RULES[:5]).grid


def _describe(export: HcpExport, links: int | None = None) -> str:
    if export.directed:
        kept = "" if links is None else f", {links:,} left after forced-arc propagation"
        return f"directed graph ({export.dimension:,} vertices, {len(export.edges):,} arcs{kept})"
    label = "reduced graph" if export.shrunk else "undirected graph"
    return f"{label} ({export.dimension:,} vertices, {len(export.edges):,} edges)"


def solve_through_hcp(
    grid: Grid,
    options: ExportOptions | None = None,
    solver: str = "cpsat",
    graph: str = "directed",
    time_limit: float = 60.0,
    workers: int | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[float], None] | None = None,
) -> HcpSolution:
    """Export ``grid`` with ``options`` and solve it with ``solver`` (see the module docstring).

    Raises:
        WorkbenchError: for an unknown solver or graph, or options the solver cannot take.
        SolverError: when an external solver is missing or fails.
        TourError: when a solver's tour is no Hamiltonian cycle of the graph (never silently accepted).
        Cancelled: when the token is cancelled.
    """
    options = options or ExportOptions()
    if solver not in SOLVERS:
        raise WorkbenchError(f"unknown HCP solver {solver!r}; choose one of {', '.join(SOLVERS)}")
    if graph not in GRAPHS:
        raise WorkbenchError(f"unknown graph {graph!r}; choose one of {', '.join(GRAPHS)}")
    export = options.build(grid)
    if solver != "cpsat":
        return _external(export, solver, time_limit, cancel)
    searched = export
    if graph == "directed" and not export.directed:
        searched = export_graph(grid, "directed", False, options.givens, options.candidates)
    links = prune_forced(searched.dimension, searched.edges) if searched.directed else searched.edges
    found = find_cycle(searched.dimension, links, searched.directed, time_limit, workers, cancel, progress)
    size = (searched.dimension, len(links))
    described = _describe(searched, len(links) if searched.directed else None)
    result = HcpSolution(export, "CP-SAT", described, found.status, found.seconds, time_limit, size=size)
    if found.order is None:
        return result
    tour = list(found.order)
    if searched is not export:
        tour = lift_cycle(export, directed_cycle(searched, tour))
    cycle = directed_cycle(export, tour)
    solved = grid_from_order(export.puzzle, cycle)
    return replace(result, grid=solved, cycle=tuple(cycle), tour=tuple(tour))


def _external(export: HcpExport, kind: str, time_limit: float, cancel: CancelToken | None) -> HcpSolution:
    found = find_solver(kind)
    if found is None:
        raise SolverError(f"{kind} is not installed (see `solve-hcp --help` for where it is looked for)")
    started = time.monotonic()
    try:
        tour = run_solver(found, export.problem(), time_limit, cancel)
    except SolverError as err:
        seconds = time.monotonic() - started
        raise SolverError(f"{err} ({summary(export)}; {seconds:.1f} s spent)") from None
    seconds = time.monotonic() - started
    solved = grid_from_tour(export, tour)
    nodes = tour.one_based()
    cycle = directed_cycle(export, nodes)
    size = (export.dimension, len(export.edges))
    return HcpSolution(
        export,
        found.describe(),
        _describe(export),
        "found",
        seconds,
        time_limit,
        solved,
        tuple(cycle),
        size,
        nodes,
    )
