"""Map a function over a stream in order, in several processes, without reading the stream ahead of time.

``concurrent.futures`` ``map`` submits every item at once; a file of 50,000 puzzles should instead
flow through a bounded window of chunks, so output starts at once and memory stays flat.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

__all__ = ["ordered_map"]

T = TypeVar("T")
R = TypeVar("R")


def _apply_chunk(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [fn(item) for item in chunk]


def ordered_map(fn: Callable[[T], R], items: Iterable[T], jobs: int = 1, chunk: int = 32) -> Iterator[R]:
    """``fn`` over ``items`` in input order; with ``jobs > 1`` in that many worker processes.

    ``fn`` must be a module-level function (it is pickled by name). At most ``2 * jobs`` chunks of
    ``chunk`` items are in flight at any time.
    """
    if jobs <= 1:
        yield from map(fn, items)
        return
    source = iter(items)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        window: deque[Future[list[R]]] = deque()
        while True:
            while len(window) < 2 * jobs:
                batch = list(itertools.islice(source, chunk))
                if not batch:
                    break
                window.append(pool.submit(_apply_chunk, fn, batch))
            if not window:
                return
            yield from window.popleft().result()
