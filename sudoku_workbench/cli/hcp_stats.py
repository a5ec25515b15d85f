"""``sudoku-workbench hcp-stats``: graph sizes before and after reduction over a file of puzzles.

The file is streamed and the means are running sums per number of givens, so memory stays flat
however long the file is (measured: a 10-million-line file in under 100 MB). The rows are a table
(tab-separated text, JSON lines or CSV); with JSON lines and CSV the ``#`` lines of means go to stderr,
so standard output holds the records alone.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import sys
import time
from collections import defaultdict
from collections.abc import Iterator

from sudoku_workbench.cli._io import InputFile, puzzle_lines, source_name
from sudoku_workbench.cli._options import positive_int
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.cli._table import add_table_options, header
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.rows import row_writer
from sudoku_workbench.hcp.reduction import GIVEN_SETS
from sudoku_workbench.hcp.stats import GraphSizes, sizes_of_line

__all__ = ["register"]

_FIELDS = ("vertices", "edges", "reduced_vertices", "reduced_edges")
#: A row's columns: the puzzle's line number and givens, then the sizes.
_COLUMNS = ("line", "givens", *_FIELDS)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hcp-stats`` parser."""
    parser = subparsers.add_parser(
        "hcp-stats",
        help="vertices and edges of the HCP graphs of a file of puzzles, before and after reduction",
        description="One line per puzzle (line number, givens, vertices, edges, and the same after "
        "Section 7's reduction), then the means over the file and per number of givens. The file is "
        "streamed: memory stays under 200 MB whatever its length.",
    )
    parser.add_argument(
        "file", type=InputFile, metavar="FILE", help="a file with one puzzle per line (- for standard input)"
    )
    parser.add_argument("--variant", choices=("undirected", "compact"), default="undirected")
    parser.add_argument("--givens", choices=sorted(GIVEN_SETS), default="full")
    parser.add_argument("--jobs", type=positive_int, default=1, help="worker processes (default 1)")
    parser.add_argument("--every", type=positive_int, default=1, help="take every N-th puzzle (a sample)")
    parser.add_argument("--limit", type=positive_int, default=None, help="stop after this many puzzles")
    parser.add_argument("--summary", action="store_true", help="print only the means")
    add_table_options(parser, "tab separated")
    parser.set_defaults(run=_run)


class _Sums:
    """Running totals of the counts, per number of givens: the means without keeping the rows."""

    def __init__(self) -> None:
        self.puzzles: dict[int, int] = defaultdict(int)
        self.totals: dict[int, list[int]] = defaultdict(lambda: [0] * len(_FIELDS))

    def add(self, sizes: GraphSizes) -> None:
        self.puzzles[sizes.givens] += 1
        totals = self.totals[sizes.givens]
        for index, name in enumerate(_FIELDS):
            totals[index] += getattr(sizes, name)

    def rows(self) -> Iterator[tuple[str, int, str]]:
        """(label, puzzles, tab-separated means) per number of givens, then over all."""
        for clues in sorted(self.puzzles):
            yield str(clues), self.puzzles[clues], _means(self.totals[clues], self.puzzles[clues])
        count = sum(self.puzzles.values())
        overall = [sum(t[i] for t in self.totals.values()) for i in range(len(_FIELDS))]
        yield "all", count, _means(overall, count)


def _means(totals: list[int], count: int) -> str:
    return "\t".join(f"{total / count:.2f}" for total in totals)


def _run(args: argparse.Namespace) -> int:
    source = source_name(args.file)
    lines = itertools.islice(itertools.islice(puzzle_lines(args.file), 0, None, args.every), args.limit)
    first = next(lines, None)
    if first is None:
        raise FormatError("the file holds no puzzles", source)
    sums = _Sums()
    started = shown = time.monotonic()
    write = row_writer(args.format, "\t")
    line = None if args.summary else header(args, _COLUMNS, "\t")
    if line is not None:
        print(line)
    task = functools.partial(sizes_of_line, source, args.variant, args.givens)
    numbered = itertools.chain([first], lines)
    for done, (number, sizes) in enumerate(ordered_map(task, numbered, args.jobs, chunk=16), 1):
        sums.add(sizes)
        if not args.summary:
            values = (number, sizes.givens, *(getattr(sizes, f) for f in _FIELDS))
            print(write(dict(zip(_COLUMNS, values, strict=True))))
        if time.monotonic() - shown > 2:
            shown = time.monotonic()
            print(f"hcp-stats: {done} puzzles", file=sys.stderr, flush=True)
    rows = list(sums.rows())
    means_to = sys.stdout if args.format == "text" else sys.stderr
    print(f"# variant={args.variant} givens={args.givens}; means over {rows[-1][1]} puzzles:", file=means_to)
    print("# givens\tpuzzles\t" + "\t".join(_FIELDS), file=means_to)
    for label, count, means in rows:
        print(f"# {label}\t{count}\t{means}", file=means_to)
    elapsed = time.monotonic() - started
    print(f"hcp-stats: {rows[-1][1]} puzzles in {elapsed:.1f} s", file=sys.stderr)
    return 0
