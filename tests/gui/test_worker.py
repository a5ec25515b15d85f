"""The worker: results, generator items as progress, failures as signals, cancel within 100 ms."""

from __future__ import annotations

import sys
import time
from collections.abc import Generator

import pytest

from sudoku_workbench.core import CancelToken
from sudoku_workbench.gui.session.worker import JOB_SWITCH_INTERVAL, Worker, jobs_running


@pytest.fixture
def worker(qapp):
    made = Worker()
    yield made
    made.shutdown()


def _spin(cancel: CancelToken, progress, seconds: float = 30.0) -> int:
    """A long job: checks its token every millisecond, like the search does every few nodes."""
    nodes = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        cancel.check()
        nodes += 1
        progress(nodes)
        time.sleep(0.001)
    return nodes


def test_a_result_arrives_with_its_job_id(qtbot, worker):
    with qtbot.waitSignal(worker.finished, timeout=5000) as blocker:
        job = worker.submit(sum, [1, 2, 3])
    assert blocker.args == [job, 6]


def test_the_switch_interval_is_short_only_while_a_job_runs(qtbot, worker):
    before = sys.getswitchinterval()
    assert before > JOB_SWITCH_INTERVAL  # Python's 5 ms, as the job must find it cut
    assert not jobs_running()
    with qtbot.waitSignal(worker.finished, timeout=5000) as blocker:
        worker.submit(lambda: (sys.getswitchinterval(), jobs_running()))
    assert blocker.args[1] == (JOB_SWITCH_INTERVAL, True)
    qtbot.waitUntil(lambda: not jobs_running())  # the pool thread ends the job just after its signal
    assert sys.getswitchinterval() == before


def test_generator_items_become_progress_signals_and_its_return_value_the_result(qtbot, worker):
    def squares() -> Generator[int, None, str]:
        for i in range(5):
            yield i * i
        return "five squares"

    seen = []
    worker.progress.connect(lambda job, item: seen.append(item))
    with qtbot.waitSignal(worker.finished, timeout=5000) as blocker:
        worker.submit(squares)
    assert seen == [0, 1, 4, 9, 16]
    assert blocker.args[1] == "five squares"


def test_an_exception_becomes_a_failed_signal(qtbot, worker):
    def broken() -> None:
        raise ValueError("r1c1 holds a given")

    with qtbot.waitSignal(worker.failed, timeout=5000) as blocker:
        worker.submit(broken)
    assert isinstance(blocker.args[1], ValueError)
    assert "r1c1" in str(blocker.args[1])


def test_cancel_stops_a_long_job_within_100_ms(qtbot, worker):
    with qtbot.waitSignal(worker.progress, timeout=5000):
        job = worker.submit(_spin, control=True)
    started = time.monotonic()
    with qtbot.waitSignal(worker.cancelled, timeout=2000) as blocker:
        worker.cancel(job)
    assert blocker.args == [job]
    assert time.monotonic() - started < 0.1
    assert worker.wait(1000)
    assert worker.active_jobs() == []


def test_progress_callbacks_are_throttled(qtbot, worker):
    counts = []
    worker.progress.connect(lambda job, nodes: counts.append(nodes))
    with qtbot.waitSignal(worker.finished, timeout=5000):
        worker.submit(lambda cancel, progress: _spin(cancel, progress, 0.3), control=True)
    assert 2 <= len(counts) <= 12


def test_the_dangling_job_check_sees_a_running_job(qtbot, worker):
    from tests.gui.conftest import dangling_jobs

    with qtbot.waitSignal(worker.progress, timeout=5000):
        job = worker.submit(_spin, control=True)
    assert dangling_jobs() == {id(worker): [job]}
    worker.cancel(job)
    assert worker.wait(2000)
    assert dangling_jobs() == {}


def test_a_job_that_outlives_its_worker_ends_without_a_word(qapp, capfd):
    """A worker deleted under a running job (the program exiting after a stop signal): no traceback."""
    import shiboken6

    doomed = Worker()
    started: list[int] = []

    def job() -> None:
        started.append(1)
        time.sleep(0.3)

    doomed.submit(job)
    deadline = time.monotonic() + 5
    while not started and time.monotonic() < deadline:
        time.sleep(0.01)
    shiboken6.delete(doomed)  # its pool waits for the job, which then reports to a deleted worker
    time.sleep(0.1)
    assert "Signal source has been deleted" not in capfd.readouterr().err
