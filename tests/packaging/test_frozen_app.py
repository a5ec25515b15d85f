"""`make dist`'s PyInstaller spec builds an app that lists every subcommand and renders a screenshot."""

from __future__ import annotations

import importlib.util
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_workbench.cli import build_parser
from tests.conftest import REPO

pytestmark = pytest.mark.slow

SPEC = REPO / "packaging" / "sudoku-workbench.spec"
PUZZLE = REPO / "resources" / "puzzles" / "newspaper-easy.sdk"


def _subcommands() -> list[str]:
    """The subcommand names the source tree's parser registers (the frozen app must list the same)."""
    actions = [a for a in build_parser()._actions if a.dest == "command"]
    return sorted(actions[0].choices)  # type: ignore[arg-type]


def _png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (fails on anything that is not a PNG)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        print("PyInstaller is not installed: the frozen app is not built")
        pytest.skip("PyInstaller is not installed (pip install -e '.[dist]')")
    work = tmp_path_factory.mktemp("pyinstaller")
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(SPEC)],
        cwd=REPO, capture_output=True, text=True, check=False, timeout=1200,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr[-3000:]
    app = work / "dist" / "sudoku-workbench" / "sudoku-workbench"
    assert app.is_file()
    return app


def test_frozen_help_lists_every_subcommand(frozen_app: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(frozen_app), "--help"], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    listed = result.stdout
    missing = [name for name in _subcommands() if f" {name} " not in listed and f" {name}\n" not in listed]
    assert not missing, f"the frozen app does not discover {missing}"


def test_frozen_app_solves_from_the_command_line(frozen_app: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(frozen_app), "solve", str(PUZZLE)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.split()
    assert len(line) == 81
    assert "." not in line


def test_frozen_gui_writes_a_screenshot_offscreen(frozen_app: Path, tmp_path: Path) -> None:
    out = tmp_path / "frozen.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)}
    result = subprocess.run(
        [str(frozen_app), "gui", str(PUZZLE), "--screenshot", str(out), "--size", "1280x800"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert out.stat().st_size > 10_000
    assert _png_size(out) == (1280, 800)
