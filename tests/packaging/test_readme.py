"""The README's pictures and links point at files in the checkout; the window page names every key."""

from __future__ import annotations

import re

from tests.conftest import REPO
from tests.docs_site import page

LINK = re.compile(r"\]\(((?:resources|packaging|tools|tests|docs)/[^)#\s]+)\)")


def test_readme_links_exist() -> None:
    targets = LINK.findall((REPO / "README.md").read_text(encoding="utf-8"))
    assert any(t.startswith("resources/screenshots/") for t in targets)
    missing = [t for t in targets if not (REPO / t).is_file()]
    assert not missing, f"README links to missing files: {missing}"


def test_technique_index_pictures_exist() -> None:
    folder = REPO / "resources" / "techniques"
    pictures = re.findall(r"\]\(([\w-]+\.png)\)", (folder / "index.md").read_text(encoding="utf-8"))
    assert pictures
    assert all((folder / name).is_file() for name in pictures)


def test_the_keyboard_table_names_every_menu_shortcut() -> None:
    from sudoku_workbench.gui.actions import MENUS, ActionSpec

    window = page("guide/window.md")
    section = window[window.index("## Using the window with the keyboard") : window.index("**Collections")]
    specs = [e for entries in MENUS.values() for e in entries if isinstance(e, ActionSpec)]
    missing = [f"{s.name} {s.shortcuts[0]}" for s in specs if s.shortcuts and s.shortcuts[0] not in section]
    assert not missing, f"the window page's keyboard section lacks {missing}"
