"""Answers remembered by what they were worked out from, across the positions of a solve.

Searches that read only part of a position (one digit's cells, one unit's candidates, one digit's
places per line) give the same answer wherever that part is the same, and most parts do not move
from one step to the next. :func:`forget_memos` drops all of them, so a benchmark pass starts cold.

Empty rectangles, skyscrapers and the other single-digit patterns read nothing of a position but the
cells that still hold one digit. Between two asks of such a rule most digits have not moved (on
top1465, 72 % of the digit layouts a skyscraper search met had been met before in the same solve), so
their answers are looked up instead of searched again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

from sudoku_workbench.core.geometry import Digit, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.shared._digit_links import digit_links

__all__ = ["LastAnswers", "by_content", "forget_memos", "forgettable", "per_digit"]

T = TypeVar("T")

#: Answers kept per search before its memo starts again (a hard solve meets a few thousand layouts).
_LIMIT = 4096
_MEMOS: list[dict[tuple[Geometry, Digit, int], tuple[object, ...]]] = []
_CACHES: list[Callable[[], None]] = []

F = TypeVar("F", bound=Callable[..., object])


def forgettable(cached: F) -> F:
    """Register a ``functools.lru_cache`` function keyed by content, so :func:`forget_memos` clears it."""
    _CACHES.append(cached.cache_clear)  # type: ignore[attr-defined]
    return cached


def per_digit(search: Callable[[Grid, Digit], Iterable[T]]) -> Callable[[Grid, Digit], tuple[T, ...]]:
    """Remember ``search(grid, digit)`` by the geometry, the digit and the cells holding it.

    Only for searches that read nothing else of the grid: their answer is then the same on every
    position where the digit sits in the same cells.
    """
    memo: dict[tuple[Geometry, Digit, int], tuple[object, ...]] = {}
    _MEMOS.append(memo)

    @functools.wraps(search)
    def remembered(grid: Grid, digit: Digit) -> tuple[T, ...]:
        key = (grid.geometry, digit, digit_links(grid).holders[digit])
        found = memo.get(key)
        if found is None:
            if len(memo) >= _LIMIT:
                memo.clear()
            found = memo[key] = tuple(search(grid, digit))
        return found  # type: ignore[return-value]

    return remembered


def by_content(search: F) -> F:
    """Remember ``search(*args)`` by its arguments (contents such as masks and cells) in a plain dict.

    For the big memos of the rules asked on every position: unlike ``functools.lru_cache`` it keeps no
    linked entry per answer, so the garbage collector walks one dict instead of thousands of objects
    (lru caches of that size made the collections of a solve cost more than they saved). It starts
    again when full. Every answer is kept, None ("no conflict") included.
    """
    memo: dict[tuple[object, ...], object] = {}
    _MEMOS.append(memo)  # type: ignore[arg-type]

    @functools.wraps(search)
    def remembered(*args: object) -> object:
        try:  # a hit (most asks) is one subscript, cheaper than get() and a test
            return memo[args]
        except KeyError:
            pass
        if len(memo) >= _LIMIT:
            memo.clear()
        found = memo[args] = search(*args)
        return found

    return remembered  # type: ignore[return-value]


class LastAnswers(Generic[T]):
    """Per slot (a hinge, a unit), the content it was last asked with and the answer then.

    For answers worked out from a small part of a position that most asks leave as it was: comparing
    it with the last content costs less than hashing it, and along a solve, where candidates only go,
    a content that changed never comes back (a :func:`by_content` memo of them hit 0.2 % of its
    misses here on top1465), so the last answer is the only one worth keeping.
    """

    def __init__(self) -> None:
        self._slots: dict[Hashable, list[tuple[tuple[int, ...], T] | None]] = {}
        _MEMOS.append(self._slots)  # type: ignore[arg-type]

    def slots(self, kind: Hashable, count: int) -> list[tuple[tuple[int, ...], T] | None]:
        """The ``count`` slots kept for ``kind`` (a geometry, with whatever else the answers depend on)."""
        found = self._slots.get(kind)
        if found is None:
            found = self._slots[kind] = [None] * count
        return found

    @staticmethod
    def answer(
        slots: list[tuple[tuple[int, ...], T] | None],
        slot: int,
        content: tuple[int, ...],
        work: Callable[..., T],
        *args: object,
    ) -> T:
        """The answer kept in ``slots[slot]`` if it was worked out for ``content``.

        Otherwise ``work(*args, content)``, which replaces the slot's last answer.
        """
        last = slots[slot]
        if last is None or last[0] != content:
            last = slots[slot] = (content, work(*args, content))
        return last[1]


def forget_memos() -> None:
    """Drop every remembered answer (benchmarks start each pass cold)."""
    for memo in _MEMOS:
        memo.clear()
    for clear in _CACHES:
        clear()
