"""Task functions for the runner's tests: importable by worker processes (stdlib only, cheap to import)."""

from __future__ import annotations

import time


def late_square(item: tuple[int, float]) -> int:
    """``value ** 2`` after sleeping ``delay`` seconds, so chunks finish out of order."""
    value, delay = item
    time.sleep(delay)
    return value * value
