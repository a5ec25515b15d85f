"""Autosave files of running windows: one per window, offered back only when its window is gone.

Each window autosaves to ``recovery-<id>.json`` in the data folder (with ``recovery-<id>.origin.json``
saying which file the work belongs to) and, while that file exists, holds an exclusive ``flock`` on
``recovery-<id>.lock``. The operating system drops the lock when the process ends, however it ends, so
a recovery file whose lock can be taken belongs to a window that crashed. A window never touches
another live window's files, and taking over a crashed window's files is one ``os.replace``, so two
windows starting at once cannot both claim it. (POSIX only: ``fcntl``.)
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
from pathlib import Path
from typing import IO

from sudoku_workbench.core.errors import FileError
from sudoku_workbench.formats.atomic import remove_stale_temps, write_atomic

__all__ = ["LIMIT", "RecoveryFile"]

#: The largest recovery file read back (bytes), checked before reading: one of 700 MB took 1.56 GB
#: of memory as the window started, and a document of one puzzle and its steps is far smaller.
LIMIT = 64 << 20

_PREFIX = "recovery-"
#: The single recovery file of versions before per-window files; offered like a crashed window's.
_LEGACY = ("recovery.json", "recovery-origin.json")


class RecoveryFile:
    """The autosave of one window in ``folder``; every method that writes raises ``FileError``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.token = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._lock: IO[bytes] | None = None
        remove_stale_temps(folder)

    @property
    def path(self) -> Path:
        """This window's autosaved document; it exists only while there are unsaved changes."""
        return self.folder / f"{_PREFIX}{self.token}.json"

    def write(self, text: str, origin: str | None) -> None:
        """Autosave ``text`` (a document) and the path of the file it belongs to.

        Raises:
            FileError: when the data folder cannot be written.
        """
        self._hold_lock()
        write_atomic(_origin_of(self.path), json.dumps({"path": origin}))
        write_atomic(self.path, text)

    def read(self) -> tuple[str, str | None] | None:
        """This window's autosaved text and origin, or None when there is none or it is unreadable.

        Raises:
            FileError: when the file is larger than ``LIMIT`` (it is left as it is, unread).
        """
        try:
            size = self.path.stat().st_size
        except OSError:
            return None
        if size > LIMIT:
            raise FileError(
                f"the autosaved work is {size / 2**20:,.0f} MB, more than the {LIMIT >> 20} MB a "
                "recovery file may hold: not restored (the file is left as it is)",
                str(self.path),
            )
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        try:
            origin = json.loads(_origin_of(self.path).read_text(encoding="utf-8")).get("path")
        except (OSError, ValueError, AttributeError):
            origin = None
        return text, origin if isinstance(origin, str) else None

    def claim_orphan(self) -> bool:
        """Take over the newest autosave of a window that is gone; True when there was one.

        The orphan becomes this window's recovery file (read it with :meth:`read`; :meth:`discard`
        drops it when the user declines). Another live window's autosave is never taken.
        """
        for orphan in self._orphans():
            with contextlib.suppress(OSError):
                self._hold_lock()
                os.replace(orphan, self.path)  # FileNotFoundError: another window claimed it first
                with contextlib.suppress(FileNotFoundError):
                    os.replace(_origin_of(orphan), _origin_of(self.path))
                _lock_of(orphan).unlink(missing_ok=True)
                return True
        self._release_lock()
        return False

    def discard(self) -> None:
        """Remove this window's autosave (after a save or a clean close); others' stay."""
        for path in (self.path, _origin_of(self.path)):
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
        self._release_lock()

    def _orphans(self) -> list[Path]:
        """Recovery files whose window is gone, newest first."""
        try:
            found = [p for p in self.folder.glob(f"{_PREFIX}*.json") if _is_document(p) and p != self.path]
        except OSError:
            return []
        legacy = self.folder / _LEGACY[0]
        if legacy.is_file():
            found.append(legacy)
        orphans = [p for p in found if p == legacy or not _owner_alive(_lock_of(p))]
        return sorted(orphans, key=_modified, reverse=True)

    def _hold_lock(self) -> None:
        if self._lock is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        handle = open(_lock_of(self.path), "wb")  # noqa: SIM115 - held open until discard
        fcntl.flock(handle, fcntl.LOCK_EX)  # others test it for an instant only
        self._lock = handle

    def _release_lock(self) -> None:
        if self._lock is None:
            return
        _lock_of(self.path).unlink(missing_ok=True)
        self._lock.close()
        self._lock = None


def _is_document(path: Path) -> bool:
    name = path.name
    return name.startswith(_PREFIX) and not name.endswith(".origin.json") and name not in _LEGACY


def _origin_of(path: Path) -> Path:
    if path.name == _LEGACY[0]:
        return path.with_name(_LEGACY[1])
    return path.with_name(path.name.removesuffix(".json") + ".origin.json")


def _lock_of(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(".json") + ".lock")


def _owner_alive(lock: Path) -> bool:
    """True while some process holds the lock (a missing lock file means the owner is gone)."""
    try:
        handle = open(lock, "rb")  # noqa: SIM115 - closed below
    except OSError:
        return False
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
