"""Logic hands its steps to the window in batches: the same steps in the same order, the last ones
before a contradiction included."""

from __future__ import annotations

import pytest

from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.session import jobs as session_jobs
from sudoku_workbench.logic.engine import steps_with_grids
from tests.gui.test_editing import NEWSPAPER


def test_batches_hold_every_step_in_order(monkeypatch):
    grid = parse_line(NEWSPAPER)
    expected = [step for step, _ in steps_with_grids(grid)]
    monkeypatch.setattr(session_jobs, "BATCH_SECONDS", 3600.0)
    (batch,) = list(session_jobs.steps_in_batches(grid))
    assert [step for step, _ in batch] == expected
    monkeypatch.setattr(session_jobs, "BATCH_SECONDS", 0.0)
    batches = list(session_jobs.steps_in_batches(grid))
    assert [len(b) for b in batches] == [1] * len(expected)
    assert [b[0][0] for b in batches] == expected


def test_the_steps_before_a_contradiction_are_handed_over_first(monkeypatch):
    grid = parse_line(NEWSPAPER)
    first = next(steps_with_grids(grid))

    def two_then_broken(_grid, _rules):
        yield first
        yield first
        raise Contradiction("no candidate left", cells=(0,))

    monkeypatch.setattr(session_jobs, "steps_with_grids", two_then_broken)
    monkeypatch.setattr(session_jobs, "BATCH_SECONDS", 3600.0)
    batches = session_jobs.steps_in_batches(grid)
    assert next(batches) == [first, first]
    with pytest.raises(Contradiction):
        next(batches)
