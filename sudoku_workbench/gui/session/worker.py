"""Run core callables and generators off the UI thread, with job ids, progress and cancellation.

A job is a plain function of the core. With ``control=True`` it is also handed ``cancel=`` (a
:class:`CancelToken`) and ``progress=`` (a callback, throttled to a few signals a second). A generator's
items become ``progress`` signals, the token checked between items, and the value it returns is the
result (Logic's batches of steps go straight to the window, what stopped it comes last). Failures arrive as
``failed`` signals, so a pool thread never dies silently. Results reach the UI thread through queued
signals; deciding whether a result is stale is the session's business (it keeps the job ids it wants).

While any job runs, the interpreter's switch interval is cut from 5 ms to :data:`JOB_SWITCH_INTERVAL`.
Python code on a pool thread holds the GIL for a whole interval whenever the UI thread asks for it, and
the UI thread gives it up at every Qt call it makes; painting the board makes hundreds, so with the
default interval one paint took 100–500 ms while Logic ran, and about 10 ms with 1 ms.
"""

from __future__ import annotations

import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled

__all__ = ["JOB_SWITCH_INTERVAL", "PROGRESS_INTERVAL", "Worker", "jobs_running", "live_workers"]

#: Seconds between two progress signals of a ``progress=`` callback (generator items are never dropped).
PROGRESS_INTERVAL = 0.05

#: The interpreter's switch interval (seconds) while a job runs: how long the UI thread may wait for the GIL.
JOB_SWITCH_INTERVAL = 0.001

_WORKERS: weakref.WeakSet[Worker] = weakref.WeakSet()


class _RunningJobs:
    """Counts the jobs running on every worker; the switch interval is short while there is one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0
        self._saved = sys.getswitchinterval()

    def job_started(self) -> None:
        with self._lock:
            self._running += 1
            if self._running == 1:
                self._saved = sys.getswitchinterval()
                sys.setswitchinterval(min(self._saved, JOB_SWITCH_INTERVAL))

    def job_ended(self) -> None:
        with self._lock:
            self._running -= 1
            if self._running == 0:
                sys.setswitchinterval(self._saved)

    def any(self) -> bool:
        return self._running > 0


_running = _RunningJobs()


def jobs_running() -> bool:
    """True while a job of any worker runs on a pool thread (the collector waits for the quiet)."""
    return _running.any()


def live_workers() -> list[Worker]:
    """Every worker whose Qt object still exists (the test fixture checks none has a job left)."""
    return [w for w in _WORKERS if shiboken6.isValid(w)]


@dataclass
class _Job:
    job: int
    token: CancelToken = field(default_factory=CancelToken)


class _Runnable(QRunnable):
    """Runs one job on a pool thread and reports through the worker's signals."""

    def __init__(self, worker: Worker, job: _Job, call: Callable[[], Any]) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._worker = worker
        self._job = job
        self._call = call

    def run(self) -> None:
        _running.job_started()
        job, token, signals = self._job.job, self._job.token, self._worker
        try:
            try:
                result = self._call()
                if isinstance(result, Iterator):
                    items = result
                    try:  # the items are emitted here, not in a helper: one call less on their way
                        while True:
                            token.check()
                            signals.progress.emit(job, next(items))
                    except StopIteration as end:
                        result = end.value
                token.check()
            except Cancelled:
                signals.cancelled.emit(job)
            except Exception as err:  # every failure becomes a signal, never a dead thread
                signals.failed.emit(job, err)
            else:
                signals.finished.emit(job, result)
        except RuntimeError:  # PySide's "Signal source has been deleted"
            if shiboken6.isValid(self._worker):
                raise
            # The worker was deleted under a job that outlived the wait for it (the program is
            # exiting, after a stop signal in screenshot mode): no one is left to hear the end.
        finally:
            self._worker._forget(job)
            _running.job_ended()


class Worker(QObject):
    """A private thread pool for long jobs; ``submit`` returns the job id the signals carry."""

    progress = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, object)
    cancelled = Signal(int)

    def __init__(self, parent: QObject | None = None, threads: int = 4) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._lock = threading.Lock()
        self._jobs: dict[int, _Job] = {}
        self._next_id = 0
        _WORKERS.add(self)

    def submit(self, fn: Callable[..., Any], *args: Any, control: bool = False) -> int:
        """Start ``fn(*args)`` on a pool thread and return its job id.

        With ``control`` the call also gets ``cancel=`` and ``progress=`` keyword arguments.
        """
        with self._lock:
            self._next_id += 1
            job = _Job(self._next_id)
            self._jobs[job.job] = job
        kwargs: dict[str, Any] = {}
        if control:
            kwargs = {"cancel": job.token, "progress": self._throttled(job.job)}
        self._pool.start(_Runnable(self, job, lambda: fn(*args, **kwargs)))
        return job.job

    def cancel(self, job: int) -> None:
        """Ask a job to stop; it ends with a ``cancelled`` signal (unknown ids are ignored)."""
        with self._lock:
            found = self._jobs.get(job)
        if found is not None:
            found.token.cancel()

    def active_jobs(self) -> list[int]:
        """Ids of the jobs still running or queued."""
        with self._lock:
            return sorted(self._jobs)

    def wait(self, msecs: int = -1) -> bool:
        """Block until every job has ended (tests and shutdown only); False on timeout."""
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self, msecs: int = 5000) -> bool:
        """Cancel every job and wait for the pool threads to finish them.

        A job that outlives the wait keeps its worker alive under the application: deleting the
        worker's thread pool (with the window that owned it) while a thread still runs in it and
        emits this object's signals would crash the whole program.
        """
        for job in self.active_jobs():
            self.cancel(job)
        done = self.wait(msecs)
        if not done:
            self.setParent(QCoreApplication.instance())
        return done

    def _forget(self, job: int) -> None:
        with self._lock:
            self._jobs.pop(job, None)

    def _throttled(self, job: int) -> Callable[[Any], None]:
        last = [0.0]

        def report(value: Any) -> None:
            now = time.monotonic()
            if now - last[0] >= PROGRESS_INTERVAL:
                last[0] = now
                self.progress.emit(job, value)

        return report
