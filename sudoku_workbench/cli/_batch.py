"""The one path of every puzzle-file batch command: read the records, answer each, report the bad ones.

``solve``, ``count``, ``check``, ``logic``, ``rate`` and ``soundness`` all read their puzzles through
:class:`Batch`, so a record that is no puzzle, or a puzzle a command refuses (``--assume-unique`` on one
with several solutions), is reported the same way everywhere: a located message on stderr, the
command's ``invalid puzzle`` line on stdout (output stays aligned with the input), exit code 1. Grids
travel to worker processes as plain tuples (:func:`pack`), and only when they leave this process.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from sudoku_workbench.cli._dedupe import without_duplicates
from sudoku_workbench.cli._io import iter_input, source_name
from sudoku_workbench.cli._parallel import ordered_map, runs_here
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid

__all__ = ["INVALID", "Batch", "Packed", "Refusal", "for_each_puzzle", "pack", "unpack"]

#: What stdout shows for a record that is no puzzle, so output lines stay aligned with the input.
INVALID = "invalid puzzle"

#: A grid as plain tuples (shape, givens, entries, candidates), cheap to pickle.
Packed = tuple[Geometry, tuple[int, ...], tuple[int, ...], tuple[int, ...]]

R = TypeVar("R")


@dataclass(frozen=True)
class Refusal:
    """Why a record has no answer: it is no puzzle, or the command refuses the puzzle.

    ``located``: the message names file and line already (a bad record); else the batch adds where.
    """

    message: str
    located: bool = False


#: ``work(number, grid)``: a command's answer for one puzzle, or why it refuses the puzzle.
Work = Callable[[int, Grid], R | Refusal]


def pack(grid: Grid) -> Packed:
    """The grid as plain tuples and its shape, so worker processes do not receive the geometry's tables."""
    return (grid.geometry, grid.givens, grid.entries, grid.candidates)


def unpack(packed: Packed) -> Grid:
    """The grid :func:`pack` describes, on the shared cached geometry."""
    geo, givens, entries, candidates = packed
    return Grid(geo, givens, entries, candidates)


def _answer(work: Work[R], record: tuple[int, Grid | Packed | Refusal]) -> tuple[int, R | Refusal]:
    """Where the work runs: the answer for one record (a refusal passes through)."""
    number, item = record
    if isinstance(item, Refusal):
        return number, item
    return number, work(number, item if isinstance(item, Grid) else unpack(item))


class Batch(Generic[R]):
    """The answers of ``work`` for each record, in input order; refusals are reported as they come.

    Iterating yields ``(number, answer)`` for each puzzle answered; a refused record is said on
    stderr and, unless ``invalid`` is None, as ``invalid(number)`` on stdout, and counted in
    ``refused``. With ``jobs > 1`` or a ``--cluster``, ``work`` runs elsewhere and must be picklable
    (see ``_parallel.ordered_map``).
    """

    def __init__(
        self,
        records: Iterable[tuple[int, Grid | FormatError]],
        source: str,
        work: Work[R],
        jobs: int = 1,
        chunk: int = 32,
        invalid: Callable[[int], str] | None = lambda _: INVALID,
    ) -> None:
        self.records, self.source, self.work = records, source, work
        self.jobs, self.chunk, self.invalid = jobs, chunk, invalid
        self.refused = 0

    def __iter__(self) -> Iterator[tuple[int, R]]:
        here = runs_here(self.jobs)
        travelling = ((number, _travelling(item, here)) for number, item in self.records)
        for number, answer in ordered_map(
            functools.partial(_answer, self.work), travelling, self.jobs, self.chunk
        ):
            if isinstance(answer, Refusal):
                self._report(number, answer)
            else:
                yield number, answer

    def _report(self, number: int, refusal: Refusal) -> None:
        self.refused += 1
        where = "" if refusal.located else f"{self.source}, record {number}: "
        print(f"sudoku-workbench: {where}{refusal.message}", file=sys.stderr)
        if self.invalid is not None:
            print(self.invalid(number))


def _travelling(item: Grid | FormatError, here: bool) -> Grid | Packed | Refusal:
    """A record as it goes to the work: a refusal for a bad one, a packed grid when it leaves."""
    if isinstance(item, FormatError):
        return Refusal(str(item), located=True)  # a FormatError does not pickle
    return item if here else pack(item)


def for_each_puzzle(
    path: str,
    answer: Work[Iterable[str]],
    invalid: Callable[[int], str] = lambda _: INVALID,
    jobs: int = 1,
    dedupe: bool = False,
) -> int:
    """Print ``answer(number, grid)``'s lines for each puzzle of ``path`` (``-`` is standard input).

    A bad or refused record is reported by :class:`Batch` and the rest is still read; with ``dedupe``
    a puzzle equal to an earlier one up to symmetry is left out (``_dedupe``). Returns the exit code:
    0, or 1 when a record could not be read or was refused.

    Raises:
        FormatError: when the file cannot be opened or read at all.
    """
    records = iter_input(path)
    if dedupe:
        records = without_duplicates(records, source_name(path))
    batch = Batch(records, source_name(path), answer, jobs, invalid=invalid)
    for _number, lines in batch:
        for line in lines:
            sys.stdout.write(line + "\n")  # one write: Ctrl-C never leaves half a line
    return 1 if batch.refused else 0
