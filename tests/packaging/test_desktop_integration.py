"""The freedesktop entry and the AppStream metainfo are valid and point at things that exist."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import tomllib

import pytest

from tests.conftest import REPO

PACKAGING = REPO / "packaging"
DESKTOP = PACKAGING / "org.sudokuworkbench.SudokuWorkbench.desktop"
METAINFO = PACKAGING / "org.sudokuworkbench.SudokuWorkbench.metainfo.xml"


def _validator(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (Debian: desktop-file-utils / appstream); not validated")
    return path


def test_desktop_file_passes_desktop_file_validate():
    result = subprocess.run(
        [_validator("desktop-file-validate"), str(DESKTOP)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout


def test_metainfo_passes_appstreamcli_validate():
    result = subprocess.run(
        [_validator("appstreamcli"), "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_desktop_entry_names_our_command_and_an_existing_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(DESKTOP, encoding="utf-8")
    section = entry["Desktop Entry"]
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert section["Exec"].split()[0] in scripts
    assert (REPO / "resources" / "icons" / f"{section['Icon']}.svg").is_file()
    assert f'<launchable type="desktop-id">{DESKTOP.name}</launchable>' in METAINFO.read_text()
