"""Reference cycles are collected on the UI thread only, while the window's pool threads run Python.

Python collects cycles on whichever thread allocates when a generation fills up. When that is a pool
thread (Logic, an export) and the garbage holds the wrapper of a Qt object, the object is destroyed
on the wrong thread, and Qt's locks and Python's are then taken in the opposite order from the UI
thread: seen in the GUI tests as a deadlock (a pool thread in ``QObject::~QObject`` waiting for the
interpreter, the UI thread waiting for that object's connection lock) and as a crash. So while the
window lives, automatic collection is off and a timer on the UI thread collects the generations that
are due.

A collection stalls the window for as long as it takes (about 1 µs an object here, more on a loaded
machine), and walking the whole heap takes 100–150 ms of the processor (the program's modules, Qt, the
logic's caches: 150,000 objects after Logic on a hard puzzle). So what survives a collection of the
oldest generation is frozen (``gc.freeze``): later collections walk only what is younger. Frozen objects
are still freed when no reference is left; only cycles among them wait for a collection of everything.

While a job runs it allocates far faster than Python's thresholds expect of a timer, and each
collection of an older generation walked tens of thousands of the job's objects (50–150 ms of the UI
thread on a loaded machine, with the job taking the interpreter half the time). So then only the
youngest generation is collected, and what survives it is frozen at once: every object is walked once.
Everything is collected when the frozen part has about doubled since the last such collection, and only
after :data:`QUIET_SECONDS` without a job, when a person is reading rather than acting.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QTimer

from sudoku_workbench.gui.session.worker import jobs_running

__all__ = ["INTERVAL_MS", "collect_due", "hold", "release"]

#: How often the UI thread looks at the generation counts (milliseconds); often, so young ones stay small.
INTERVAL_MS = 50

#: Everything is collected once the frozen objects are this many times those left by the last such collection.
WHOLE_HEAP_GROWTH = 2

#: Everything is collected only after this many seconds without a job (the person is not acting then).
QUIET_SECONDS = 3.0

#: An older generation is collected once about this many objects have moved into it since its last collection.
WALK_LIMIT = 10_000

_OLDEST = 2


@dataclass
class _Tally:
    """Estimates kept by the timer, since Python shows only allocation counts.

    ``moved_in[g]`` counts the objects moved into generation ``g`` since it was last collected (a
    collection's survivors: the objects it walked less those it found unreachable). ``frozen`` adds up
    what each freeze moved (it never learns of frozen objects freed since); the true count is read only
    when that estimate says a collection of everything is due, since ``gc.get_freeze_count`` walks every
    frozen object. ``busy_at`` is when a job was last seen running.
    """

    moved_in: list[int] = field(default_factory=lambda: [0, 0, 0])
    frozen_after_whole: int = 0
    frozen: int = 0
    busy_at: float = 0.0


_holders = 0
_timer: QTimer | None = None
_tally = _Tally()


def hold() -> None:
    """One more user (the window, a GUI test) needs collection kept on the UI thread; call from it."""
    global _holders, _timer
    _holders += 1
    if _holders == 1:
        gc.disable()
        if not _tally.frozen_after_whole:
            _collect_everything()  # start-up's objects (the program itself) leave the collections
        _timer = QTimer(QCoreApplication.instance())
        _timer.setInterval(INTERVAL_MS)
        _timer.timeout.connect(collect_due)
        _timer.start()


def release() -> None:
    """The user is gone: with no pool thread left, collection goes back to Python's own triggers."""
    global _holders, _timer
    if _holders == 0:
        return
    _holders -= 1
    if _holders == 0:
        if _timer is not None:
            _timer.stop()
            _timer.deleteLater()
            _timer = None
        gc.enable()


def collect_due() -> int:
    """Collect what is due; the number of objects found unreachable (0: none due).

    While a job runs, generation 0 is due by Python's count and its survivors are frozen. Otherwise a
    generation is due when Python's count says so or, for the older two, when :data:`WALK_LIMIT` objects
    have moved into it, and the oldest generation's survivors are frozen; everything is collected when
    :func:`_whole_heap_due`.
    """
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if jobs_running():
        _tally.busy_at = time.monotonic()
        return _collect(0, counts[0], freeze=True) if _due(0, counts[0], thresholds[0]) else 0
    if _whole_heap_due():
        return _collect_everything()
    for generation in (_OLDEST, 1, 0):
        if _due(generation, counts[generation], thresholds[generation]):
            return _collect(generation, counts[0], freeze=generation == _OLDEST)
    return 0


def _whole_heap_due() -> bool:
    """The frozen part has grown :data:`WHOLE_HEAP_GROWTH` times and no job ran for :data:`QUIET_SECONDS`."""
    if time.monotonic() - _tally.busy_at < QUIET_SECONDS:
        return False
    if _tally.frozen < WHOLE_HEAP_GROWTH * _tally.frozen_after_whole:
        return False
    _tally.frozen = gc.get_freeze_count()  # the estimate only grows: look at the true count once
    return _tally.frozen >= WHOLE_HEAP_GROWTH * _tally.frozen_after_whole


def _due(generation: int, count: int, threshold: int) -> bool:
    if generation and _tally.moved_in[generation] >= WALK_LIMIT:
        return True
    return bool(threshold) and count > threshold


def _collect(generation: int, youngest: int, freeze: bool) -> int:
    """Collect ``generation`` and the younger ones, then freeze the survivors or move them up a generation.

    ``youngest`` estimates the objects in generation 0.
    """
    walked = youngest + sum(_tally.moved_in[1 : generation + 1])
    found = gc.collect(generation)
    survivors = max(0, walked - found)
    for younger in range(1, generation + 1):
        _tally.moved_in[younger] = 0
    if freeze:
        gc.freeze()
        _tally.frozen += survivors + sum(_tally.moved_in)  # older generations are frozen unwalked
        _tally.moved_in = [0, 0, 0]
    else:
        _tally.moved_in[generation + 1] += survivors
    return found


def _collect_everything() -> int:
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    _tally.moved_in = [0, 0, 0]
    _tally.frozen = _tally.frozen_after_whole = max(1, gc.get_freeze_count())
    return found
