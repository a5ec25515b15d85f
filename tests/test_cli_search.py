"""The solve, count, check and bench subcommands: files, standard input, and bad input."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.search.solve import count_each
from tests.conftest import REPO, corpus_lines, data_file, data_files
from tests.search.checker import solution_faults

UNIQUE = corpus_lines("top95.txt", 2)
MULTIPLE = corpus_lines("serg_benchmark.txt", 1)
DUPLICATE = "11" + "." * 79


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.fixture
def puzzle_file(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join([*UNIQUE, *MULTIPLE, DUPLICATE]) + "\n", encoding="utf-8")
    return path


def feed_stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))


def digits(line: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in line[:81]]


def test_solve_prints_one_checked_line_per_puzzle(capsys, puzzle_file):
    code, lines, _ = run(capsys, "solve", str(puzzle_file))
    assert code == 0
    assert len(lines) == 4
    for puzzle, answer in zip(UNIQUE + MULTIPLE, lines, strict=False):
        assert solution_faults(digits(answer), digits(puzzle), 3, 3) == []
    assert lines[3] == "no solution"


@pytest.mark.parametrize("engine", ["sat", "search"])
def test_solve_unique_names_puzzles_with_several_solutions(capsys, puzzle_file, engine):
    code, lines, _ = run(capsys, "solve", "--unique", "--engine", engine, str(puzzle_file))
    assert code == 0
    assert lines[2:] == ["multiple solutions", "no solution"]
    assert all(solution_faults(digits(a), digits(p), 3, 3) == [] for p, a in zip(UNIQUE, lines, strict=False))


def test_count_with_and_without_a_limit(capsys, puzzle_file):
    assert run(capsys, "count", "--limit", "2", str(puzzle_file))[1] == ["1", "1", "2", "0"]
    blank_4x4 = data_file("four_vu100.txt")
    code, lines, _ = run(capsys, "count", str(blank_4x4))
    assert code == 0
    assert set(lines) == {"1"}
    assert len(lines) == 100


def test_count_reads_standard_input(capsys, monkeypatch):
    feed_stdin(monkeypatch, "." * 16 + "\n")
    assert run(capsys, "count", "-") == (0, ["288"], "")


def test_solve_reads_standard_input(capsys, monkeypatch):
    feed_stdin(monkeypatch, UNIQUE[0] + "\n")
    code, lines, _ = run(capsys, "solve", "-")
    assert code == 0
    assert solution_faults(digits(lines[0]), digits(UNIQUE[0]), 3, 3) == []


def test_check_lists_the_problems_with_the_puzzle_number(capsys, puzzle_file):
    code, lines, err = run(capsys, "check", str(puzzle_file))
    assert code == 1
    assert lines == [
        "puzzle 3: the puzzle has several solutions",
        "puzzle 4: 1 appears more than once in row 1: r1c1, r1c2",
        "puzzle 4: 1 appears more than once in box 1: r1c1, r1c2",
        "puzzle 4: the puzzle has no solution",
    ]
    assert "checked 4 puzzles, 2 with problems" in err


def test_check_of_clean_puzzles_from_standard_input_prints_nothing(capsys, monkeypatch):
    feed_stdin(monkeypatch, "\n".join(UNIQUE) + "\n")
    code, lines, err = run(capsys, "check", "-")
    assert (code, lines) == (0, [])
    assert "checked 2 puzzles, 0 with problems" in err


@pytest.mark.parametrize(
    ("text", "stdout", "message"),
    [
        ("1" * 80 + "\n", ["invalid puzzle"], "line 1"),
        (UNIQUE[0][:40] + "x" + UNIQUE[0][41:] + "\n", ["invalid puzzle"], "column 41: 'x'"),
    ],
    ids=["wrong length", "bad character"],
)
@pytest.mark.parametrize("command", ["solve", "count", "check"])
def test_bad_input_gets_a_located_message_and_the_rest_is_read(
    capsys, tmp_path, command, text, stdout, message
):
    path = tmp_path / "bad.txt"
    path.write_bytes(text.encode("utf-8", "surrogateescape") + (UNIQUE[0] + "\n").encode())
    code, lines, err = run(capsys, command, str(path))
    assert code == 1
    assert message in err
    assert "Traceback" not in err
    if command == "check":
        stdout = [f"puzzle 1: {s}" for s in stdout]
        assert lines == stdout
    else:
        assert lines[: len(stdout)] == stdout
        assert len(lines) == len(stdout) + 1


@pytest.mark.parametrize("command", ["solve", "count", "check"])
def test_a_file_that_starts_binary_is_refused_as_a_whole(capsys, tmp_path, command):
    path = tmp_path / "bad.bin"
    path.write_bytes(b"\x00\x01garbage\xff\n" + (UNIQUE[0] + "\n").encode())
    code, lines, err = run(capsys, command, str(path))
    assert (code, lines) == (2, [])  # the README's code for an input that cannot be read
    assert "bad.bin, line 1, column 1: binary data" in err


@pytest.mark.parametrize("command", ["solve", "count", "check"])
def test_an_empty_file_says_so(capsys, tmp_path, command):
    path = tmp_path / "empty.txt"
    path.write_text("\n\n", encoding="utf-8")
    code, lines, err = run(capsys, command, str(path))
    assert (code, lines) == (2, [])  # nothing could be read: a bad input as a whole
    assert "empty input: no puzzle found" in err


def test_a_missing_file_is_one_line_of_error(capsys, tmp_path):
    code, lines, err = run(capsys, "count", str(tmp_path / "nowhere.txt"))
    assert (code, lines) == (2, [])
    assert "nowhere.txt: no such file" in err


def test_a_limit_below_one_is_refused(capsys, puzzle_file):
    with pytest.raises(SystemExit) as stop:
        run(capsys, "count", "--limit", "0", str(puzzle_file))
    assert stop.value.code == 2
    assert "argument --limit: 0 is not a positive number" in capsys.readouterr().err


def test_bench_prints_a_row_per_task_and_file(capsys, tmp_path):
    sample = tmp_path / "few.txt"
    sample.write_text("\n".join(corpus_lines("top95.txt", 6)) + "\n", encoding="utf-8")
    argv = ["bench", "--runs", "1", "--sample", "3", "--task", "solve", "--task", "count", str(sample)]
    code, lines, _ = run(capsys, *argv)
    assert code == 0
    rows = [line.split(" | ") for line in lines[2:]]
    assert [r[3] for r in rows] == ["solve", "count --limit 2", "OK search: solve", "OK search: count to 2"]
    assert all(r[0] == "| few.txt" and r[2] == "3" and float(r[4].replace(",", "")) > 0 for r in rows)
    assert {r[6] for r in rows} <= {"1 |", "3 |", "5 |"}  # the sample is spread: lines 1, 3 and 5


def test_bench_writes_its_table_as_csv_or_json_lines_and_without_the_header(capsys, tmp_path):
    import csv
    import json

    sample = tmp_path / "few.txt"
    sample.write_text("\n".join(corpus_lines("top95.txt", 6)) + "\n", encoding="utf-8")
    argv = ["bench", "--runs", "1", "--sample", "3", "--task", "count --limit", str(sample)]
    code, lines, _ = run(capsys, *argv)
    assert code == 0
    columns = [cell.strip() for cell in lines[0].strip("|").split("|")]
    code, rows, _ = run(capsys, *argv, "--format", "csv")
    records = list(csv.DictReader(io.StringIO("\n".join(rows))))
    assert [list(record) for record in records] == [columns]
    assert records[0]["task"] == "count --limit 2"
    code, rows, _ = run(capsys, *argv, "--format", "jsonl")
    assert [list(json.loads(row)) for row in rows] == [columns]
    code, rows, _ = run(capsys, *argv, "--no-header")
    assert [row.split(" | ")[3] for row in rows] == ["count --limit 2"]


def test_bench_finds_the_shared_data_by_itself(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    code, lines, _ = run(capsys, "bench", "--runs", "1", "--sample", "1", "--task", "count")
    assert code == 0
    assert {line.split(" | ")[0] for line in lines[2:]} == {f"| {p.name}" for p in data_files()}


def test_the_entry_point_runs_without_a_traceback(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("12x\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "solve", str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={"PYTHONPATH": str(REPO)},
        check=False,
        timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "line 1" in done.stderr


def test_a_plain_file_is_counted_in_batches_with_the_usual_answers(capsys, tmp_path, monkeypatch):
    from sudoku_workbench.cli import count as count_command

    puzzles = [*corpus_lines("top1465.txt", 40, 7), *MULTIPLE, DUPLICATE, "." * 81, "0" * 80 + "9"]
    plain = tmp_path / "plain.txt"
    plain.write_bytes(
        b"# a comment\n\n"
        + b"".join(p.encode() + (b" \r\n" if i % 2 else b"\n") for i, p in enumerate(puzzles))
    )
    batches: list[int] = []

    def counted(geo, values, limit):
        batches.append(len(values))
        return count_each(geo, values, limit)

    monkeypatch.setattr(count_command, "PLAIN_CHUNK", 16)
    monkeypatch.setattr(count_command, "count_each", counted)
    code, fast, _ = run(capsys, "count", "--limit", "3", str(plain))
    assert code == 0
    assert batches == [16 * 81, 16 * 81, (len(puzzles) - 32) * 81]
    usual = tmp_path / "usual.txt"  # a line with an id after the puzzle: the file is read the usual way
    usual.write_text("\n".join([*puzzles, UNIQUE[0] + " id7"]) + "\n", encoding="utf-8")
    batches.clear()
    code, slow, _ = run(capsys, "count", "--limit", "3", str(usual))
    assert (code, batches) == (0, [])
    assert fast == slow[:-1]
    assert set(fast) == {"0", "1", "3"}
