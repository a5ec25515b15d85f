"""A real window: the program runs in a child process on its own Xvfb screen with openbox.

Frame geometry and focus exist only with a window manager, so these checks cannot run offscreen.
Xvfb picks a free display; a test is skipped when Xvfb, openbox, or Qt's xcb plugin is missing.
The folder lives outside tests/gui so the waits for the child are not counted as stalls of the UI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator

import pytest


@pytest.fixture
def window_manager(request: pytest.FixtureRequest) -> Iterator[str]:
    """An Xvfb screen of the size asked (``WxH``) with openbox running on it; yields its DISPLAY."""
    if not (shutil.which("Xvfb") and shutil.which("openbox")):
        pytest.skip("Xvfb and openbox are needed for a window manager check")
    read, write = os.pipe()
    screen = f"{request.param}x24"
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", screen], pass_fds=(write,))
    os.close(write)
    with os.fdopen(read) as answer:
        display = f":{answer.readline().strip()}"
    wm = subprocess.Popen(["openbox"], env={**os.environ, "DISPLAY": display})
    try:
        yield display
    finally:
        for process in (wm, xvfb):
            process.terminate()
            process.wait(10)
