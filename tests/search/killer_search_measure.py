"""How fast OK and count≤2 answer on the killer corpus, per backend: median and worst milliseconds.

``PYTHONPATH=. python -m tests.search.killer_search_measure tests/logic/killer_corpus.txt [BACKEND …]``

Backends: ``routed`` (what :mod:`sudoku_workbench.search.solve` picks), ``sat``, ``kernel``, ``python``.
Each puzzle is timed on its own (its geometry is new, so every table and solver is built in the time).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search import _kernel, solve
from sudoku_workbench.search._engine import engine_for
from sudoku_workbench.search._kernel import kernel_search
from sudoku_workbench.search.sat import forget_sat_searches, sat_search
from tests.logic.killer_puzzles import read_corpus_line

Answer = Callable[[Grid], object]

BACKENDS: dict[str, tuple[Answer, Answer]] = {
    "routed": (lambda g: solve.first_solutions(g, 1), lambda g: solve.count(g, 2)),
    "sat": (lambda g: sat_search(g.geometry).search(g, 1, 1), lambda g: sat_search(g.geometry).search(g, 2)),
    "kernel": (lambda g: kernel_search(g, 1, 1), lambda g: kernel_search(g, 2)),
    "python": (lambda g: next(iter(solve.solutions(g)), None), lambda g: solve.search_count(g, 2)),
}


def timed(answer: Answer, grids: list[Grid]) -> list[float]:
    """CPU milliseconds per puzzle (a busy machine stretches wall time), each from a cold start (no
    solver, engine or kernel tables kept)."""
    times = []
    for grid in grids:
        forget_sat_searches()
        engine_for.cache_clear()
        _kernel._tables.cache_clear()
        start = time.process_time()
        answer(grid)
        times.append(1000 * (time.process_time() - start))
    return times


def line(name: str, times: list[float]) -> str:
    return (
        f"{name}: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms ({len(times)} puzzles)"
    )


if __name__ == "__main__":
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    puzzles = [read_corpus_line(row)[1] for row in text.splitlines() if row.strip()]
    for backend in sys.argv[2:] or ["routed"]:
        ok, count_two = BACKENDS[backend]
        print(line(f"{backend} OK", timed(ok, puzzles)), flush=True)
        print(line(f"{backend} count<=2", timed(count_two, puzzles)), flush=True)
