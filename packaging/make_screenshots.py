"""Make the README's screenshots, their captions and the README's screenshot table.

Each window picture names the kind of step it shows (a rule id), not a step number: the script asks
the logic engine where that step comes in the puzzle's solution, renders the window there with
``sudoku-workbench gui FILE --logic --steps K --screenshot OUT.png`` (which stores the step number,
rule and graph kind shown in the PNG), and writes the caption from that step. The captions go to
``resources/screenshots/captions.json`` and into the README between the ``screenshots`` markers;
tests/packaging/test_screenshots.py fails when a picture, its caption and the README disagree, or
when the window's menus or status words are no longer those the picture shows.

Usage: PYTHONPATH=$PWD python packaging/make_screenshots.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "resources" / "screenshots"
CAPTIONS = OUT / "captions.json"
README = REPO / "README.md"
START, END = "<!-- screenshots:start -->", "<!-- screenshots:end -->"

#: A hard 9x9 puzzle (SE-rated sample, line 1) whose logic solution has an XY-Chain.
HARD_9X9 = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."
#: The 6x6 example of the techniques reference for nice loops (a grouped AIC with an ALS link).
CYCLE_6X6 = "....1..2...3.....4..56........34...."

#: The window pictures: file, puzzle (a line or a file of resources/puzzles/), the rule shown (None: the
#: opened puzzle), alt text and the caption's tail (after the sentence naming the step).
SHOTS: tuple[dict[str, Any], ...] = (
    {
        "file": "main-window.png",
        "puzzle": "newspaper-easy.sdk",
        "rule": None,
        "alt": "The main window on a newspaper puzzle",
        "text": "The main window on the easy newspaper puzzle in `resources/puzzles/`: the digit bar over "
        "the board with its pencil marks, the graph pane (here the bilocation graph) and the step panel.",
    },
    {
        "file": "step-highlights.png",
        "puzzle": HARD_9X9,
        "rule": "xy_chain",
        "alt": "An XY-Chain step with its highlights",
        "text": "Pattern candidates are circled, eliminations struck out, the chain drawn as arrows (solid: "
        "strong link inside a cell, dashed: weak link between cells); the graph pane has followed the step "
        "to the {graph} graph and shows the chain as an orange band.",
    },
    {
        "file": "graph-cycle.png",
        "puzzle": CYCLE_6X6,
        "rule": "nice_loop",
        "alt": "The graph pane on a nice-loop step",
        "text": "An alternating inference chain with a grouped node and an almost-locked-set link. The pane "
        "shows the {graph} graph: edges on nonrepetitive cycles in pink, the whole chain as an orange band "
        "(its weak links and the links through the group and the set as straight segments).",
    },
)
DIALOG = {
    "file": "generator-dialog.png",
    "alt": "The generator dialog",
    "caption": "The Test (generate) options: size, symmetry, Unique, Very Hard, level, the targets "
    "(technique, SE band, HoDoKu level, rules), seed. (This one is drawn by the dialog class directly; "
    "`--screenshot` cannot open dialogs.)",
}


def step_of_rule(line: str, rule: str) -> tuple[int, Any]:
    """The number (1-based) and step of the first step of ``rule`` in the puzzle's logic solution.

    Raises:
        LookupError: when the logic solution has no such step (pick another puzzle).
    """
    from sudoku_workbench.formats.text import parse_line
    from sudoku_workbench.logic.engine import steps_until_stuck

    for number, step in enumerate(steps_until_stuck(parse_line(line)), start=1):
        if step.rule == rule:
            return number, step
    raise LookupError(f"the logic solution of {line} has no {rule} step")


def caption(shot: dict[str, Any], graph: str) -> str:
    """The caption of a window picture, from the step it shows."""
    if shot["rule"] is None:
        return str(shot["text"])
    from sudoku_workbench.formats.text import parse_line
    from sudoku_workbench.logic.engine import rule_by_id

    number, step = step_of_rule(shot["puzzle"], shot["rule"])
    geo = parse_line(shot["puzzle"]).geometry
    name = rule_by_id(shot["rule"]).name
    head = f"Step {number} of a {geo.n}x{geo.n} puzzle, a {name.lower()}: {step.summary(geo)}."
    return f"{head} {shot['text'].format(graph=graph)}"


def table(captions: dict[str, dict[str, Any]]) -> str:
    """The README's screenshot table: two pictures a row, each row of captions under its pictures."""
    names = list(captions)
    lines = ["| | |", "|---|---|"]
    for pair in (names[i : i + 2] for i in range(0, len(names), 2)):
        pictures = [f"![{captions[n]['alt']}](resources/screenshots/{n})" for n in pair]
        lines.append("| " + " | ".join(pictures) + " |")
        lines.append("| " + " | ".join(captions[n]["caption"] for n in pair) + " |")
    return "\n".join(lines)


