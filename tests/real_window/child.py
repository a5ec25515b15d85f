"""Running the program's window in a child process on a screen the fixture made, and reading its answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def run_child(display: str, script: str, *args: str, timeout: float = 60) -> dict[str, Any]:
    """Run ``script`` with the window on ``display``; the JSON object its last line prints."""
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    run = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=Path(__file__).parents[2],
    )
    if run.returncode and "platform plugin" in run.stderr:
        pytest.skip(f"Qt's xcb plugin does not load: {run.stderr.splitlines()[0]}")
    assert run.returncode == 0, run.stderr
    found: dict[str, Any] = json.loads(run.stdout.splitlines()[-1])
    return found


def inside(inner: list[float], outer: list[float]) -> bool:
    """Whether the rectangle ``inner`` (x, y, width, height) lies within ``outer``."""
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh
