"""The session's intents: fills from a solver, one grid per logic step, and signals only it emits."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from PySide6.QtCore import Signal

import sudoku_workbench.gui
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import SEARCH
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.session.session import Session
from sudoku_workbench.search.solve import solve
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, trigger


def test_fill_from_records_the_empty_cells_as_one_step(window):
    puzzle = parse_line(NEWSPAPER)
    window.session.set_puzzle(History(puzzle), dirty=False)
    window.session.enter_digit(2, 4)
    window.session.fill_from(solve(puzzle), SEARCH, "filled")
    step = window.session.history.last_step
    assert step.rule == SEARCH
    assert len(step.placements) == len(puzzle.empty_cells) - 1
    assert set(step.highlights.cells) == {c for c, _ in step.placements}
    assert window.session.grid.is_solved()


def test_the_logic_job_applies_each_step_once_in_the_worker(qtbot, window, monkeypatch):
    window.session.set_puzzle(History(parse_line(NEWSPAPER)), dirty=False)
    settle(qtbot, window)
    on_ui_thread = []
    apply = Grid.apply

    def counted(grid, step):
        if threading.current_thread() is threading.main_thread():
            on_ui_thread.append(step)
        return apply(grid, step)

    monkeypatch.setattr(Grid, "apply", counted)
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        trigger(window, "logic")
    assert window.session.grid.is_solved()
    assert on_ui_thread == []
    settle(qtbot, window)


def test_only_the_session_emits_its_signals():
    signals = {name for name, value in vars(Session).items() if isinstance(value, Signal)}
    gui = Path(sudoku_workbench.gui.__file__).parent
    emitted = [
        f"{path.name}: {match.group(0)}"
        for path in gui.rglob("*.py")
        if path.name != "session.py"
        for match in re.finditer(r"session\.(\w+)\.emit", path.read_text(encoding="utf-8"))
        if match.group(1) in signals
    ]
    assert signals
    assert emitted == []
