"""``--dedupe`` of the batch commands: each classic 9x9 puzzle once, however it is written.

A record whose minlex form (``search.canonical``) an earlier record had is left out, with a line on
stderr naming both records, so a collection gathered from several lists is rated once per puzzle.
Other shapes have no canonical form here and are all kept. The forms seen are held in memory, 81
bytes a puzzle (about 150 MB for a million puzzles).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.canonical import has_canonical_form, minlex_values

__all__ = ["add_dedupe_option", "without_duplicates"]


def add_dedupe_option(parser: argparse.ArgumentParser) -> None:
    """``--dedupe``: leave out a puzzle equal to an earlier one up to the Sudoku symmetries."""
    parser.add_argument(
        "--dedupe",
        action="store_true",
        help="leave out a classic 9x9 puzzle that is an earlier one relabelled, permuted or transposed "
        "(the same minlex form); each one left out is named on stderr",
    )


def without_duplicates(
    records: Iterable[tuple[int, Grid | FormatError]], source: str
) -> Iterator[tuple[int, Grid | FormatError]]:
    """The records but those whose puzzle has the minlex form of an earlier record's."""
    minlex = minlex_values()
    first: dict[bytes, int] = {}
    for number, item in records:
        if isinstance(item, Grid) and has_canonical_form(item):
            earlier = first.setdefault(minlex(bytes(item.givens)), number)
            if earlier != number:
                print(
                    f"sudoku-workbench: {source}, record {number}: the same puzzle as record {earlier} "
                    "(one minlex form); left out",
                    file=sys.stderr,
                )
                continue
        yield number, item
