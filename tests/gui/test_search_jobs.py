"""Worker jobs with the search: a long OK while the UI keeps ticking, Cancel of a long count,
Check's wrong entries and mistyped clue, Count solutions."""

from __future__ import annotations

import random
import time

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.core.history import History
from sudoku_workbench.formats import parse_line
from sudoku_workbench.search.solve import count, solve
from tests.gui.conftest import settle
from tests.gui.heartbeat import Heartbeat
from tests.gui.test_editing import NEWSPAPER, trigger
from tests.gui.test_logic import trigger_paste


def _long_search() -> Grid:
    """A 25x25 the compiled search needs about a second to solve and many to count to 10,000.

    279 digits of a solution kept at random, and one wrong digit its peers allow: the search must
    undo it deep down (the hardest 16x16 of the collections takes the compiled search a millisecond).
    """
    geo = geometry_for_size(25)
    solution = solve(Grid.empty(geo))
    assert solution is not None
    cells = random.Random(2).sample(range(geo.size), 280)
    grid = Grid.empty(geo)
    for cell in cells[1:]:
        grid = grid.with_given(cell, solution.values[cell])
    wrong = next(d for d in grid.candidates_of(cells[0]) if d != solution.values[cells[0]])
    return grid.with_given(cells[0], wrong)


def test_ok_runs_in_the_worker_while_the_ui_ticks(qtbot, window):
    window.session.set_puzzle(History(_long_search()), dirty=False)
    settle(qtbot, window)
    before = window.session.grid
    beat = Heartbeat(busy=lambda: window.session.busy("solve"))
    beat.start()
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "ok")
        assert window.session.busy("solve")
        assert window.acts["cancel"].isEnabled()
    beat.stop()
    print(f"OK on a 25x25: UI stalls {beat.summary()}")
    grid = window.session.grid
    assert grid.is_solved()
    assert grid.givens == before.givens
    assert window.session.history.last_step.rule == "search"
    assert beat.ticks_while_busy >= 1  # the UI thread ran while the search did
    settle(qtbot, window)


def test_cancel_stops_a_long_search_within_a_fifth_of_a_second(qtbot, window):
    puzzle = _long_search()  # counting to the window's limit of 10,000 takes many seconds
    window.session.set_puzzle(History(puzzle), dirty=False)
    settle(qtbot, window)
    beat = Heartbeat()
    beat.start()
    trigger(window, "count")
    qtbot.wait(150)
    assert window.session.busy("count"), "the count ended before it could be cancelled"
    started = time.monotonic()
    trigger(window, "cancel")
    qtbot.waitUntil(lambda: not window.session.worker.active_jobs(), timeout=2000)
    stopped = time.monotonic() - started
    beat.stop()
    print(f"cancel took {stopped * 1000:.0f} ms; UI stalls {beat.summary()}")
    assert stopped < 0.2, stopped
    assert window.session.grid is puzzle
    assert len(beat.gaps) > 1  # the UI thread ran while the count did


def test_check_marks_entries_that_disagree_with_the_unique_solution(qtbot, window, shot):
    trigger_paste(qtbot, window, NEWSPAPER)
    solution = solve(parse_line(NEWSPAPER))
    assert solution is not None
    cell = 2  # r1c3: a digit its peers allow but the solution does not have
    grid = window.session.grid
    wrong = next(
        d
        for d in grid.candidates_of(cell)
        if d != solution.values[cell] and not grid.place(cell, d).problems()
    )
    window.session.enter_digit(cell, wrong)
    trigger(window, "check")
    assert not window.board.marks  # no duplicate: nothing to mark at once
    settle(qtbot, window)
    assert window.board.marks == frozenset({cell})
    finding = window.panel.finding
    assert finding.isVisible()
    assert finding.wordWrap()
    assert "the puzzle has one solution; your entry r1c3 disagrees with it" in finding.text()
    shot(window, "check-wrong-entry")
    # the verdict stays (no timeout) until the position changes
    qtbot.wait(200)
    assert "r1c3 disagrees" in finding.text()
    trigger(window, "undo")
    assert not finding.isVisible()


def test_check_points_at_a_mistyped_clue(qtbot, window):
    puzzle = parse_line(NEWSPAPER)
    solution = solve(puzzle)
    assert solution is not None
    # change the clue r5c4 (8) to another digit its peers allow, one that leaves no solution
    cell = 39
    assert puzzle.givens[cell] == 8
    givens = list(puzzle.givens)
    allowed = parse_line(NEWSPAPER[:cell] + "." + NEWSPAPER[cell + 1 :]).candidates_of(cell)
    for digit in allowed:
        givens[cell] = digit
        mistyped = "".join(str(d) if d else "." for d in givens)
        if count(parse_line(mistyped), limit=2) == 0:
            break
    assert count(parse_line(mistyped), limit=2) == 0
    trigger_paste(qtbot, window, mistyped)
    trigger(window, "check")
    settle(qtbot, window, timeout=60_000)
    text = window.panel.finding.text()
    assert "the puzzle has no solution" in text
    assert f"the clue r5c4={givens[cell]} is probably mistyped" in text
    assert f"with {solution.values[cell]} there the puzzle has one solution" in text
    assert cell in window.board.marks


def test_count_solutions_of_an_open_position(qtbot, window):
    line = NEWSPAPER
    for cell in (c for c, ch in enumerate(NEWSPAPER) if ch != "."):  # drop clues until there are several
        line = line[:cell] + "." + line[cell + 1 :]
        expected = count(parse_line(line), limit=10_000)
        if expected > 1:
            break
    assert 1 < expected < 10_000
    trigger_paste(qtbot, window, line)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "count")
    assert f"{expected:,} solution" in window.panel.progress.text()
    settle(qtbot, window)
    assert "This position: several solutions" in window.panel.status.text()
