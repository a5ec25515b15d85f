"""The hostile files the battery feeds to every command, made once in a folder of their own."""

from __future__ import annotations

import os
from pathlib import Path

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EASY2 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY3 = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"
#: EASY with one wrong clue (r1c3=2) that leaves every cell a candidate: only a search finds no solution.
NO_SOLUTION = "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: Clues that leave r5c5 without a candidate (1-4 in its row, 5-8 in its column, 9 in its box).
NO_CANDIDATE = "....5........6........7.......9.....1234..................8......................"
#: A SAT model (DIMACS 'v' lines) that sets variable 1 both true and false.
CONTRADICTORY_MODEL = "s SATISFIABLE\nv 1 -1 0\n"
#: Bytes that are no text: NULs and bytes above 0x7F, deterministic.
BINARY = bytes((i * 37 + 11) % 256 for i in range(4096))
LONG_NAME = "x" * 300 + ".txt"


def make_inputs(folder: Path) -> dict[str, str]:
    """Every hostile input by category name: its path (some do not exist on purpose)."""
    made: dict[str, str | bytes] = {
        "good": "\n".join((EASY, EASY2, EASY3)) + "\n",
        "one": EASY + "\n",
        "empty": b"",
        "binary": BINARY,
        "utf16": ("\ufeff" + EASY + "\n").encode("utf-16-le"),
        "utf16_nobom": (EASY + "\n").encode("utf-16-le"),
        "latin1": (EASY + " café\n").encode("latin-1"),
        "cr_only": "\r".join((EASY, EASY2, EASY3)) + "\r",
        "huge_line": "1" * (2 << 20) + "\n",
        "nul_text": EASY[:40] + "\x00" + EASY[41:] + "\n",
        "broken_json": '{"format": "sudoku-workbench", "givens": [1, 2',
        "model_both": CONTRADICTORY_MODEL,
        "no_solution": NO_SOLUTION + "\n",
        "no_candidate": NO_CANDIDATE + "\n",
    }
    paths: dict[str, str] = {}
    for name, data in made.items():
        path = folder / f"{name}.txt"
        path.write_bytes(data.encode() if isinstance(data, str) else data)
        paths[name] = str(path)
    (folder / "a folder").mkdir(exist_ok=True)
    paths["folder"] = str(folder / "a folder")
    paths["missing"] = str(folder / "nope.txt")
    paths["missing_space"] = str(folder / "my puzzles.txt")
    paths["missing_space_bare"] = "my puzzles.txt"
    paths["long_name"] = str(folder / LONG_NAME)
    paths["dev_zero"] = os.devnull.replace("null", "zero")
    return paths
