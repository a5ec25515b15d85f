"""``sudoku-workbench generate``: output shape, reproducibility across processes and --jobs, refusals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.symmetry import has_symmetry
from tests.conftest import REPO
from tests.search.exact_cover import count_solutions

LEVELS = {"easy", "medium", "hard", "very_hard", "needs_search"}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "generate", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        check=False,
        timeout=120,
    )


def test_each_line_is_a_unique_symmetric_puzzle_followed_by_its_level(capsys):
    assert main(["generate", "--size", "6", "--count", "4", "--seed", "5", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    for line in lines:
        text, level = line.split(" ")
        assert level in LEVELS - {"needs_search"}
        grid = parse_line(text)
        assert grid.geometry.n == 6
        assert has_symmetry(grid, "rot180")
        assert count_solutions(grid, 2) == 1


def test_same_seed_gives_the_same_lines_in_separate_processes_and_with_any_jobs():
    args = ("--size", "9", "--count", "6", "--seed", "42", "--symmetry", "mirror_lr")
    one = run_cli(*args, "--jobs", "1")
    two = run_cli(*args, "--jobs", "2")
    again = run_cli(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert len(one.stdout.splitlines()) == 6
    assert one.stdout == two.stdout == again.stdout
    other = run_cli("--size", "9", "--count", "6", "--seed", "43", "--symmetry", "mirror_lr", "--jobs", "1")
    assert other.stdout != one.stdout


def test_no_unique_and_a_level_name_are_accepted(capsys):
    assert main(["generate", "--size", "4", "--count", "3", "--seed", "1", "--no-unique", "--jobs", "1"]) == 0
    loose = capsys.readouterr().out.splitlines()
    assert len(loose) == 3
    assert all(count_solutions(parse_line(line), 1) == 1 for line in loose)
    assert main(["generate", "--size", "4", "--seed", "1", "--level", "easy", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.split()[1] == "easy"


def test_a_symmetry_that_does_not_fit_is_refused_with_a_message(capsys):
    assert main(["generate", "--size", "6", "--symmetry", "diagonal", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "does not fit 6x6 (2x3 boxes)" in err
    assert "rot180" in err


def test_a_size_without_boxes_asks_for_a_jigsaw(capsys):
    assert main(["generate", "--size", "7", "--seed", "1"]) == 2
    assert "--size 7: a 7x7 grid has no boxes; add --jigsaw" in capsys.readouterr().err


@pytest.mark.parametrize(
    "bad", [["--level", "impossible"], ["--count", "0"], ["--size", "30"], ["--size", "²"]]
)
def test_bad_options_are_argparse_errors(bad, capsys):
    with pytest.raises(SystemExit) as info:
        main(["generate", *bad])
    assert info.value.code == 2
    assert "generate: error" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_quickly_and_keeps_the_lines_already_written(jobs):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    args = ["--size", "9", "--count", "500", "--seed", "3", "--jobs", jobs, "--very-hard", "--budget", "0.2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_workbench", "generate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # wait until something has been written
    proc.send_signal(signal.SIGINT)
    started = time.monotonic()
    rest, err = proc.communicate(timeout=30)
    assert time.monotonic() - started < 5  # generous bound; the bench measures the real latency
    assert proc.returncode == 130
    assert "interrupted" in err
    lines = [first, *rest.splitlines()]
    assert all(len(line.split()[0]) == 81 for line in lines)


def test_bench_generation_tasks_make_a_puzzle_of_the_sample_puzzles_size_reproducibly():
    from sudoku_workbench.cli._bench_tasks import BENCH_TASKS
    from sudoku_workbench.core import Grid, geometry

    sample = Grid.empty(geometry(3, 3))
    tasks = [task for task in BENCH_TASKS if task.name.startswith("generate") and task.applies_to(sample)]
    assert len(tasks) == 4
    for task in tasks:
        if "Very Hard" in task.name:
            continue  # up to five seconds; covered by the generator's own tests
        made = task.run(sample)
        grid = getattr(made, "grid", made)
        assert isinstance(grid, Grid)
        assert grid.geometry.n == 9
        assert count_solutions(grid, 1) == 1
        again = task.run(sample)
        assert getattr(again, "grid", again) == grid


def test_progress_bar_on_request_ends_at_the_total(capsys):
    assert main(["generate", "--size", "4", "--count", "5", "--seed", "2", "--jobs", "1", "--progress"]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 5
    frames = captured.err.strip().split("\r")
    assert frames[-1].startswith("[" + "#" * 30 + "] 5/5 puzzles")
    assert captured.err.count("5/5 puzzles") == 1
