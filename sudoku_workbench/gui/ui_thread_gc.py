"""Reference cycles are collected on the UI thread only, while the window's pool threads run Python.

Python collects cycles on whichever thread allocates when a generation fills up. When that is a pool
thread (Logic, an export) and the garbage holds the wrapper of a Qt object, the object is destroyed
on the wrong thread, and Qt's locks and Python's are then taken in the opposite order from the UI
thread: seen in the GUI tests as a deadlock (a pool thread in ``QObject::~QObject`` waiting for the
interpreter, the UI thread waiting for that object's connection lock) and as a crash. So while the
window lives, automatic collection is off and a timer on the UI thread collects, generation by
generation, what Python itself would have collected by then.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QTimer

__all__ = ["INTERVAL_MS", "collect_due", "hold", "release"]

#: How often the UI thread looks at the generation counts (milliseconds).
INTERVAL_MS = 200

_holders = 0
_timer: QTimer | None = None


def hold() -> None:
    """One more user (the window, a GUI test) needs collection kept on the UI thread; call from it."""
    global _holders, _timer
    _holders += 1
    if _holders == 1:
        gc.disable()
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
    """Collect the oldest generation whose count is past its threshold, as Python would; 0 if none."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1, 0):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            return gc.collect(generation)
    return 0
