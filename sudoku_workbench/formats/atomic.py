"""The one way this program writes a file: all or nothing, so a crash or a full disk never eats work.

Data goes to a temporary file beside the target, is flushed to the disk, and then replaces the target in
one ``os.replace``. The target keeps its permissions (a new file gets the umask's), a symbolic link is
written through to the file it names, and the temporary file is removed on every path out, including
an exception, ``SystemExit`` (how a handled SIGTERM arrives) and Ctrl-C. Should the process be killed
outright mid-write, its temporary file (named ``.sudoku-workbench-<pid>-…``) is removed by the next
write into that folder, once its owner is gone.

What is never replaced by rename (the policy, also in the README):

* ``-`` is standard output. ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N`` and ``/proc/self/fd/N``
  are written through the descriptor the process already holds, at its current position: whatever the
  shell connected there (a pipe, a terminal, a file it opened with ``>`` or ``>>``) gets the data after
  what is already written, and is never truncated or reopened.
* A device, a FIFO or a socket (``/dev/null``, ``/dev/full``, a named pipe) is opened and written to.
* A regular file is refused, with the reason, when replacing it would undo what its owner set up:
  it belongs to another user (the new file would be ours), it has other hard links (they would keep the
  old data), or it is read-only (``chmod a-w`` is how a person protects a file). Remove it or make it
  writable, or write elsewhere.
* An empty name, a name too long for the system, a loop of symbolic links, a missing folder or a
  folder in the way are refused by name. Every refusal and failure is a
  :class:`~sudoku_workbench.core.errors.FileError`, and the old file is as it was.
* An input of the same run: :func:`refuse_writing_inputs`, called before any work, compares every
  output and standard output with the inputs by device and inode.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Literal, overload

from sudoku_workbench.core.errors import FileError

__all__ = [
    "TEMP_PREFIX",
    "atomic_writer",
    "check_target",
    "failure_reason",
    "refuse_writing_inputs",
    "remove_stale_temps",
    "write_atomic",
]

#: How every temporary file of ours starts; the owner's process id follows.
TEMP_PREFIX = ".sudoku-workbench-"
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)-[0-9a-f]+-.*\.tmp\Z", re.DOTALL)
#: A temporary file older than this is stale even if its process id is in use again.
_STALE_AFTER = 24 * 3600.0
#: Names of a descriptor the process already has open: written through it, never reopened.
_DESCRIPTOR_NAME = re.compile(r"/dev/(?:std(?P<std>out|err)|fd/(?P<fd>\d+))|/proc/self/fd/(?P<proc>\d+)")
_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the place is read-only",
    errno.EACCES: "no permission to write there",
    errno.EPERM: "no permission to write there",
    errno.ENAMETOOLONG: "the name is too long for a file name",
    errno.ELOOP: "a loop of symbolic links",
    errno.EBADF: "the descriptor is not open",
}


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


def check_target(path: str | os.PathLike[str]) -> None:
    """Refuse now what writing ``path`` later would refuse by the policy above (not a full disk).

    For a long job that writes at its end, so a mistyped name fails before the work, not after it.

    Raises:
        FileError: naming the file, as the writer would.
    """
    name = os.fspath(path)
    if name == "-" or _descriptor_of(name) is not None:
        return
    status = _status(name)
    if status is None or stat.S_ISREG(status.st_mode):
        _existing_folder(Path(os.path.realpath(name)), name)


def refuse_writing_inputs(inputs: Iterable[str], outputs: Iterable[str]) -> None:
    """Refuse a run whose output, or standard output, is one of its input files (``-``: standard input).

    Names are compared as files, by device and inode after links are followed, so ``./in.txt``, a
    symbolic or hard link and a shell's ``>> in.txt`` are caught: written, the input would be lost, or
    read back as more input without end. Only regular files count (a terminal may be both).

    Raises:
        FileError: naming the output, or ``<stdout>``, and the input it is.
    """
    read: dict[tuple[int, int], str] = {}
    for name in inputs:
        key = _file_key(sys.stdin if name == "-" else name)
        if key is not None:
            read.setdefault(key, "<stdin>" if name == "-" else name)
    if not read:
        return
    for name in outputs:
        key = None if name == "-" else _file_key(name)
        if key in read:
            raise FileError(f"is the same file as the input {read[key]}: write to another file", name)
    key = _file_key(sys.stdout)
    if key in read:
        raise FileError(f"standard output is the input {read[key]}: send the results elsewhere", "<stdout>")


def _file_key(what: str | IO[Any] | None) -> tuple[int, int] | None:
    """(device, inode) of a regular file named or open as a stream, None for anything else."""
    try:
        status = os.stat(what) if isinstance(what, str) else os.fstat(what.fileno())  # type: ignore[union-attr]
    except (OSError, ValueError, AttributeError):
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISREG(status.st_mode) else None


@contextlib.contextmanager
def _atomic_writer(name: str, binary: bool) -> Iterator[IO[Any]]:
    if name == "-":
        yield from _stdout_writer(binary)
        return
    descriptor = _descriptor_of(name)
    if descriptor is not None:
        yield from _descriptor_writer(descriptor, name, binary)
        return
    status = _status(name)
    if status is not None and not stat.S_ISREG(status.st_mode):
        yield from _special_writer(name, binary)
        return
    target = Path(os.path.realpath(name))  # a symbolic link is written through
    folder = _existing_folder(target, name)
    remove_stale_temps(folder)
    temp = folder / f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(4)}-{target.name[:80]}.tmp"
    try:  # one try from the creation on: a signal's exit just after os.open still removes the file
        # 0o666 and the umask, as any new file; an existing file's mode is copied below
        handle = _wrap(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), binary)
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if status is not None:
            os.chmod(temp, status.st_mode & 0o7777)
        os.replace(temp, target)
    except BaseException as err:
        with contextlib.suppress(OSError):  # not made (a read-only disk), or left to remove_stale_temps
            temp.unlink()
        if isinstance(err, OSError) and not isinstance(err, FileError):
            raise _write_error(err, name) from err
        raise
    _sync_folder(folder)


def _existing_folder(target: Path, name: str) -> Path:
    """The folder the target goes into.

    Raises:
        FileError: when it does not exist.
    """
    if not target.parent.is_dir():
        raise FileError(f"cannot write: the folder {target.parent} does not exist", name)
    return target.parent


def _wrap(descriptor: int, binary: bool) -> IO[Any]:
    """A file object over a descriptor just opened (closing it closes the descriptor)."""
    encoding = None if binary else "utf-8"
    return open(descriptor, "wb" if binary else "w", encoding=encoding)


def _descriptor_of(name: str) -> int | None:
    """The descriptor a name such as ``/dev/stdout`` or ``/dev/fd/3`` stands for, or None."""
    match = _DESCRIPTOR_NAME.fullmatch(name)
    if match is None:
        return None
    if match["std"]:
        return 1 if match["std"] == "out" else 2
    return int(match["fd"] or match["proc"])


def _status(name: str) -> os.stat_result | None:
    """The target's status (following links), None for a new file; refuses what must not be replaced.

    Raises:
        FileError: an empty or too long name, a link loop, a folder, or a file the policy protects.
    """
    if not name:
        raise FileError("an empty name is no file name (give one, or - for standard output)", "''")
    try:
        status = os.stat(name)
    except FileNotFoundError:
        return None
    except OSError as err:
        if err.errno == errno.ENOTDIR:
            raise FileError("cannot write: a part of the path is a file, not a folder", name) from None
        raise FileError(f"cannot write ({failure_reason(err)})", name) from None
    if stat.S_ISDIR(status.st_mode):
        raise FileError("is a folder, not a file", name)
    if stat.S_ISREG(status.st_mode):
        _refuse_protected(status, name)
    return status


def _refuse_protected(status: os.stat_result, name: str) -> None:
    """Refuse a regular file whose replacement would undo its owner's choices (see the module notes)."""
    keep = "; the file is unchanged"
    if status.st_uid != os.geteuid():
        raise FileError(f"belongs to another user (uid {status.st_uid}), who would lose it{keep}", name)
    if status.st_nlink > 1:
        raise FileError(f"has {status.st_nlink} hard links, which would keep the old data{keep}", name)
    if not status.st_mode & stat.S_IWUSR:
        raise FileError(f"is read-only (mode {status.st_mode & 0o777:o}): make it writable first{keep}", name)


