"""The loop the puzzle-file subcommands share: read every record, answer each, report bad ones."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

from sudoku_workbench.cli._io import iter_input
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid

__all__ = ["INVALID", "for_each_puzzle"]

#: What stdout shows for a record that is no puzzle, so output lines stay aligned with the input.
INVALID = "invalid puzzle"


def for_each_puzzle(
    path: str, answer: Callable[[int, Grid], Iterable[str]], invalid: Callable[[int], str] = lambda _: INVALID
) -> int:
    """Print ``answer(number, grid)``'s lines for each puzzle of ``path`` (``-`` is standard input).

    A malformed record prints ``invalid(number)`` on stdout and its located message on stderr, and
    the rest is still read; a whole-file problem (an empty file) prints only the message.
    Returns the exit code: 0, or 1 when something could not be read.

    Raises:
        FormatError: when the file cannot be opened.
    """
    status = 0
    for number, item in iter_input(path):
        if isinstance(item, FormatError):
            print(f"sudoku-workbench: {item}", file=sys.stderr)
            if item.line:
                print(invalid(number))
            status = 1
            continue
        for line in answer(number, item):
            sys.stdout.write(line + "\n")  # one write: Ctrl-C never leaves half a line
    return status
