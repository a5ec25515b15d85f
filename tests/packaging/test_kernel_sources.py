"""Every C file of the compiled kernels reaches every build.

A kernel split over several files fails quietly when one is left out: setup.py's extensions are
optional, so a missing source or header only shows as a slower, pure-Python Logic. So each ``.c`` file
must be a source of exactly one extension, and each header it includes (directly or through another
header) one of that extension's ``depends`` and package data, so that an sdist can build it.
"""

from __future__ import annotations

import os
import re
import runpy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


@pytest.fixture
def extensions(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The extensions setup.py declares, read by running it with setup() only recording its arguments."""
    declared: dict[str, list[Any]] = {}
    monkeypatch.setattr("setuptools.setup", lambda **arguments: declared.update(arguments))
    runpy.run_path(str(REPO / "setup.py"))
    return declared["ext_modules"]


def _headers(source: str) -> set[str]:
    """The repository paths of the local headers a C file includes, directly or through a header."""
    found: set[str] = set()
    waiting = [source]
    while waiting:
        path = waiting.pop()
        for name in INCLUDE.findall((REPO / path).read_text()):
            header = os.path.normpath(os.path.join(os.path.dirname(path), name))
            if header not in found:
                found.add(header)
                waiting.append(header)
    return found


def _package_data() -> set[str]:
    """The repository paths of the files pyproject.toml ships as package data, patterns expanded."""
    listed = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    return {
        str(path.relative_to(REPO))
        for package, patterns in listed.items()
        for pattern in patterns
        for path in (REPO / Path(*package.split("."))).glob(pattern)
    }


def test_every_c_file_is_a_source_of_exactly_one_extension(extensions):
    sources = sorted(source for extension in extensions for source in extension.sources)
    on_disk = sorted(str(path.relative_to(REPO)) for path in (REPO / "sudoku_workbench").rglob("*.c"))
    assert sources == on_disk


def test_every_included_header_is_a_dependency_and_package_data(extensions):
    shipped = _package_data()
    for extension in extensions:
        needed = set().union(*(_headers(source) for source in extension.sources))
        assert needed <= set(extension.depends), extension.name
        assert needed <= shipped, extension.name
