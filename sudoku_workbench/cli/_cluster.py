"""The batch commands' chunks on Dask distributed: a running scheduler, or ``local:N`` worker processes.

Dask is an optional extra, imported only here and only when ``--cluster`` is given. Chunks are
submitted through a bounded window (grouped into tasks of about half a second) and collected as
they finish; finished ones wait in a small buffer until the ones before them are done, so output
keeps the input order. Dask itself reruns the tasks of a worker that died, so a lost worker costs
time, never lines.
"""

from __future__ import annotations

import gc
import itertools
import logging
import signal
import socket
import struct
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from sudoku_workbench.cli._parallel import usable_cpus
from sudoku_workbench.core.errors import WorkbenchError

if TYPE_CHECKING:
    from distributed import Client, Future, as_completed

__all__ = ["INSTALL_HINT", "cluster_map", "connect"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "--cluster needs Dask distributed: pip install 'sudoku-workbench[cluster]'"

#: Seconds to wait for a scheduler to answer before giving up.
CONNECT_TIMEOUT = 8

#: The most bytes a scheduler's first message (its handshake, a few hundred) may announce.
HANDSHAKE_LIMIT = 1 << 16

#: A local cluster's settings, for a machine whose cores all compute. Forked workers start in a
#: fraction of a second with our modules already loaded (spawned ones import everything anew,
#: seconds on a busy machine); the dashboard's profiler and monitors, which nobody watches here,
#: take 7 % of a core even while two workers sit idle (1 % without them).
LOCAL_SETTINGS: dict[str, object] = {
    "distributed.worker.multiprocessing-method": "fork" if sys.platform == "linux" else "spawn",
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
    # The web servers' pages (metrics, health, proxies) and the modules behind them, unused here.
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}

#: Modules that distributed imports only if they are installed and that no command here needs, kept
#: out of its import. NumPy (a quarter of the import) only allocates receive buffers there, where a
#: bytearray serves our small messages as well, and a forked worker that inherits it re-seeds its
#: random generator, loading numpy.random; Jinja2 (a tenth) only draws Dask objects in notebooks.
OPTIONAL_IMPORTS = ("numpy", "jinja2")

#: How often a local worker's nanny looks whether its worker has started.
NANNY_POLL_SECONDS = 0.002

#: Seconds of work a task should hold, and the most chunks one task may group to get there.
TASK_SECONDS = 0.5
MAX_GROUP = 64

#: Seconds the scheduler may go without a single worker while work waits, before the command gives up.
NO_WORKER_SECONDS = 30

#: Transports that reach a scheduler with nothing but its address.
TRANSPORTS = ("tcp", "ws")

#: Dask's other transports, and why an address alone cannot reach a scheduler over them.
UNREACHABLE = {
    "tls": "needs certificates, which --cluster has no way to pass",
    "wss": "needs certificates, which --cluster has no way to pass",
    "inproc": "only reaches a scheduler inside this very process",
    "ucx": "needs UCX-Py and its network stack, which this program does not set up",
}

#: The longest address quoted whole in a message; a longer one is cut.
SHOWN_CHARACTERS = 80

#: How often Dask reruns a chunk that raised. A chunk whose worker dies is rerun anyway, unless it
#: has taken down ``distributed.scheduler.allowed-failures`` (3) workers in turn.
RETRIES = 2


def _refusal(address: str, why: str) -> WorkbenchError:
    """The one-line error for ``--cluster address``, with an address of thousands of characters cut."""
    if len(address) > SHOWN_CHARACTERS:
        address = f"{address[:SHOWN_CHARACTERS]}... ({len(address)} characters)"
    return WorkbenchError(f"--cluster {address}: {why}")


def local_limit() -> int:
    """The most ``local:N`` workers: twice the usable CPUs, since each one-thread worker costs ~65 MB.

    More workers than cores only share them, so a larger N is a typo, not a wish.
    """
    return 2 * usable_cpus()


def _local_workers(address: str) -> int | None:
    """N for ``local:N``, None for a scheduler address."""
    if not address.startswith("local:"):
        return None
    count = address.removeprefix("local:")
    digits = count.lstrip("0")
    if not (count.isascii() and count.isdigit() and digits):  # "²".isdigit() holds, int("²") fails
        raise _refusal(address, "write local:N with N at least 1 worker process")
    limit = local_limit()
    if len(digits) > len(str(limit)) or int(digits) > limit:
        raise _refusal(address, f"at most local:{limit} (twice the {usable_cpus()} usable CPUs)")
    return int(digits)


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
def _dask_kept_quiet() -> Iterator[None]:
    """Dask's own log lines, warnings and tracebacks kept off stderr: what goes wrong is one line of ours.

    On a busy machine Dask warns about slow starts (scratch folders, event loops), which is no news
    to someone who asked for the work.
    """
    handlers = logging.getLogger("distributed").handlers
    levels = [handler.level for handler in handlers]
    for handler in handlers:
        handler.setLevel(logging.CRITICAL)
    try:
        with warnings.catch_warnings():
            # Dask's warnings are UserWarnings raised through context managers, so they cannot be
            # told apart by module; this package itself warns about nothing.
            warnings.simplefilter("ignore", UserWarning)
            yield
    finally:
        for handler, level in zip(handlers, levels, strict=True):
            handler.setLevel(level)


@contextmanager
def connect(address: str) -> Iterator[Client]:
    """A client of the scheduler at ``address``, or of a new local cluster for ``local:N``.

    Raises:
        WorkbenchError: Dask is not installed, the address is malformed, or no scheduler answers there
            within ``CONNECT_TIMEOUT`` seconds.
    """
    workers = _local_workers(address)
    deadline = time.monotonic() + CONNECT_TIMEOUT
    if workers is None:
        _check_scheduler(address, deadline)  # before Dask's import, which takes seconds
    try:
        _import_distributed()
        import dask
        from distributed import Client, LocalCluster
        from distributed.nanny import WorkerProcess
        from distributed.versions import get_versions
    except ImportError:
        raise WorkbenchError(INSTALL_HINT) from None
    with ExitStack() as stack:
        stack.enter_context(_dask_kept_quiet())
        if workers is None:
            try:
                client = Client(address, timeout=max(1.0, deadline - time.monotonic()), set_as_default=False)
            except (OSError, ValueError, TypeError) as err:
                raise _refusal(address, f"no Dask scheduler answers there ({err})") from None
        else:
            # The workers' scratch folders and lock files go in a folder of the run's own, removed
            # after the cluster has closed (Dask leaves dask-scratch-space/*.lock in the temp folder).
            scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="sudoku-workbench-dask-"))
            stack.enter_context(dask.config.set({**LOCAL_SETTINGS, "temporary-directory": scratch}))
            get_versions()  # cached before the workers fork, they report theirs at once
            # A nanny polls its new worker's "I am up" every 50 ms by default: 40 of the cluster's
            # 75 ms start. Polled every 2 ms, it learns at once (each poll is a non-blocking look at a pipe).
            WorkerProcess._init_msg_interval = NANNY_POLL_SECONDS
            with _terminal_interrupts_ignored():  # the workers inherit that: Ctrl-C is for us
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    # Its web server on a free loopback port: ":0" would listen on every interface.
                    dashboard_address="127.0.0.1:0",
                    scheduler_kwargs={"dashboard": False},  # and no dashboard (bokeh) pages
                    silence_logs=logging.CRITICAL,  # a worker lost on Ctrl-C is no news
                )
            stack.enter_context(cluster)
            client = Client(cluster, set_as_default=False)
        stack.enter_context(client)
        yield client


