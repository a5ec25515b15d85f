"""The compiled singles tally keeps what Python's keeps: same tables, same singles, same steps.

Differential tests: puzzles of every corpus in tests/data are solved by Logic with the compiled tally
and with Python's, the steps compared one by one; along the solve, a tally of each kind follows the
same steps and is compared after each (its position, its places per unit, its empty cells, its
three singles and whether it called the step suspicious). Hypothesis adds odd positions and odd
steps (candidates taken away at random, digits placed where they clash), so that every kind of
broken position comes up. They run on the extension when it was built, even with
SUDOKU_WORKBENCH_PURE set, and are skipped only on an install without it.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Grid
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic import _tally_kernel
from sudoku_workbench.logic.engine import forget_caches, steps_with_grids
from sudoku_workbench.logic.singles.local import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE
from sudoku_workbench.logic.singles_tally import SinglesTally
from tests.conftest import REPO, SAMPLE_CORPORA, spread_sample

compiled = pytest.importorskip(
    "sudoku_workbench.logic._singles_tally", reason="the compiled singles tally was not built (no compiler)"
)

SINGLES = (FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE)


def _compiled_tally(grid: Grid) -> _tally_kernel.Tally:
    tables = _tally_kernel._tables(compiled, grid.geometry)
    assert tables is not None, "the kernel did not take the grid"
    tally: _tally_kernel.Tally = _tally_kernel._compiled_class(compiled)(tables, grid)
    return tally


def _state(tally: _tally_kernel.Tally) -> dict[str, Any]:
    """Everything a tally tells: position, places, empty cells and its singles (asked twice)."""
    grid = tally.grid()
    return {
        "position": (grid.givens, grid.entries, grid.candidates, grid.values),
        "places": tally.unit_positions(),
        "open": tally.open_cells,
        "singles": [tally.finder(rule)() for rule in SINGLES for _ in range(2)],
    }


def _follow_both(grid: Grid, steps: list[Step]) -> int:
    """A Python tally and a compiled one follow ``steps``; compared at the start and after each step."""
    python, kernel = SinglesTally(grid), _compiled_tally(grid)
    assert python.suspect == kernel.suspect
    assert _state(python) == _state(kernel)
    for step in steps:
        assert python.follow(step) == kernel.follow(step), step
        assert _state(python) == _state(kernel), step
    return len(steps) + 1


def _solve(grid: Grid, with_kernel: bool, monkeypatch: pytest.MonkeyPatch) -> list[Step]:
    monkeypatch.setattr(_tally_kernel, "kernel", compiled if with_kernel else None)
    forget_caches()
    return [step for step, _ in steps_with_grids(grid)]


def _differential(name: str, count: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Logic with either tally on ``count`` puzzles of a corpus; the number of tally states compared."""
    compared = 0
    for grid in spread_sample(name, count):
        steps = _solve(grid, True, monkeypatch)
        assert steps == _solve(grid, False, monkeypatch), grid.to_line()
        compared += _follow_both(grid, steps)
    return compared


@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_steps_and_tallies_are_the_same_with_and_without_the_kernel(name, monkeypatch):
    assert _differential(name, 1, monkeypatch) > 1


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_more_puzzles_of_every_corpus_give_the_same_steps(name, monkeypatch):
    assert _differential(name, 12, monkeypatch) > 12


_SAMPLE = [grid for name in SAMPLE_CORPORA for grid in spread_sample(name, 3)]


def _odd_step(grid: Grid, rng: random.Random) -> Step:
    """A step that may be wrong: a few eliminations, or a digit placed in any empty cell."""
    n = grid.geometry.n
    empty = [cell for cell, value in enumerate(grid.values) if not value] or [0]
    if rng.random() < 0.5:
        return Step("test", placements=((rng.choice(empty), rng.randint(1, n)),))
    cells = rng.sample(empty, min(3, len(empty)))
    return Step("test", eliminations=tuple((cell, rng.randint(1, n)) for cell in cells))


@settings(max_examples=80, deadline=None)
@given(
    index=st.integers(0, len(_SAMPLE) - 1),
    seed=st.randoms(use_true_random=False),
    length=st.integers(0, 12),
)
def test_odd_positions_and_steps_are_followed_the_same_way(index, seed, length):
    grid = _SAMPLE[index]
    open_candidates = [
        (cell, digit)
        for cell, mask in enumerate(grid.candidates)
        for digit in range(1, grid.geometry.n + 1)
        if mask >> (digit - 1) & 1
    ]
    grid = grid.eliminate(seed.sample(open_candidates, seed.randint(0, len(open_candidates) // 3)))
    steps = []
    after = grid
    for _ in range(length):
        steps.append(_odd_step(after, seed))
        after = after.apply(steps[-1])
    _follow_both(grid, steps)


def test_the_kernel_refuses_grids_too_large_for_it(monkeypatch):
    monkeypatch.setattr(_tally_kernel, "kernel", compiled)
    assert _tally_kernel._tables(compiled, geometry(4, 8)) is None  # 32 digits
    assert _tally_kernel._tables(compiled, geometry(3, 3)) is not None
    assert isinstance(_tally_kernel.new_tally(Grid.empty(geometry(4, 8))), SinglesTally)
    assert not isinstance(_tally_kernel.new_tally(Grid.empty(geometry(3, 3))), SinglesTally)


def test_a_step_outside_the_grid_is_a_clear_error_not_a_crash():
    tally = _compiled_tally(_SAMPLE[0])
    with pytest.raises(ValueError, match="no candidate 1 in cell 500"):
        tally.follow(Step("test", placements=((500, 1),)))


@pytest.mark.parametrize(
    ("value", "expected"), [("1", "None"), ("", "_singles_tally"), ("0", "_singles_tally")]
)
def test_the_environment_variable_keeps_the_kernel_out(value, expected):
    env = {**os.environ, "SUDOKU_WORKBENCH_PURE": value, "PYTHONPATH": str(REPO)}
    shown = subprocess.run(
        [sys.executable, "-c", f"from {_tally_kernel.__name__} import kernel; print(kernel)"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert expected in shown.stdout
