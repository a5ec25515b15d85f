"""The question Haythorpe's paper leaves open, measured: does the HCP route find hard puzzles hard?

For each puzzle the study exports the graph twice — from the givens only, and with the candidates left
after the local rules (singles, pointing, claiming) — solves each with CP-SAT under a time limit, and
records the sizes, the time and whether a cycle was found, next to the number of givens and the logic
rating. ``hcp-study`` prints the rows, a summary per mode, and draws the plot (``hcp.study_plot``).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.hcp.export import ExportOptions
from sudoku_workbench.hcp.solve import local_position, solve_through_hcp
from sudoku_workbench.logic.engine import rate

__all__ = ["MODES", "StudyRow", "study_puzzle", "summary_rows"]

#: ``givens``: the puzzle's graph; ``local``: also without the candidates the local rules eliminate.
MODES = ("givens", "local")


@dataclass(frozen=True)
class StudyRow:
    """One puzzle in one mode: reduced export sizes, the searched graph's arcs, time and outcome."""

    number: int
    mode: str
    givens: int
    level: int
    level_name: str
    vertices: int
    edges: int
    arcs: int
    seconds: float
    status: str


def study_puzzle(
    number: int,
    grid: Grid,
    time_limit: float,
    graph: str = "directed",
    workers: int | None = None,
) -> Iterator[StudyRow]:
    """The rows of one puzzle, one per mode."""
    puzzle = grid.puzzle()
    rating = rate(puzzle)
    clues = sum(1 for g in puzzle.givens if g)
    name = rating.level.name.replace("_", " ").lower()
    for mode in MODES:
        position = local_position(puzzle) if mode == "local" else puzzle
        options = ExportOptions(reduce=True, candidates=mode == "local")
        result = solve_through_hcp(position, options, graph=graph, time_limit=time_limit, workers=workers)
        yield StudyRow(
            number,
            mode,
            clues,
            int(rating.level),
            name,
            result.export.dimension,
            len(result.export.edges),
            result.size[1],
            result.seconds,
            result.status,
        )


def summary_rows(rows: Iterable[StudyRow]) -> list[tuple[str, int, float, float, float, float, float]]:
    """Per mode: puzzles, mean reduced vertices and edges, share solved, median and mean seconds."""
    table = []
    listed = list(rows)
    for mode in MODES:
        picked = [r for r in listed if r.mode == mode]
        if not picked:
            continue
        solved = sum(1 for r in picked if r.status == "found")
        times = [r.seconds for r in picked]
        table.append(
            (
                mode,
                len(picked),
                statistics.fmean(r.vertices for r in picked),
                statistics.fmean(r.edges for r in picked),
                100.0 * solved / len(picked),
                statistics.median(times),
                statistics.fmean(times),
            )
        )
    return table
