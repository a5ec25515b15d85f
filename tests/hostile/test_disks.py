"""Writing onto a disk that is full or read-only: a small tmpfs mounted for the test (root only).

Every writer must fail with one message naming the file, exit 2, and leave the old file and no
temporary file behind. Skipped where mounting is not allowed.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from tests.hostile.files import EASY, EASY2

OLD = "the user's old file\n"
WRITERS = {
    "export-hcp": ("export-hcp", EASY, "-o", "{out}"),
    "export-dimacs": ("export-dimacs", EASY, "--cnf", "-o", "{out}"),
    "logic-trace": ("logic", EASY2, "--trace", "{out}"),
}


def _mount(folder: Path, *options: str) -> bool:
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", ",".join(options), "tmpfs", str(folder)], check=False
    )
    return done.returncode == 0


def _fill(path: Path) -> None:
    """Write zeros until the disk is full."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError as err:
        if err.errno != errno.ENOSPC:
            raise
    finally:
        os.close(descriptor)


@pytest.fixture(params=["full", "read-only"])
def disk(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(what is wrong, the old file on that disk)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    try:
        mounted = _mount(folder, "size=256k")
    except OSError:
        mounted = False
    if not mounted:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        old = folder / "old.out"
        old.write_text(OLD)
        if request.param == "full":
            _fill(folder / "filler")
        else:
            subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield request.param, old
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_writer_on_a_bad_disk(writer, disk, capsys):
    problem, old = disk
    argv = [a.replace("{out}", str(old)) for a in WRITERS[writer]]
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert str(old) in err
    assert ("the disk is full" if problem == "full" else "read-only") in err
    assert old.read_text() == OLD
    assert sorted(p.name for p in old.parent.iterdir()) in (["old.out"], ["filler", "old.out"])


@pytest.mark.parametrize("disk", ["full"], indirect=True)
def test_stdout_on_a_disk_that_fills_up(disk, capsys, monkeypatch):
    _problem, old = disk
    with (old.parent / "results.txt").open("w") as stdout:  # a new file: no page of the disk yet
        monkeypatch.setattr("sys.stdout", stdout)
        code = main(["solve", EASY])
        monkeypatch.undo()
        err = capsys.readouterr().err
        assert code == 2, err
        assert "cannot write to standard output (the disk is full)" in err
