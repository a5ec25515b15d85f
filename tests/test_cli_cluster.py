"""``--cluster`` on Dask distributed: the same lines as ``--jobs 1``, a lost worker, Ctrl-C, bad addresses.

One local cluster of two worker processes serves the module; the commands reach it by its address,
as they would reach a scheduler on another machine. Teardown checks that no worker process is left.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")

from sudoku_workbench.cli import _cluster, main  # noqa: E402
from sudoku_workbench.cli._cluster import INSTALL_HINT  # noqa: E402
from sudoku_workbench.cli._parallel import batch_workers, ordered_map  # noqa: E402
from tests.cluster_tasks import late_square  # noqa: E402
from tests.conftest import REPO, corpus_lines, data_file  # noqa: E402

#: A bad record among the puzzles, so the error path goes through the workers too.
BAD = "12345"


@pytest.fixture(scope="module")
def cluster():
    """The address of a two-worker local cluster, and a client of it for the tests' own checks."""
    before = {child.pid for child in psutil.Process().children(recursive=True)}
    settings = dask.config.set(_cluster.LOCAL_SETTINGS)  # as local:N makes them: forked on Linux
    settings.__enter__()
    local = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        scheduler_kwargs={"dashboard": False},
        silence_logs=50,
    )
    client = distributed.Client(local, set_as_default=False)
    yield local.scheduler_address, client
    client.close()
    local.close()
    settings.__exit__(None, None, None)
    left = [
        child
        for child in psutil.Process().children(recursive=True)
        if child.pid not in before and "resource_tracker" not in " ".join(child.cmdline())  # stdlib's
    ]
    psutil.wait_procs(left, timeout=5)
    assert not [child for child in left if child.is_running() and child.status() != psutil.STATUS_ZOMBIE]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")

    def write(name: str, lines: list[str]) -> str:
        path = folder / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return str(path)

    nines = corpus_lines("top95.txt", 70)
    return {
        "many": write("many.txt", [*nines[:40], BAD, *nines[40:]]),
        "some": write("some.txt", [*nines[:20], BAD, *nines[20:40]]),
        "fours": write("fours.txt", corpus_lines("four_vu100.txt", 40)),
    }


def run(capsys, argv: list[str]) -> tuple[int, str]:
    code = main(argv)
    out = capsys.readouterr().out
    return code, re.sub(r"logic runs \d+ puzzles/s", "logic runs N puzzles/s", out)  # a timing


COMMANDS = {
    "solve": lambda f: ["solve", f["many"], "--unique"],
    "count": lambda f: ["count", f["many"], "--limit", "3"],
    "logic": lambda f: ["logic", f["some"]],
    "rate": lambda f: ["rate", f["some"]],
    "soundness": lambda f: ["soundness", f["some"], f["fours"]],
    "generate": lambda f: ["generate", "--size", "6", "--count", "6", "--seed", "7"],
    "experiment": lambda f: ["experiment", "eppstein", "--count", "8", "--seed", "2", "--quiet"],
    "hcp-stats": lambda f: ["hcp-stats", f["fours"], "--limit", "20"],
}


#: Commands that run every logic rule on each puzzle take seconds three times over: the slow run has them.
LOGIC_HEAVY = {"logic", "rate", "soundness"}


@pytest.mark.parametrize(
    "command", [pytest.param(c, marks=pytest.mark.slow) if c in LOGIC_HEAVY else c for c in sorted(COMMANDS)]
)
def test_the_cluster_prints_the_lines_of_one_job(command, cluster, inputs, capsys):
    argv = COMMANDS[command](inputs)
    code, one = run(capsys, [*argv, "--jobs", "1"])
    assert len(one.splitlines()) >= 6
    assert run(capsys, [*argv, "--jobs", "2"]) == (code, one)
    assert run(capsys, [*argv, "--cluster", cluster[0]]) == (code, one)


