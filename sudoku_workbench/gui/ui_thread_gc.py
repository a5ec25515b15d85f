"""Reference cycles are collected on the UI thread only, while the window's pool threads run Python.

Python collects cycles on whichever thread allocates when a generation fills up. When that is a pool
thread (Logic, an export) and the garbage holds the wrapper of a Qt object, the object is destroyed
on the wrong thread, and Qt's locks and Python's are then taken in the opposite order from the UI
thread: seen in the GUI tests as a deadlock (a pool thread in ``QObject::~QObject`` waiting for the
interpreter, the UI thread waiting for that object's connection lock) and as a crash. So while the
window lives, automatic collection is off and a timer on the UI thread collects the generations that
are due.

A collection stalls the window for as long as it takes, and walking the whole heap took 100–300 ms
(the program's modules, Qt, the logic's caches). So what survives a collection of the oldest
generation is frozen (``gc.freeze``): later collections walk only what is younger. Frozen objects are
still freed when no reference is left; only cycles among them wait for a collection of everything,
which is made when the frozen part has doubled since the last one, and only while no job runs.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QTimer

from sudoku_workbench.gui.worker import jobs_running

__all__ = ["INTERVAL_MS", "collect_due", "hold", "release"]

#: How often the UI thread looks at the generation counts (milliseconds); often, so young ones stay small.
INTERVAL_MS = 50

#: Everything is collected once the frozen objects are this many times those left by the last such collection.
WHOLE_HEAP_GROWTH = 2

_OLDEST = 2


@dataclass
class _Frozen:
    """How many objects were frozen after the last collection of everything (0: none yet), and since.

    Counted when freezing only: ``gc.get_freeze_count`` walks every frozen object, too slow for each tick.
    """

    after_whole: int = 0
    now: int = 0


_holders = 0
_timer: QTimer | None = None
_frozen = _Frozen()


def hold() -> None:
    """One more user (the window, a GUI test) needs collection kept on the UI thread; call from it."""
    global _holders, _timer
    _holders += 1
    if _holders == 1:
        gc.disable()
        if not _frozen.after_whole:
            _collect_everything()  # start-up's objects: the program itself, frozen for good
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

    The oldest generation's survivors are frozen; everything is collected when the frozen part has grown
    :data:`WHOLE_HEAP_GROWTH` times and no job runs.
    """
    if _frozen.now >= WHOLE_HEAP_GROWTH * _frozen.after_whole and not jobs_running():
        return _collect_everything()
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (_OLDEST, 1, 0):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            found = gc.collect(generation)
            if generation == _OLDEST:
                gc.freeze()
                _frozen.now = gc.get_freeze_count()
            return found
    return 0


def _collect_everything() -> int:
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    _frozen.now = _frozen.after_whole = max(1, gc.get_freeze_count())
    return found
