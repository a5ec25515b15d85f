"""The layer contracts of DESIGN.md hold, and each of them is shown to catch a deliberate violation."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _copy_tree(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "sudoku_workbench", tmp_path / "sudoku_workbench")
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_real_tree_keeps_every_contract(tmp_path):
    result = _lint_imports(_copy_tree(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "violation", "contract"),
    [
        ("core/cancel.py", "import PySide6\n", "Only the GUI imports Qt"),
        ("formats/text.py", "import networkx\n", "core and formats use the standard library only"),
        ("core/errors.py", "import sudoku_workbench.logic\n", "Layers"),
    ],
)
def test_each_contract_catches_a_deliberate_violation(tmp_path, module, violation, contract):
    root = _copy_tree(tmp_path)
    target = root / "sudoku_workbench" / module
    target.write_text(target.read_text() + violation)
    result = _lint_imports(root)
    assert result.returncode != 0
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert any(line.startswith(contract) for line in broken), result.stdout
