"""Logic never stops on a hard puzzle (forcing steps on the board), and Puzzle → Assume one solution."""

from __future__ import annotations

from sudoku_workbench.logic.engine import RULES, Level
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.gui.test_logic import HARD, trigger_paste

FORCING_IDS = {rule.id for rule in RULES if rule.level is Level.FORCING}
#: Norvig's "hardest" #1: the rules below forcing get stuck on it.
NEEDS_FORCING = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_logic_solves_a_hard_puzzle_and_shows_a_forcing_step_and_a_nice_loop(qtbot, window, shot):
    trigger_paste(qtbot, window, NEEDS_FORCING)
    with qtbot.waitSignal(window.session.job_finished, timeout=120_000):
        trigger(window, "logic")
    session = window.session
    assert session.grid.is_solved()
    steps = session.history.steps
    forcing = [i for i, step in enumerate(steps) if step.rule in FORCING_IDS]
    assert forcing, "the hard puzzle needs forcing chains"
    session.go_to(forcing[0] + 1)
    step = window.board.step
    assert step is not None
    assert step.rule in FORCING_IDS
    assert step.highlights.links
    assert step.explanation in window.panel.explanation.toPlainText()
    settle(qtbot, window)  # the status line and the graph pane catch up with the step shown
    assert f"Empty cells: {len(session.grid.empty_cells)}" in window.panel.status.text()
    assert not session.grid.is_complete()
    shot(window, "forcing-chain-step")

    loops = [i for i, step in enumerate(steps) if step.rule == "nice_loop"]
    assert loops, "the path to the forcing steps takes nice loops"
    session.go_to(loops[0] + 1)
    settle(qtbot, window)
    step = window.board.step
    assert step is not None
    assert step.rule == "nice_loop"
    assert step.highlights.links
    assert step.explanation in window.panel.explanation.toPlainText()
    assert "following the step" in window.graph_view.title.text()
    shot(window, "nice-loop-step")


def test_assume_one_solution_is_refused_for_a_puzzle_with_several(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    trigger_paste(qtbot, window, "1" + "." * 80)
    trigger(window, "assume_unique")
    assert not window.acts["assume_unique"].isChecked()
    assert window.session.rules == RULES
    assert warnings
    assert "several solutions" in warnings[-1]


def test_assume_one_solution_adds_the_uniqueness_rules(qtbot, window):
    trigger_paste(qtbot, window, HARD)
    trigger(window, "assume_unique")
    assert window.acts["assume_unique"].isChecked()
    ids = {rule.id for rule in window.session.rules}
    assert {"unique_rectangle_1", "bug_plus_one"} <= ids
    trigger(window, "assume_unique")
    assert window.session.rules == RULES