def _import_distributed() -> None:
    """Import Dask distributed at the least cost: it is most of a local cluster's start.

    The garbage collector is paused meanwhile: the import makes tens of thousands of objects, and
    each batch of them would send the collector through the command's own as well (a fifth of
    the import's time). They are then frozen, out of the collector's way for good: otherwise its
    first pass after the import walks them all (15 ms), and so would each forked worker's, again
    and again (about 5 % of a rate run's time).
    Optional modules the command never needs are kept out (``OPTIONAL_IMPORTS``), unless this
    process uses them already; they load as usual for whatever asks for them later.

    Raises:
        ImportError: Dask distributed is not installed.
    """
    kept_out = [name for name in OPTIONAL_IMPORTS if name not in sys.modules]
    collecting = gc.isenabled()
    gc.disable()
    try:
        while True:
            try:
                with _absent(kept_out):
                    import distributed  # noqa: F401  (the import is the point)
                return
            except ImportError as err:
                if err.name not in kept_out:
                    raise
                kept_out.remove(err.name)  # a version of distributed that cannot do without it
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


@contextmanager
def _absent(names: list[str]) -> Iterator[None]:
    """Imports of ``names`` fail meanwhile, as if they were not installed."""
    sys.modules.update(dict.fromkeys(names))  # type: ignore[arg-type]  # None: "not importable"
    try:
        yield
    finally:
        for name in names:
            del sys.modules[name]


