"""The one file writer: all or nothing, mode and symbolic links kept, temporary files never left behind."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from sudoku_workbench.core.errors import FileError, WorkbenchError
from sudoku_workbench.formats.atomic import TEMP_PREFIX, atomic_writer, remove_stale_temps, write_atomic


def _temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX)]


def test_a_new_file_gets_the_umask_default_mode(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.txt", "text\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "new.txt").read_text(encoding="utf-8") == "text\n"


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o664])
def test_an_existing_file_keeps_its_mode(tmp_path, mode):
    path = tmp_path / "kept.hcp"
    path.write_text("old", encoding="utf-8")
    path.chmod(mode)
    write_atomic(path, "new")
    assert path.stat().st_mode & 0o777 == mode
    assert path.read_text(encoding="utf-8") == "new"


def test_a_symbolic_link_is_written_through_to_its_target(tmp_path):
    target = tmp_path / "real" / "puzzle.json"
    target.parent.mkdir()
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, b"new bytes")
    assert link.is_symlink()
    assert target.read_bytes() == b"new bytes"
    assert _temps(tmp_path) == []
    assert _temps(target.parent) == []


def test_a_full_disk_keeps_the_old_file_and_names_the_new_one(tmp_path, monkeypatch):
    path = tmp_path / "export.hcp"
    path.write_text("the old export\nEOF\n", encoding="utf-8")

    def full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(FileError, match=r"export\.hcp: cannot write \(the disk is full\)") as caught:
        write_atomic(path, "x" * 100_000)
    assert isinstance(caught.value, WorkbenchError)
    assert isinstance(caught.value, OSError)
    assert path.read_text(encoding="utf-8") == "the old export\nEOF\n"
    assert _temps(tmp_path) == []


def test_a_write_that_fails_half_way_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "set.txt"
    path.write_text("old", encoding="utf-8")

    def write_half() -> None:
        with atomic_writer(path) as handle:
            handle.write("half")
            raise RuntimeError("stopped")

    with pytest.raises(RuntimeError):
        write_half()
    assert path.read_text(encoding="utf-8") == "old"
    assert _temps(tmp_path) == []


def test_a_read_only_place_is_a_named_error(tmp_path, monkeypatch):
    def refuse(*_args: object, **_kwargs: object) -> int:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(FileError, match=r"out\.cnf: cannot write \(the place is read-only\)"):
        write_atomic(tmp_path / "out.cnf", "p cnf 1 0\n")


def test_a_folder_or_a_missing_folder_is_a_named_error(tmp_path):
    with pytest.raises(FileError, match="is a folder, not a file"):
        write_atomic(tmp_path, "x")
    with pytest.raises(FileError, match=r"the folder .*missing does not exist"):
        write_atomic(tmp_path / "missing" / "x.txt", "x")


_SLOW_WRITER = """
import sys, time
from sudoku_workbench.formats.atomic import atomic_writer
with atomic_writer(sys.argv[1]) as handle:
    handle.write("partial\\n" * 100_000)
    handle.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def test_a_kill_during_a_save_keeps_the_old_file_and_the_next_write_cleans_up(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old game", encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-c", _SLOW_WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "writing\n"
    left = _temps(tmp_path)
    assert len(left) == 1
    assert left[0].stat().st_size > 100_000
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert path.read_text(encoding="utf-8") == "old game"
    assert _temps(tmp_path) == left  # nothing cleans up a killed process ...
    write_atomic(tmp_path / "other.txt", "x")  # ... until the next write into the folder
    assert _temps(tmp_path) == []
    assert path.read_text(encoding="utf-8") == "old game"


def test_temporary_files_of_running_processes_stay(tmp_path):
    mine = tmp_path / f"{TEMP_PREFIX}{os.getpid()}-abcd-x.tmp"
    parents = tmp_path / f"{TEMP_PREFIX}{os.getppid()}-abcd-y.tmp"
    dead = tmp_path / f"{TEMP_PREFIX}999999999-abcd-z.tmp"
    old = tmp_path / f"{TEMP_PREFIX}{os.getppid()}-abcd-old.tmp"
    foreign = tmp_path / ".other-program.tmp"
    for path in (mine, parents, dead, old, foreign):
        path.write_text("x", encoding="utf-8")
    day_ago = time.time() - 2 * 24 * 3600
    os.utime(old, (day_ago, day_ago))
    assert remove_stale_temps(tmp_path) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (mine, parents, foreign))


def test_a_device_is_written_to_not_replaced(tmp_path):
    write_atomic(os.devnull, "thrown away")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, b"through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert _temps(tmp_path) == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_dev_full_is_a_full_disk_error():
    with pytest.raises(FileError, match=r"/dev/full: cannot write \(the disk is full\)"):
        write_atomic("/dev/full", "x" * 100_000)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
