"""True candidates against every solution enumerated, and the command's rows."""

from __future__ import annotations

import random
import subprocess
import sys

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.search.solve import solutions
from sudoku_workbench.search.true_candidates import true_candidates


def enumerated(grid: Grid) -> tuple[int, ...]:
    """The union of every solution's digits, cell by cell (a small grid's whole solution set)."""
    masks = [0] * grid.geometry.size
    for solution in solutions(grid):
        for cell, digit in enumerate(solution.values):
            masks[cell] |= 1 << (digit - 1)
    return tuple(masks)


def test_true_candidates_are_the_union_of_all_solutions():
    rng = random.Random(47)
    seen_partial = False
    for geo in (geometry(2, 2), geometry(2, 3), geometry(2, 2, ("x",)), geometry(2, 3, ("antiking",))):
        full = next(solutions(Grid.empty(geo), rng=rng), None)
        if full is None:
            continue
        for share in (0.2, 0.35, 0.5):
            grid = Grid.from_values(geo, [d if rng.random() < share else 0 for d in full.values])
            expected = enumerated(grid)
            assert true_candidates(grid) == expected
            seen_partial |= any(m != (1 << geo.n) - 1 and m & (m - 1) for m in expected)
    assert seen_partial  # some cell had more than one true digit but not all of them


def test_a_struck_candidate_is_never_true_and_a_contradiction_has_none():
    grid = Grid.empty(geometry(2, 2)).eliminate([(0, 1)])
    assert true_candidates(grid)[0] == 0b1110
    assert not any(true_candidates(Grid.from_values(geometry(2, 2), [1, 1] + [0] * 14)))


def test_the_command_prints_a_row_per_line():
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "true-candidates", "-"],
        input="12..\n....\n....\n....\n",
        capture_output=True,
        text=True,
        check=True,
    )
    rows = done.stdout.splitlines()
    assert len(rows) == 4
    assert rows[0].split() == ["1", "2", "34", "34"]