def readme_with(text: str, captions: dict[str, dict[str, Any]]) -> str:
    """The README text with its screenshot table replaced."""
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table(captions)}\n{END}{tail}"


def render(shot: dict[str, Any], scratch: Path, out: Path) -> None:
    """Render one window picture to ``out`` in a fresh ``sudoku-workbench gui --screenshot`` process."""
    puzzle = REPO / "resources" / "puzzles" / shot["puzzle"]
    if not puzzle.is_file():
        puzzle = scratch / f"{shot['file']}.txt"
        puzzle.write_text(shot["puzzle"] + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "sudoku_workbench", "gui", str(puzzle)]
    if shot["rule"] is not None:
        number, _ = step_of_rule(shot["puzzle"], shot["rule"])
        command += ["--logic", "--steps", str(number)]
    command += ["--screenshot", str(out), "--size", "1280x800"]
    subprocess.run(command, check=True, cwd=REPO, stdout=subprocess.DEVNULL)


def window_shots(scratch: Path) -> dict[str, dict[str, Any]]:
    """Render each window picture and make its caption from the step it shows."""
    from PySide6.QtGui import QImage

    made: dict[str, dict[str, Any]] = {}
    for shot in SHOTS:
        render(shot, scratch, OUT / shot["file"])
        image = QImage(str(OUT / shot["file"]))
        state = {key: image.text(key) for key in ("step", "rule", "graph")}
        made[shot["file"]] = {
            "alt": shot["alt"],
            "caption": caption(shot, state["graph"]),
            "puzzle": shot["puzzle"],
            **state,
        }
    return made


def generator_dialog_shot() -> None:
    """The Test (generate) options dialog, drawn by its own class."""
    from PySide6.QtWidgets import QApplication

    from sudoku_workbench.core.geometry import geometry_for_size
    from sudoku_workbench.gui.dialogs import GenerateDialog
    from sudoku_workbench.gui.theme import apply_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_theme(app, dark=False)
    dialog = GenerateDialog(None, geometry_for_size(9))
    dialog.very_hard.setChecked(False)
    dialog.resize(dialog.sizeHint().expandedTo(dialog.minimumSizeHint()))
    dialog.resize(380, dialog.height())
    dialog.show()
    app.processEvents()
    if not dialog.grab().save(str(OUT / DIALOG["file"])):
        raise OSError("could not write the generator dialog picture")
    print(f"saved {OUT / DIALOG['file']}")


def main() -> int:
    """Write every screenshot, captions.json and the README's table."""
    OUT.mkdir(parents=True, exist_ok=True)
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as scratch:
        captions = window_shots(Path(scratch))
    generator_dialog_shot()
    captions[DIALOG["file"]] = {"alt": DIALOG["alt"], "caption": DIALOG["caption"]}
    CAPTIONS.write_text(json.dumps(captions, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    README.write_text(readme_with(README.read_text(encoding="utf-8"), captions), encoding="utf-8")
    print(f"wrote {CAPTIONS} and the README's screenshot table")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
