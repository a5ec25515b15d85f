"""README "Extending the workbench": the checklists for a command and a file format stay true.

The rule checklist is kept by tests/logic/test_rule_table.py and tests/techniques/test_reference.py,
the menu action checklist by tests/gui/test_actions_connected.py.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from sudoku_workbench.cli import build_parser
from sudoku_workbench.core import Grid
from sudoku_workbench.formats import parse_line
from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, PUZZLE_SUFFIXES, read_file, write_file
from tests.conftest import corpus_lines

README = Path(__file__).resolve().parents[1] / "README.md"


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _commands() -> list[str]:
    subparsers = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(subparsers.choices)


def test_every_command_has_a_row_in_the_readme_table():
    table = [line for line in _section("Command line").splitlines() if line.startswith("| `")]
    named = {word.split()[0] for line in table for word in re.findall(r"`([^`]+)`", line.split(" | ")[0])}
    assert set(_commands()) - named == set()


def test_the_readme_table_check_can_fail():
    """A command the table does not name is found missing (the check above is not vacuous)."""
    table = _section("Command line")
    assert "`no-such-command`" not in table
    assert "no-such-command" not in _commands()
    assert len(_commands()) > 10


def test_the_extending_section_names_each_checklist():
    section = _section("Extending the workbench")
    for heading in ("### A rule", "### A menu action", "### A file format", "### A command"):
        assert heading in section


def _first_line(path: Path) -> str:
    return next(line for line in path.read_text(encoding="utf-8").splitlines() if line and line[0] != "#")


DATA = Path(__file__).resolve().parent / "data"
GRIDS = [
    parse_line(corpus_lines("top95.txt", 1)[0]),
    *(parse_line(_first_line(DATA / name)) for name in ("sixbysix_generated.txt", "sixteen_generated.txt")),
]


@pytest.mark.parametrize("suffix", PUZZLE_SUFFIXES + DOCUMENT_SUFFIXES)
@pytest.mark.parametrize("grid", GRIDS, ids=["9x9", "6x6", "16x16"])
def test_every_format_written_is_read_back(tmp_path: Path, suffix: str, grid: Grid):
    path = tmp_path / f"puzzle{suffix}"
    write_file(path, grid)
    assert read_file(path) == grid
