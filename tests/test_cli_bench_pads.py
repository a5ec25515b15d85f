"""``bench --against-pads DIR``: loading the user's copy of PADS and racing Logic against it.

PADS is not ours to ship, so these tests write small stand-ins with its interface (a ``Sudoku`` class
built from 81 digits with ``complete()``, ``step(board)`` that returns whether a rule fired, and
optionally ``all_solutions(board, fastrules)``, its backtracking to the end).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus_lines

#: Fills one empty cell per step from a solution it is handed, so it "solves" exactly the puzzles
#: whose solution the test gives it, and gets stuck on the others.
STAND_IN = """
SOLUTIONS = {}
BOARDS = []


class Sudoku:
    def __init__(self, digits):
        BOARDS.append(tuple(digits))
        self.cells = list(digits)
        self.solution = SOLUTIONS.get(tuple(self.cells))

    def complete(self):
        return 0 not in self.cells


def step(board):
    if board.solution is None or board.complete():
        return False
    cell = board.cells.index(0)
    board.cells[cell] = board.solution[cell]
    return True
"""


@pytest.fixture(autouse=True)
def _forget_stand_ins(tmp_path):
    """Each test loads its own stand-in under the same module names."""
    saved_path = list(sys.path)
    yield
    for name, module in list(sys.modules.items()):
        if Path(getattr(module, "__file__", None) or "/").is_relative_to(tmp_path):
            del sys.modules[name]
    sys.path[:] = saved_path


def _race(capsys, folder: Path, puzzles: Path, *extra: str) -> tuple[int, list[list[str]], str]:
    code = main(["bench", "--against-pads", str(folder), str(puzzles), *extra])
    out, err = capsys.readouterr()
    rows = [line.strip("| ").split(" | ") for line in out.splitlines()[2:]]
    return code, rows, err


def _puzzle_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "few.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _stand_in(tmp_path: Path, files: dict[str, str]) -> Path:
    """A folder holding the given files, as the user's copy of PADS would be."""
    folder = tmp_path / "padscopy"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_the_race_prints_both_rule_sets_and_counts_the_puzzles_both_solve(capsys, tmp_path):
    lines = corpus_lines("top95.txt", 4)
    folder = _stand_in(tmp_path, {"Sudoku.py": STAND_IN})
    code, rows, err = _race(capsys, folder, _puzzle_file(tmp_path, lines), "--sample", "4")
    assert code == 0, err
    assert [r[2] for r in rows] == ["below forcing", "all"]
    assert all(r[0] == "few.txt" and r[1] == "4" for r in rows)
    # The stand-in was given no solutions: it solves nothing, so no puzzle is solved by both.
    assert all(r[6].endswith("(0)") for r in rows)
    assert all(float(r[4]) > 0 and float(r[7]) > 0 for r in rows)


def test_the_warm_up_stops_at_its_budget_and_never_uses_the_sample(capsys, tmp_path, monkeypatch):
    from sudoku_workbench.cli import _pads_race

    monkeypatch.setattr(_pads_race, "WARM_UP_SECONDS", 0.0)  # one warm-up puzzle per rule set
    lines = corpus_lines("top95.txt", 9)
    folder = _stand_in(tmp_path, {"Sudoku.py": STAND_IN})
    code, rows, err = _race(capsys, folder, _puzzle_file(tmp_path, lines), "--sample", "3")
    assert code == 0, err
    assert len(rows) == 2
    boards = sys.modules["Sudoku"].BOARDS
    sampled = {tuple(parse_line(line).values) for line in lines[::3]}
    warm = [b for b in boards if b not in sampled]
    assert len(boards) == 2 * (3 + 1)
    assert len(warm) == 2


def _solutions(lines: list[str]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Each puzzle's digits mapped to its solution's, for a stand-in to hand out."""
    solutions = {}
    for line in lines:
        grid = parse_line(line)
        solved = solve(grid)
        assert solved is not None
        solutions[tuple(grid.values)] = tuple(solved.values)
    return solutions


def test_a_packaged_copy_is_loaded_with_its_relative_imports(capsys, tmp_path):
    lines = corpus_lines("top95.txt", 3)
    solutions = _solutions(lines)
    packaged = STAND_IN.replace("SOLUTIONS = {}", "from .Known import SOLUTIONS")
    files = {"__init__.py": "", "Known.py": f"SOLUTIONS = {solutions!r}\n", "Sudoku.py": packaged}
    folder = _stand_in(tmp_path, files)
    code, rows, err = _race(capsys, folder, _puzzle_file(tmp_path, lines), "--sample", "3")
    assert code == 0, err
    # All rules solve every puzzle, and the stand-in was handed every solution.
    assert rows[1][2] == "all"
    assert rows[1][6].endswith("(3)")


#: Its backtracking: the stand-in's steps, then every solution they reach, or (when stuck) the one it
#: looks up, as a search would find it.
BACKTRACKING = """
KNOWN = {}


def all_solutions(board, fastrules=True):
    while step(board):
        pass
    if board.complete():
        yield board
    elif tuple(board.cells) in KNOWN:
        board.cells = list(KNOWN[tuple(board.cells)])
        yield board
"""


def test_a_copy_that_backtracks_races_to_the_end_on_the_whole_sample(capsys, tmp_path):
    lines = corpus_lines("top95.txt", 3)
    source = STAND_IN + BACKTRACKING.replace("KNOWN = {}", f"KNOWN = {_solutions(lines)!r}")
    folder = _stand_in(tmp_path, {"Sudoku.py": source})
    code, rows, err = _race(capsys, folder, _puzzle_file(tmp_path, lines), "--sample", "3")
    assert code == 0, err
    assert [r[2] for r in rows] == ["below forcing", "all", "all, PADS -b"]
    # Its steps alone solve nothing (no solutions handed to step); backtracking finishes all three.
    assert rows[1][6].endswith("(0)")
    assert rows[2][6].endswith("(3)")


def test_an_error_inside_its_backtracking_counts_the_puzzle_unsolved(capsys, tmp_path):
    failing = STAND_IN + "\n\ndef all_solutions(board, fastrules=True):\n    raise IndexError('dead end')\n"
    folder = _stand_in(tmp_path, {"Sudoku.py": failing})
    lines = corpus_lines("top95.txt", 2)
    code, rows, err = _race(capsys, folder, _puzzle_file(tmp_path, lines), "--sample", "2")
    assert code == 0, err
    assert rows[2][2] == "all, PADS -b"
    assert rows[2][6].endswith("(0)")


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({}, "no Sudoku.py in"),
        ({"Sudoku.py": "raise RuntimeError('broken copy')\n"}, "broken copy"),
        ({"Sudoku.py": "def step(board):\n    return False\n"}, "has no Sudoku class and step function"),
    ],
)
def test_a_folder_that_is_no_pads_gets_a_message_naming_it(capsys, tmp_path, files, message):
    folder = _stand_in(tmp_path, files)
    code, _rows, err = _race(capsys, folder, _puzzle_file(tmp_path, corpus_lines("top95.txt", 1)))
    assert code != 0
    assert message in err
    assert "padscopy" in err