@pytest.mark.slow
def test_the_logic_trace_is_the_same_on_the_cluster(cluster, inputs, tmp_path, capsys):
    traces = {}
    for name, option in (("one", ["--jobs", "1"]), ("cluster", ["--cluster", cluster[0]])):
        trace = tmp_path / f"{name}.jsonl"
        main(["logic", inputs["some"], "--trace", str(trace), *option])
        traces[name] = trace.read_text(encoding="utf-8")
    capsys.readouterr()
    assert traces["one"].count("\n") > 100
    assert traces["cluster"] == traces["one"]


def test_chunks_that_finish_out_of_order_come_back_in_order_a_window_ahead(cluster):
    pulled = []

    def stream():
        for value in range(60):
            pulled.append(value)
            yield value, 0.2 if value < 3 else 0.0  # the first chunk is the slowest

    with batch_workers(argparse.Namespace(cluster=cluster[0])):
        results = ordered_map(late_square, stream(), chunk=3)
        assert next(results) == 0
        assert len(pulled) <= 3 * 4  # at most 2 chunks per worker thread submitted
        assert list(results) == [v * v for v in range(1, 60)]


@pytest.mark.slow
def test_a_worker_killed_mid_run_costs_no_result(cluster):
    address, client = cluster
    client.wait_for_workers(2)
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        """Once the first window of chunks is done, SIGKILL a worker in the middle of a chunk."""
        seen: set[str] = set()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not killed:
            busy = {worker: keys for worker, keys in client.processing().items() if keys}
            seen.update(str(key) for keys in busy.values() for key in keys)
            if len(seen) > 6 and busy:
                worker = next(iter(busy))
                pid = client.run(os.getpid, workers=[worker])[worker]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.01)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        with batch_workers(argparse.Namespace(cluster=address)):
            results = list(ordered_map(late_square, [(value, 0.1) for value in range(40)], chunk=1))
    finally:
        killed.append(0)  # stops the killer if the run ended first
        killer.join()
    assert killed[0] != 0, "the run ended before a worker could be killed"
    assert results == [value * value for value in range(40)]  # none lost, none twice, in order


