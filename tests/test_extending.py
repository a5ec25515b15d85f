"""The "Extending the workbench" page: the checklists for a command and a file format stay true.

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
from tests.docs_site import hooks, page, rendered


def _commands() -> list[str]:
    subparsers = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(subparsers.choices)


def _reference(parser: argparse.ArgumentParser) -> str:
    return str(hooks().command_reference(parser))


def test_every_command_and_option_is_in_the_command_reference():
    """The reference page is made from the parsers: every command has its section, every option its line."""
    parser = build_parser()
    reference = _reference(parser)
    headings = set(re.findall(r"^##+ `([^`]+)`", reference, re.MULTILINE))
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subparsers.choices.items():
        assert name in headings
        inner = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
        assert all(f"{name} {child}" in headings for action in inner for child in action.choices)
        options = [o for a in sub._actions for o in a.option_strings if o.startswith("--")]
        missing = [o for o in options if o not in reference]
        assert not missing, f"{name}: the reference lacks {missing}"


def test_the_command_reference_check_can_fail():
    """A command added to the parser appears in the reference; one it lacks is missed (not vacuous)."""
    parser = build_parser()
    assert "no-such-command" not in _commands()
    assert "`no-such-command`" not in _reference(parser)
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    extra = subparsers.add_parser("no-such-command", help="a command made up for this test")
    extra.add_argument("--made-up-option", help="an option made up for this test")
    reference = _reference(parser)
    assert "## `no-such-command`" in reference
    assert "--made-up-option" in reference
    assert len(_commands()) > 10


def test_the_command_page_is_filled_from_the_parsers():
    assert "{{ command_reference }}" in page("reference/commands.md")
    assert "### `solve`" in rendered("reference/commands.md")


def test_the_extending_page_names_each_checklist():
    section = page("dev/extending.md")
    for heading in ("## A rule", "## A menu action", "## A file format", "## A command"):
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
