"""One path for bad records: every puzzle-file command reports them alike; grids packed only to travel."""

from __future__ import annotations

import pytest

from sudoku_workbench.cli import _batch, main
from tests.conftest import corpus_lines

#: Two solutions: --assume-unique refuses it.
SEVERAL = "2.3" + "." * 78


@pytest.fixture
def mixed(tmp_path):
    """A puzzle, a record that is none, and a puzzle of several solutions (only for --assume-unique)."""
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([*corpus_lines("top95.txt", 1), "12345", SEVERAL]) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def one_bad(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("\n".join([*corpus_lines("top95.txt", 1), "12345"]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("command", "invalid"),
    [
        ("solve", "invalid puzzle"),
        ("count", "invalid puzzle"),
        ("logic", "invalid puzzle"),
        ("rate", "invalid puzzle"),
        ("check", "puzzle 2: invalid puzzle"),
    ],
)
def test_a_bad_record_is_reported_alike_by_every_command(command, invalid, one_bad, capsys):
    assert main([command, str(one_bad)]) == 1
    out, err = capsys.readouterr()
    assert invalid in out.splitlines()
    assert f"sudoku-workbench: {one_bad}, line 2: expected" in err


@pytest.mark.parametrize("command", ["logic", "rate"])
def test_a_refused_puzzle_keeps_the_output_aligned_and_says_where(command, mixed, capsys):
    assert main([command, str(mixed), "--assume-unique"]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[-2:] == ["invalid puzzle", "invalid puzzle"]
    assert len(lines) == 3 + (command == "rate")  # and rate's header line
    assert f"sudoku-workbench: {mixed}, record 3: --assume-unique refused: the puzzle has several" in err


def test_soundness_counts_a_refused_puzzle_as_skipped(mixed, capsys):
    assert main(["soundness", str(mixed), "--assume-unique"]) == 1
    out, err = capsys.readouterr()
    assert "puzzles 1 (skipped 2)" in out
    assert "invalid puzzle" not in out
    assert f"{mixed}, record 3: --assume-unique refused" in err


def _counting(monkeypatch):
    calls = []
    real = _batch.pack

    def counting(grid):
        calls.append(grid)
        return real(grid)

    monkeypatch.setattr(_batch, "pack", counting)
    return calls


def test_one_process_never_packs_a_grid(monkeypatch, mixed, capsys):
    calls = _counting(monkeypatch)
    assert main(["logic", str(mixed), "--jobs", "1", "--assume-unique"]) == 1
    assert calls == []
    assert capsys.readouterr().out.splitlines()[0].endswith(" solved")


def test_grids_that_leave_the_process_are_packed(monkeypatch, mixed, capsys):
    calls = _counting(monkeypatch)
    monkeypatch.setattr(_batch, "runs_here", lambda jobs: False)
    assert main(["logic", str(mixed), "--assume-unique"]) == 1
    assert len(calls) == 2  # the puzzle and the refused one; the bad record travels as its message
    assert capsys.readouterr().out.splitlines()[0].endswith(" solved")
