"""The cases that need real descriptors: a shell's redirections, pipes, /dev/full, closed streams, SIGTERM.

Each runs the command line in a subprocess, as a shell would start it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_workbench.formats.atomic import TEMP_PREFIX
from tests.conftest import REPO
from tests.hostile.files import EASY, EASY2, EASY3

PUZZLES = "\n".join((EASY, EASY2, EASY3)) + "\n"


def start(*argv: str, **kwargs) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-m", "sudoku_workbench", *argv], env=env, **kwargs)


def run(*argv: str, **kwargs) -> tuple[int, bytes, str]:
    kwargs.setdefault("stdout", subprocess.PIPE)
    process = start(*argv, stderr=subprocess.PIPE, **kwargs)
    out, err = process.communicate(timeout=120)
    return process.returncode, out or b"", err.decode()


@pytest.fixture
def puzzles(tmp_path: Path) -> str:
    path = tmp_path / "three.txt"
    path.write_text(PUZZLES)
    return str(path)


def test_trace_to_dev_stdout_redirected_appends_to_the_shells_file(puzzles, tmp_path):
    """`logic FILE --trace /dev/stdout > out.txt`: results and trace both land in out.txt."""
    out = tmp_path / "out.txt"
    with out.open("wb") as handle:
        code, _, err = run("logic", puzzles, "--trace", "/dev/stdout", stdout=handle)
    text = out.read_text()
    assert code == 0, err
    assert text.count(" solved") == 3, text[:500]
    assert '"rule"' in text


def test_trace_to_dev_stdout_through_a_pipe(puzzles):
    code, out, err = run("logic", puzzles, "--trace", "/dev/stdout")
    assert code == 0, err
    assert out.decode().count(" solved") == 3
    assert b'"rule"' in out


def test_export_to_dev_stdout_appends_after_what_the_file_held(tmp_path):
    out = tmp_path / "out.hcp"
    out.write_text("kept\n")
    with out.open("ab") as handle:
        code, _, err = run("export-hcp", EASY, "-o", "/dev/stdout", stdout=handle)
    assert code == 0, err
    text = out.read_text()
    assert text.startswith("kept\n")
    assert "TYPE : HCP" in text


@pytest.mark.parametrize(
    "command", [("solve", "{p}"), ("count", "{p}"), ("logic", "{p}"), ("hcp-stats", "{p}")]
)
def test_stdout_on_a_full_disk(command, puzzles):
    argv = [a.replace("{p}", puzzles) for a in command]
    with open("/dev/full", "wb") as full:
        code, _, err = run(*argv, stdout=full)
    assert code == 2, err
    assert "Traceback" not in err, err
    assert "Exception ignored" not in err, err
    assert "standard output (the disk is full)" in err, err


@pytest.mark.parametrize("command", ["solve", "count", "logic", "rate"])
def test_stdout_closed(command, puzzles):
    code, _, err = run(command, puzzles, stdout=None, preexec_fn=lambda: os.close(1))
    assert code == 2, err
    assert "Traceback" not in err, err
    assert "Exception ignored" not in err, err
    assert "standard output is closed" in err


@pytest.mark.parametrize("command", ["solve", "count", "check", "logic", "rate", "export-dimacs"])
def test_stdin_closed(command):
    extra = ["--cnf", "-o", "-"] if command == "export-dimacs" else []
    code, _, err = run(command, "-", *extra, preexec_fn=lambda: os.close(0))
    assert code == 2, err
    assert "Traceback" not in err, err
    assert "standard input is closed" in err


def test_sigterm_during_a_trace_leaves_no_temporary_file(tmp_path):
    """SIGTERM as the command line handles it (a clean exit) while the trace is being written."""
    source = REPO / "tests" / "data" / "top1465.txt"
    trace = tmp_path / "trace.jsonl"
    script = (
        "import signal, sys\n"
        "signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))\n"
        "from sudoku_workbench.cli import main\n"
        f"sys.exit(main(['logic', {str(source)!r}, '--trace', {str(trace)!r}]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-c", script], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        for _ in range(6000):  # wait (at most about a minute) for the writer's temporary file
            if any(p.name.startswith(TEMP_PREFIX) for p in tmp_path.iterdir()) or process.poll() is not None:
                break
            time.sleep(0.01)
        assert process.poll() is None, "the run ended before it could be stopped"
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 143
    assert [p.name for p in tmp_path.iterdir()] == [], "a temporary file (or a partial trace) was left"
