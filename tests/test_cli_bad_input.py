"""Hostile input on the command line: one line on stderr naming the file (and line), exit 2, no traceback.

The long list of issue 12, each a case here; the memory bound is measured in a subprocess.
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_workbench.cli import main

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EASY2 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TOUR = "TYPE : TOUR\nTOUR_SECTION\n1\n-1\nEOF\n"


def run(capsys, *argv: str) -> tuple[int, str, list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def bad(capsys, *argv: str, where: str, said: str = "", code: int = 2) -> None:
    """The command fails with exactly one stderr line naming ``where`` (and saying ``said``)."""
    result, _out, err = run(capsys, *argv)
    assert result == code, err
    assert len(err) == 1, err
    assert where in err[0]
    assert said in err[0]


def write(tmp_path: Path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode()
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("command", ["solve", "count", "check", "logic", "rate", "export-dimacs"])
def test_deeply_nested_json(capsys, tmp_path, command):
    path = write(tmp_path, "nested.json", '{"a":' * 50_000 + "1" + "}" * 50_000)
    extra = ["--cnf", "-o", str(tmp_path / "x.cnf")] if command == "export-dimacs" else []
    bad(capsys, command, *extra, path, where="nested.json", said="nested too deeply")


def test_a_100000_digit_integer_in_a_document(capsys, tmp_path):
    path = write(tmp_path, "huge.json", '{"format": "sudoku-workbench", "version": ' + "9" * 100_000 + "}")
    bad(capsys, "solve", path, where="huge.json", said="impossible value")


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("minus.tour", "-1\n", "node count"),
        ("binary.tour", bytes(range(256)) * 4, "binary data"),
        ("latin.tour", "NAME : caf\xe9\nTYPE : TOUR\n".encode("latin-1"), "byte 0xE9 is not UTF-8"),
        ("utf16.tour", TOUR.encode("utf-16"), "UTF-16"),
    ],
)
def test_bad_tour_files(capsys, tmp_path, name, data, said):
    bad(capsys, "import-tour", EASY, write(tmp_path, name, data), where=name, said=said)


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("binary.hcp", bytes(range(256)) * 4, "binary data"),
        ("latin.hcp", "NAME : caf\xe9\nTYPE : HCP\n".encode("latin-1"), "byte 0xE9 is not UTF-8"),
    ],
)
def test_bad_hcp_files(capsys, tmp_path, name, data, said):
    tour = write(tmp_path, "ok.tour", TOUR)
    bad(capsys, "import-tour", EASY, tour, "--hcp", write(tmp_path, name, data), where=name, said=said)


def test_missing_tour_and_hcp_files(capsys, tmp_path):
    bad(capsys, "import-tour", EASY, str(tmp_path / "no.tour"), where="no.tour", said="no such file")
    tour = write(tmp_path, "ok.tour", TOUR)
    bad(capsys, "import-tour", EASY, tour, "--hcp", str(tmp_path / "no.hcp"), where="no.hcp")


def test_a_tour_longer_than_the_graph_stops_early(capsys, tmp_path):
    nodes = "\n".join(map(str, range(1, 200_001)))
    path = write(tmp_path, "long.tour", f"TYPE : TOUR\nTOUR_SECTION\n{nodes}\n-1\nEOF\n")
    bad(
        capsys,
        "import-tour",
        EASY,
        path,
        "--no-reduce",
        where="long.tour",
        said="more nodes than the 14,397 vertices",
    )


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x00\x00\x00\n", "control character U+0000"),
        (b"\x00" * 3_000_000, "a line longer than 1,048,576 bytes"),
        (b"\xff\xfe5\x003\x00\n\x00", "UTF-16"),
    ],
)
def test_bad_bytes_on_standard_input(capsys, monkeypatch, data, said):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    result, _out, err = run(capsys, "solve", "-")
    assert result in (1, 2)
    assert len(err) == 1
    assert "<stdin>" in err[0]
    assert said in err[0]


def test_undecodable_bytes_on_standard_input_are_one_bad_record(capsys, monkeypatch):
    data = f"{EASY}\n53..7\xff\n{EASY2}\n".encode("latin-1")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    result, out, err = run(capsys, "solve", "-")
    assert result == 1
    assert out.splitlines()[1] == "invalid puzzle"
    assert len(out.splitlines()) == 3
    assert err == ["sudoku-workbench: <stdin>, line 2, column 6: binary data: byte 0xFF is not UTF-8 text"]


@pytest.mark.parametrize(
    "argv", [["anneal", "x.txt", "--count", "-1"], ["hcp-stats", "x.txt", "--limit", "-1"]]
)
def test_negative_counts_are_refused_by_the_parser(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "-1 is not a positive number" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["export-hcp", "export-dimacs"])
def test_export_to_a_folder_a_missing_folder_or_a_full_disk(capsys, tmp_path, monkeypatch, command):
    kind = ["--cnf"] if command == "export-dimacs" else []
    bad(capsys, command, *kind, EASY, "-o", str(tmp_path), where=str(tmp_path), said="is a folder")
    missing = str(tmp_path / "missing" / "out.x")
    bad(capsys, command, *kind, EASY, "-o", missing, where=missing, said="does not exist")
    old = write(tmp_path, "old.out", "the old file\n")

    def full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    bad(capsys, command, *kind, EASY, "-o", old, where="old.out", said="the disk is full")
    assert Path(old).read_text() == "the old file\n"
    assert sorted(os.listdir(tmp_path)) == ["old.out"]


def test_a_json_list_is_not_called_empty(capsys, tmp_path):
    result, _out, err = run(capsys, "solve", write(tmp_path, "list.json", "[1,2,3]\n"))
    assert result == 2  # a document fills its file: the input as a whole is unreadable
    assert "list.json, line 1: JSON that is not a workbench document" in err[0]


@pytest.mark.parametrize("command", ["solve", "count", "logic", "export-hcp"])
def test_a_misspelled_file_name_says_no_such_file(capsys, command):
    extra = ["-o", "x.hcp"] if command == "export-hcp" else []
    bad(capsys, command, "puzzles.txtx", *extra, where="puzzles.txtx", said="no such file")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_named(capsys, tmp_path, encoding):
    path = write(tmp_path, "wide.txt", (EASY + "\n").encode(encoding))
    bad(capsys, "solve", path, where="wide.txt", said="UTF-16")


def test_one_nul_byte_does_not_stop_reading(capsys, tmp_path):
    path = write(tmp_path, "nul.txt", f"{EASY}\n53\x00..\n{EASY2}\n")
    result, out, err = run(capsys, "solve", path)
    assert result == 1
    assert len(out.splitlines()) == 3
    assert "nul.txt, line 2, column 3" in err[0]


@pytest.mark.parametrize("command", ["export-hcp", "export-dimacs", "import-tour"])
def test_a_file_of_several_puzzles_needs_an_index(capsys, tmp_path, command):
    path = write(tmp_path, "two.txt", f"{EASY}\n{EASY2}\n")
    argv = {
        "export-hcp": ["export-hcp", path, "-o", str(tmp_path / "o.hcp")],
        "export-dimacs": ["export-dimacs", "--cnf", path, "-o", str(tmp_path / "o.cnf")],
        "import-tour": ["import-tour", path, str(tmp_path / "t.tour")],
    }[command]
    bad(capsys, *argv, where="two.txt", said="--index N")


def test_index_picks_a_puzzle_and_is_checked(capsys, tmp_path):
    path = write(tmp_path, "two.txt", f"{EASY}\n{EASY2}\n")
    out = tmp_path / "second.cnf"
    assert main(["export-dimacs", "--cnf", path, "--index", "2", "-o", str(out)]) == 0
    assert EASY2 in out.read_text()
    bad(
        capsys, "export-dimacs", "--cnf", path, "--index", "3", "-o", str(out), where="two.txt", said="only 2"
    )


@pytest.mark.parametrize("command", [["solve"], ["logic", "-q"], ["count"], ["rate", "--no-header"]])
def test_every_puzzle_command_takes_a_puzzle_line(capsys, command):
    result, out, _err = run(capsys, *command, EASY)
    assert result == 0
    assert len(out.splitlines()) == 1


def test_a_16x16_puzzle_line_longer_than_a_file_name_can_be(capsys, tmp_path):
    assert main(["export-dimacs", "--cnf", "." * 256, "-o", str(tmp_path / "b.cnf")]) == 0


# VmHWM, the peak of this process's own memory: ru_maxrss would carry over the forking parent's peak
_PEAK = """
import sys
from sudoku_workbench.cli import main
code = main(sys.argv[1:])
status = open("/proc/self/status").read().split("VmHWM:")[1].split()
print(code, int(status[0]) // 1024)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc (Linux)")
def test_a_30_mb_line_is_refused_in_bounded_memory(tmp_path):
    path = tmp_path / "one-line.txt"
    with path.open("wb") as handle:
        for _ in range(30):
            handle.write(b"1 " * (1 << 19))
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, "solve", str(path)], capture_output=True, text=True, timeout=60
    )
    code, peak_mb = map(int, done.stdout.split())
    assert code == 2
    assert peak_mb < 200
    assert "one-line.txt, line 1: a line longer than" in done.stderr


def test_several_puzzles_on_standard_input_need_an_index_too(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f"{EASY}\n{EASY2}\n".encode())))
    bad(capsys, "export-hcp", "-", "-o", str(tmp_path / "o.hcp"), where="<stdin>", said="--index N")
