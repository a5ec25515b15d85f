"""Knuth's estimator: near the exact count on grids small enough to count, exact where the tree is a path."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.estimate import estimate_count
from sudoku_workbench.search.solve import count

#: A newspaper puzzle that singles fill completely: every descent is the one solved leaf.
EASY_BY_SINGLES = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize(
    "grid",
    [
        Grid.empty(geometry(2, 2)),
        Grid.from_values(geometry(2, 3), [1, 2, 3] + [0] * 33),
        Grid.from_values(geometry(2, 2, ("x",)), [0] * 16),
    ],
)
def test_the_estimate_is_within_four_standard_errors_of_the_count(grid):
    exact = count(grid)
    found = estimate_count(grid, 400, random.Random(3))
    assert abs(found.mean - exact) <= 4 * found.error


def test_a_puzzle_solved_by_propagation_and_a_contradiction_are_exact():
    assert estimate_count(parse_line(EASY_BY_SINGLES), 20, random.Random(1)).mean == 1
    broken = Grid.from_values(geometry(2, 2), [1, 1] + [0] * 14)
    assert estimate_count(broken, 20, random.Random(1)).mean == 0


def test_the_command_prints_the_estimate_and_refuses_a_limit_beside_it():
    run = [sys.executable, "-m", "sudoku_workbench", "count", "-", "--estimate", "50"]
    done = subprocess.run(run, input="." * 16 + "\n", capture_output=True, text=True, check=True)
    assert done.stdout.startswith("about ")
    assert done.stdout.rstrip().endswith("(50 samples)")
    refused = subprocess.run([*run, "--limit", "2"], input="." * 16, capture_output=True, text=True)
    assert refused.returncode == 2
    assert "--limit" in refused.stderr
