"""A cancelled job stops inside a rule's long search, not only between rules.

On a near-empty 25x25 one Franken fish search takes about a minute; each long finder calls
``core.cancel.checkpoint`` in its outer loop, which raises when the token of the running job is set.
"""

from __future__ import annotations

import dataclasses

import pytest

from sudoku_workbench.core import Grid
from sudoku_workbench.core.cancel import CancelToken, checked_by, checkpoint
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.logic.engine import rule_by_id, solve_by_logic
from sudoku_workbench.logic.forcing._kernel import compiled_of
from tests.conftest import sparse_grid


@pytest.fixture(scope="module")
def sparse_25() -> Grid:
    """30 digits of a 25x25 solution: every rule has thousands of candidates to look through."""
    return sparse_grid(25, 30)


def _cancelled() -> CancelToken:
    token = CancelToken()
    token.cancel()
    return token


@pytest.mark.parametrize(
    "rule_id", ["franken_fish", "sue_de_coq", "digit_template", "contradiction_forcing_chain"]
)
def test_a_long_rule_search_stops_at_its_checkpoint(sparse_25, rule_id):
    finder = rule_by_id(rule_id).find(sparse_25)
    with checked_by(_cancelled()), pytest.raises(Cancelled):
        next(finder, None)


def test_the_token_is_seen_only_inside_its_block():
    with checked_by(_cancelled()):
        with pytest.raises(Cancelled):
            checkpoint()
        with checked_by(None):
            checkpoint()  # an inner job without a token is not stopped by the outer one
    checkpoint()  # after the block no token is active on this thread


def test_the_engine_passes_its_token_to_the_rules(sparse_25):
    """The first rule asked is cancelled from inside (its own checkpoint), not by the engine's check."""
    calls = []
    token = CancelToken()

    def cancelling_find(grid):
        calls.append(grid)
        token.cancel()  # the job is cancelled while this rule searches
        checkpoint()
        calls.append("went on past its checkpoint")
        yield from ()

    rules = (dataclasses.replace(rule_by_id("x_wing"), find=cancelling_find),)
    with pytest.raises(Cancelled):
        solve_by_logic(sparse_25, rules, token)
    assert calls == [sparse_25]


class _CancelledAtLook(CancelToken):
    """A token that is cancelled from its ``at``-th look on, and counts the looks."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at
        self.looks = 0

    def check(self) -> None:
        self.looks += 1
        if self.looks >= self.at:
            self.cancel()
        super().check()


@pytest.mark.parametrize("rule_id", ["cell_forcing_chain", "unit_forcing_chain", "dynamic_forcing_chain"])
def test_a_forcing_rule_sees_a_cancel_between_two_trials(sparse_25, rule_id):
    """13,120 assumptions of the sparse 25x25 take seconds: a cancel asked during them stops the next one.

    A 25x25 is too large for the compiled kernel (127 cells at most), so each trial is Python's
    propagation run, which looks at the token first; the kernel's batches are a 9x9's few hundred.
    """
    assert compiled_of(sparse_25.geometry) is None
    token = _CancelledAtLook(200)
    with checked_by(token), pytest.raises(Cancelled):
        next(rule_by_id(rule_id).find(sparse_25), None)
    assert token.looks == token.at
