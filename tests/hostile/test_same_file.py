"""An output that is one of the inputs: refused before any work, in one line, the input left as it was.

Every writer is tried with its own input file as the output, named four ways (the same name, ``./`` in
front, a symbolic link, a hard link); standard output appended to the input (``>> in.txt``) needs real
descriptors and runs in a subprocess, as does the window's screenshot.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from tests.hostile.files import EASY, EASY2
from tests.hostile.test_streams import start

#: Writers with ``{in}`` (the puzzle file) and ``{out}`` (the output that turns out to be it).
WRITERS = {
    "export-hcp": ("export-hcp", "{in}", "-o", "{out}"),
    "export-dimacs": ("export-dimacs", "{in}", "--cnf", "-o", "{out}"),
    "logic-trace": ("logic", "{in}", "--trace", "{out}"),
    "logic-trace-jobs": ("logic", "{in}", "--jobs", "2", "--trace", "{out}"),
    "solve-hcp-tour": ("solve-hcp", "{in}", "--time-limit", "20", "--tour", "{out}"),
    "hcp-study-plot": ("hcp-study", "{in}", "--time-limit", "20", "--quiet", "--plot", "{out}"),
    "import-tour-hcp": ("import-tour", EASY, "{in}", "--hcp", "{in}"),  # two inputs, no output: allowed
}
PUZZLE = EASY + "\n"


def output_name(how: str, puzzle: Path) -> str:
    """The output argument that names ``puzzle`` in the way ``how`` says (run from its folder)."""
    if how == "same":
        return puzzle.name
    if how == "dot":
        return f"./{puzzle.name}"
    other = puzzle.with_name(f"{how}.out")
    if how == "symlink":
        other.symlink_to(puzzle.name)
    else:
        os.link(puzzle, other)
    return other.name


@pytest.mark.parametrize("how", ["same", "dot", "symlink", "hard_link"])
@pytest.mark.parametrize("writer", sorted(set(WRITERS) - {"import-tour-hcp"}))
def test_an_output_that_is_the_input_is_refused(writer, how, tmp_path, monkeypatch, capsys):
    puzzle = tmp_path / "in.txt"
    puzzle.write_text(PUZZLE)
    monkeypatch.chdir(tmp_path)
    out = output_name(how, puzzle)
    code = main([a.replace("{in}", puzzle.name).replace("{out}", out) for a in WRITERS[writer]])
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.splitlines()) == 1, err
    assert f"{out}: is the same file as the input {puzzle.name}" in err, err
    assert puzzle.read_text() == PUZZLE
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"in.txt", Path(out).name})


def test_reading_one_file_twice_is_no_refusal(tmp_path, capsys):
    """Two inputs that are the same file harm nothing: only outputs are compared with inputs."""
    tour = tmp_path / "in.txt"
    tour.write_text("not a tour\n")
    argv = [a.replace("{in}", str(tour)) for a in WRITERS["import-tour-hcp"]]
    main(argv)
    assert "same file" not in capsys.readouterr().err


def _appended(puzzle: Path, *argv: str, stdin: Path | None = None) -> tuple[int, str]:
    """Run ``argv`` as ``COMMAND >> puzzle`` (and ``< stdin``); the exit code and standard error."""
    with puzzle.open("ab") as out, (stdin or puzzle).open("rb") as given:
        process = start(*argv, stdin=given, stdout=out, stderr=subprocess.PIPE, start_new_session=True)
        try:
            _, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.communicate()
            pytest.fail(f"{' '.join(argv)} >> {puzzle.name}: still running after 60 s")
    return process.returncode, err.decode()


@pytest.mark.parametrize(
    "argv",
    [
        ("solve", "{in}"),
        ("logic", "{in}"),
        ("solve", "-"),
        ("export-dimacs", "{in}", "--cnf", "-o", "-"),
        ("export-hcp", "{in}", "-o", "/dev/stdout"),
    ],
    ids=["solve", "logic", "solve-stdin", "export-dimacs-dash", "export-hcp-dev-stdout"],
)
def test_standard_output_appended_to_the_input_is_refused(argv, tmp_path):
    puzzle = tmp_path / "in.txt"
    puzzle.write_text(PUZZLE)
    code, err = _appended(puzzle, *(a.replace("{in}", str(puzzle)) for a in argv))
    assert code == 2, err
    assert len(err.splitlines()) == 1, err
    named = "<stdin>" if "-" in argv[1:2] else str(puzzle)
    assert f"the input {named}" in err, err
    assert puzzle.read_text() == PUZZLE


def test_standard_output_appended_to_another_file_is_written(tmp_path):
    puzzle, results = tmp_path / "in.txt", tmp_path / "results.txt"
    puzzle.write_text(EASY2 + "\n")
    code, err = _appended(results, "solve", str(puzzle), stdin=puzzle)
    assert code == 0, err
    assert len(results.read_text().splitlines()) == 1


@pytest.mark.parametrize("how", ["same", "symlink"])
def test_a_screenshot_onto_the_puzzle_file_is_refused(how, tmp_path, monkeypatch):
    puzzle = tmp_path / "in.txt"
    puzzle.write_text(PUZZLE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    out = output_name(how, puzzle)
    process = start("gui", puzzle.name, "--screenshot", out, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 2, err
    assert f"{out}: is the same file as the input {puzzle.name}" in err.decode()
    assert puzzle.read_text() == PUZZLE


def test_bench_output_appended_to_a_file_of_its_data_folder_is_refused(tmp_path):
    """The folder's files are found at run time; they are inputs as much as the files given."""
    puzzle = tmp_path / "in.txt"
    puzzle.write_text(PUZZLE)
    code, err = _appended(puzzle, "bench", "--data", str(tmp_path), "--runs", "1", "--task", "count")
    assert code == 2, err
    assert f"standard output is the input {puzzle}" in err, err
    assert puzzle.read_text() == PUZZLE
