"""Hostile ``--cluster`` values: every one refused at once in one line, none left waiting forever.

Also what a ``local:N`` cluster leaves on the machine while it runs (listeners) and after (files).
"""

from __future__ import annotations

import argparse
import ipaddress
import threading
import time

import pytest

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")

from sudoku_workbench.cli import _cluster, main  # noqa: E402
from sudoku_workbench.cli._parallel import batch_workers, ordered_map  # noqa: E402
from tests.cluster_tasks import late_square  # noqa: E402
from tests.hostile.files import EASY  # noqa: E402


def refused(capsys, address: str) -> str:
    """stderr of ``solve EASY --cluster address``, which must fail with exit 2 in one line."""
    assert main(["solve", EASY, "--cluster", address]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("count", ["²", "0x2", "99999999999999999999", "9" * 10_000])
def test_a_local_count_that_is_no_number_or_too_large_is_refused(count, capsys):
    err = refused(capsys, f"local:{count}")
    assert len(err) < 300, "the whole address repeated"


def test_local_workers_are_bounded_by_the_cpus(capsys):
    limit = _cluster.local_limit()
    assert limit >= 2
    err = refused(capsys, f"local:{limit + 1}")
    assert f"at most local:{limit}" in err


@pytest.mark.parametrize(
    "address", ["tcp://" + "a" * 10_000 + ":8786", "a" * 10_000 + ":8786", "tcp://a..b:1"]
)
def test_an_absurd_host_is_refused_in_one_short_line(address, capsys):
    err = refused(capsys, address)
    assert len(err) < 300


@pytest.mark.parametrize("scheme", ["ucx", "tls", "wss", "inproc"])
def test_a_transport_an_address_cannot_reach_is_refused_at_once(scheme, capsys):
    started = time.monotonic()
    err = refused(capsys, f"{scheme}://127.0.0.1:8786")
    assert time.monotonic() - started < 3
    assert f"{scheme}://" in err
    assert "tcp://" in err  # what to give instead


def run_in_a_thread(capsys, argv: list[str], seconds: float) -> tuple[int | None, str]:
    """main(argv) in a daemon thread: its exit code, or None if it still runs after ``seconds``."""
    codes: list[int] = []
    thread = threading.Thread(target=lambda: codes.append(main(argv)), daemon=True)
    thread.start()
    thread.join(seconds)
    return (codes[0] if codes else None), capsys.readouterr().err


def test_a_scheduler_without_workers_is_given_up_with_a_message(monkeypatch, capsys):
    monkeypatch.setattr(_cluster, "NO_WORKER_SECONDS", 1)
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", dashboard_address="127.0.0.1:0", silence_logs=50
    ) as empty:
        code, err = run_in_a_thread(capsys, ["solve", EASY, "--cluster", empty.scheduler_address], 30)
    assert code == 2, "still waiting for a worker"
    assert "no worker for 1 s" in err


def test_the_only_worker_lost_mid_run_is_given_up_with_a_message(monkeypatch):
    monkeypatch.setattr(_cluster, "NO_WORKER_SECONDS", 1)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        dashboard_address="127.0.0.1:0",
        silence_logs=50,
    ) as one:
        failed: list[BaseException] = []

        def run() -> None:
            try:
                with batch_workers(argparse.Namespace(cluster=one.scheduler_address)):
                    results = ordered_map(late_square, [(value, 0.2) for value in range(30)], chunk=1)
                    next(results)
                    one.scale(0)  # the only worker goes, the rest of the work waits
                    list(results)
            except BaseException as err:  # the test looks at it
                failed.append(err)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(30)
    assert failed, "still waiting for a worker"
    assert "no worker for 1 s" in str(failed[0])


def test_a_local_cluster_listens_on_loopback_only_and_leaves_no_scratch_folder(tmp_path, monkeypatch):
    import tempfile

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with _cluster.connect("local:1") as client:
        client.wait_for_workers(1, timeout=30)
        me = psutil.Process()
        listening = [
            connection.laddr.ip
            for process in [me, *me.children(recursive=True)]
            for connection in process.net_connections(kind="inet")
            if connection.status == psutil.CONN_LISTEN
        ]
    assert listening
    assert [ip for ip in listening if not ipaddress.ip_address(ip).is_loopback] == []
    assert list(tmp_path.iterdir()) == []
