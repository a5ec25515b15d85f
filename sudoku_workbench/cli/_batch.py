"""The loop the puzzle-file subcommands share: read every record, answer each, report bad ones."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from sudoku_workbench.cli._io import iter_input
from sudoku_workbench.cli._logic_io import Packed, pack, unpack
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid

__all__ = ["INVALID", "for_each_puzzle"]

#: What stdout shows for a record that is no puzzle, so output lines stay aligned with the input.
INVALID = "invalid puzzle"

#: ``answer(number, grid)``: the output lines for one puzzle.
Answer = Callable[[int, Grid], Iterable[str]]


@dataclass(frozen=True)
class _BadRecord:
    """A record that is no puzzle, as it travels through the workers (a FormatError does not pickle)."""

    message: str
    located: bool


def _records(path: str) -> Iterator[tuple[int, Packed | _BadRecord]]:
    for number, item in iter_input(path):
        if isinstance(item, FormatError):
            yield number, _BadRecord(str(item), bool(item.line))
        else:
            yield number, pack(item)


def _answer_record(
    answer: Answer, record: tuple[int, Packed | _BadRecord]
) -> tuple[int, list[str] | _BadRecord]:
    number, item = record
    if isinstance(item, _BadRecord):
        return number, item
    return number, list(answer(number, unpack(item)))


def for_each_puzzle(
    path: str, answer: Answer, invalid: Callable[[int], str] = lambda _: INVALID, jobs: int = 1
) -> int:
    """Print ``answer(number, grid)``'s lines for each puzzle of ``path`` (``-`` is standard input).

    A malformed record prints ``invalid(number)`` on stdout and its located message on stderr, and
    the rest is still read; a whole-file problem (an empty file) prints only the message. With
    ``jobs > 1`` or a ``--cluster``, ``answer`` runs elsewhere and must be picklable
    (see ``_parallel.ordered_map``). Returns the exit code: 0, or 1 when something could not be read.

    Raises:
        FormatError: when the file cannot be opened.
    """
    status = 0
    for number, lines in ordered_map(functools.partial(_answer_record, answer), _records(path), jobs):
        if isinstance(lines, _BadRecord):
            print(f"sudoku-workbench: {lines.message}", file=sys.stderr)
            if lines.located:
                print(invalid(number))
            status = 1
            continue
        for line in lines:
            sys.stdout.write(line + "\n")  # one write: Ctrl-C never leaves half a line
    return status
