"""Puzzle → Anneal and View → Search tree in the main window, run through the session's worker."""

from __future__ import annotations

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.tree import NodeStatus
from tests.conftest import corpus_lines
from tests.gui.conftest import settle

EASY = next(line for line in corpus_lines("norvig_sudoku10k.txt") if line.count(".") <= 51)
TWO_SOLUTIONS = corpus_lines("serg_benchmark.txt", 1)[0]


def _load(window, line: str) -> None:
    window.session.set_puzzle(History(parse_line(line)), dirty=False)


def test_anneal_from_the_menu_solves_into_the_history(qtbot, window, artifacts_dir):
    _load(window, EASY)
    settle(qtbot, window)
    window.acts["anneal"].trigger()
    dock = window.study.anneal_dock()
    assert dock.isVisible()
    with qtbot.waitSignal(dock.result_ready, timeout=60_000) as blocker:
        dock.start_button.click()
    assert blocker.args[0].solved
    settle(qtbot, window)
    grid = window.session.grid
    assert grid.is_solved()
    assert window.session.history.last_step.rule == "anneal"
    assert window.board.grid == grid
    assert len(dock.cost_curve.getData()[0]) >= 1
    assert window.grab().save(str(artifacts_dir / "main_window_anneal.png"))


def test_anneal_stop_leaves_the_puzzle_alone(qtbot, window):
    # A 17-clue puzzle that annealing does not finish at once; the status line rates it in milliseconds
    # (a forum-hardest one would keep the status job busy for seconds first).
    _load(window, corpus_lines("top95.txt", 1)[0])
    settle(qtbot, window)
    window.acts["anneal"].trigger()
    dock = window.study.anneal_dock()
    dock.iterations_box.setValue(50_000_000)
    dock.start_button.click()
    qtbot.waitUntil(lambda: dock.status_label.text().startswith("iteration"), timeout=20_000)
    with qtbot.waitSignal(dock.job_failed, timeout=5_000):
        dock.start_button.click()
    settle(qtbot, window)
    assert dock.status_label.text() == "stopped: cancelled"
    assert window.board.grid == window.session.grid
    assert not window.session.history.can_undo()


def test_search_tree_from_the_view_menu(qtbot, window, artifacts_dir):
    _load(window, TWO_SOLUTIONS)
    settle(qtbot, window)
    window.acts["search_tree"].trigger()
    view = window.study.tree_view
    qtbot.waitUntil(lambda: view.tree is not None, timeout=20_000)
    settle(qtbot, window)
    assert len(view.tree.solutions) == 2
    assert any(n.status is NodeStatus.SOLUTION for n in view.tree.nodes)
    assert "The solutions part at" in view.summary_label.text()
    assert window.grab().save(str(artifacts_dir / "main_window_search_tree.png"))


def test_dimacs_export_solved_by_sat_and_model_imported(qtbot, window, tmp_path, monkeypatch):
    from pysat.formula import CNF
    from pysat.solvers import Solver

    from sudoku_workbench.formats.dimacs import parse_col
    from sudoku_workbench.gui import dialogs

    _load(window, corpus_lines("top95.txt", 1)[0])
    settle(qtbot, window)
    window.study.export_dimacs(tmp_path / "p.col")
    assert parse_col((tmp_path / "p.col").read_text()).vertices == 90
    window.study.export_dimacs(tmp_path / "p.cnf")
    with Solver(name="g4", bootstrap_with=CNF(from_file=str(tmp_path / "p.cnf")).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    (tmp_path / "p.model").write_text("v " + " ".join(map(str, model)) + " 0\n")
    errors = []
    monkeypatch.setattr(dialogs, "show_error", lambda _parent, title, text: errors.append((title, text)))
    (tmp_path / "bad.model").write_text("s UNSATISFIABLE\n")
    window.study.import_model(tmp_path / "bad.model")
    assert errors == [
        (
            "The model cannot be read",
            f"{tmp_path / 'bad.model'}, line 1: the solver found no model (unsatisfiable)",
        )
    ]
    window.study.import_model(tmp_path / "p.model")
    settle(qtbot, window)
    assert window.session.grid.is_solved()
    assert window.session.history.last_step.rule == "sat_model"
    assert window.acts["export_dimacs"].isEnabled()
