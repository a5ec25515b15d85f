"""Entry points: the screenshot mode of ``sudoku-workbench gui``, image export, About."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QFileDialog

from tests.conftest import REPO
from tests.gui.test_editing import trigger
from tests.gui.test_logic import HARD, trigger_paste


def test_screenshot_mode_renders_the_window_in_the_asked_state(tmp_path, artifacts_dir):
    puzzle = tmp_path / "hard.txt"
    puzzle.write_text(HARD + "\n", encoding="utf-8")
    out = artifacts_dir / "gui-screenshot-cli.png"
    out.unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "sudoku_workbench", "gui", str(puzzle), "--screenshot", str(out)]
    command += ["--logic", "--steps", "4", "--graph", "bivalue", "--size", "1200x760"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1200, 760)


def test_a_bad_file_in_screenshot_mode_is_an_error(tmp_path):
    puzzle = tmp_path / "bad.txt"
    puzzle.write_text("12345\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    command = [
        sys.executable,
        "-m",
        "sudoku_workbench",
        "gui",
        str(puzzle),
        "--screenshot",
        str(tmp_path / "x.png"),
    ]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert "bad.txt" in result.stderr
    assert "line 1" in result.stderr
    assert "found 5" in result.stderr


def test_export_image_png_and_svg(qtbot, window, monkeypatch, tmp_path):
    trigger_paste(qtbot, window, HARD)
    for name in ("board.png", "board.svg"):
        path = tmp_path / name
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, p=path, **k: (str(p), ""))
        trigger(window, "export_image")
        assert path.stat().st_size > 1000
    assert QImage(str(tmp_path / "board.png")).width() == window.board.width()
    assert "<svg" in (tmp_path / "board.svg").read_text(encoding="utf-8")


def test_about_opens_from_the_help_menu(qtbot, window, monkeypatch):
    shown = []
    monkeypatch.setattr(QDialog, "exec", lambda self: shown.append(self.windowTitle()))
    trigger(window, "about")
    assert shown == ["About Sudoku Workbench"]


def test_dark_theme_switches_the_palette_and_back(qtbot, window, shot):
    from PySide6.QtGui import QPalette

    from sudoku_workbench.gui.board.drawing.paint import is_dark

    trigger_paste(qtbot, window, HARD)
    action = window.acts["dark"]
    was_dark = action.isChecked()
    try:
        if not was_dark:
            trigger(window, "dark")
        qtbot.waitUntil(lambda: is_dark(window.board.palette()), timeout=2000)
        assert window.board.palette().color(QPalette.ColorRole.Text).lightnessF() > 0.7
        shot(window, "dark-theme")
    finally:
        action.setChecked(False)
    qtbot.waitUntil(lambda: not is_dark(window.board.palette()), timeout=2000)


def test_at_twice_the_pixel_density_the_window_is_drawn_at_full_resolution(tmp_path):
    """High-DPI: with a scale factor of 2 the picture has twice the pixels and detail in each of them.

    A window drawn at 1x and blown up would repeat every pixel in 2x2 blocks; real 2x drawing (text,
    candidates, antialiased lines) makes many aligned 2x2 blocks uneven.
    """
    out = tmp_path / "dpr2.png"
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    puzzle = REPO / "resources" / "puzzles" / "newspaper-easy.sdk"
    command = [sys.executable, "-m", "sudoku_workbench", "gui", str(puzzle), "--screenshot", str(out)]
    command += ["--size", "1100x700"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (2200, 1400)
    uneven = sum(
        1
        for y in range(0, 1400, 8)
        for x in range(0, 2200, 8)
        if len({image.pixel(x, y), image.pixel(x + 1, y), image.pixel(x, y + 1), image.pixel(x + 1, y + 1)})
        > 1
    )
    assert uneven > 0.04 * (1400 // 8) * (2200 // 8), uneven
