"""The OK search and the counting backend: every size, contradictions, pencil marks, rng, cancel, progress."""

from __future__ import annotations

import random
import threading

import pytest

import sudoku_workbench.search.solve as solve_module
from sudoku_workbench.core import Cancelled, CancelToken, Grid, geometry_for_size
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search import _kernel
from sudoku_workbench.search._engine import PROGRESS_EVERY, engine_for, initial_state
from sudoku_workbench.search.solve import count, search_count, solutions, solve, solve_counting
from tests.search.checker import solution_faults

EASY = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: forum_hardest_1106's first puzzle: the search branches a few hundred times.
HARD_FOR_SEARCH = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
#: A newspaper puzzle that singles (the search's propagation) fill completely.
EASY_BY_SINGLES = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def faults(solution: Grid, puzzle: Grid) -> list[str]:
    geo = puzzle.geometry
    return solution_faults(solution.values, puzzle.values, geo.box_rows, geo.box_cols)


def test_a_random_full_grid_of_every_size_is_valid_and_seeded(any_geometry):
    blank = Grid.empty(any_geometry)
    first = next(solutions(blank, rng=random.Random(7)))
    assert faults(first, blank) == []
    assert next(solutions(blank, rng=random.Random(7))) == first
    other = next(solutions(blank, rng=random.Random(8)))
    assert other != first
    assert faults(other, blank) == []


def test_solve_keeps_the_givens_and_enters_the_rest():
    puzzle = parse_line(EASY)
    solution = solve(puzzle)
    assert solution is not None
    assert faults(solution, puzzle) == []
    assert solution.givens == puzzle.givens
    assert all(bool(e) != bool(g) for e, g in zip(solution.entries, solution.givens, strict=True))


@pytest.mark.parametrize(
    "line",
    [
        "11" + "." * 79,  # duplicate in a row
        "1" + "." * 8 + "1" + "." * 71,  # duplicate in a column
        "1........" + ".1......." + "." * 63,  # duplicate in a box
        "12345678." + "........9" + "." * 63,  # r1c9 has no candidate left
    ],
)
def test_a_contradictory_grid_has_no_solution_and_raises_nothing(line):
    grid = parse_line(line)
    assert solve(grid) is None
    assert list(solutions(grid)) == []
    assert count(grid) == 0
    assert search_count(grid) == 0


def test_entries_are_fixed_and_a_wrong_one_leaves_no_solution():
    puzzle = parse_line(EASY)
    solution = solve(puzzle)
    assert solution is not None
    cell = puzzle.empty_cells[0]
    right = puzzle.place(cell, solution.values[cell])
    assert count(right, 2) == 1
    wrong_digit = next(d for d in puzzle.candidates_of(cell) if d != solution.values[cell])
    wrong = puzzle.place(cell, wrong_digit)
    assert count(wrong, 2) == 0
    assert search_count(wrong, 2) == 0


def test_pencil_eliminations_are_respected():
    puzzle = parse_line(EASY)
    solution = solve(puzzle)
    assert solution is not None
    cell = puzzle.empty_cells[0]
    truth = solution.values[cell]
    without_truth = puzzle.eliminate([(cell, truth)])
    assert solve(without_truth) is None
    assert count(without_truth, 2) == 0
    harmless = puzzle.eliminate([(cell, d) for d in puzzle.candidates_of(cell) if d != truth])
    assert count(harmless, 2) == 1
    assert solve(harmless) == solution


def test_the_blank_4x4_has_288_solutions_by_both_counters():
    blank = Grid.empty(geometry_for_size(4))
    assert count(blank) == 288
    assert search_count(blank) == 288
    distinct = {s.values for s in solutions(blank)}
    assert len(distinct) == 288
    assert all(solution_faults(list(v), [0] * 16, 2, 2) == [] for v in distinct)


def test_limits_stop_counting():
    blank = Grid.empty(geometry_for_size(9))
    assert count(blank, 5) == 5
    assert search_count(blank, 5) == 5


