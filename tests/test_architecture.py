"""The layer contracts of DESIGN.md hold, and each of them is shown to catch a deliberate violation."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _copy_tree(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "sudoku_workbench", tmp_path / "sudoku_workbench")
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_real_tree_keeps_every_contract(tmp_path):
    result = _lint_imports(_copy_tree(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "violation", "contract"),
    [
        ("core/cancel.py", "import PySide6\n", "Only the GUI imports Qt"),
        ("search/solve.py", "import shiboken6\n", "Only the GUI imports Qt"),
        ("formats/text.py", "import networkx\n", "core and formats use the standard library only"),
        ("logic/singles/local.py", "import networkx\n", "networkx only in graphs and hcp"),
        ("gui/theme.py", "from networkx import Graph\n", "networkx only in graphs and hcp"),
        (
            "logic/engine.py",
            "import pysat.solvers\n",
            "SAT and CP solvers (pysat, ortools) only in search and hcp",
        ),
        ("cli/count.py", "import ortools\n", "SAT and CP solvers (pysat, ortools) only in search and hcp"),
        ("core/errors.py", "import sudoku_workbench.logic\n", "Layers"),
        ("library/queries.py", "import PySide6\n", "Only the GUI imports Qt"),
        ("library/database.py", "import sudoku_workbench.cli\n", "Layers"),
        # only cli/booklet.py may reach gui (its one ignored import); any other command may not
        ("cli/count.py", "import sudoku_workbench.gui.collection.booklet\n", "Layers"),
        ("logic/shared/_text.py", "from sudoku_workbench.logic.singles import local\n", "Rooms of logic"),
        ("logic/fish/basic_fish.py", "from sudoku_workbench.logic.wings import wings\n", "Rooms of logic"),
        ("logic/engine.py", "from sudoku_workbench.logic.rating import se_scale\n", "Rooms of logic"),
        ("gui/board/view.py", "from sudoku_workbench.gui.session import session\n", "Rooms of gui"),
        ("gui/session/worker.py", "from sudoku_workbench.gui import main_window\n", "Rooms of gui"),
        ("gui/collection/dock.py", "from sudoku_workbench.gui.panels import hints\n", "Rooms of gui"),
        ("gui/board/drawing/lines.py", "from sudoku_workbench.gui.board import view\n", "The board's"),
    ],
)
def test_each_contract_catches_a_deliberate_violation(tmp_path, module, violation, contract):
    root = _copy_tree(tmp_path)
    target = root / "sudoku_workbench" / module
    target.write_text(target.read_text() + violation)
    result = _lint_imports(root)
    assert result.returncode != 0
    # A contract with an ignored import reads "… BROKEN (1 ignored import)".
    broken = [line for line in result.stdout.splitlines() if re.search(r" BROKEN( \(.*\))?$", line)]
    assert any(line.startswith(contract) for line in broken), result.stdout


#: The most modules one folder of ``gui`` holds (``__init__.py`` not counted): a room is read as a whole.
ROOM_SIZE = 12


def crowded_rooms(package: Path) -> list[str]:
    """Each folder of ``package`` holding more than ``ROOM_SIZE`` modules, with its count."""
    folders = [package, *(p.parent for p in package.rglob("__init__.py") if p.parent != package)]
    counts = {f: sum(1 for m in f.glob("*.py") if m.name != "__init__.py") for f in folders}
    return [f"{f.relative_to(package).as_posix()}: {n}" for f, n in sorted(counts.items()) if n > ROOM_SIZE]


def test_no_gui_room_holds_more_than_twelve_modules():
    assert crowded_rooms(REPO / "sudoku_workbench" / "gui") == []


def test_the_room_gate_catches_a_crowded_folder(tmp_path):
    for index in range(ROOM_SIZE + 1):
        (tmp_path / f"module_{index}.py").write_text("")
    (tmp_path / "__init__.py").write_text("")
    assert crowded_rooms(tmp_path) == [f".: {ROOM_SIZE + 1}"]


#: The places allowed to import modules by name: the CLI finds its subcommand modules, and `bench
#: --against-pads` loads the copy of PADS the user points at (never a dependency of ours).
DYNAMIC_IMPORT_ALLOWED = {"cli/__init__.py", "cli/_pads_race.py"}
_LOADERS = {"import_module", "__import__", "spec_from_file_location", "module_from_spec", "reload"}


def dynamic_imports(package: Path) -> list[str]:
    """Every call that imports a module by name (``importlib.import_module``, ``__import__`` …).

    Such imports hide a dependency from import-linter and mypy, which is why a gate counts them; reading
    resources (``importlib.resources``) or asking whether an optional tool is installed is no import.
    """
    found = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = None
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("importlib"):
                name = next((a.name for a in node.names if a.name in _LOADERS), None)
            if name in _LOADERS and where not in DYNAMIC_IMPORT_ALLOWED:
                found.append(f"{where}:{getattr(node, 'lineno', 0)} {name}")
    return found


def test_only_the_cli_imports_modules_by_name():
    assert dynamic_imports(REPO / "sudoku_workbench") == []


@pytest.mark.parametrize(
    "violation",
    [
        "import importlib\nimportlib.import_module('json')\n",
        "from importlib import import_module\n",
        "json = __import__('json')\n",
    ],
)
def test_the_dynamic_import_gate_catches_a_deliberate_violation(tmp_path, violation):
    root = _copy_tree(tmp_path)
    target = root / "sudoku_workbench" / "gui" / "main_window.py"
    target.write_text(target.read_text() + violation)
    assert [f.split(":")[0] for f in dynamic_imports(root / "sudoku_workbench")] == ["gui/main_window.py"]


PACKAGES = ("__main__", "gui", "cli", "library", "search", "hcp", "logic", "graphs", "formats", "core")


def test_the_architecture_diagram_shows_the_real_imports_between_packages():
    import grimp

    graph = grimp.build_graph("sudoku_workbench")
    real = {
        (a, b)
        for a in PACKAGES
        for b in PACKAGES
        if a != b
        and graph.direct_import_exists(
            importer=f"sudoku_workbench.{a}", imported=f"sudoku_workbench.{b}", as_packages=True
        )
    }
    page = REPO / "docs" / "pages" / "dev" / "architecture.md"
    diagram = page.read_text(encoding="utf-8").split("```mermaid", 1)[1].split("```", 1)[0]
    drawn = set()
    for line in diagram.splitlines():
        if "-->" in line:
            source, targets = (part.strip() for part in line.split("-->"))
            drawn |= {("__main__" if source == "main" else source, t.strip()) for t in targets.split("&")}
    assert drawn == real


#: Prints every circle of imports inside ``gui``, type-only imports (under ``TYPE_CHECKING``) included, as
#: the modules of each strongly connected group; grimp sees those imports, import-linter's layers do not
#: forbid them. Run in a process of its own so it reads the tree on its ``PYTHONPATH``.
_GUI_CIRCLES = """
import grimp
graph = grimp.build_graph("sudoku_workbench", cache_dir=None)
gui = sorted(m for m in graph.modules if m.startswith("sudoku_workbench.gui."))
for module in gui:
    for imported in sorted(graph.find_modules_directly_imported_by(module) & set(gui)):
        back = graph.find_shortest_chain(importer=imported, imported=module)
        if back:
            print(" -> ".join(name.rsplit(".", 1)[1] for name in (module, *back)))
"""


def gui_circles(root: Path) -> list[str]:
    """Each import that closes a circle in ``gui``, written as the circle (``a -> b -> a``)."""
    result = subprocess.run(
        [sys.executable, "-c", _GUI_CIRCLES],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()


def test_the_gui_has_no_import_circle_not_even_a_type_only_one():
    assert gui_circles(REPO) == []


def test_the_circle_gate_catches_a_type_only_circle(tmp_path):
    root = _copy_tree(tmp_path)
    target = root / "sudoku_workbench" / "gui" / "commands" / "files.py"
    violation = (
        "\nfrom typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from sudoku_workbench.gui.main_window import MainWindow\n"
    )
    target.write_text(target.read_text() + violation)
    assert "files -> main_window -> files" in gui_circles(root)
