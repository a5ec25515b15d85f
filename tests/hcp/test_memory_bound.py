"""The HCP commands stay within 300 MB on a near-empty 25x25 (issue 45, item 6).

``export-hcp`` took 379 MB there and ``solve-hcp`` 871 MB (CP-SAT on 281,047 arcs). Now the export
keeps less of the reduction, and CP-SAT is refused a graph beyond its stated bound before it starts.
The peak is the resident memory of the command's process, sampled while it runs.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_workbench.hcp.cpsat import MAX_ARCS_MB
from tests.conftest import sparse_grid

psutil = pytest.importorskip("psutil")  # comes with Dask, in the test extra
pytestmark = pytest.mark.slow

BOUND_MB = 300


@pytest.fixture(scope="module")
def near_empty_25(tmp_path_factory) -> Path:
    """30 digits of a 25x25 solution, as a puzzle file."""
    grid = sparse_grid(25, 30)
    path = tmp_path_factory.mktemp("bound") / "near-empty-25.txt"
    path.write_text(grid.to_line() + "\n", encoding="utf-8")
    return path


def _peak_mb(args: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run the command; its largest resident set in MB, sampled every 20 ms, and how it ended."""
    command = [sys.executable, "-m", "sudoku_workbench", *args]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        watched, peak = psutil.Process(process.pid), 0
        while process.poll() is None:
            try:
                peak = max(peak, watched.memory_info().rss)
            except psutil.Error:
                break
            time.sleep(0.02)
        out, err = process.communicate(timeout=300)
    return peak / 2**20, subprocess.CompletedProcess(command, process.returncode, out, err)


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
