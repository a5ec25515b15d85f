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

import pytest

from tests.conftest import REPO

#: The address space a run may take (bytes): a Python process with the solvers loaded needs ~600 MB.
ADDRESS_SPACE = 1 << 30


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_workbench", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        preexec_fn=_bounded,
    )


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
