"""How many corpus killers Logic explains to the end, and how fast (default rules, and no forcing).

``PYTHONPATH=. python -m tests.logic.killer_measure tests/logic/killer_corpus.txt``
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, solve_by_logic
from sudoku_workbench.logic.rule_types import Level, Rule
from tests.logic.killer_puzzles import read_corpus_line


def measure(puzzles: list[tuple[Grid, tuple[int, ...]]], name: str, rules: tuple[Rule, ...]) -> str:
    """One line of results on (puzzle, solution) pairs: solved share, median and worst time, wrong steps."""
    solved, wrong, times = 0, 0, []
    for grid, truth in puzzles:
        start = time.perf_counter()
        run = solve_by_logic(grid, rules)
        times.append(time.perf_counter() - start)
        for step in run.steps:
            wrong += sum(truth[c] == d for c, d in step.eliminations)
            wrong += sum(truth[c] != d for c, d in step.placements)
        solved += run.status == "solved"
    share = 100 * solved / len(puzzles)
    return (
        f"{name}: solved {solved}/{len(puzzles)} = {share:.0f} %, median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s, wrong steps {wrong}"
    )


if __name__ == "__main__":
    lines = [line for line in Path(sys.argv[1]).read_text(encoding="utf-8").splitlines() if line.strip()]
    corpus = [read_corpus_line(line)[1:] for line in lines]
    print(measure(corpus, "default", RULES), flush=True)
    print(measure(corpus, "no forcing", tuple(r for r in RULES if r.level is not Level.FORCING)))
