"""The README's pictures and links point at files that exist in the checkout."""

from __future__ import annotations

import re

from tests.conftest import REPO

LINK = re.compile(r"\]\(((?:resources|packaging|tools|tests)/[^)#\s]+)\)")


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

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Using the window with the keyboard") : readme.index("## Puzzle files")]
    specs = [e for entries in MENUS.values() for e in entries if isinstance(e, ActionSpec)]
    missing = [f"{s.name} {s.shortcuts[0]}" for s in specs if s.shortcuts and s.shortcuts[0] not in section]
    assert not missing, f"the README's keyboard section lacks {missing}"
