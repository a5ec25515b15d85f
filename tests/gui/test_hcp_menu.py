"""File → Export → HCP…, Import tour…, Puzzle → Solve through HCP… and the options dialog."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.tsplib import Tour, read_hcp, write_tour
from sudoku_workbench.gui.hcp_dialogs import HcpOptionsDialog, SolveSettings, hcp_settings
from sudoku_workbench.hcp.export import ExportOptions, export_graph
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus
from tests.gui.conftest import settle
from tests.hcp.helpers import tour_of


def test_export_then_import_tour_solves_the_grid(qtbot, window, tmp_path):
    puzzle = corpus("four_vu100.txt", 1, every=5)[0]
    solution = solve(puzzle)
    window.session.set_puzzle(History(puzzle), dirty=False)
    assert window.acts["export_hcp"].isEnabled()
    assert window.acts["import_tour"].isEnabled()
    window.hcp.export(tmp_path / "p.hcp", ExportOptions())
    settle(qtbot, window)
    export = export_graph(puzzle, reduce=True)
    assert read_hcp(tmp_path / "p.hcp").edges == export.edges
    write_tour(tmp_path / "p.tour", Tour("p", "", tuple(tour_of(export, solution.values))))
    window.files.import_tour(tmp_path / "p.tour")
    settle(qtbot, window)
    assert window.session.grid.is_solved()
    assert window.session.grid.values == solution.values
    window.session.undo()
    assert window.session.grid.values == puzzle.values


def test_a_bad_tour_is_reported_and_the_grid_kept(qtbot, window, tmp_path, monkeypatch):
    puzzle = corpus("four_vu100.txt", 1, every=5)[0]
    window.session.set_puzzle(History(puzzle), dirty=False)
    window.hcp.export(tmp_path / "p.hcp", ExportOptions())
    settle(qtbot, window)
    (tmp_path / "p.tour").write_text("3\n0 1 2\n")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    window.files.import_tour(tmp_path / "p.tour")
    settle(qtbot, window)
    assert shown
    assert "p.tour: the tour has 3 vertices" in shown[0][1]
    assert window.session.grid.values == puzzle.values


def test_the_options_dialog_remembers_every_choice(qtbot, storage, shot):
    settings = hcp_settings(storage.data_dir)
    first = HcpOptionsDialog(None, settings, solving=True)
    qtbot.addWidget(first)
    assert first.options() == ExportOptions("undirected", True, "full", False)
    assert first.solve_settings() == SolveSettings()
    first.variant.setCurrentText("compact")
    first.reduce.setChecked(False)
    first.givens.setCurrentText("paper")
    first.candidates.setChecked(True)
    first.time_limit.setValue(12.5)
    first.workers.setValue(1)
    first.graph.setCurrentText("export")
    first.show()
    shot(first, "hcp-options")
    first.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    again = HcpOptionsDialog(None, hcp_settings(storage.data_dir), solving=True)
    qtbot.addWidget(again)
    assert again.options() == ExportOptions("compact", False, "paper", True)
    assert again.solve_settings() == SolveSettings("cpsat", "export", 12.5, 1)
    again.variant.setCurrentText("directed")
    assert not again.reduce.isEnabled()
    assert again.options().reduce is False
    again.reject()
    export_only = HcpOptionsDialog(None, hcp_settings(storage.data_dir))
    qtbot.addWidget(export_only)
    assert export_only.options().variant == "compact"
    assert not export_only.time_limit.isVisibleTo(export_only)


def test_export_with_candidates_uses_the_position(qtbot, window, tmp_path):
    puzzle = corpus("royle17.txt", 1, every=501)[0]
    window.session.set_puzzle(History(puzzle), dirty=False)
    cell = puzzle.empty_cells[0]
    solution = solve(puzzle)
    wrong = next(d for d in puzzle.candidates_of(cell) if d != solution.values[cell])
    window.session.toggle_candidate(cell, wrong)
    window.hcp.export(tmp_path / "c.hcp", ExportOptions(candidates=True))
    settle(qtbot, window)
    problem = read_hcp(tmp_path / "c.hcp")
    expected = export_graph(window.session.grid, reduce=True, candidates=True)
    assert problem.edges == expected.edges
    assert len(problem.edges) < len(export_graph(puzzle, reduce=True, candidates=True).edges)


def test_solve_through_hcp_fills_the_grid_and_draws_the_cycle(qtbot, window, shot):
    puzzle = corpus("royle17.txt", 1, every=333)[0]
    window.session.set_puzzle(History(puzzle), dirty=False)
    assert not window.acts["hcp_cycle"].isEnabled()
    window.hcp.solve(ExportOptions(), SolveSettings(time_limit=60))
    settle(qtbot, window, timeout=90_000)
    assert window.session.grid.values == solve(puzzle).values
    assert window.session.history.last_step.rule == "hcp_tour"
    assert window.acts["hcp_cycle"].isEnabled()
    window.acts["hcp_cycle"].trigger()
    dialog = window.hcp.cycle_dialog
    qtbot.waitExposed(dialog)
    shot(dialog, "hcp-cycle")
    dialog.close()


def test_no_cycle_in_time_is_reported_with_sizes(qtbot, window, monkeypatch):
    hard = corpus("top1465.txt", 3)[2]
    window.session.set_puzzle(History(hard), dirty=False)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    window.hcp.solve(ExportOptions(), SolveSettings(graph="export", time_limit=0.5, workers=1))
    settle(qtbot, window, timeout=30_000)
    assert shown
    assert f"{export_graph(hard, reduce=True).dimension:,} vertices" in shown[0][1]
    assert "time limit of 0.5 s" in shown[0][1]
    assert window.session.grid.values == hard.values


def test_cancel_stops_solving_through_hcp(qtbot, window):
    hard = corpus("top1465.txt", 3)[2]
    window.session.set_puzzle(History(hard), dirty=False)
    messages = []
    window.session.message.connect(messages.append)
    window.hcp.solve(ExportOptions(), SolveSettings(graph="export", time_limit=120, workers=1))
    qtbot.waitUntil(lambda: any(m.startswith("Solving through HCP") for m in messages), timeout=20_000)
    window.acts["cancel"].trigger()
    assert not window.session.busy("hcp_solve")
    qtbot.waitUntil(lambda: not window.session.worker.active_jobs(), timeout=5_000)
    assert window.session.grid.values == hard.values