def interrupted(argv: list[str]) -> tuple[int, list[str], str, int]:
    """Run the CLI in its own session, Ctrl-C the whole group after the first line, like a terminal."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_workbench", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=REPO,
        start_new_session=True,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    first = proc.stdout.readline()
    os.killpg(proc.pid, signal.SIGINT)
    # Read the rest through the same buffered file that readline used, as test_cli_interrupt does:
    # communicate() reads the pipe itself and loses what readline had buffered beyond the first line
    # (whole lines, and an end of line that then shows up as an empty line).
    rest = proc.stdout.read()
    err = proc.stderr.read()
    return proc.wait(timeout=60), [first, *rest.splitlines()], err, proc.pid


def session_members(session: int) -> list[int]:
    alive = []
    for process in psutil.process_iter():
        try:
            if os.getsid(process.pid) == session and process.status() != psutil.STATUS_ZOMBIE:
                alive.append(process.pid)
        except (OSError, psutil.Error):
            continue
    return alive


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["rate", str(data_file("top1465.txt")), "--no-header"], r"[a-z_]+ \S+ \d+\n?"),
        (["generate", "--count", "2000", "--seed", "1"], r"[1-9.]{81} [a-z_]+\n?"),
    ],
)
def test_ctrl_c_on_a_local_cluster_exits_130_with_whole_lines_and_no_process_left(argv, line):
    code, lines, err, session = interrupted([*argv, "--cluster", "local:2"])
    assert code == 130
    # Dask may log its own warnings on a loaded machine; ours is the last line and there is no traceback.
    assert err.strip().splitlines()[-1] == f"sudoku-workbench {argv[0]}: interrupted"
    assert "Traceback" not in err
    assert lines
    assert all(re.fullmatch(line, text) for text in lines), (lines, err)
    deadline = time.monotonic() + 30
    while session_members(session) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert session_members(session) == []


@pytest.mark.slow
def test_ctrl_c_cancels_the_work_on_a_running_scheduler(cluster):
    address, client = cluster
    code, lines, err, _ = interrupted(
        ["rate", str(data_file("top1465.txt")), "--no-header", "--cluster", address]
    )
    assert code == 130
    assert "Traceback" not in err
    assert all(re.fullmatch(r"[a-z_]+ \S+ \d+\n?", line) for line in lines)
    deadline = time.monotonic() + 10
    while client.run_on_scheduler(_our_tasks) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert client.run_on_scheduler(_our_tasks) == 0


def _our_tasks(dask_scheduler) -> int:
    return sum(1 for key in dask_scheduler.tasks if "sudoku-workbench" in str(key))


@pytest.mark.parametrize("address", ["local:0", "local:", "local:two"])
def test_a_malformed_local_cluster_is_refused_in_one_line(address, inputs, capsys):
    assert main(["rate", inputs["some"], "--cluster", address]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err == f"sudoku-workbench rate: --cluster {address}: write local:N with N at least 1 worker process\n"
    )


def test_an_unreachable_scheduler_is_refused_in_one_line(monkeypatch, inputs, capsys):
    monkeypatch.setattr(_cluster, "CONNECT_TIMEOUT", 1)
    assert main(["rate", inputs["some"], "--cluster", "tcp://127.0.0.1:9"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(
        "sudoku-workbench rate: --cluster tcp://127.0.0.1:9: no Dask scheduler answers there"
    )


def test_without_dask_the_cluster_option_says_what_to_install(monkeypatch, inputs, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    assert main(["rate", inputs["some"], "--cluster", "local:2"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"sudoku-workbench rate: {INSTALL_HINT}\n"
    assert "pip install 'sudoku-workbench[cluster]'" in INSTALL_HINT


def test_quick_chunks_are_grouped_into_tasks_of_about_half_a_second():
    assert _cluster._group_size(0.0, 0) == 1  # nothing measured yet: one chunk a task
    assert _cluster._group_size(1.0, 100) == 50  # 10 ms a chunk
    assert _cluster._group_size(0.001, 1000) == _cluster.MAX_GROUP
    assert _cluster._group_size(30.0, 10) == 1  # slow chunks stay alone


def test_many_quick_items_come_back_complete_and_in_order(cluster):
    with batch_workers(argparse.Namespace(cluster=cluster[0])):
        assert list(ordered_map(abs, range(-3000, 0), chunk=2)) == list(range(3000, 0, -1))


@pytest.fixture
def stranger():
    """A TCP server on a free port that is not Dask: it says ``reply`` to each connection, then waits."""
    import socket

    server = socket.create_server(("127.0.0.1", 0))
    said: list[bytes] = [b""]
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                peer, _ = server.accept()
            except OSError:
                return
            held.append(peer)
            if said[0]:
                peer.sendall(said[0])

    threading.Thread(target=serve, daemon=True).start()

    def speaking(reply: bytes) -> str:
        said[0] = reply
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield speaking
    server.close()
    for peer in held:
        peer.close()


#: What a stranger says first: nothing, an HTTP answer (read by Dask as a length of exabytes), garbage.
STRANGERS = {
    "silent": b"",
    "http": b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
    "garbage": b"\xff" * 64,
    "empty message": b"\x00" * 8,
}


@pytest.mark.parametrize("kind", sorted(STRANGERS))
def test_a_server_that_is_not_dask_is_refused_in_one_line(kind, stranger, monkeypatch, inputs, capsys):
    monkeypatch.setattr(_cluster, "CONNECT_TIMEOUT", 1)  # the silent one is refused when it runs out
    address = stranger(STRANGERS[kind])
    assert main(["rate", inputs["some"], "--cluster", address]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"sudoku-workbench rate: --cluster {address}: ")


def test_an_http_server_gives_one_line_and_nothing_at_exit(stranger, inputs):
    address = stranger(STRANGERS["http"])
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "rate", inputs["some"], "--cluster", address],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=60,
    )
    assert done.returncode == 2
    expected = f"sudoku-workbench rate: --cluster {address}: the server there is not a Dask scheduler\n"
    assert done.stderr == expected


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "tcp://127.0.0.1:99999", "tcp://:8786", "tcp://host:port", "bogus://host:1"]
)
def test_a_malformed_scheduler_address_is_refused_in_one_line(address, inputs, capsys):
    assert main(["rate", inputs["some"], "--cluster", address]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"sudoku-workbench rate: --cluster {address}: ")
