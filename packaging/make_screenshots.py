"""Make the README's screenshots in resources/screenshots/ with ``sudoku-workbench gui --screenshot``.

The window states come from the GUI's own screenshot option (a puzzle file, ``--logic``, ``--steps K``,
``--graph KIND``). The generator dialog cannot be reached from the command line, so it is drawn here
with the GUI's own dialog class.

Usage: PYTHONPATH=$PWD python packaging/make_screenshots.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "resources" / "screenshots"

#: A 9x9 puzzle (SE-rated sample, line 1) whose 26th logic step is an XY-Chain (a bivalue-graph path).
BIVALUE_PUZZLE = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."
#: A 6x6 puzzle (the techniques reference's nice-loop example) whose 6th step is a grouped AIC.
CYCLE_PUZZLE = "....1..2...3.....4..56........34...."

SHOTS = (
    ("main-window.png", [str(REPO / "resources" / "puzzles" / "newspaper-easy.sdk")]),
    ("step-highlights.png", ["{bivalue}", "--logic", "--steps", "26", "--graph", "bivalue"]),
    ("graph-cycle.png", ["{cycle}", "--logic", "--steps", "6", "--graph", "bilocation"]),
)


def window_shots(scratch: Path) -> None:
    """The three window states, each by a fresh ``sudoku-workbench gui --screenshot`` process."""
    puzzles = {"bivalue": scratch / "bivalue.txt", "cycle": scratch / "cycle.txt"}
    puzzles["bivalue"].write_text(BIVALUE_PUZZLE + "\n", encoding="utf-8")
    puzzles["cycle"].write_text(CYCLE_PUZZLE + "\n", encoding="utf-8")
    names = {key: str(path) for key, path in puzzles.items()}
    for name, args in SHOTS:
        command = [sys.executable, "-m", "sudoku_workbench", "gui", *(a.format(**names) for a in args)]
        command += ["--screenshot", str(OUT / name), "--size", "1280x800"]
        subprocess.run(command, check=True, cwd=REPO)


def generator_dialog_shot() -> None:
    """The Test (generate) options dialog, drawn by its own class."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from sudoku_workbench.core.geometry import geometry_for_size
    from sudoku_workbench.gui.dialogs import GenerateDialog
    from sudoku_workbench.gui.theme import apply_theme
    from sudoku_workbench.search.symmetry import fitting_symmetries

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_theme(app, dark=False)
    dialog = GenerateDialog(None, 9, lambda n: fitting_symmetries(geometry_for_size(n)))
    dialog.very_hard.setChecked(False)
    dialog.resize(dialog.sizeHint().expandedTo(dialog.minimumSizeHint()))
    dialog.resize(380, dialog.height())
    dialog.show()
    app.processEvents()
    if not dialog.grab().save(str(OUT / "generator-dialog.png")):
        raise OSError("could not write the generator dialog picture")
    print(f"saved {OUT / 'generator-dialog.png'}")


def main() -> int:
    """Write every screenshot into resources/screenshots/."""
    OUT.mkdir(parents=True, exist_ok=True)
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as scratch:
        window_shots(Path(scratch))
    generator_dialog_shot()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