def test_a_cancelled_token_stops_before_any_work():
    token = CancelToken()
    token.cancel()
    blank = Grid.empty(geometry_for_size(9))
    with pytest.raises(Cancelled):
        solve(blank, cancel=token)
    with pytest.raises(Cancelled):
        count(blank, cancel=token)


@pytest.mark.parametrize("counter", [count, search_count], ids=["sat", "search"])
def test_cancelling_stops_a_search_that_would_run_for_ages(counter):
    token = CancelToken()
    timer = threading.Timer(0.2, token.cancel)
    timer.start()
    try:
        with pytest.raises(Cancelled):
            counter(Grid.empty(geometry_for_size(9)), cancel=token)  # 6.7e21 solutions
    finally:
        timer.cancel()


def test_progress_reports_growing_node_counts():
    seen: list[int] = []
    search_count(Grid.empty(geometry_for_size(6)), 3000, progress=seen.append)
    assert len(seen) >= 2
    assert seen == sorted(seen)
    # every PROGRESS_EVERY nodes, plus the exact count at the first solution (and at the end)
    assert sum(1 for n in seen if n % PROGRESS_EVERY) <= 2


def test_ok_counts_its_search_nodes_exactly():
    """The count OK reports is the number of branches the search took, not a multiple of 2,048."""
    puzzle = parse_line(HARD_FOR_SEARCH)
    seen: list[int] = []
    result = solve_counting(puzzle, progress=seen.append)
    assert result.solution == solve(puzzle)
    assert result.nodes == seen[-1]
    assert result.nodes > 0
    tally = [0]
    engine = engine_for(puzzle.geometry)
    state, decided = initial_state(puzzle)
    assert engine.propagate(state, decided)
    for _ in engine.search(state, None, lambda n: tally.__setitem__(0, n), None, None):
        break
    assert result.nodes == tally[0]
    assert solve_counting(parse_line(EASY_BY_SINGLES)).nodes == 0  # propagation alone


def test_ok_finds_no_solution_and_still_counts():
    broken = parse_line("11" + "." * 79)
    assert solve_counting(broken).solution is None


def test_count_progress_reports_solver_calls(monkeypatch):
    """Without the compiled search, count's progress is the SAT backend's calls."""
    monkeypatch.setattr(_kernel, "kernel", None)
    seen: list[int] = []
    assert count(Grid.empty(geometry_for_size(4)), 10, progress=seen.append) == 10
    assert seen == list(range(1, 11))


def test_a_complete_grid_is_its_own_only_solution_and_a_broken_one_has_none():
    puzzle = parse_line(EASY)
    solution = solve(puzzle)
    assert solution is not None
    full = Grid.from_values(puzzle.geometry, solution.values)
    assert list(solutions(full)) == [full]
    assert count(full) == 1
    values = list(solution.values)
    values[0], values[1] = values[1], values[0]
    assert count(Grid.from_values(puzzle.geometry, values)) == 0
    assert solve(Grid.from_values(puzzle.geometry, values)) is None


def test_counting_beyond_the_sat_bound_goes_on_with_the_search(monkeypatch):
    """Past SAT_COUNT_BOUND solutions the count restarts with the search (flat memory), same numbers."""
    monkeypatch.setattr(_kernel, "kernel", None)  # the compiled search counts on its own, in flat memory
    blank = Grid.empty(geometry_for_size(4))
    monkeypatch.setattr(solve_module, "SAT_COUNT_BOUND", 50)
    searched = []
    real = solve_module.search_count

    def counting(*args):
        searched.append(args[1])
        return real(*args)

    monkeypatch.setattr(solve_module, "search_count", counting)
    assert count(blank) == 288
    assert count(blank, 200) == 200
    assert count(blank, 50) == 50
    assert count(blank, 30) == 30
    assert searched == [None, 200]
