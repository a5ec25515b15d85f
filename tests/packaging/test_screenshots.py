"""The README's screenshots cannot go stale: each picture, its caption and the README table agree.

The window pictures carry the step number, rule and graph kind they show (PNG text written by
``gui --screenshot``); captions.json holds the captions made from those steps. A change of the logic
engine that moves or removes a pictured step, a caption edited by hand, a table edited without the
captions, or a window whose menus or status words have changed since the picture was made all fail
here; ``python packaging/make_screenshots.py`` makes them agree again.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtGui import QImage

from sudoku_workbench.logic.engine import rule_by_id
from tests.conftest import REPO

FOLDER = REPO / "resources" / "screenshots"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_screenshots", REPO / "packaging" / "make_screenshots.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CAPTIONS = json.loads((FOLDER / "captions.json").read_text(encoding="utf-8"))


def test_every_picture_has_a_caption_and_every_caption_a_picture() -> None:
    assert sorted(CAPTIONS) == sorted(p.name for p in FOLDER.glob("*.png"))


@pytest.mark.parametrize("name", [n for n in CAPTIONS if "rule" in CAPTIONS[n]])
def test_the_picture_shows_what_its_caption_says(name: str) -> None:
    entry = CAPTIONS[name]
    image = QImage(str(FOLDER / name))
    assert not image.isNull()
    shown = {key: image.text(key) for key in ("step", "rule", "graph")}
    assert shown == {key: entry[key] for key in shown}, f"{name} was made for another caption"
    if entry["rule"]:
        number, _ = _script().step_of_rule(entry["puzzle"], entry["rule"])
        assert str(number) == entry["step"], f"the engine now finds the {entry['rule']} step elsewhere"
        assert entry["caption"].startswith(f"Step {number} of ")
        assert rule_by_id(entry["rule"]).name.lower() in entry["caption"]
    assert f"the {entry['graph']} graph" in entry["caption"]


def test_the_readme_table_is_made_from_the_captions() -> None:
    script = _script()
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert script.readme_with(readme, CAPTIONS) == readme, "run packaging/make_screenshots.py"


def test_the_caption_is_written_from_the_step() -> None:
    script = _script()
    shot = next(s for s in script.SHOTS if s["rule"] == "xy_chain")
    number, step = script.step_of_rule(shot["puzzle"], "xy_chain")
    assert step.rule == "xy_chain"
    text = script.caption(shot, "bivalue")
    assert text.startswith(f"Step {number} of a 9x9 puzzle, a xy-chain: ")
    assert "followed the step to the bivalue graph" in text


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in CAPTIONS if "rule" in CAPTIONS[n]])
def test_the_picture_shows_todays_menus_and_status_words(name: str, tmp_path: Path) -> None:
    """The same window rendered now has the picture's menus and status line, word for word."""
    script = _script()
    shot = next(s for s in script.SHOTS if s["file"] == name)
    script.render(shot, tmp_path, tmp_path / name)
    stored, now = QImage(str(FOLDER / name)), QImage(str(tmp_path / name))
    for key in ("menus", "status"):
        assert now.text(key), f"the window's {key} were not stored"
        stale = f"{name}: the window's {key} changed; run packaging/make_screenshots.py"
        assert stored.text(key) == now.text(key), stale
