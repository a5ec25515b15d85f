"""One way to stop: SIGINT, SIGTERM and SIGHUP end every command alike, and its worker processes with it.

While a command runs, the first of these signals raises :class:`Stopped` in the main thread. It is a
``KeyboardInterrupt``, so every cleanup written for Ctrl-C (workers killed, Dask work cancelled,
CP-SAT told to stop) serves the other two as well; the command unwinds and ``main`` prints one line
and exits 128 + the signal's number. Work running in other threads or processes is waited for by
the main thread in short waits, so the exception reaches it at once and no signal ever lands in a
solver's own threads. A second signal while the first is served leaves at once, with the same line.
A signal the command was started with ignored (``nohup``, a background job) stays ignored.

Every process forked while a command runs, at any depth, dies with its parent however the parent
dies, kill -9 included: on Linux the kernel kills it when its parent goes (``PR_SET_PDEATHSIG``),
and one whose parent has already gone leaves at once. A forked process also gets back the signal
handlers in place before ours, so a worker that is sent a signal dies of it as it would without us.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

from sudoku_workbench.cli._progress import end_open_line

__all__ = ["STOP_SIGNALS", "Stopped", "exit_on_stop", "stop_signals"]

#: The signals that stop a command, and the word its line uses for each.
STOP_SIGNALS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
if hasattr(signal, "SIGHUP"):
    STOP_SIGNALS[signal.SIGHUP] = "hung up (its terminal closed)"

#: What ``signal.getsignal`` gives and ``signal.signal`` takes.
_Handler = Callable[[int, FrameType | None], Any] | int

#: Linux prctl option: the signal the kernel sends this process when its parent dies.
_PR_SET_PDEATHSIG = 1


class Stopped(KeyboardInterrupt):
    """A stop signal raised in the main thread: SIGINT, SIGTERM or SIGHUP, by its number."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a command ended by it."""
        return 128 + self.signum


class _Stopping:
    """The running command's name for its line, and whether a stop signal has come yet."""

    def __init__(self, prog: str, deferred: bool = False) -> None:
        self.prog = prog
        self.deferred = deferred
        self.first: int | None = None
        self._reported = False

    def on_signal(self, signum: int, _frame: FrameType | None) -> None:
        """The first signal unwinds the command (when deferred, at its next ``check``); a later one leaves."""
        if self.first is None:
            self.first = signum
            if not self.deferred:
                raise Stopped(signum)
            return
        self._leave_now(self.first)

    def check(self) -> None:
        """Raise :class:`Stopped` once a stop signal has come (the place a deferred stop comes out)."""
        if self.first is not None:
            raise Stopped(self.first)

    def report(self, interrupt: KeyboardInterrupt) -> int:
        """Print the command's one line for ``interrupt`` and return its exit code."""
        stopped = interrupt if isinstance(interrupt, Stopped) else Stopped(self.first or signal.SIGINT)
        if not self._reported:
            self._reported = True
            end_open_line()
            print(self._line(stopped.signum), file=sys.stderr, flush=True)
        return stopped.exit_code

    def _line(self, signum: int) -> str:
        return f"{self.prog}: {STOP_SIGNALS[signal.Signals(signum)]}"

    def _leave_now(self, signum: int) -> None:
        if not self._reported:
            self._reported = True
            with suppress(Exception):  # stderr may be in the middle of a write of its own
                end_open_line()
            os.write(2, f"{self._line(signum)}\n".encode())  # unbuffered: safe inside a handler
        os._exit(128 + signum)


class _Forks:
    """What a process forked during a command needs: the handlers to give back and its parent's pid."""

    def __init__(self) -> None:
        self.armed = False
        self.previous: dict[signal.Signals, _Handler] = {}
        self.ours: object = None
        self.parent = 0
        # Loaded now: a library is never loaded in a process just forked from a threaded one.
        self.libc = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None

    def before(self) -> None:
        self.parent = os.getpid()

    def in_child(self) -> None:
        if not self.armed:
            return
        for signum, previous in self.previous.items():
            if signal.getsignal(signum) == self.ours:
                signal.signal(signum, previous)
        if self.libc is not None:
            self.libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != self.parent:  # the parent died before the line above took effect
            os._exit(1)


_FORKS = _Forks()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_FORKS.before, after_in_child=_FORKS.in_child)


@contextmanager
def stop_signals(prog: str, deferred: bool = False) -> Iterator[_Stopping]:
    """Stop signals raise :class:`Stopped` while the block runs; the handlers before are restored after.

    The block's ``report`` prints the one line and gives the exit code; set ``prog`` to the command's
    name once it is known. After a stop signal the handlers stay, so one more during the process's
    own exit leaves at once too. Outside the main thread nothing is installed. ``deferred`` only
    notes the signal, for the block's ``check`` to raise.
    """
    stopping = _Stopping(prog, deferred)
    if threading.current_thread() is not threading.main_thread():
        yield stopping
        return
    previous = {signum: signal.getsignal(signum) or signal.SIG_DFL for signum in STOP_SIGNALS}
    taken = [signum for signum, handler in previous.items() if handler is not signal.SIG_IGN]
    for signum in taken:
        signal.signal(signum, stopping.on_signal)
    _FORKS.previous, _FORKS.ours, _FORKS.armed = previous, stopping.on_signal, True
    try:
        yield stopping
    finally:
        _FORKS.armed = False
        if stopping.first is None:  # after a stop signal, ours stay: a later one leaves at once
            for signum in taken:
                signal.signal(signum, previous[signum])


@contextmanager
def exit_on_stop(prog: str) -> Iterator[Callable[[], None]]:
    """Deferred :func:`stop_signals` for a polling loop, yielding the ``check`` it calls.

    For the window's screenshot mode: there the main thread runs Qt's event handlers, where
    PySide prints an exception and goes on, so a stop is raised only at the loop's ``check``. The
    stop ends the block with its one line and ``SystemExit(128 + N)``.
    """
    with stop_signals(prog, deferred=True) as stopping:
        try:
            yield stopping.check
            stopping.check()  # one that came after the block's last check
        except KeyboardInterrupt as interrupt:
            raise SystemExit(stopping.report(interrupt)) from None
