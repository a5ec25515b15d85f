import os
import random

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.panels.anneal_dock import AnnealDock, fill_picture
from sudoku_workbench.gui.session.session import Session
from sudoku_workbench.gui.session.storage import Storage
from sudoku_workbench.search.anneal import AnnealSettings, anneal
from tests.conftest import corpus, corpus_lines

pytestmark = pytest.mark.gui

EASY = next(parse_line(line) for line in corpus_lines("norvig_sudoku10k.txt") if line.count(".") <= 51)


@pytest.fixture
def dock(qtbot, tmp_path):
    widget = AnnealDock(Session(Storage(tmp_path)))
    qtbot.addWidget(widget)
    widget.resize(460, 700)
    yield widget
    widget.stop(wait=True)


def test_fill_picture_draws_box_rules():
    puzzle = corpus("four_vu100.txt", 1)[0]
    lines = fill_picture(puzzle.geometry, puzzle.values).splitlines()
    assert len(lines) == 5
    assert lines[2] == "-" * 9
    assert lines[0][4] == "|"


def test_live_plot_follows_the_snapshots(dock, qtbot, artifacts_dir):
    dock.set_grid(EASY)
    snapshots = []

    def feed(snapshot):
        snapshots.append(snapshot)
        dock.add_snapshot(snapshot)

    result = anneal(EASY, AnnealSettings(report_every=500), random.Random(2), progress=feed)
    dock.show_result(result)
    xs, ys = dock.cost_curve.getData()
    assert list(xs) == [s.iteration for s in snapshots]
    assert list(ys) == [s.cost for s in snapshots]
    assert list(dock.temp_curve.getData()[1]) == pytest.approx([s.temperature for s in snapshots])
    assert dock.status_label.text().startswith("solved after")
    assert fill_picture(EASY.geometry, result.grid.values) == dock.fill_label.text()
    dock.show()
    qtbot.waitExposed(dock)
    assert dock.grab().save(str(artifacts_dir / "anneal_dock.png"))


def test_start_runs_in_the_sessions_worker_and_reports(dock, qtbot):
    dock.set_grid(EASY)
    with qtbot.waitSignal(dock.result_ready, timeout=30000) as blocker:
        dock.start()
        assert dock.start_button.text() == "Stop"
    assert blocker.args[0].solved
    qtbot.waitUntil(lambda: not dock.is_running())
    assert dock.start_button.text() == "Start"
    assert len(dock.cost_curve.getData()[0]) >= 1


def test_stop_cancels_the_job(dock, qtbot):
    dock.set_grid(corpus("forum_hardest_1106.txt", 1)[0])
    dock.iterations_box.setValue(50_000_000)
    with qtbot.waitSignal(dock.job_failed, timeout=5000) as blocker:
        dock.start()
        qtbot.wait(100)
        dock.stop()
    assert blocker.args[0] == "stopped: cancelled"
    assert dock.status_label.text() == "stopped: cancelled"


def test_settings_follow_the_controls(dock):
    dock.schedule_box.setCurrentText("log")
    dock.moves_box.setCurrentText("cell")
    dock.iterations_box.setValue(12345)
    assert dock.settings() == AnnealSettings(schedule="log", moves="cell", max_iterations=12345)
