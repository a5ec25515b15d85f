"""Walks through the window with real key presses and clicks (xdotool), on a screen with a window manager.

Each was a trip of the window's third pass (issue 44): Ctrl+V replacing unsaved work unasked (item 2),
Ctrl+N dead while a 16x16 board has focus (item 8), the Search tree dock growing a maximized window
past the work area, not closing on its shortcut and keeping the old puzzle's tree (item 9), and the
popped-out graph pane covering the Logic and Step buttons (item 9).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.real_window.child import inside, run_child


def _walk(display: str, folder: Path, story: str) -> dict[str, Any]:
    if not shutil.which("xdotool"):
        pytest.skip("xdotool is needed to send real key and mouse events")
    return run_child(
        display, "from tests.real_window.walk import main; main()", str(folder), story, timeout=90
    )


@pytest.mark.parametrize("window_manager", ["1280x800"], indirect=True)
def test_shortcuts_ask_before_replacing_work_and_reach_a_16x16_board(
    window_manager: str, tmp_path: Path
) -> None:
    seen = _walk(window_manager, tmp_path, "shortcuts")
    assert seen["typed_makes_dirty"], seen
    assert seen["paste_asks"], seen  # a question, as Open and New ask
    assert seen["paste_cancelled_keeps_the_work"], seen
    assert seen["ctrl_n_on_16x16"] == "New puzzle", seen
    assert seen["tree_open"], seen
    assert seen["tree_shown"], seen
    assert inside(seen["maximized"], seen["area"]), seen  # was 843 px tall on a 781 px area
    assert seen["tree_closed_again"], seen
    assert not seen["tree_after_new"], seen


def _overlap(a: list[int], b: list[int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("window_manager", ["1024x768", "1280x800"], indirect=True)
def test_the_popped_out_graph_pane_leaves_logic_and_step_free(window_manager: str, tmp_path: Path) -> None:
    seen = _walk(window_manager, tmp_path, "pop_out")
    assert seen["floating"], seen
    assert inside(seen["pane"], seen["area"]), seen
    for name, button in seen["buttons"].items():
        assert not _overlap(seen["pane"], button), (name, seen)