def _check_scheduler(address: str, deadline: float) -> None:
    """Refuse, in one line and by ``deadline``, an address where no Dask scheduler speaks.

    Dask's client is given an address only once this has passed: for a malformed one it fails
    after building half a client, whose clean-up prints a traceback at exit; it waits on a server
    that says nothing far beyond its time-out; and it reads a stranger's reply as the length of a
    message (an HTTP answer asks numpy for exabytes). A scheduler speaks first on a new
    connection, so on ``tcp://`` its first message is read here, bounded in time and size.
    ``ws://`` is left to Dask's own time-out; the transports that an address alone cannot reach
    (``UNREACHABLE``) are refused at once, as Dask would only fail on them after 15 s, with a
    traceback at exit. This runs before Dask is imported, which takes seconds of the time-out on a
    busy machine.

    Raises:
        WorkbenchError: naming the address and what is wrong with it.
    """

    def refuse(why: str) -> WorkbenchError:
        return _refusal(address, why)

    scheme, _, location = address.rpartition("://")
    if scheme in UNREACHABLE:
        raise refuse(f"{scheme}:// {UNREACHABLE[scheme]}: give the scheduler's tcp:// address")
    if scheme and scheme not in TRANSPORTS:
        raise refuse(f"Dask has no transport {scheme!r}")
    if scheme not in ("", "tcp"):
        return
    try:
        parts = urllib.parse.urlsplit(f"//{location}")
        host, port = parts.hostname, parts.port
    except ValueError as err:
        raise refuse(f"not a scheduler address ({err})") from None
    if host is None or not port or parts.path or parts.query or parts.fragment:
        raise refuse("not a scheduler address: write tcp://HOST:PORT, or local:N for local workers")
    try:
        with socket.create_connection((host, port), timeout=max(0.1, deadline - time.monotonic())) as peer:
            (size,) = struct.unpack("Q", _received(peer, 8, deadline))
            if not 0 < size <= HANDSHAKE_LIMIT or b"pickle-protocol" not in _received(peer, size, deadline):
                raise refuse("the server there is not a Dask scheduler")
    except TimeoutError:
        raise refuse(f"no Dask scheduler answers there within {CONNECT_TIMEOUT} s") from None
    except UnicodeError:  # the resolver's encoding of a name with an empty or too long part
        raise refuse("not a host name (at most 63 characters between dots, none empty)") from None
    except OSError as err:
        raise refuse(f"no Dask scheduler answers there ({err.strerror or err})") from None


