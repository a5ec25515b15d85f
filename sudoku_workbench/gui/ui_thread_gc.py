"""Reference cycles are collected on the UI thread only, while the window's pool threads run Python.

Python collects cycles on whichever thread allocates when a generation fills up. When that is a pool
thread (Logic, an export) and the garbage holds the wrapper of a Qt object, the object is destroyed
on the wrong thread, and Qt's locks and Python's are then taken in the opposite order from the UI
thread: seen in the GUI tests as a deadlock (a pool thread in ``QObject::~QObject`` waiting for the
interpreter, the UI thread waiting for that object's connection lock) and as a crash. So while the
window lives, automatic collection is off and a timer on the UI thread collects the generations that
are due.

A collection stalls the window for as long as it takes (about 2 µs an object here), and walking the
whole heap took 100–300 ms (the program's modules, Qt, the logic's caches). So what survives a
collection of the oldest generation is frozen (``gc.freeze``): later collections walk only what is
younger. Frozen objects are still freed when no reference is left; only cycles among them wait for a
collection of everything, which is made when the frozen part has doubled since the last one, and only
while no job runs. A job allocates far faster than Python's thresholds expect of a timer, so an older
generation is also collected once about :data:`WALK_LIMIT` objects have moved into it (half a second of
Logic left 50,000 in the middle one).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QTimer

from sudoku_workbench.gui.worker import jobs_running

__all__ = ["INTERVAL_MS", "collect_due", "hold", "release"]

#: How often the UI thread looks at the generation counts (milliseconds); often, so young ones stay small.
INTERVAL_MS = 50

#: Everything is collected once the frozen objects are this many times those left by the last such collection.
WHOLE_HEAP_GROWTH = 2

#: An older generation is collected once about this many objects have moved into it since its last collection.
WALK_LIMIT = 10_000

_OLDEST = 2


@dataclass
class _Tally:
    """Estimates kept by the timer, since Python shows only allocation counts.

    ``moved_in[g]`` counts the objects moved into generation ``g`` since it was last collected (a
    collection's survivors: the objects it walked less those it found unreachable). The frozen counts
    are read when freezing only: ``gc.get_freeze_count`` walks every frozen object.
    """

    moved_in: list[int] = field(default_factory=lambda: [0, 0, 0])
    frozen_after_whole: int = 0
    frozen: int = 0


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
    """Collect the oldest generation that is due; the number of objects found unreachable (0: none due).

    A generation is due when Python's count says so or, for the older two, when :data:`WALK_LIMIT`
    objects have moved into it. The oldest generation's survivors are frozen; everything is collected
    when the frozen part has grown :data:`WHOLE_HEAP_GROWTH` times and no job runs.
    """
    if _tally.frozen >= WHOLE_HEAP_GROWTH * _tally.frozen_after_whole and not jobs_running():
        return _collect_everything()
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (_OLDEST, 1, 0):
        if _due(generation, counts[generation], thresholds[generation]):
            return _collect(generation, counts[0])
    return 0


def _due(generation: int, count: int, threshold: int) -> bool:
    if generation and _tally.moved_in[generation] >= WALK_LIMIT:
        return True
    return bool(threshold) and count > threshold


def _collect(generation: int, youngest: int) -> int:
    """Collect ``generation`` and the younger ones; ``youngest`` estimates the objects in generation 0."""
    walked = youngest + sum(_tally.moved_in[1 : generation + 1])
    found = gc.collect(generation)
    for younger in range(1, generation + 1):
        _tally.moved_in[younger] = 0
    if generation == _OLDEST:
        gc.freeze()
        _tally.frozen = gc.get_freeze_count()
    else:
        _tally.moved_in[generation + 1] += max(0, walked - found)
    return found


def _collect_everything() -> int:
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    _tally.moved_in = [0, 0, 0]
    _tally.frozen = _tally.frozen_after_whole = max(1, gc.get_freeze_count())
    return found
