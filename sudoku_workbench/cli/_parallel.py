"""Map a function over a stream in input order: in this process, in worker processes, or on Dask.

Every batch command sends its work through :func:`ordered_map`, so ``--jobs`` and ``--cluster``
mean the same everywhere and the output never depends on where the work ran. The stream is read
through a bounded window of chunks (a file of a million puzzles flows through in flat memory) and
results come back in input order as soon as the oldest chunk is done.

Local workers sit in their own process group, out of the terminal's Ctrl-C, and are killed rather
than waited for when the command stops early: Ctrl-C reaches only this process, which holds no
solver state, and the lines already printed are all the output there is.

A command's subparser that has ``--jobs`` is given ``--cluster`` by :func:`offer_cluster`, and
:func:`batch_workers` opens that cluster around the whole command; ``ordered_map`` then sends its
chunks there. A command gets Dask by using ``ordered_map``, with no code of its own.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, TypeVar

from sudoku_workbench.core.errors import WorkbenchError

if TYPE_CHECKING:
    from concurrent.futures import Future

    from distributed import Client

__all__ = ["batch_workers", "offer_cluster", "ordered_map", "runs_here", "usable_cpus"]

T = TypeVar("T")
R = TypeVar("R")

#: The Dask client of the running command's ``--cluster``, if it has one.
_CLIENT: ContextVar[Client | None] = ContextVar("sudoku_workbench_cluster", default=None)

CLUSTER_HELP = (
    "run the work on Dask instead of local processes: a scheduler address (tcp://HOST:8786) "
    "or local:N for N local worker processes (N at most twice the usable CPUs); the output is the "
    "same (replaces --jobs)"
)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def offer_cluster(parser: argparse.ArgumentParser) -> None:
    """Give every subcommand parser (at any depth) that takes ``--jobs`` a ``--cluster`` option too."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                offer_cluster(sub)
    options = parser._option_string_actions
    if "--jobs" in options and "--cluster" not in options:
        parser.add_argument("--cluster", metavar="ADDRESS", help=CLUSTER_HELP)


@contextmanager
def batch_workers(args: argparse.Namespace) -> Iterator[None]:
    """Check the command's ``--jobs``; with ``--cluster``, connect for the command's whole run.

    Raises:
        WorkbenchError: ``--jobs`` below 1, or a cluster that cannot be used (see ``_cluster.connect``).
    """
    jobs = getattr(args, "jobs", None)
    if jobs is not None and jobs < 1:
        raise WorkbenchError(f"--jobs {jobs}: the number of worker processes must be at least 1")
    address = getattr(args, "cluster", None)
    if address is None:
        yield
        return
    from sudoku_workbench.cli._cluster import connect

    with connect(address) as client:
        token = _CLIENT.set(client)
        try:
            yield
        finally:
            _CLIENT.reset(token)


def runs_here(jobs: int, isolate: bool = False) -> bool:
    """True when :func:`ordered_map` calls its function in this process: nothing it is given travels."""
    return _CLIENT.get() is None and min(jobs, usable_cpus()) <= 1 and not isolate


def _apply_chunk(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [fn(item) for item in chunk]


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    source = iter(items)
    while batch := list(itertools.islice(source, size)):
        yield batch


def ordered_map(
    fn: Callable[[T], R], items: Iterable[T], jobs: int = 1, chunk: int = 32, isolate: bool = False
) -> Generator[R, None, None]:
    """``fn`` over ``items`` in input order, on the command's cluster or on up to ``jobs`` processes.

    ``fn`` must be picklable (a module-level function or a ``functools.partial`` of one) unless it
    runs here: one job, no cluster and no ``isolate``. ``jobs`` is capped at the usable CPUs and at
    the number of chunks of ``chunk`` items; at most ``2 * jobs`` chunks are in flight. ``isolate``
    runs even a single job in a worker process, so this process only waits and Ctrl-C never lands
    inside ``fn``.
    """
    if runs_here(jobs, isolate):
        yield from map(fn, items)
        return
    client = _CLIENT.get()
    if client is not None:
        from sudoku_workbench.cli._cluster import cluster_map

        for results in cluster_map(client, functools.partial(_apply_chunk, fn), _chunks(items, chunk)):
            yield from results
        return
    jobs = min(jobs, usable_cpus())
    chunks = _chunks(items, chunk)
    ahead = list(itertools.islice(chunks, 2 * jobs))
    workers = min(jobs, len(ahead))
    if workers <= 1 and not isolate:  # a single chunk: a worker process would only add its start-up
        for batch in ahead:
            yield from map(fn, batch)
        return
    yield from _pool_map(fn, ahead, chunks, max(workers, 1))


def _pool_map(
    fn: Callable[[T], R], ahead: list[list[T]], chunks: Iterator[list[T]], workers: int
) -> Generator[R, None, None]:
    """The results of the chunks ``ahead`` and then of ``chunks``, in order, from ``workers`` processes."""
    if not ahead:
        return
    # here, not at the top: the pool's modules cost every command's start-up (about 10 ms)
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(workers, initializer=os.setpgrp)
    window: deque[Future[list[R]]] = deque(pool.submit(_apply_chunk, fn, batch) for batch in ahead)
    try:
        while window:
            try:
                results = window.popleft().result()
            except BrokenProcessPool:  # a worker killed from outside (kill -9, out of memory)
                raise WorkbenchError(
                    "a worker process died (killed from outside, or out of memory): the lines "
                    "printed so far are whole, the rest is missing"
                ) from None
            following = next(chunks, None)
            if following is not None:
                window.append(pool.submit(_apply_chunk, fn, following))
            yield from results
    except BaseException:  # interrupted, closed early or failed: do not wait for the work in flight
        for process in list(pool._processes.values()):
            process.kill()
        raise
    finally:
        pool.shutdown(cancel_futures=True)
