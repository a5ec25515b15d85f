"""Small lies: an exit code 0 for output that was never written, options that should have been refused,
a header read with the wrong idea of a digit, an error buried under its usage.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from tests.hostile.files import EASY
from tests.hostile.test_streams import run


def exit_code(argv: list[str]) -> int:
    """The exit code of ``main(argv)``, also when the parser ends it with ``SystemExit``."""
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 0


@pytest.fixture
def hcp_and_tour(tmp_path: Path) -> tuple[Path, Path]:
    """An HCP file of EASY as export-hcp writes it, and a TSPLIB tour of one node."""
    hcp, tour = tmp_path / "easy.hcp", tmp_path / "easy.tour"
    assert main(["export-hcp", EASY, "-o", str(hcp)]) == 0
    tour.write_text("NAME : t\nTYPE : TOUR\nDIMENSION : 1\nTOUR_SECTION\n1\n-1\nEOF\n")
    return hcp, tour


@pytest.mark.parametrize("digits", ["²", "¹²", "١٢"], ids=["superscript", "superscripts", "arabic_indic"])
@pytest.mark.parametrize("where", ["hcp", "tour"])
def test_a_dimension_in_other_digits_is_a_located_error(where, digits, hcp_and_tour, capsys):
    """``str.isdigit`` takes ``²`` (``int`` then fails) and ``١٢`` (``int`` reads 12): neither is TSPLIB."""
    hcp, tour = hcp_and_tour
    bad = hcp if where == "hcp" else tour
    lines = bad.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("DIMENSION"))
    lines[number - 1] = f"DIMENSION : {digits}"
    bad.write_text("\n".join(lines) + "\n")
    code = main(["import-tour", EASY, str(tour), *(["--hcp", str(hcp)] if where == "hcp" else [])])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"{bad}, line {number}: DIMENSION is '{digits}', not a positive whole number" in err, err


@pytest.mark.parametrize(
    "argv", [["--version"], ["--help"], ["solve", "--help"], ["hcp-study", "--help"], ["gui", "--help"]]
)
def test_help_and_version_on_a_full_disk_fail(argv):
    with open("/dev/full", "wb") as full:
        code, _, err = run(*argv, stdout=full)
    assert code == 2, err
    assert "Traceback" not in err, err
    assert "cannot write to standard output (the disk is full)" in err, err


def test_help_and_version_still_write(capsys):
    assert exit_code(["--version"]) == 0
    assert capsys.readouterr().out.startswith("sudoku-workbench ")


def test_bench_on_an_empty_folder_says_there_is_nothing(tmp_path, capsys):
    empty = tmp_path / "no data here"
    empty.mkdir()
    (empty / "notes.md").write_text("not a data set\n")
    code = main(["bench", "--data", str(empty), "--runs", "1"])
    out, err = capsys.readouterr()
    assert code == 2, err
    assert f"{empty}: no *.txt data files" in err, err
    assert out == "", "a table header for no data"


@pytest.mark.parametrize("option", ["--needs", "--hardest"])
def test_generate_refuses_an_empty_technique(option, capsys):
    code = main(["generate", option, "", "--count", "1", "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 2, err
    assert f"{option}: unknown technique ''" in err, err
    assert out == "", "a puzzle was made without the target"


@pytest.mark.parametrize("steps", ["-1", "-5"])
def test_the_window_refuses_a_bad_number_of_steps(steps, tmp_path, monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    picture = tmp_path / "out.png"
    code, _, err = run("gui", EASY, f"--steps={steps}", "--screenshot", str(picture), stdout=subprocess.PIPE)
    assert code == 2, err
    assert f"argument --steps: '{steps}' is not a number of steps" in err, err
    assert not picture.exists()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["generate", "--count", "x"], "argument --count: 'x' is not a whole number"),
        (["solve-hcp", EASY, "--solver", "nope"], "argument --solver: invalid choice: 'nope'"),
        (["hcp-study", "f.txt", "--bogus"], "unrecognized arguments: --bogus"),
        (["export-hcp", EASY], "the following arguments are required: -o/--output"),
    ],
    ids=["generate", "solve-hcp", "hcp-study", "export-hcp"],
)
def test_an_option_error_comes_first_and_short(argv, says, capsys):
    code = exit_code(argv)
    lines = capsys.readouterr().err.splitlines()
    assert code == 2, lines
    assert lines[0].startswith(f"sudoku-workbench {argv[0]}: error: {says}"), lines
    assert lines[1:] == [f"Try 'sudoku-workbench {argv[0]} --help' for the options."], lines