def _received(peer: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes from ``peer`` by ``deadline``.

    Raises:
        TimeoutError: the deadline passed first.
        ConnectionError: the peer closed the connection first.
    """
    data = bytearray()
    while len(data) < size:
        peer.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = peer.recv(size - len(data))
        if not chunk:
            raise ConnectionError(0, "the connection was closed")
        data += chunk
    return bytes(data)


def _timed(task: Callable[[list[T]], list[R]], group: list[list[T]]) -> tuple[list[list[R]], float]:
    """A Dask task: ``task`` of each chunk of the group, and the seconds they took on the worker."""
    started = time.perf_counter()
    results = [task(chunk) for chunk in group]
    return results, time.perf_counter() - started


def _group_size(seconds: float, chunks: int) -> int:
    """How many chunks make one task of about ``TASK_SECONDS``, from the time of those done so far."""
    if not chunks:
        return 1
    return max(1, min(MAX_GROUP, int(TASK_SECONDS * chunks / max(seconds, 1e-6))))


def _next_done(client: Client, collected: as_completed) -> tuple[Future[Any], Any]:
    """The next finished task and its outcome, once the scheduler has a worker to run it.

    The scheduler waits for workers forever, so a scheduler without any (none started, or the only
    one died) would hold the command with no word; its workers are counted after each second in
    which nothing came back.

    Raises:
        WorkbenchError: the scheduler has had no worker for ``NO_WORKER_SECONDS``.
    """
    last_seen = time.monotonic()
    while True:
        with collected.thread_condition:  # held from the look to the wait: no finish is missed
            if not collected.has_ready():
                collected.thread_condition.wait(timeout=1.0)
            if collected.has_ready():
                done: tuple[Future[Any], Any] = next(collected)
                return done
        # Asked with the condition released: Dask's event loop takes it to announce a finish.
        if client.nthreads():
            last_seen = time.monotonic()
        elif time.monotonic() - last_seen > NO_WORKER_SECONDS:
            raise WorkbenchError(
                f"the Dask scheduler has had no worker for {NO_WORKER_SECONDS} s (none started, or "
                "all of them lost): start some with `dask worker SCHEDULER_ADDRESS`, then run again"
            )


def cluster_map(
    client: Client, task: Callable[[list[T]], list[R]], chunks: Iterator[list[T]]
) -> Iterator[list[R]]:
    """``task`` of each chunk, in order, at most two tasks per worker thread ahead of the output.

    A task is a group of consecutive chunks, one chunk until the first tasks have shown how long a
    chunk takes, then enough for about ``TASK_SECONDS``: Dask's few milliseconds per task would
    otherwise cost a fifth of the time of quick chunks. On an early stop (Ctrl-C, a closed
    generator, an error) the tasks still queued or running are cancelled on the cluster.
    """
    from distributed import KilledWorker, as_completed

    window = max(4, 2 * sum(client.nthreads().values()))
    run = uuid.uuid4().hex
    collected = as_completed(loop=client.loop, with_results=True)
    outstanding: dict[object, tuple[int, Future[tuple[list[list[R]], float]]]] = {}  # by task key
    finished: dict[int, list[list[R]]] = {}
    submitted = emitted = timed_chunks = 0
    seconds = 0.0
    try:
        while True:
            while submitted < emitted + window:
                group = list(itertools.islice(chunks, _group_size(seconds, timed_chunks)))
                if not group:
                    break
                key = f"sudoku-workbench-{run}-{submitted}"
                future = client.submit(_timed, task, group, key=key, retries=RETRIES)
                outstanding[future.key] = (submitted, future)
                collected.add(future)
                submitted += 1
            if emitted == submitted:
                return
            try:
                future, outcome = _next_done(client, collected)
            except KilledWorker as err:
                raise WorkbenchError(
                    f"a chunk of work killed one Dask worker after another ({err})"
                ) from None
            if future.status != "finished":  # cancelled: the scheduler went away or was shut down
                reason = str(outcome).splitlines()[0]
                raise WorkbenchError(f"the Dask cluster dropped the work ({reason})")
            results, took = outcome
            seconds += took
            timed_chunks += len(results)
            finished[outstanding.pop(future.key)[0]] = results
            while emitted in finished:
                yield from finished.pop(emitted)
                emitted += 1
    finally:
        if outstanding:
            client.cancel([future for _, future in outstanding.values()], force=True)
