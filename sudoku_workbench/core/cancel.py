"""A cancel token shared between the thread that asks and the job that runs."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from sudoku_workbench.core.errors import Cancelled

__all__ = ["CancelToken", "Deadline", "checked_by", "checkpoint"]

#: The token of the rule search running on this thread: the rules' long loops ask it without every
#: finder taking a token argument (a rule is ``find(grid)``).
_ACTIVE: ContextVar[CancelToken | None] = ContextVar("active_cancel_token", default=None)


class CancelToken:
    """Wraps a :class:`threading.Event`; long jobs call :meth:`check` often (every search node)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the job to stop; safe from any thread."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` has been called."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if cancellation was asked for.

        Raises:
            Cancelled: when :meth:`cancel` has been called.
        """
        if self._event.is_set():
            raise Cancelled("cancelled")


class Deadline(CancelToken):
    """A token that cancels itself ``seconds`` from now, or sooner with ``outer``: a time budget.

    For a job whose single steps (a 25x25 puzzle's draw or rating) outlast the whole budget, where
    looking at the clock between steps would come too late.
    """

    def __init__(self, seconds: float, outer: CancelToken | None = None) -> None:
        super().__init__()
        self._ends = time.monotonic() + seconds
        self._outer = outer

    @property
    def cancelled(self) -> bool:
        """True once the time is up, or the outer token is cancelled."""
        outer = self._outer is not None and self._outer.cancelled
        return outer or self._event.is_set() or time.monotonic() >= self._ends

    @property
    def expired(self) -> bool:
        """True when the time is up (what cancelled it, unless the outer token was)."""
        return time.monotonic() >= self._ends and not (self._outer is not None and self._outer.cancelled)

    def check(self) -> None:
        """Raise :class:`Cancelled` once the time is up or the outer token is cancelled.

        Raises:
            Cancelled: as :meth:`CancelToken.check`.
        """
        if self.cancelled:
            raise Cancelled("cancelled")


@contextmanager
def checked_by(token: CancelToken | None) -> Iterator[None]:
    """Let :func:`checkpoint` calls inside the block see ``token`` (None: nothing to check).

    Set around one synchronous call (one ``next`` of a finder), never across a generator's yields,
    so a token cannot outlive its job on a pool thread.
    """
    reset = _ACTIVE.set(token)
    try:
        yield
    finally:
        _ACTIVE.reset(reset)


def checkpoint() -> None:
    """Stop a long rule search here if the job running it was cancelled (see :func:`checked_by`).

    Raises:
        Cancelled: when the active token is cancelled.
    """
    token = _ACTIVE.get()
    if token is not None:
        token.check()
