"""The window's whole frame, title bar included, and its status bar within the screen's work area.

This needs a real window manager: the window runs in a child process on its own Xvfb screen with
openbox (Xvfb picks a free display), and the test is skipped when either program, or Qt's xcb plugin,
is missing. It lives outside tests/gui so the wait for the child is not counted as a stall of the UI.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

#: Run in the child: show the window as the program does, wait for the frame, print the geometry.
_CHILD = """
import json, sys, time
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.storage import Storage
window = MainWindow(Storage(Path(sys.argv[1])))
window.show_on_screen()
deadline = time.monotonic() + 10
while time.monotonic() < deadline and window.frameGeometry() == window.geometry():
    app.processEvents()
for _ in range(50):  # the fit after the frame arrived, and the window manager's answer to it
    app.processEvents()
    time.sleep(0.01)
bar = window.statusBar()
status = bar.geometry().translated(bar.parentWidget().mapToGlobal(bar.parentWidget().rect().topLeft()))
rects = {"frame": window.frameGeometry(), "area": window.screen().availableGeometry(), "status": status}
print(json.dumps({k: [r.x(), r.y(), r.width(), r.height()] for k, r in rects.items()}))
window.session.dirty = False
window.close()
"""


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


@pytest.mark.parametrize("window_manager", ["1280x800", "1024x768"], indirect=True)
def test_the_frame_and_status_bar_fit_the_work_area(window_manager: str, tmp_path: Path) -> None:
    env = {**os.environ, "DISPLAY": window_manager, "QT_QPA_PLATFORM": "xcb"}
    run = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tmp_path)], env=env, capture_output=True, text=True, timeout=60
    )
    if run.returncode and "platform plugin" in run.stderr:
        pytest.skip(f"Qt's xcb plugin does not load: {run.stderr.splitlines()[0]}")
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout.splitlines()[-1])
    assert _inside(found["frame"], found["area"]), found
    assert _inside(found["status"], found["area"]), found


def _inside(inner: list[int], outer: list[int]) -> bool:
    """Whether the rectangle ``inner`` (x, y, width, height) lies within ``outer``."""
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh
