"""The table of running jobs the session is built on: one job per kind, its callbacks, the answers routed.

A new job of a kind replaces the pending one; answers of a job no longer in the table (cancelled or
replaced) are dropped, so a view never sees a result about a position that is gone. The session
(:class:`~sudoku_workbench.gui.session.session.Session`) inherits it: the jobs are UI state it owns.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from sudoku_workbench.gui.session.job_kinds import QUIET_JOBS, JobKind
from sudoku_workbench.gui.session.worker import Worker

__all__ = ["Callback", "JobTable"]

Callback = Callable[[Any], None]


class JobTable(QObject):
    """Pending jobs by kind and their callbacks (UI thread).

    ``job_started`` and ``job_finished`` speak only of the jobs the person asked for (not
    :data:`QUIET_JOBS`); ``error`` carries a failure's title and text when its job has no ``on_failed``;
    ``message`` is a short line for the status bar.
    """

    job_started = Signal(str)
    job_finished = Signal(str, object)
    error = Signal(str, str)
    message = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = Worker(self)
        self._pending: dict[JobKind, int] = {}
        self._callbacks: dict[int, tuple[Callback | None, Callback, Callback | None]] = {}
        self._closed = False
        self.worker.progress.connect(self._progress)
        self.worker.finished.connect(self._done)
        self.worker.failed.connect(self._failed)
        self.worker.cancelled.connect(self._end)

    def busy(self, kind: JobKind) -> bool:
        """True while a job of this kind runs."""
        return kind in self._pending

    def running(self) -> tuple[JobKind, ...]:
        """The kinds of the jobs that run now."""
        return tuple(self._pending)

    def busy_with_asked_jobs(self) -> bool:
        """True while a job the person asked for runs (not the status line or the graph pane)."""
        return any(kind not in QUIET_JOBS for kind in self._pending)

    def run_job(
        self,
        kind: JobKind,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callback,
        on_progress: Callback | None = None,
        on_failed: Callback | None = None,
        control: bool = False,
    ) -> int:
        """Submit a job, replacing any pending job of the same kind; callbacks run on the UI thread.

        Returns the job id, or -1 once closed (nothing runs then).
        """
        self.cancel(kind)
        if self._closed:
            return -1
        job = self.worker.submit(functools.partial(fn, *args), control=control)
        self._pending[kind] = job
        self._callbacks[job] = (on_progress, on_done, on_failed)
        if kind not in QUIET_JOBS:
            self.job_started.emit(kind)
        return job

    def cancel(self, kind: JobKind) -> None:
        """Stop the pending job of a kind (its late answers are dropped)."""
        job = self._pending.pop(kind, None)
        if job is not None:
            self.worker.cancel(job)
            self._callbacks.pop(job, None)
            if kind not in QUIET_JOBS:
                self.job_finished.emit(kind, None)

    def cancel_all(self, kinds: frozenset[JobKind] | None = None) -> None:
        """Stop every pending job (or those of the given kinds)."""
        for kind in list(self._pending):
            if kinds is None or kind in kinds:
                self.cancel(kind)

    def cancel_asked(self) -> None:
        """Cancel (Esc): stop every job, saying which of those the person had asked for stop.

        Said first, so a job that reports its own ending (Solve through HCP) has the last word.
        """
        asked = [kind.value for kind in self._pending if kind not in QUIET_JOBS]
        if asked:
            self.message.emit(f"Cancelled: {', '.join(asked)}")
        self.cancel_all()

    def shutdown(self) -> None:
        """Cancel every job and wait for the pool (the window is closing)."""
        self.cancel_all()
        self.worker.shutdown()

    def _kind_of(self, job: int) -> JobKind | None:
        return next((k for k, j in self._pending.items() if j == job), None)

    def _progress(self, job: int, value: Any) -> None:
        if self._kind_of(job) is None:
            return
        on_progress = self._callbacks[job][0]
        if on_progress is not None:
            on_progress(value)

    def _done(self, job: int, result: Any) -> None:
        kind = self._end(job)
        if kind is not None:
            self._callbacks.pop(job)[1](result)
            if kind not in QUIET_JOBS:
                self.job_finished.emit(kind, result)

    def _failed(self, job: int, err: Any) -> None:
        kind = self._end(job)
        if kind is None:
            return
        on_failed = self._callbacks.pop(job)[2]
        if on_failed is not None:
            on_failed(err)
        elif kind not in QUIET_JOBS:
            self.error.emit(f"{kind.value[0].upper()}{kind.value[1:]} failed", str(err))
        if kind not in QUIET_JOBS:
            self.job_finished.emit(kind, None)

    def _end(self, job: int) -> JobKind | None:
        kind = self._kind_of(job)
        if kind is not None:
            del self._pending[kind]
        return kind
