"""File → Export → HCP…, Import tour…, Puzzle → Solve through HCP… and the options dialog."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QLabel, QMessageBox

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.tours import Tour, write_tour
from sudoku_workbench.formats.tsplib import read_hcp
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.hcp.commands import number
from sudoku_workbench.gui.hcp.dialogs import HcpOptionsDialog, SolveSettings, choose, hcp_settings
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.hcp.export import ExportOptions, export_graph
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus
from tests.gui.conftest import settle
from tests.hcp.helpers import tour_of


def test_export_then_import_tour_solves_the_grid(qtbot, window, tmp_path):
    puzzle = corpus("four_vu100.txt", 1, every=5)[0]
    solution = solve(puzzle)
    assert solution is not None
    window.session.set_puzzle(History(puzzle), dirty=False)
    assert window.acts["export_hcp"].isEnabled()
    assert window.acts["import_tour"].isEnabled()
    window.hcp.export(tmp_path / "p.hcp", ExportOptions())
    settle(qtbot, window)
    export = export_graph(puzzle, reduce=True)
    said = window.statusBar().currentMessage()
    assert said == f"Exported {tmp_path / 'p.hcp'}: " + (
        f"{export.dimension:,} vertices, {len(export.edges):,} edges "
        f"(before reduction {export.base_dimension:,} and {len(export.base_edges):,})"
    )
    assert written_one_way(said), said
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
    # solving starts on the directed graph, the one CP-SAT is fast on (never shrunk)
    assert first.options() == ExportOptions("directed", False, "full", False)
    assert first.solve_settings() == SolveSettings()
    choose(first.variant, "compact")
    first.reduce.setChecked(False)
    choose(first.givens, "paper")
    first.candidates.setChecked(True)
    first.time_limit.setValue(12.5)
    first.workers.setValue(1)
    first.show()
    shot(first, "hcp-options")
    buttons = first.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    again = HcpOptionsDialog(None, hcp_settings(storage.data_dir), solving=True)
    qtbot.addWidget(again)
    assert again.options() == ExportOptions("compact", False, "paper", True)
    assert again.solve_settings() == SolveSettings("cpsat", 12.5, 1)
    choose(again.variant, "directed")
    assert not again.reduce.isEnabled()
    assert again.options().reduce is False
    again.reject()
    # exporting keeps its own choices: the reduced undirected graph a file for Concorde wants
    export_only = HcpOptionsDialog(None, hcp_settings(storage.data_dir))
    qtbot.addWidget(export_only)
    assert export_only.options() == ExportOptions("undirected", True, "full", False)
    assert not export_only.time_limit.isVisibleTo(export_only)


def _visible_texts(dialog: QDialog) -> list[str]:
    texts = [dialog.windowTitle()]
    texts += [w.text() for w in dialog.findChildren(QLabel) if w.isVisibleTo(dialog)]
    texts += [w.text() for w in dialog.findChildren(QCheckBox) if w.isVisibleTo(dialog)]
    for box in dialog.findChildren(QComboBox):
        if box.isVisibleTo(dialog):
            texts += [box.itemText(i) for i in range(box.count())]
    return texts


@pytest.mark.parametrize("solving", [False, True])
def test_the_options_dialog_speaks_plainly_and_keeps_the_paper_for_tooltips(qtbot, storage, solving):
    dialog = HcpOptionsDialog(None, hcp_settings(storage.data_dir), solving=solving)
    qtbot.addWidget(dialog)
    texts = _visible_texts(dialog)
    assert len(texts) > 8
    assert not [t for t in texts if "Section" in t or "section" in t]
    assert not [t for t in texts if re.match(r"[a-z]", t)], "labels start with a capital"
    assert "Section 7" in dialog.reduce.toolTip()
    keys = [t[t.index("&") + 1].lower() for t in texts if "&" in t]
    assert len(keys) == len(set(keys)) >= (7 if solving else 4), "every choice has its own Alt key"


def test_export_with_candidates_uses_the_position(qtbot, window, tmp_path):
    puzzle = corpus("royle17.txt", 1, every=501)[0]
    window.session.set_puzzle(History(puzzle), dirty=False)
    cell = puzzle.empty_cells[0]
    solution = solve(puzzle)
    assert solution is not None
    wrong = next(d for d in puzzle.candidates_of(cell) if d != solution.values[cell])
    window.session.toggle_candidate(cell, wrong)
    window.hcp.export(tmp_path / "c.hcp", ExportOptions(candidates=True))
    settle(qtbot, window)
    problem = read_hcp(tmp_path / "c.hcp")
    expected = export_graph(window.session.grid, reduce=True, candidates=True)
    assert problem.edges == expected.edges
    assert len(problem.edges) < len(export_graph(puzzle, reduce=True, candidates=True).edges)


def written_one_way(text: str) -> bool:
    """Every number of four or more digits has its thousands separated, and at least one such number."""
    return re.search(r"\d{4,}", text) is None and re.search(r"\d{1,3}(,\d{3})+", text) is not None


def test_numbers_have_one_way_to_be_written():
    assert [number(v) for v in (9267, 12, 1_234_567, 0.46, 1.25, 3600.0, 60.04)] == [
        "9,267",
        "12",
        "1,234,567",
        "0.5",
        "1.2",
        "3,600",
        "60",
    ]


def status(window) -> str:
    return window.statusBar().currentMessage()


def test_solve_through_hcp_fills_the_grid_and_draws_the_cycle(qtbot, window):
    puzzle = corpus("royle17.txt", 1, every=333)[0]
    window.session.set_puzzle(History(puzzle), dirty=False)
    assert not window.acts["hcp_cycle"].isEnabled()
    window.hcp.solve(ExportOptions("directed"), SolveSettings(time_limit=60))
    settle(qtbot, window, timeout=90_000)
    solution = solve(puzzle)
    assert solution is not None
    assert window.session.grid.values == solution.values
    step = window.session.history.last_step
    assert step.rule == "hcp_tour"
    assert step.explanation[0].isupper()
    assert f"fills the {len(puzzle.empty_cells)} empty cells" in step.explanation
    assert status(window).startswith("CP-SAT found a Hamiltonian cycle of the directed graph (")
    assert written_one_way(status(window)), status(window)
    assert window.acts["hcp_cycle"].isEnabled()
    window.acts["hcp_cycle"].trigger()
    dialog = window.hcp.cycle_dialog
    qtbot.waitExposed(dialog)
    assert "Blocks" in dialog.legend.text()
    dialog.close()


@pytest.mark.parametrize(
    ("variant", "graph"), [("undirected", "shrunk undirected graph"), ("directed", "directed graph")]
)
def test_the_graph_chosen_in_the_dialog_is_the_graph_searched(qtbot, window, monkeypatch, variant, graph):
    puzzle = corpus("four_vu100.txt", 1, every=5)[0]
    window.session.set_puzzle(History(puzzle), dirty=False)

    def pick(dialog):
        choose(dialog.variant, variant)
        dialog.workers.setValue(1)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HcpOptionsDialog, "exec", pick)
    window.acts["solve_hcp"].trigger()
    settle(qtbot, window, timeout=60_000)
    solution = solve(puzzle)
    assert solution is not None
    assert window.session.grid.values == solution.values
    assert window.hcp.last.export.variant == variant
    # CP-SAT searched the exported graph itself, not the directed one behind it
    assert window.hcp.last.size[0] == window.hcp.last.export.dimension
    assert f"cycle of the {graph} (" in status(window)


def test_no_cycle_in_time_is_said_in_the_status_line_and_a_box(qtbot, window, monkeypatch):
    hard = corpus("top1465.txt", 3)[2]
    window.session.set_puzzle(History(hard), dirty=False)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    window.hcp.solve(ExportOptions(), SolveSettings(time_limit=0.5, workers=1))
    settle(qtbot, window, timeout=30_000)
    assert shown
    text = shown[0][1]
    assert text[0].isupper()
    assert f"{export_graph(hard, reduce=True).dimension:,} vertices" in text
    assert "time limit of 0.5 s" in text
    assert written_one_way(text), text
    assert status(window) == text
    assert window.session.grid.values == hard.values


def test_cancel_stops_solving_through_hcp_and_the_status_says_so(qtbot, window):
    hard = corpus("top1465.txt", 3)[2]
    window.session.set_puzzle(History(hard), dirty=False)
    window.hcp.solve(ExportOptions(), SolveSettings(time_limit=120, workers=1))
    qtbot.waitUntil(lambda: status(window).startswith("Solving through HCP"), timeout=20_000)
    assert window.session.busy(JobKind.HCP_SOLVE)
    window.acts["cancel"].trigger()
    assert not window.session.busy(JobKind.HCP_SOLVE)
    assert status(window).startswith("Solve through HCP cancelled after ")
    qtbot.waitUntil(lambda: not window.session.worker.active_jobs(), timeout=5_000)
    assert not status(window).startswith("Solving")
    assert window.session.grid.values == hard.values


@pytest.mark.parametrize(
    ("document", "variant", "proposed"),
    [
        (None, "undirected", "untitled.hcp"),
        ("mypuzzle.sdk", "compact", "mypuzzle.hcp"),
        ("my.sdk", "directed", "my.arcs"),
    ],
)
def test_the_export_proposes_the_documents_name(window, monkeypatch, tmp_path, document, variant, proposed):
    window.session.path = tmp_path / document if document else None
    asked = []
    monkeypatch.setattr(dialogs, "choose_save_path", lambda *args: asked.append(args[3]))
    window.hcp.export(options=ExportOptions(variant))
    assert len(asked) == 1
    expected = str(tmp_path / proposed) if document else proposed
    assert asked[0] == expected


@pytest.mark.parametrize("solving", [False, True])
def test_every_choice_of_the_options_dialog_shows_whole_at_its_smallest(qtbot, storage, solving):
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    dialog = HcpOptionsDialog(None, hcp_settings(storage.data_dir), solving=solving)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.resize(dialog.minimumSizeHint())
    qtbot.wait(10)
    for box in dialog.findChildren(QComboBox):
        option = QStyleOptionComboBox()
        box.initStyleOption(option)
        style = box.style()
        field = style.subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
        )
        for i in range(box.count()):
            assert box.fontMetrics().horizontalAdvance(box.itemText(i)) <= field.width(), box.itemText(i)
