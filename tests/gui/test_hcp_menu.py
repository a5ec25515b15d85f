"""File → Export → HCP… and File → Import tour…: both run in the worker and end in the grid or a message."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.tsplib import Tour, read_hcp, write_tour
from sudoku_workbench.hcp.export import export_graph
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
    window.files.export_hcp(tmp_path / "p.hcp")
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
    window.files.export_hcp(tmp_path / "p.hcp")
    settle(qtbot, window)
    (tmp_path / "p.tour").write_text("3\n0 1 2\n")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    window.files.import_tour(tmp_path / "p.tour")
    settle(qtbot, window)
    assert shown
    assert "p.tour: the tour has 3 vertices" in shown[0][1]
    assert window.session.grid.values == puzzle.values
