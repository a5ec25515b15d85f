"""The documentation site's pages and its build hooks, for the tests that check what the pages say."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from tests.conftest import REPO

DOCS = REPO / "docs"
PAGES = DOCS / "pages"


def page(name: str) -> str:
    """The Markdown source of one page, named by its path under docs/pages/."""
    return (PAGES / name).read_text(encoding="utf-8")


def page_paths() -> list[Path]:
    """Every page of the site's own folder (the technique pages live in resources/techniques)."""
    return sorted(PAGES.rglob("*.md"))


@cache
def hooks() -> ModuleType:
    """docs/hooks.py, the MkDocs hooks that make the pages' generated parts."""
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ in docs/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = writes
    return module


def rendered(name: str) -> str:
    """One page as the site shows it: its placeholders filled as the build fills them."""
    return str(hooks().render(page(name), name))