def _stdout_writer(binary: bool) -> Iterator[IO[Any]]:
    """Standard output itself (left open): ``-``."""
    stream = getattr(sys.stdout, "buffer", None) if binary else sys.stdout
    if stream is None:
        raise FileError("standard output is closed", "-")
    sys.stdout.flush()
    yield stream
    stream.flush()


def _descriptor_writer(descriptor: int, name: str, binary: bool) -> Iterator[IO[Any]]:
    """A descriptor the process holds, written at its position through a copy (the original stays open)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()  # what is already printed goes first
    try:
        handle = _wrap(os.dup(descriptor), binary)
    except OSError as err:
        raise _write_error(err, name) from err
    yield from _written(handle, name)


def _special_writer(name: str, binary: bool) -> Iterator[IO[Any]]:
    """A device, FIFO or socket: opened for writing, never created or truncated."""
    try:
        handle = _wrap(os.open(name, os.O_WRONLY), binary)
    except OSError as err:
        raise _write_error(err, name) from err
    yield from _written(handle, name)


def _written(handle: IO[Any], name: str) -> Iterator[IO[Any]]:
    try:
        with handle:
            yield handle
    except OSError as err:
        if isinstance(err, FileError):
            raise
        raise _write_error(err, name) from err


def failure_reason(err: OSError) -> str:
    """Why a write failed, in words (the system's own text for the rare reasons not listed)."""
    return _REASONS.get(err.errno or 0, err.strerror or str(err))


def _write_error(err: OSError, name: str) -> FileError:
    return FileError(f"cannot write ({failure_reason(err)}); the old file, if any, is unchanged", name)


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
