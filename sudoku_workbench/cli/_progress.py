"""A one-line progress bar on standard error for long batch commands.

A bar's line stays open (no end of line) while it is redrawn; :func:`end_open_line` ends it, so that
a message printed while a bar is showing (an error, "interrupted") starts on a line of its own.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar", "end_open_line"]

#: The stream whose last line is a bar still being drawn, if any.
_open_line: list[TextIO] = []


def end_open_line() -> None:
    """End the line of a bar still being drawn (nothing if there is none)."""
    while _open_line:
        stream = _open_line.pop()
        stream.write("\n")
        stream.flush()


class ProgressBar:
    """``[#####.....] 12/40 puzzles, 3.1/s``, redrawn at most ten times a second; silent when off.

    With a ``total`` of 0 (not known in advance) it is a counter: ``1,234,567 search nodes, 80,000/s``.
    """

    WIDTH = 30

    def __init__(self, total: int, noun: str, enabled: bool, stream: TextIO | None = None) -> None:
        self.total = total
        self.noun = noun
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self._start = time.monotonic()
        self._last_draw = 0.0
        self._drawn = -1

    def advance(self, amount: int = 1) -> None:
        """Count finished items and redraw if a tenth of a second has passed (or all are done)."""
        self.done += amount
        now = time.monotonic()
        if self.enabled and (now - self._last_draw >= 0.1 or 0 < self.total <= self.done):
            self._last_draw = now
            self._draw(now)

    def close(self) -> None:
        """End the bar's line so later messages start on a fresh one."""
        if self.enabled:
            if self._drawn != self.done:
                self._draw(time.monotonic())
            end_open_line()

    def _draw(self, now: float) -> None:
        self._drawn = self.done
        rate = self.done / max(now - self._start, 1e-9)
        if self.total:
            filled = self.WIDTH * self.done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} {self.noun}, {rate:.1f}/s")
        else:
            self.stream.write(f"\r{self.done:,} {self.noun}, {rate:,.0f}/s")
        self.stream.flush()
        if self.stream not in _open_line:
            _open_line.append(self.stream)
