"""The window names the system package to install instead of letting Qt abort without a hint."""

from __future__ import annotations

import subprocess
import sys

from sudoku_workbench.gui.display_check import XCB_LIBRARIES, display_problem
from tests.conftest import REPO

X11 = {"DISPLAY": ":0"}


def test_a_missing_xcb_library_names_its_debian_package():
    problem = display_problem(X11, "linux", loads=lambda name: name != "libxcb-cursor.so.0")
    assert problem is not None
    assert "apt-get install libxcb-cursor0" in problem


def test_every_missing_library_is_listed_once():
    problem = display_problem(X11, "linux", loads=lambda name: False)
    assert problem is not None
    for package in set(XCB_LIBRARIES.values()):
        assert f" {package}" in problem


def test_no_complaint_when_everything_loads_or_qt_is_told_another_platform():
    assert display_problem(X11, "linux", loads=lambda name: True) is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", loads=lambda name: False) is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux", loads=lambda name: False) is None
    assert display_problem({}, "darwin", loads=lambda name: False) is None


def test_no_display_says_how_to_get_a_picture_instead():
    problem = display_problem({}, "linux", loads=lambda name: True)
    assert problem is not None
    assert "DISPLAY" in problem
    assert "--screenshot" in problem


def test_the_window_exits_with_the_message_and_no_qt_abort(tmp_path):
    env = {"PYTHONPATH": str(REPO), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "gui"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "DISPLAY is not set" in done.stderr
    assert "Traceback" not in done.stderr
