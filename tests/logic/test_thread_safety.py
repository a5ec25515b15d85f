"""A solve's steps depend on the puzzle and the rules alone: not on solves before it, nor beside it.

The window runs Logic, the status line's rating and the graph pane on pool threads at once, and
``sudoku-workbench rate`` must print what the window shows. Each check computes a result alone, then
again while another thread keeps running other logic work (released together by a barrier, the other
thread busy until the result is in), and wants the same answer.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypeVar

import pytest

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import RULES, Rule, forget_caches, rate, solve_by_logic
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.logic.rule_table import TABLE
from tests.conftest import corpus

T = TypeVar("T")

#: The first puzzle of top1465: dynamic forcing chains on SE's path (9.1 alone, 9.2 after a Logic run).
HARD = corpus("top1465.txt", 1)[0]
#: Other hard puzzles for the other thread (their forcing searches ran in between the main one's).
OTHERS = corpus("top1465.txt", 4, every=37)[1:]
#: The longer sweep's puzzles.
SWEEP = corpus("top1465.txt", 8, every=11)


def _beside(job: Callable[[], T], other: Callable[[CancelToken], object]) -> T:
    """``job()``, run while another thread repeats ``other(cancel)`` until ``job`` has finished."""
    start = threading.Barrier(2, timeout=60)
    cancel = CancelToken()
    failures: list[BaseException] = []

    def keep_busy() -> None:
        start.wait()
        try:
            while not cancel.cancelled:
                other(cancel)
        except Cancelled:
            pass
        except BaseException as error:  # handed to the test thread, which fails on it
            failures.append(error)

    thread = threading.Thread(target=keep_busy, name="other logic work")
    thread.start()
    start.wait()
    try:
        result = job()
    finally:
        cancel.cancel()
        thread.join(timeout=120)
    assert not thread.is_alive(), "the other thread did not stop when cancelled"
    assert not failures, f"the other thread failed: {failures[0]!r}"
    return result


def _solve_others(cancel: CancelToken) -> None:
    for grid in OTHERS:
        solve_by_logic(grid, RULES, cancel)


def _logic_and_rating(grid: Grid) -> Callable[[CancelToken | None], None]:
    """What the window runs on a puzzle beside its SE rating: Logic, then the status line's rating."""

    def work(cancel: CancelToken | None = None) -> None:
        solve_by_logic(grid, RULES, cancel)
        rate(grid, RULES, cancel)

    return work


def _after(job: Callable[[], T], other: Callable[[], object]) -> T:
    """``job()`` in this thread once ``other()`` has finished in another one (it may leave state behind)."""
    finished = threading.Event()

    def run_other() -> None:
        try:
            other()
        finally:
            finished.set()

    thread = threading.Thread(target=run_other, name="other logic work")
    thread.start()
    assert finished.wait(timeout=120), "the other thread did not finish"
    thread.join()
    return job()


def test_se_rating_after_logic_in_another_thread_is_the_rating_alone() -> None:
    """The window's case: Logic and the status line's rating ran first, then SE's rating (9.2, not 9.1)."""
    forget_caches()
    after = _after(lambda: rate_se(HARD, RULES, None, True), lambda: _logic_and_rating(HARD)(None))
    forget_caches()
    assert after == rate_se(HARD, RULES, None, True)


def _steps(grid: Grid, rules: tuple[Rule, ...]) -> tuple[Step, ...]:
    return solve_by_logic(grid, rules).steps


def test_se_rating_beside_logic_on_other_puzzles_is_the_rating_alone() -> None:
    alone = rate_se(HARD, RULES, None, True)
    assert _beside(lambda: rate_se(HARD, RULES, None, True), _solve_others) == alone


def test_logic_steps_beside_logic_on_the_same_puzzle_are_the_steps_alone() -> None:
    alone = solve_by_logic(HARD).steps
    assert _beside(lambda: solve_by_logic(HARD).steps, _logic_and_rating(HARD)) == alone


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(SWEEP)))
def test_every_rule_set_gives_the_same_steps_beside_other_solves(index: int) -> None:
    grid, other = SWEEP[index], OTHERS[index % len(OTHERS)]
    for rules in (RULES, TABLE):
        alone = solve_by_logic(grid, rules).steps
        beside = _beside(functools.partial(_steps, grid, rules), _logic_and_rating(other))
        assert beside == alone
    alone_se = rate_se(grid, RULES, None, True)
    assert _beside(lambda: rate_se(grid, RULES, None, True), _logic_and_rating(grid)) == alone_se
