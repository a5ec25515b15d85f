"""One autosave file per window: offered back only once its owner process is gone, never another's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from sudoku_workbench.core.errors import FileError
from sudoku_workbench.formats import recovery
from sudoku_workbench.formats.recovery import RecoveryFile

_CRASHING_WINDOW = """
import sys, time
from pathlib import Path
from sudoku_workbench.formats.recovery import RecoveryFile
recovery = RecoveryFile(Path(sys.argv[1]))
recovery.write("the crashed window's work", "/home/me/puzzle.json")
print("saved", flush=True)
time.sleep(60)
"""


def _crash_a_window(folder) -> None:
    """A process autosaves, then is killed without any clean-up."""
    child = subprocess.Popen([sys.executable, "-c", _CRASHING_WINDOW, str(folder)], stdout=subprocess.PIPE)
    assert child.stdout is not None
    assert child.stdout.readline() == b"saved\n"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)


def test_a_crashed_window_is_offered_back_with_its_origin(tmp_path):
    _crash_a_window(tmp_path)
    window = RecoveryFile(tmp_path)
    assert window.claim_orphan()
    assert window.read() == ("the crashed window's work", "/home/me/puzzle.json")
    assert not RecoveryFile(tmp_path).claim_orphan()  # claimed once, by one window only
    window.discard()
    assert sorted(tmp_path.iterdir()) == []


def test_a_running_window_is_never_offered_nor_deleted(tmp_path):
    first = RecoveryFile(tmp_path)
    first.write("first's work", None)
    second = RecoveryFile(tmp_path)
    assert not second.claim_orphan()
    second.write("second's work", None)
    second.discard()  # closing the second window cleanly
    assert first.read() == ("first's work", None)
    assert first.path.exists()
    assert not second.path.exists()


def test_two_crashed_windows_go_to_two_new_windows_newest_first(tmp_path):
    _crash_a_window(tmp_path)
    older = next(tmp_path.glob("recovery-*[0-9a-f].json"))
    _crash_a_window(tmp_path)
    windows = [RecoveryFile(tmp_path) for _ in range(3)]
    assert [window.claim_orphan() for window in windows] == [True, True, False]
    assert not older.exists()


def test_the_single_recovery_file_of_older_versions_is_offered(tmp_path):
    (tmp_path / "recovery.json").write_text("old version's work", encoding="utf-8")
    (tmp_path / "recovery-origin.json").write_text('{"path": "/x.sdk"}', encoding="utf-8")
    window = RecoveryFile(tmp_path)
    assert window.claim_orphan()
    assert window.read() == ("old version's work", "/x.sdk")
    assert not (tmp_path / "recovery.json").exists()


def test_a_recovery_file_beyond_the_limit_is_refused_unread(tmp_path, monkeypatch):
    """Its size is looked at first: a 700 MB one was read whole as the window started (1.56 GB)."""
    _crash_a_window(tmp_path)
    window = RecoveryFile(tmp_path)
    assert window.claim_orphan()
    monkeypatch.setattr(recovery, "LIMIT", 1 << 20)
    os.truncate(window.path, 2 << 20)  # sparse: no disk, no time
    monkeypatch.setattr(type(window.path), "read_text", lambda *_a, **_k: pytest.fail("read whole"))
    with pytest.raises(FileError, match="is 2 MB, more than the 1 MB a recovery file may hold") as refused:
        window.read()
    assert str(window.path) in str(refused.value)
    assert window.path.exists()  # left as it is
