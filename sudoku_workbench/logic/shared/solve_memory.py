"""What a rule carries from one position of a solve to the next, kept per solve.

The forcing rules keep the conclusions of their last full search and try them first on the next
position. Which step a rule takes then depends on what it remembers, so that memory must belong to the
solve: kept per module, a solve running beside it in another thread (the window rates a puzzle while
Logic runs), or an earlier one of the same puzzle, would hand over its own and change the steps.

The drivers (the engine and SE's path) open one :class:`SolveMemory` per solve and make it current while
they ask the rules of a position (:func:`remembering`). A rule asked outside a solve gets a memory of its
own that lasts the one ask, so it answers from the position alone. The current memory is a context
variable: every thread starts without one, so no solve sees another thread's.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar, cast

__all__ = ["SolveMemory", "remembering", "solve_memory"]

T = TypeVar("T")


class SolveMemory:
    """One solve's memory: each rule's value under a key of its own (its rule id and what it keeps)."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: dict[Hashable, object] = {}

    def recall(self, key: Hashable, default: T) -> T:
        """What was kept under ``key`` in this solve, else ``default``."""
        return cast(T, self._kept.get(key, default))

    def keep(self, key: Hashable, value: object) -> None:
        """Keep ``value`` under ``key`` for the rest of this solve."""
        self._kept[key] = value


_current: ContextVar[SolveMemory | None] = ContextVar("solve_memory", default=None)


@contextmanager
def remembering(memory: SolveMemory) -> Iterator[None]:
    """Make ``memory`` the one the rules see while the block asks them (it must not yield a step)."""
    token = _current.set(memory)
    try:
        yield
    finally:
        _current.reset(token)


def solve_memory() -> SolveMemory:
    """The memory of the solve asking now; outside a solve, a new one that nobody else sees."""
    return _current.get() or SolveMemory()
