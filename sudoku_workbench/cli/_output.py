"""Standard output that fails with one message: a full disk or a closed descriptor is no traceback.

A command writes its results with ``print``; when standard output is ``/dev/full``, a closed descriptor
(``>&-``) or a file on a disk that fills up, the write fails somewhere inside the command or only when
Python flushes at exit. :func:`guarded_stdout` turns every such failure into an :class:`OutputError`
(a ``WorkbenchError``: one line on stderr and exit code 2), flushes before the command returns, and
then points the failed descriptor at ``/dev/null`` so the interpreter's last flush has nothing to
complain about. A closed pipe (``| head``) stays a ``BrokenPipeError``: the reader has all it wanted.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.formats.atomic import failure_reason

__all__ = ["OutputError", "guarded_stdout"]


class OutputError(WorkbenchError):
    """Standard output cannot be written."""


class _Guarded:
    """``sys.stdout`` whose failed writes raise :class:`OutputError` (``None``: the descriptor is closed)."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return int(self._do("write", text))

    def flush(self) -> None:
        if self.stream is not None:
            self._do("flush")

    def _do(self, name: str, *args: Any) -> Any:
        if self.stream is None:
            raise OutputError("standard output is closed: nowhere to write the results")
        try:
            return getattr(self.stream, name)(*args)
        except BrokenPipeError:
            self.silence()  # the reader is gone: nothing buffered is wanted any more
            raise
        except OSError as err:
            self.silence()
            raise OutputError(f"cannot write to standard output ({failure_reason(err)})") from None

    def silence(self) -> None:
        """Send what is still buffered to /dev/null, so the interpreter's final flush succeeds."""
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.stream.fileno())  # type: ignore[union-attr]
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run a command with ``sys.stdout`` guarded, and flush it before leaving.

    Raises:
        OutputError: when standard output is closed or a write to it fails (the command's own
            error, if one is already on its way, wins: the output then is silenced; a successful
            ``SystemExit`` is no such error).
    """
    original = sys.stdout
    guard = _Guarded(original)
    sys.stdout = guard
    try:
        yield
        guard.flush()
    except SystemExit as stop:
        if stop.code in (0, None):  # --help and --version end so: their text must have been written
            guard.flush()
        raise
    except BaseException:
        with contextlib.suppress(OSError, WorkbenchError):
            guard.flush()
        raise
    finally:
        sys.stdout = original
