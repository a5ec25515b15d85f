"""Rating a collection's rows: the core's ratings, in worker processes driven from one pool thread.

The command line rates on ``--jobs`` processes; a thread of the window's worker could use only one core
(the rules are Python and hold the interpreter), so the window's job starts processes too and waits for
their answers, checking the cancel token every :data:`POLL` seconds: Esc kills the processes at once.
This module imports no Qt, so a worker process starts with the core alone. Each row gets what the
library keeps for one puzzle (``library.rating.rate_puzzle``): its solutions (0, 1, or 2 for several)
and, with exactly one, the Sudoku Explainer rating, HoDoKu's score and level, and SE's techniques.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.library.rating import PuzzleRating, rate_puzzle
from sudoku_workbench.logic.engine import Rule

__all__ = ["CHUNK", "POLL", "RowRating", "rate_line", "rate_rows", "rating_processes"]

#: Seconds between two looks at the cancel token while the processes work.
POLL = 0.05
#: Rows sent to a process at once: large enough to pay for the trip, small enough to stream progress.
CHUNK = 4


@dataclass(frozen=True)
class RowRating:
    """One row's answers: the collection's rating of its puzzle (none for a line that does not parse)."""

    row: int
    rated: PuzzleRating


def rate_line(row: int, text: str, rules: tuple[Rule, ...]) -> RowRating:
    """The answers for one row's line (in a worker process, or in the thread)."""
    try:
        puzzle = parse_line(text).puzzle()
    except FormatError:
        return RowRating(row, PuzzleRating(0))
    return RowRating(row, rate_puzzle(puzzle, rules))


#: The rules of the rating run a worker process serves (sent once, when the process starts).
_PROCESS_RULES: tuple[Rule, ...] = ()


#: How much lower the rating processes run than the window: when both cores are busy, the window's
#: event loop is served first, so the table stays fluid while the ratings take what is left.
NICENESS = 10


def _take_rules(rules: tuple[Rule, ...]) -> None:
    global _PROCESS_RULES
    _PROCESS_RULES = rules
    if hasattr(os, "nice"):
        os.nice(NICENESS)


def _rate_chunk(chunk: list[tuple[int, str]]) -> list[RowRating]:
    return [rate_line(row, text, _PROCESS_RULES) for row, text in chunk]


def rating_processes() -> int:
    """Processes to rate on: two, as ``rate --jobs 2``, or one where the system gives one CPU."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(2, usable)


def rate_rows(
    rows: Iterable[tuple[int, str]],
    rules: tuple[Rule, ...],
    processes: int,
    cancel: CancelToken,
    **_: object,
) -> Iterator[list[RowRating]]:
    """Rate ``(row, line)`` pairs (read lazily); yields the answers as they come, a list per chunk.

    ``processes`` 0 rates in the calling thread (with the token checked between rows). Processes are
    *spawned*, never forked: a fork of the window's process would copy its Qt threads' locks.

    Raises:
        Cancelled: when the token is set (the processes are killed first).
    """
    if processes <= 0:
        for row, text in rows:
            cancel.check()
            yield [rate_line(row, text, rules)]
        return
    source = iter(rows)
    chunks = iter(lambda: list(itertools.islice(source, CHUNK)), [])
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(processes, mp_context=spawn, initializer=_take_rules, initargs=(rules,))
    try:
        running = {pool.submit(_rate_chunk, chunk) for chunk in itertools.islice(chunks, 3 * processes)}
        while running:
            done, running = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
            cancel.check()
            for future in done:
                following = next(chunks, None)
                if following is not None:
                    running.add(pool.submit(_rate_chunk, following))
                yield future.result()
    except BaseException:  # cancelled, closed early or failed: the processes' work is not waited for
        alive = getattr(pool, "_processes", None) or {}
        for process in list(alive.values()):
            process.kill()
        raise
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
