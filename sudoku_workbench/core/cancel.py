"""A cancel token shared between the thread that asks and the job that runs."""

from __future__ import annotations

import threading

from sudoku_workbench.core.errors import Cancelled

__all__ = ["CancelToken"]


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
