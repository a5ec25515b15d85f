"""Resources reach the wheel and are found through importlib.resources from every kind of install."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile

import pytest

from tests.conftest import REPO

EXPECTED = (
    "icons/sudoku-workbench.svg",
    "icons/sudoku-workbench-256.png",
    "puzzles/newspaper-easy.sdk",
    "puzzles/hard-top95-first.txt",
    "puzzles/sixteen-by-sixteen.txt",
    "puzzles/six-by-six.txt",
    "techniques/examples.json",
    "techniques/index.md",
    "techniques/full_house.md",
    "techniques/full_house.png",
)

# Run in a fresh interpreter so the lookup sees only what the install provides.
PROBE = (
    "import importlib.resources as r, sys\n"
    "root = r.files('sudoku_workbench.resources')\n"
    "missing = [name for name in sys.argv[1:] if not root.joinpath(name).is_file()]\n"
    "print('missing:', missing)\n"
    "sys.exit(1 if missing else 0)\n"
)


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(path.parent.relative_to(REPO).parts)
        for path in (REPO / "sudoku_workbench").rglob("__init__.py")
    }
    data_folders = {
        f"sudoku_workbench.resources.{path.name}"
        for path in (REPO / "resources").iterdir()
        if path.is_dir() and path.name not in {"screenshots", "__pycache__"}
    }
    assert on_disk | {"sudoku_workbench.resources"} | data_folders == listed


@pytest.mark.slow
def test_the_wheel_carries_the_resources_and_finds_them(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "wheel"), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"sudoku_workbench/resources/{name}" for name in EXPECTED} <= names
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, *EXPECTED], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert probe.returncode == 0, probe.stdout + probe.stderr


def test_the_development_install_finds_the_resources(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = subprocess.run(
        [sys.executable, "-c", "import sudoku_workbench; print(sudoku_workbench.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        pytest.skip("the package is not installed in this interpreter (run through `make test`)")
    if not found.stdout.strip().startswith(str(REPO)):
        pytest.skip(f"the installed package is another checkout ({found.stdout.strip()}), not this one")
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, *EXPECTED], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert probe.returncode == 0, probe.stdout + probe.stderr
