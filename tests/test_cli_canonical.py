"""``canonical`` and ``--dedupe``: one line per puzzle, and a puzzle written twice is counted once."""

from __future__ import annotations

import pytest

from sudoku_workbench.cli import main
from tests.conftest import corpus_lines


@pytest.fixture
def twice(tmp_path):
    """Two puzzles, the first again turned by 180 degrees (its line reversed), and a 6x6 puzzle."""
    first, second = corpus_lines("top1465.txt", 2)
    six = ".2..5...6...3.4..12.4...1....3.6...."  # 36 cells: a 6x6 puzzle
    path = tmp_path / "twice.txt"
    path.write_text("\n".join([first, second, first[::-1], six]) + "\n", encoding="utf-8")
    return path


def test_canonical_prints_equal_lines_for_the_same_puzzle(twice, capsys):
    assert main(["canonical", str(twice)]) == 1  # the 6x6 one is refused
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 4
    assert lines[0] == lines[2] != lines[1]
    assert lines[3] == "invalid puzzle"
    assert "record 4: a 6x6 (2x3 boxes) puzzle has no canonical" in err


@pytest.mark.parametrize("command", ["canonical", "count", "solve", "rate"])
def test_dedupe_leaves_out_the_turned_copy(command, twice, capsys):
    main([command, str(twice), "--dedupe"])
    out, err = capsys.readouterr()
    assert "record 3: the same puzzle as record 1 (one minlex form); left out" in err
    assert "record 2: the same" not in err
    main([command, str(twice)])
    assert len(capsys.readouterr().out.splitlines()) == len(out.splitlines()) + 1
