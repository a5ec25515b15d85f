"""The one way this program writes a file: all or nothing, so a crash or a full disk never eats work.

Data goes to a temporary file beside the target, is flushed to the disk, and then replaces the target in
one ``os.replace``. The target keeps its permissions (a new file gets the umask's), a symbolic link is
written through to the file it names, and the temporary file is removed on every path out. A device
or a pipe (``/dev/null``, ``/dev/stdout``) cannot be replaced and is written to directly. Should the
process be killed mid-write, its temporary file (named ``.sudoku-workbench-<pid>-…``) is removed by the
next write into that folder, once its owner is gone.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal, overload

from sudoku_workbench.core.errors import FileError

__all__ = ["TEMP_PREFIX", "atomic_writer", "remove_stale_temps", "write_atomic"]

#: How every temporary file of ours starts; the owner's process id follows.
TEMP_PREFIX = ".sudoku-workbench-"
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)-[0-9a-f]+-.*\.tmp\Z", re.DOTALL)
#: A temporary file older than this is stale even if its process id is in use again.
_STALE_AFTER = 24 * 3600.0


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Replace the file at ``path`` with ``data`` (text is written as UTF-8), all or nothing.

    Raises:
        FileError: naming the file when it cannot be written; the old file is then unchanged.
    """
    with _atomic_writer(os.fspath(path), isinstance(data, bytes)) as handle:
        handle.write(data)


@overload
def atomic_writer(
    path: str | os.PathLike[str], binary: Literal[False] = False
) -> contextlib.AbstractContextManager[IO[str]]: ...
@overload
def atomic_writer(
    path: str | os.PathLike[str], binary: Literal[True]
) -> contextlib.AbstractContextManager[IO[bytes]]: ...
def atomic_writer(
    path: str | os.PathLike[str], binary: bool = False
) -> contextlib.AbstractContextManager[IO[Any]]:
    """A handle whose text (or bytes) replaces the file at ``path`` when the ``with`` block ends.

    For output too large to hold in memory. An exception inside the block leaves the old file as it was.

    Raises:
        FileError: naming the file when it cannot be written.
    """
    return _atomic_writer(os.fspath(path), binary)


@contextlib.contextmanager
def _atomic_writer(name: str, binary: bool) -> Iterator[IO[Any]]:
    target = Path(os.path.realpath(name))  # a symbolic link is written through
    folder = target.parent
    if target.is_dir():
        raise FileError("is a folder, not a file", name)
    if not folder.is_dir():
        raise FileError(f"cannot write: the folder {folder} does not exist", name)
    try:
        status: os.stat_result | None = target.stat()
    except OSError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        # a device or pipe (/dev/null, /dev/stdout, a FIFO) cannot be replaced, only written to
        with _direct_writer(name, binary) as handle:
            yield handle
        return
    remove_stale_temps(folder)
    mode = status.st_mode & 0o7777 if status is not None else None
    temp = folder / f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(4)}-{target.name[:80]}.tmp"
    try:
        # 0o666 and the umask, as any new file; an existing file's mode is copied below
        descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as err:
        raise _write_error(err, name) from err
    try:
        with open(descriptor, "wb" if binary else "w", encoding=None if binary else "utf-8") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException as err:
        temp.unlink(missing_ok=True)
        if isinstance(err, OSError) and not isinstance(err, FileError):
            raise _write_error(err, name) from err
        raise
    _sync_folder(folder)


@contextlib.contextmanager
def _direct_writer(name: str, binary: bool) -> Iterator[IO[Any]]:
    try:
        with open(name, "wb" if binary else "w", encoding=None if binary else "utf-8") as handle:
            yield handle
    except OSError as err:
        if isinstance(err, FileError):
            raise
        raise _write_error(err, name) from err


def _write_error(err: OSError, name: str) -> FileError:
    reasons = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EROFS: "the place is read-only",
        errno.EACCES: "no permission to write there",
        errno.EPERM: "no permission to write there",
    }
    reason = reasons.get(err.errno or 0, err.strerror or str(err))
    return FileError(f"cannot write ({reason}); the old file, if any, is unchanged", name)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: some systems cannot open a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def remove_stale_temps(folder: str | os.PathLike[str]) -> int:
    """Remove our temporary files in ``folder`` whose process is gone (or that are a day old).

    Returns how many were removed; a folder that cannot be listed is left alone.
    """
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None:
            continue
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > _STALE_AFTER
            if old or not _alive(int(match.group(1))):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    """True when a process with this id exists (ours counts: a write may run in another thread)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True
