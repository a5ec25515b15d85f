"""Counts and sizes far beyond what a run can finish: it streams, stops when done, or refuses up front.

The subprocesses run under a 1 GB address-space limit, so a run that builds a list of everything it
was asked for fails here at once instead of taking the machine's memory.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import cast

import pytest

from tests.conftest import REPO, corpus_lines
from tests.hostile.test_streams import start as started

#: The address space a run may take (bytes): a Python process with the solvers loaded needs ~600 MB.
ADDRESS_SPACE = 1 << 30


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def start(*argv: str) -> subprocess.Popen[str]:
    """The command line under the address-space bound, its output read as text."""
    process = started(*argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_bounded)
    return cast("subprocess.Popen[str]", process)  # text=True: str, which the shared helper's type omits


@pytest.mark.parametrize("mode", [("--no-unique",), ("--se", "1-3")], ids=["classic", "target"])
def test_a_billion_puzzles_stream_and_head_gets_its_lines(mode):
    """`generate --count 1000000000 | head -3`: the first lines come at once, and closing the pipe ends it."""
    proc = start("generate", "--count", "1000000000", "--seed", "3", "--jobs", "1", *mode)
    assert proc.stdout is not None
    started = time.monotonic()
    lines = [proc.stdout.readline() for _ in range(3)]
    assert all(lines), proc.communicate(timeout=60)
    assert time.monotonic() - started < 30
    proc.stdout.close()  # as head does after its lines
    assert proc.wait(timeout=60) == 0
    assert proc.stderr is not None
    assert "Traceback" not in proc.stderr.read()


def screenshot(tmp_path, *argv: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``gui --screenshot`` with ``argv``, offscreen, its run and its picture's path."""
    shot = tmp_path / "shot.png"
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "gui", *argv, "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        preexec_fn=_bounded,
    )
    return done, shot


def test_a_billion_steps_stop_when_the_puzzle_is_solved(tmp_path):
    puzzle = tmp_path / "four.txt"
    puzzle.write_text(corpus_lines("four_vu100.txt", 1)[0] + "\n")
    done, shot = screenshot(tmp_path, str(puzzle), "--steps", "1000000000")
    assert done.returncode == 0, done.stderr
    from PySide6.QtGui import QImage

    steps = int(QImage(str(shot)).text("step"))
    assert 0 < steps <= puzzle.read_text().count(".")  # a 4x4 is solved by singles, one a cell


@pytest.mark.parametrize("size", ["10000x10000", "4097x800", "800x4097"])
def test_a_huge_window_is_refused_up_front(size, tmp_path):
    started = time.monotonic()
    done, shot = screenshot(tmp_path, "--size", size)
    assert done.returncode == 2
    assert "each side 1 to 4096 pixels" in done.stderr, done.stderr
    assert not shot.exists()
    assert time.monotonic() - started < 20


def finished(proc: subprocess.Popen[str], seconds: float) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``proc``, which must end within ``seconds`` (else it is killed)."""
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"still running after {seconds} s")
    return proc.returncode, out, err


def test_a_target_on_a_25x25_keeps_to_its_budget():
    """One attempt on a 25x25 (drawn, then rated with forcing nets) takes minutes; the budget ends it."""
    started = time.monotonic()
    argv = ("--size", "25", "--needs", "forcing_net", "--budget", "2", "--seed", "1", "--jobs", "1")
    code, out, err = finished(start("generate", *argv), 30)
    assert code == 2, err
    assert "found in 2 s" in err
    assert [line for line in out.splitlines() if not line.startswith("#")] == []  # the header alone
    assert time.monotonic() - started < 20


def test_count_answers_a_blank_6x6_at_once_and_refuses_a_blank_9x9(tmp_path):
    """One by one, a blank 6x6 has 28,200,960 solutions (minutes); count-grids' reductions take a moment."""
    blanks = tmp_path / "blanks.txt"
    blanks.write_text("." * 36 + "\n" + "." * 81 + "\n")
    code, out, err = finished(start("count", str(blanks)), 30)
    assert code == 1, err
    assert out.splitlines() == ["28200960", "invalid puzzle"]
    assert "record 2: a blank 9x9 (3x3 boxes) grid has every grid of its shape" in err
    assert "give --limit" in err


def test_count_grids_without_reductions_shows_its_progress():
    proc = start("count-grids", "--box", "2x3", "--reduction", "none", "--progress")
    assert proc.stderr is not None
    try:
        shown = proc.stderr.read(40)  # the counter's first drawing, within the first 4,096 nodes
    finally:
        proc.kill()
        proc.communicate()
    assert "search nodes" in shown, shown
