"""Solving and rating stop when their cancel token is cancelled (the background rating relies on it)."""

from __future__ import annotations

import pytest

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rate, solve_by_logic
from sudoku_workbench.logic.rating.se_scale import rate_se
from tests.conftest import corpus_lines


class CancelledAfter(CancelToken):
    """A token that cancels itself after a number of checks: a person pressing Esc mid-way."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.checks = 0
        self.limit = checks

    def check(self) -> None:
        self.checks += 1
        if self.checks > self.limit:
            self.cancel()
        super().check()


def a_17_clue_puzzle():
    return parse_line(corpus_lines("top95.txt", count=1)[0])


@pytest.mark.parametrize("solver", [solve_by_logic, rate, rate_se], ids=["solve", "rate", "rate_se"])
def test_a_cancelled_token_stops_the_run_within_one_rule(solver):
    token = CancelledAfter(20)
    with pytest.raises(Cancelled):
        solver(a_17_clue_puzzle(), cancel=token)
    assert token.checks == 21  # the check that found it cancelled was the last one


@pytest.mark.parametrize("solver", [solve_by_logic, rate, rate_se], ids=["solve", "rate", "rate_se"])
def test_a_token_never_cancelled_changes_nothing(solver):
    grid = a_17_clue_puzzle()
    token = CancelledAfter(10**9)
    assert solver(grid, cancel=token) == solver(grid)
    assert token.checks > 20  # it was asked all along
