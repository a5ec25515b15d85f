"""Every command stays within 300 MB on a near-empty 25x25 (issue 45, item 6).

Before: ``logic``, ``rate`` and ``soundness`` took 510–520 MB there, ``rate --scale se`` 670 MB,
``export-hcp`` 379 MB and ``solve-hcp`` 871 MB (CP-SAT on 281,047 arcs). The peak is the resident
memory of the command's process and its children, sampled while it runs. Some of these commands work
on such a grid for minutes (a 25x25 with 30 givens has a vast search); they are watched for a window of
seconds, past the start-up where the old peaks came, and then stopped with Ctrl-C, which must end them
cleanly.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sudoku_workbench.hcp.cpsat import MAX_ARCS_MB
from tests.conftest import sparse_grid

psutil = pytest.importorskip("psutil")  # comes with Dask, in the test extra
pytestmark = pytest.mark.slow

BOUND_MB = 300
#: How long a command that is still working is watched before it is stopped.
WINDOW_S = 12.0


@pytest.fixture(scope="module")
def near_empty_25(tmp_path_factory) -> Path:
    """30 digits of a 25x25 solution, as a puzzle file."""
    grid = sparse_grid(25, 30)
    path = tmp_path_factory.mktemp("bound") / "near-empty-25.txt"
    path.write_text(grid.to_line() + "\n", encoding="utf-8")
    return path


def _resident(process: Any) -> int:
    """Bytes resident in the process and its children (the ``--jobs`` workers)."""
    total = process.memory_info().rss
    for child in process.children(recursive=True):
        try:
            total += child.memory_info().rss
        except psutil.Error:
            continue
    return total


def _peak_mb(args: list[str], window: float = 300.0) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run the command, stopped by Ctrl-C after ``window`` seconds; its largest resident set in MB
    (sampled every 20 ms) and how it ended."""
    command = [sys.executable, "-m", "sudoku_workbench", *args]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        watched, peak, start = psutil.Process(process.pid), 0, time.monotonic()
        while process.poll() is None and time.monotonic() - start < window:
            try:
                peak = max(peak, _resident(watched))
            except psutil.Error:
                break
            time.sleep(0.02)
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    return peak / 2**20, subprocess.CompletedProcess(command, process.returncode, out, err)


#: Every command that reads a puzzle, as it is run on the grid ('{}' is the file, '{2}' one holding it
#: twice, for two workers); the HCP ones below.
COMMANDS = {
    "logic": ["logic", "{}"],
    "rate": ["rate", "{}"],
    "rate-se": ["rate", "--scale", "se", "{}"],
    "soundness": ["soundness", "{}"],
    "solve": ["solve", "{}"],
    "count": ["count", "{}"],
    "check": ["check", "{}"],
    "true-candidates": ["true-candidates", "{}"],
    "redundant-clues": ["redundant-clues", "{}"],
    "anneal": ["anneal", "{}"],
    "export-dimacs": ["export-dimacs", "--cnf", "-o", "-", "{}"],
    "hcp-stats": ["hcp-stats", "{}"],
    "hcp-study": ["hcp-study", "{}"],
    "logic-jobs": ["logic", "--jobs", "2", "{2}"],
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_on_a_near_empty_25x25_stays_in_bound(name, near_empty_25, tmp_path):
    twice = tmp_path / "twice.txt"
    twice.write_text(near_empty_25.read_text(encoding="utf-8") * 2, encoding="utf-8")
    files = {"{}": str(near_empty_25), "{2}": str(twice)}
    args = [files.get(arg, arg) for arg in COMMANDS[name]]
    peak, done = _peak_mb(args, WINDOW_S)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1, 130), done.stderr  # done, a puzzle found wanting, or stopped by Ctrl-C
    assert peak <= BOUND_MB, f"{name} peaked at {peak:.0f} MB"


def test_generating_a_25x25_stays_in_bound():
    peak, done = _peak_mb(["generate", "--size", "25", "--seed", "1"], WINDOW_S)
    assert "Traceback" not in done.stderr, done.stderr
    assert peak <= BOUND_MB, f"generate --size 25 peaked at {peak:.0f} MB"


def test_export_hcp_of_a_near_empty_25x25_stays_in_bound(near_empty_25, tmp_path):
    peak, done = _peak_mb(["export-hcp", str(near_empty_25), "-o", str(tmp_path / "out.hcp")])
    assert done.returncode == 0, done.stderr
    assert "vertices" in done.stderr
    assert (tmp_path / "out.hcp").stat().st_size > 1_000_000
    assert peak <= BOUND_MB, f"export-hcp peaked at {peak:.0f} MB"


def test_solve_hcp_refuses_a_graph_beyond_cp_sats_bound_up_front(near_empty_25):
    assert MAX_ARCS_MB <= BOUND_MB
    peak, done = _peak_mb(["solve-hcp", str(near_empty_25), "--time-limit", "60"])
    assert done.returncode == 2
    assert "281,047 arcs: CP-SAT takes at most" in done.stderr
    assert "Traceback" not in done.stderr
    assert peak <= BOUND_MB, f"solve-hcp peaked at {peak:.0f} MB"
