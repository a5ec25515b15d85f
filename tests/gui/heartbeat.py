"""A heartbeat on the UI thread: a short timer whose late ticks are the stalls a person would feel.

``with heartbeat() as beat: ...`` runs a 10 ms timer through the block; afterwards ``beat.longest``,
``beat.percentile(99)`` and ``beat.summary()`` describe the gaps between ticks. Stall times are printed,
never asserted (they depend on the machine); a test asserts time-independent facts instead, such as
``beat.ticks_while_busy > 0``: the UI thread ran its event loop while the job it watched was running.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QTimer

__all__ = ["INTERVAL_MS", "Heartbeat", "heartbeat"]

#: The heartbeat's period (milliseconds): a gap much longer than this is a stall.
INTERVAL_MS = 10


class Heartbeat:
    """A timer on the UI thread recording the gaps between its ticks (seconds).

    ``busy`` (optional) is asked at each tick; the ticks for which it answered True are counted.
    """

    def __init__(self, busy: Callable[[], bool] | None = None, interval_ms: int = INTERVAL_MS) -> None:
        self.gaps: list[float] = []
        self.ticks_while_busy = 0
        self._busy = busy
        self._timer = QTimer()
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)
        self._last = time.monotonic()

    def start(self) -> None:
        self.gaps.clear()
        self._last = time.monotonic()
        self._timer.start()

    def stop(self) -> None:
        """Stop, counting the time since the last tick as a gap too."""
        self._record()
        self._timer.stop()

    def _tick(self) -> None:
        self._record()
        if self._busy is not None and self._busy():
            self.ticks_while_busy += 1

    def _record(self) -> None:
        now = time.monotonic()
        self.gaps.append(now - self._last)
        self._last = now

    @property
    def longest(self) -> float:
        """The longest gap (seconds); 0 before any."""
        return max(self.gaps, default=0.0)

    def percentile(self, percent: float) -> float:
        """The gap that ``percent`` % of the gaps do not exceed (nearest rank; 0 before any)."""
        if not self.gaps:
            return 0.0
        ordered = sorted(self.gaps)
        rank = max(1, round(percent / 100 * len(ordered)))
        return ordered[min(rank, len(ordered)) - 1]

    def summary(self) -> str:
        """``longest 84 ms, p99 40 ms over 312 ticks``."""
        return (
            f"longest {self.longest * 1000:.0f} ms, p99 {self.percentile(99) * 1000:.0f} ms "
            f"over {len(self.gaps)} ticks"
        )


@contextmanager
def heartbeat(busy: Callable[[], bool] | None = None, interval_ms: int = INTERVAL_MS) -> Iterator[Heartbeat]:
    """Run a :class:`Heartbeat` through the block (the block must let the event loop run)."""
    beat = Heartbeat(busy, interval_ms)
    beat.start()
    try:
        yield beat
    finally:
        beat.stop()
