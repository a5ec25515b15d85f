"""Inputs that can be read only once (a FIFO, a pipe), and an external solver that never returns.

A FIFO written and closed gives its data to the first opening only: a second one waits for a writer
that is gone. A pipe given as ``/dev/stdin`` is used up by the first reading. Each command runs in a
subprocess of its own session, so that a command that hangs is killed with all it started.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from sudoku_workbench.hcp.solver import LKH_ENV
from tests.hostile.files import EASY, EASY2, EASY3
from tests.hostile.test_streams import start

PUZZLES = "\n".join((EASY, EASY2, EASY3)) + "\n"
#: Seconds a command gets before the test calls it hung.
PATIENCE = 90


def finish(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of a run that must end by itself within :data:`PATIENCE`."""
    process = start(
        *argv,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(stdin, timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"{' '.join(argv)}: still running after {PATIENCE} s")
    return process.returncode, out.decode(), err.decode()


@pytest.fixture
def fifo(tmp_path: Path):
    """A FIFO that a writer fills with three puzzles and closes, once a reader has opened it."""
    path = tmp_path / "puzzles.fifo"
    os.mkfifo(path)
    writer = threading.Thread(target=path.write_text, args=(PUZZLES,), daemon=True)
    writer.start()
    yield path
    if writer.is_alive():  # no reader came: open one so that the writer ends
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        writer.join(5)
        os.close(descriptor)


def test_hcp_study_reads_a_fifo_once(fifo):
    code, out, err = finish("hcp-study", str(fifo), "--time-limit", "20", "--quiet", "--limit", "1")
    assert code == 0, err
    assert f"# {fifo}: 1 puzzles" in out, out


def test_bench_reads_a_fifo_once(fifo):
    code, out, err = finish("bench", str(fifo), "--runs", "1", "--sample", "2", "--task", "count")
    assert code == 0, err
    assert f"| {fifo.name} | 9x9 | 2 | count --limit 2 |" in out, out


@pytest.mark.parametrize("name", ["/dev/stdin", "-"])
def test_hcp_study_reads_standard_input_from_a_pipe(name):
    code, out, err = finish("hcp-study", name, "--time-limit", "20", "--quiet", stdin=(EASY + "\n").encode())
    assert code == 0, err
    assert ": 1 puzzles" in out, out
    assert re.search(r"^1\tgivens\t", out, re.MULTILINE), out


def test_an_lkh_that_never_returns_is_stopped_at_the_time_limit(tmp_path, monkeypatch):
    """A stand-in LKH that starts a child and waits for it: the child holds the pipes as well."""
    child = tmp_path / "child.pid"
    fake = tmp_path / "LKH"
    fake.write_text(f'#!/bin/sh\nsleep 600 &\necho $! > "{child}"\nwait\n')
    fake.chmod(0o755)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv(LKH_ENV, str(fake))
    monkeypatch.setenv("TMPDIR", str(scratch))
    try:
        code, _, err = finish("solve-hcp", EASY, "--solver", "lkh", "--time-limit", "2")
        assert code != 0, err
        spent = re.search(r"([\d.]+) s spent", err)
        assert spent is not None, err
        assert float(spent.group(1)) < 2 + 1, err
        assert list(scratch.iterdir()) == [], "the solver's temporary folder was left"
        assert _ends(int(child.read_text())), "the solver's child runs on"
    finally:
        if child.exists():
            _ends(int(child.read_text()), kill=True)


def _ends(pid: int, kill: bool = False) -> bool:
    """True when process ``pid`` is gone (or a zombie) within five seconds, killed first if asked."""
    stat = Path(f"/proc/{pid}/stat")
    for _ in range(50):
        try:
            if kill:
                os.kill(pid, signal.SIGKILL)
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return True
        except (ProcessLookupError, FileNotFoundError):
            return True
        time.sleep(0.1)
    return False
