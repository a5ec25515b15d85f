"""The batch commands' chunks on Dask distributed: a running scheduler, or ``local:N`` worker processes.

Dask is an optional extra, imported only here and only when ``--cluster`` is given. Chunks are
submitted through a bounded window and collected as they finish; finished chunks wait in a small
buffer until the ones before them are done, so output keeps the input order. Dask itself reruns
the tasks of a worker that died (and ``RETRIES`` times a task that raised), so a lost worker costs
time, never lines.
"""

from __future__ import annotations

import logging
import signal
import sys
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, TypeVar

from sudoku_workbench.core.errors import WorkbenchError

if TYPE_CHECKING:
    from distributed import Client, Future

__all__ = ["INSTALL_HINT", "cluster_map", "connect"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "--cluster needs Dask distributed: pip install 'sudoku-workbench[cluster]'"

#: Seconds to wait for a scheduler to answer before giving up.
CONNECT_TIMEOUT = 10

#: A local cluster's settings, for a machine whose cores all compute. Forked workers start in a
#: fraction of a second with our modules already loaded (spawned ones import everything anew,
#: seconds on a busy machine); the dashboard's profiler and monitors, which nobody watches here,
#: would take 5-10 % of a core while the workers compute.
LOCAL_SETTINGS = {
    "distributed.worker.multiprocessing-method": "fork" if sys.platform == "linux" else "spawn",
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}

#: How often Dask reruns a chunk that raised (a worker that dies is always replaced and rerun).
RETRIES = 2


def _local_workers(address: str) -> int | None:
    """N for ``local:N``, None for a scheduler address."""
    if not address.startswith("local:"):
        return None
    count = address.removeprefix("local:")
    if not count.isdigit() or int(count) < 1:
        raise WorkbenchError(f"--cluster {address}: write local:N with N at least 1 worker process")
    return int(count)


@contextmanager
def _terminal_interrupts_ignored() -> Iterator[None]:
    """SIGINT ignored while worker processes start, so they keep ignoring the terminal's Ctrl-C.

    The terminal sends Ctrl-C to the whole process group; this process cancels the work and closes
    the cluster, and workers that also caught it would only print tracebacks while they stop.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _dask_logs_silenced() -> Iterator[None]:
    """Dask's own log lines and tracebacks kept off stderr: what goes wrong is reported as one line."""
    handlers = logging.getLogger("distributed").handlers
    levels = [handler.level for handler in handlers]
    for handler in handlers:
        handler.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for handler, level in zip(handlers, levels):
            handler.setLevel(level)


@contextmanager
def connect(address: str) -> Iterator[Client]:
    """A client of the scheduler at ``address``, or of a new local cluster for ``local:N``.

    Raises:
        WorkbenchError: Dask is not installed, ``local:N`` is malformed or the scheduler does not answer.
    """
    workers = _local_workers(address)
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise WorkbenchError(INSTALL_HINT) from None
    with ExitStack() as stack:
        stack.enter_context(_dask_logs_silenced())
        if workers is None:
            try:
                client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, ValueError, TypeError) as err:
                message = f"--cluster {address}: no Dask scheduler answers there ({err})"
                raise WorkbenchError(message) from None
        else:
            stack.enter_context(dask.config.set(LOCAL_SETTINGS))
            with _terminal_interrupts_ignored():  # the workers inherit that: Ctrl-C is for us
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # its web server on a free port, never a fixed one
                    scheduler_kwargs={"dashboard": False},  # and no dashboard (bokeh) pages
                    silence_logs=logging.CRITICAL,  # a worker lost on Ctrl-C is no news
                )
            stack.enter_context(cluster)
            client = Client(cluster, set_as_default=False)
        stack.enter_context(client)
        yield client


def cluster_map(
    client: Client, task: Callable[[list[T]], list[R]], chunks: Iterator[list[T]]
) -> Iterator[list[R]]:
    """``task`` of each chunk, in order, at most two chunks per worker thread ahead of the output.

    On an early stop (Ctrl-C, a closed generator, an error) the chunks still queued or running are
    cancelled on the cluster.
    """
    from distributed import KilledWorker, as_completed

    window = max(4, 2 * sum(client.nthreads().values()))
    run = uuid.uuid4().hex
    collected = as_completed(loop=client.loop, with_results=True)
    outstanding: dict[object, tuple[int, Future[list[R]]]] = {}  # by task key
    finished: dict[int, list[R]] = {}
    submitted = emitted = 0
    try:
        while True:
            while submitted < emitted + window and (batch := next(chunks, None)) is not None:
                key = f"sudoku-workbench-{run}-{submitted}"
                future = client.submit(task, batch, key=key, retries=RETRIES)
                outstanding[future.key] = (submitted, future)
                collected.add(future)
                submitted += 1
            if emitted == submitted:
                return
            try:
                future, results = next(collected)
            except KilledWorker as err:
                raise WorkbenchError(
                    f"a chunk of work killed one Dask worker after another ({err})"
                ) from None
            if future.status != "finished":  # cancelled: the scheduler went away or was shut down
                reason = str(results).splitlines()[0]
                raise WorkbenchError(f"the Dask cluster dropped the work ({reason})")
            finished[outstanding.pop(future.key)[0]] = results
            while emitted in finished:
                yield finished.pop(emitted)
                emitted += 1
    finally:
        if outstanding:
            client.cancel([future for _, future in outstanding.values()], force=True)
