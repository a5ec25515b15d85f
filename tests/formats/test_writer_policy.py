"""The atomic writer's policy for what it must not replace (see formats/atomic.py and the README)."""

from __future__ import annotations

import os
import sys

import pytest

from sudoku_workbench.core.errors import FileError
from sudoku_workbench.formats.atomic import TEMP_PREFIX, atomic_writer, check_target, write_atomic

OLD = "old\n"


@pytest.fixture
def kept(tmp_path):
    path = tmp_path / "kept.txt"
    path.write_text(OLD)
    return path


def refused(path, words: str) -> None:
    with pytest.raises(FileError, match=words):
        check_target(path)
    with pytest.raises(FileError, match=words):
        write_atomic(path, "new\n")


def test_a_read_only_file_is_refused_and_kept(kept):
    kept.chmod(0o444)
    refused(kept, "read-only")
    assert kept.read_text() == OLD


def test_a_hard_linked_file_is_refused_and_both_names_keep_the_data(kept, tmp_path):
    os.link(kept, tmp_path / "other name")
    refused(kept, "2 hard links")
    assert (tmp_path / "other name").read_text() == OLD


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file away needs root")
def test_a_file_of_another_user_is_refused(kept):
    os.chown(kept, 4321, 4321)
    refused(kept, "another user")
    assert kept.stat().st_uid == 4321


def test_a_symlink_loop_is_refused_and_stays_a_link(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    refused(loop, "loop of symbolic links")
    assert loop.is_symlink()


def test_names_that_cannot_be_files(tmp_path):
    refused("", "empty name")
    refused(tmp_path / ("n" * 300), "too long")
    refused(tmp_path / "missing" / "x.txt", "does not exist")
    refused(tmp_path, "is a folder")


def test_a_file_in_the_path_is_named(kept):
    refused(kept / "below.txt", "is a file, not a folder")


def test_a_file_of_ours_is_still_replaced_keeping_its_mode(kept):
    kept.chmod(0o640)
    write_atomic(kept, "new\n")
    assert kept.read_text() == "new\n"
    assert kept.stat().st_mode & 0o777 == 0o640


def test_dash_is_standard_output(capsys):
    write_atomic("-", "to stdout\n")
    assert capsys.readouterr().out == "to stdout\n"


def test_dev_stdout_writes_through_the_descriptor_at_its_position(tmp_path, monkeypatch):
    """As after `> out.txt`: what was written before stays, the new text follows it."""
    out = tmp_path / "out.txt"
    with out.open("w") as handle:
        handle.write("already here\n")
        handle.flush()
        saved = os.dup(1)
        os.dup2(handle.fileno(), 1)
        try:
            monkeypatch.setattr(sys, "stdout", open(os.dup(1), "w"))  # noqa: SIM115 - closed below
            with atomic_writer("/dev/stdout") as trace:
                trace.write("trace\n")
            sys.stdout.close()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
    assert out.read_text() == "already here\ntrace\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_character_device_is_written_not_replaced():
    with pytest.raises(FileError, match="the disk is full"):
        write_atomic("/dev/full", "x" * 10_000)
    write_atomic(os.devnull, "gone\n")
    assert os.path.exists(os.devnull)


def test_an_exit_inside_the_block_removes_the_temporary_file(tmp_path):
    """SystemExit is how a handled SIGTERM arrives: the old file stays, no temporary file is left."""
    target = tmp_path / "trace.jsonl"
    target.write_text(OLD)

    def stopped_mid_write() -> None:
        with atomic_writer(target) as handle:
            handle.write("half")
            raise SystemExit(143)

    with pytest.raises(SystemExit):
        stopped_mid_write()
    assert target.read_text() == OLD
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(TEMP_PREFIX)]
