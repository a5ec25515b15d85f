"""The documentation site builds with warnings as errors, and the command examples in its pages work.

The build goes to a temporary folder (nothing is written into the checkout). Every example command
in a code block of the pages names only real commands and options; each one that needs nothing from
outside (a cluster, an external solver's tour, the user's copy of PADS or HoDoKu) is run on the
bundled sample puzzle and must exit 0. An example that cannot run says why in ``NOT_RUN``, so a new
example is run unless someone says why it cannot be.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from sudoku_workbench.cli import build_parser
from tests.conftest import REPO
from tests.docs_site import DOCS, hooks, page_paths

SAMPLE = REPO / "resources" / "puzzles" / "newspaper-easy.sdk"

#: The names the examples give their input puzzles; each is the sample puzzle when an example runs.
PUZZLE_NAMES = {"puzzles.txt", "puzzle.sdk", "a.txt", "PUZZLE", "big.txt"}

#: Examples that are shown but not run, by the start of their command line, with the reason.
NOT_RUN = {
    "rate big.txt --cluster tcp://": "needs a running Dask scheduler at that address",
    "experiment eppstein --count 200000 --cluster tcp://": "needs a running Dask scheduler",
    "import-tour": "reads the tour an external solver (LKH or Concorde) wrote",
    "bench": "times every task over the data sets for minutes (`make bench`; tests/test_cli_bench*.py)",
}

#: Examples that take more than a second or two of CPU: run with the slow tests (CI runs them).
SLOW = ("generate --", "solve-hcp", "export-hcp")
QUICK = ("generate --rules singles --format text",)

#: A line of a synopsis rather than a command: optional parts, alternatives, or names to fill in.
SYNOPSIS = re.compile(r"[\[\]…]|\b(?:FILE|FILES|DIR|JAR|NAME|N|K)\b")


def _examples() -> list[tuple[str, str]]:
    """Every ``sudoku-workbench …`` line of the pages' code blocks (fenced or indented), by page."""
    found = []
    for path in page_paths():
        fence = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                fence = not fence
            elif (fence or line.startswith("    ")) and line.strip().startswith("sudoku-workbench "):
                command = re.sub(r"\s+#\s.*$", "", line.strip()).removeprefix("sudoku-workbench ")
                found.append((str(path.relative_to(DOCS / "pages")), command))
    return found


EXAMPLES = _examples()


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert name in action.choices, f"no command {name!r}"
    return action.choices[name]


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings}


def test_the_pages_show_command_examples() -> None:
    assert len(EXAMPLES) > 30
    assert {page for page, _ in EXAMPLES} >= {"guide/explain.md", "guide/search.md", "guide/generate.md"}


@pytest.mark.parametrize(("page", "command"), EXAMPLES, ids=[c for _, c in EXAMPLES])
def test_every_example_names_real_commands_and_options(page: str, command: str) -> None:
    words = shlex.split(command.replace("|", " "))
    parser = _subparser(build_parser(), words[0])
    for word in words[1:2]:  # `library import`, `experiment eppstein`: a command's own subcommand
        if any(isinstance(a, argparse._SubParsersAction) for a in parser._actions):
            parser = _subparser(parser, word)
    named = {w.strip("[]").split("=")[0] for w in words if w.strip("[]").startswith("--")}
    unknown = named - _options(parser)
    assert not unknown, f"{page}: `{command}` names options {words[0]} does not have: {unknown}"


def _runnable() -> list[object]:
    cases: list[object] = []
    for page, command in EXAMPLES:
        if SYNOPSIS.search(command) or any(command.startswith(start) for start in NOT_RUN):
            continue
        slow = command.startswith(SLOW) and not command.startswith(QUICK)
        marks = [pytest.mark.slow] if slow else []
        cases.append(pytest.param(page, command, marks=marks, id=command))
    return cases


def test_every_example_left_out_says_why() -> None:
    """Only synopses and the examples of ``NOT_RUN`` are not run; each entry there still matches one."""
    left_out = [c for _, c in EXAMPLES if SYNOPSIS.search(c) or any(c.startswith(s) for s in NOT_RUN)]
    assert len(left_out) < len(EXAMPLES) / 2
    assert all(any(c.startswith(start) for _, c in EXAMPLES) for start in NOT_RUN)


@pytest.mark.parametrize(("page", "command"), _runnable())
def test_the_example_runs_on_the_sample_puzzle(page: str, command: str, tmp_path: Path) -> None:
    words = [str(SAMPLE) if word in PUZZLE_NAMES else word for word in shlex.split(command)]
    words = [str(REPO / word) if word.startswith("resources/") else word for word in words]
    if "--jobs" not in words and words[0] in ("generate", "rate", "logic", "solve", "count"):
        words += ["--jobs", "1"]  # the examples share the machine with the other tests
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", *words],
        cwd=tmp_path,
        input=SAMPLE.read_text(encoding="utf-8") if "-" in words else "",
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    assert done.returncode == 0, (
        f"{page}: `sudoku-workbench {command}` exited {done.returncode}: {done.stderr}"
    )
    said = done.stdout.strip() or done.stderr.strip() or any(tmp_path.iterdir())
    assert said, f"{page}: `sudoku-workbench {command}` printed and wrote nothing"


def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    """`mkdocs build --strict` into a temporary folder: no warning, every page and generated part there."""
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(DOCS / "mkdocs.yml"),
            "-d",
            str(site),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    built = {p.relative_to(site).with_suffix(".md").as_posix() for p in site.rglob("*.html")}
    pages = {p.relative_to(DOCS / "pages").as_posix() for p in page_paths()}
    assert pages <= built
    assert {"techniques/index.md", "techniques/x_wing.md"} <= built
    commands = (site / "reference" / "commands.html").read_text(encoding="utf-8")
    assert all(f'id="{name}"' in commands for name in ("solve", "logic", "generate", "library-import"))
    assert "{{" not in (site / "reference" / "rules.html").read_text(encoding="utf-8")
    assert (site / "screenshots" / "main-window.png").is_file()


def test_an_unknown_placeholder_fails_the_build() -> None:
    with pytest.raises(PluginError, match="no_such_name"):
        hooks().render("a page with {{ no_such_name }} in it", "test.md")
    assert hooks().render("{{ rule_count }} rules", "test.md").split()[0].isdigit()
    assert hooks().render("say `{{ rule_count }}`", "test.md") == "say `{{ rule_count }}`"


def _section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    return text[start : text.index("\n## ", start + 1)]


def test_the_readme_and_the_home_page_give_the_same_two_commands() -> None:
    """What the two commands need is said in the README and on the site's home page: the same words."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    home = (DOCS / "pages" / "index.md").read_text(encoding="utf-8")
    assert "make run" in _section(readme, "The two commands")
    assert _section(readme, "The two commands") == _section(home, "The two commands")
