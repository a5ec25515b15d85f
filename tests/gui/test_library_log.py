"""The window keeps its diary in the library: generated puzzles join the history; time and solve are kept."""

from __future__ import annotations

import json

from sudoku_workbench.cli import main
from sudoku_workbench.gui.session.jobs import GenerateOptions
from sudoku_workbench.library.history import HISTORY
from sudoku_workbench.search.solve import solve
from tests.gui.conftest import settle


def _listed(db: str, capsys, *args: str) -> list[dict[str, object]]:
    capsys.readouterr()
    assert main(["library", "list", "--db", db, "--format", "jsonl", "--no-header", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_generated_puzzles_join_the_history_and_a_solve_is_recorded(qtbot, window, capsys):
    db = str(window.session.storage.data_dir / "library.sqlite3")
    for seed in (0, 1):
        with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
            window.session.jobs.generate(GenerateOptions(seed=seed))
        settle(qtbot, window)
    made = window.session.grid
    qtbot.waitUntil(lambda: len(_listed(db, capsys, "--collection", HISTORY)) == 2, timeout=10_000)
    rows = _listed(db, capsys, "--collection", HISTORY)
    assert [r["number"] for r in rows] == [1, 2]
    assert rows[1]["puzzle"] == made.puzzle().to_line()  # the newest last
    assert not any(r["solved"] for r in rows)

    solution = solve(made)
    assert solution is not None
    for cell in made.empty_cells:
        window.session.enter_digit(cell, solution.values[cell])
    assert window.session.grid.is_solved()
    qtbot.waitUntil(lambda: bool(_listed(db, capsys, "--solved")), timeout=10_000)
    (solved,) = _listed(db, capsys, "--solved")
    assert solved["puzzle"] == made.puzzle().to_line()
    assert isinstance(solved["seconds"], float)
    assert solved["seconds"] > 0
    assert [r["puzzle"] for r in _listed(db, capsys, "--unsolved")] == [rows[0]["puzzle"]]
    settle(qtbot, window)


def test_a_library_that_cannot_be_opened_is_said_once_and_the_window_goes_on(qtbot, window, tmp_path):
    bad = tmp_path / "not-a-library.sqlite3"
    bad.write_text("just text\n", "utf-8")
    window.library_log.path = bad
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        window.session.jobs.generate(GenerateOptions(seed=0))
    qtbot.waitUntil(lambda: "library is not kept" in window.statusBar().currentMessage(), timeout=10_000)
    assert "not a puzzle library" in window.statusBar().currentMessage()
    assert bad.read_text("utf-8") == "just text\n"
    settle(qtbot, window)
