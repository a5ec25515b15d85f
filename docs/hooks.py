"""MkDocs hooks: the pages' generated parts are made from the code at every build, never pasted.

- The command reference (``{{ command_reference }}``) is every parser's own help, from
  ``cli.build_parser`` and the window's ``gui.app.build_parser``, so a new command or option is in it
  without touching the docs.
- The rule and level tables and the counts of rules (``{{ rule_table }}``, ``{{ rule_count }}``, …) are
  made from ``logic.rule_table.TABLE``; a page says a count only through these names, which
  tests/test_docs.py checks.
- The technique pages and the screenshots stay where the window and the packaging scripts read them
  (``resources/``); they are added to the site as ``techniques/`` and ``screenshots/``.

A name in double braces that is not one of these fails the build, so a typo cannot reach the site;
written as inline code (`` `{{ rule_count }}` ``) it is shown as it is.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

REPO = Path(__file__).resolve().parents[1]

#: Folders of ``resources/`` shown in the site, each under the site folder named here.
SHARED_FOLDERS = {
    "techniques": REPO / "resources" / "techniques",
    "screenshots": REPO / "resources" / "screenshots",
}
SHARED_SUFFIXES = (".md", ".png", ".svg")

#: The width the parsers' help is wrapped to, whatever terminal builds the site.
HELP_COLUMNS = 100

#: A name in double braces; written as inline code (between backticks) it is shown as it is, not filled.
PLACEHOLDER = re.compile(r"(`?)\{\{\s*(\w+)\s*\}\}(`?)")


@contextmanager
def _columns(width: int) -> Iterator[None]:
    """Argparse wraps help to ``$COLUMNS``: fix it so the page is the same on every machine."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """Each subcommand of a parser: its name, its one-line help and its own parser, in name order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            return sorted((name, helps.get(name, ""), sub) for name, sub in action.choices.items())
    return []


def _cell(text: str) -> str:
    """Help text as a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def command_reference(parser: argparse.ArgumentParser, window: argparse.ArgumentParser | None = None) -> str:
    """The command reference in Markdown: a table of the commands, then each command's full help.

    A command with subcommands of its own (``library``) lists each of them under it. ``window`` is
    the window's parser, whose options ``gui --help`` prints; its entry shows that help.
    """
    with _columns(HELP_COLUMNS):
        commands = _subcommands(parser)
        lines = ["| command | what it does |", "|---|---|"]
        lines += [f"| [`{name}`](#{name}) | {_cell(summary)} |" for name, summary, _ in commands]
        for name, summary, sub in commands:
            shown = window if name == "gui" and window is not None else sub
            lines += ["", f"### `{name}` {{#{name}}}", "", summary[:1].upper() + summary[1:] + "."]
            lines += ["", "```text", shown.format_help().rstrip(), "```"]
            for inner, inner_summary, inner_parser in _subcommands(sub):
                lines += ["", f"#### `{name} {inner}` {{#{name}-{inner}}}", "", inner_summary + "."]
                lines += ["", "```text", inner_parser.format_help().rstrip(), "```"]
    return "\n".join(lines)


def _commands() -> str:
    from sudoku_workbench.cli import build_parser
    from sudoku_workbench.gui.app import build_parser as window_parser

    return command_reference(build_parser(), window_parser())


def _rule_table() -> str:
    from sudoku_workbench.cli._rule_options import rules_markdown

    return rules_markdown()


def _level_table() -> str:
    from sudoku_workbench.cli._rule_options import levels_markdown

    return levels_markdown()


def _rule_count() -> str:
    from sudoku_workbench.logic.rule_table import TABLE

    return str(len(TABLE))


def _unique_rule_count() -> str:
    from sudoku_workbench.logic.rule_table import TABLE

    return str(sum(1 for rule in TABLE if rule.one_solution))


def _hodoku_apart_count() -> str:
    """The rows whose HoDoKu level is bold in the rule table: not the level of ours at its place."""
    return str(_rule_table().count("| **"))


#: What each placeholder becomes.
GENERATED: dict[str, Callable[[], str]] = {
    "command_reference": _commands,
    "rule_table": _rule_table,
    "level_table": _level_table,
    "rule_count": _rule_count,
    "unique_rule_count": _unique_rule_count,
    "hodoku_apart_count": _hodoku_apart_count,
}


def render(markdown: str, where: str = "a page") -> str:
    """The page with every placeholder replaced by what it stands for; an unknown name is an error."""

    def fill(match: re.Match[str]) -> str:
        before, name, after = match.groups()
        if before and after:
            return match.group(0)
        if name not in GENERATED:
            raise PluginError(
                f"{where}: unknown placeholder {match.group(0)} (known: {', '.join(GENERATED)})"
            )
        return before + GENERATED[name]() + after

    return PLACEHOLDER.sub(fill, markdown)


def technique_nav() -> list[Any]:
    """The techniques' part of the menu: the index, then each family's pages in the table's order."""
    from sudoku_workbench.logic.rule_table import TABLE

    families: dict[str, list[dict[str, str]]] = {}
    for rule in TABLE:
        families.setdefault(rule.family.value, []).append({rule.name: f"techniques/{rule.id}.md"})
    return [{"Overview": "techniques/index.md"}, *({name: pages} for name, pages in families.items())]


def _with_techniques(nav: Any) -> Any:
    """The menu with its entry for ``techniques/index.md`` opened into every technique's page."""
    if isinstance(nav, list):
        return [_with_techniques(entry) for entry in nav]
    if isinstance(nav, dict):
        return {
            title: technique_nav() if target == "techniques/index.md" else _with_techniques(target)
            for title, target in nav.items()
        }
    return nav


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    """List every technique page in the menu, from the rule table (no page list kept by hand)."""
    config.nav = _with_techniques(config.nav)
    return config


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Add the technique pages and the screenshots from ``resources/`` to the site."""
    for site_folder, folder in SHARED_FOLDERS.items():
        for path in sorted(folder.iterdir()):
            if path.suffix in SHARED_SUFFIXES:
                files.append(File.generated(config, f"{site_folder}/{path.name}", abs_src_path=str(path)))
    return files


def on_page_markdown(markdown: str, page: Page, **_: Any) -> str:
    """Fill the page's generated parts."""
    return render(markdown, page.file.src_uri)
