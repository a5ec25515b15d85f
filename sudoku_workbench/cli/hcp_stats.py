"""``sudoku-workbench hcp-stats``: graph sizes before and after reduction over a file of puzzles."""

from __future__ import annotations

import argparse
import functools
import itertools
import sys
import time
from collections import defaultdict

from sudoku_workbench.cli._io import positive_int
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.reading import open_binary, read_lines
from sudoku_workbench.hcp.reduction import GIVEN_SETS
from sudoku_workbench.hcp.stats import GraphSizes, sizes_of_line

__all__ = ["register"]

_FIELDS = ("vertices", "edges", "reduced_vertices", "reduced_edges")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hcp-stats`` parser."""
    parser = subparsers.add_parser(
        "hcp-stats",
        help="vertices and edges of the HCP graphs of a file of puzzles, before and after reduction",
        description="One line per puzzle (line number, givens, vertices, edges, and the same after "
        "Section 7's reduction), then the means over the file and per number of givens.",
    )
    parser.add_argument("file", metavar="FILE", help="a file with one puzzle per line")
    parser.add_argument("--variant", choices=("undirected", "compact"), default="undirected")
    parser.add_argument("--givens", choices=sorted(GIVEN_SETS), default="full")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--every", type=positive_int, default=1, help="take every N-th puzzle (a sample)")
    parser.add_argument("--limit", type=positive_int, default=None, help="stop after this many puzzles")
    parser.add_argument("--summary", action="store_true", help="print only the means")
    parser.set_defaults(run=_run)


def _lines(path: str, every: int, limit: int | None) -> list[tuple[int, str]]:
    with open_binary(path, path) as handle:
        lines = enumerate(read_lines(handle, path), 1)
        numbered = ((n, ln) for n, ln in lines if ln.strip() and not ln.startswith("#"))
        return list(itertools.islice(itertools.islice(numbered, 0, None, every), limit))


def _means(rows: list[GraphSizes]) -> str:
    return "\t".join(f"{sum(getattr(r, f) for r in rows) / len(rows):.2f}" for f in _FIELDS)


def _run(args: argparse.Namespace) -> int:
    lines = _lines(args.file, args.every, args.limit)
    if not lines:
        raise FormatError("the file holds no puzzles", args.file)
    rows: list[GraphSizes] = []
    started = shown = time.monotonic()
    if not args.summary:
        print("line\tgivens\t" + "\t".join(_FIELDS))
    task = functools.partial(sizes_of_line, args.file, args.variant, args.givens)
    for number, sizes in ordered_map(task, lines, args.jobs, chunk=16):
        rows.append(sizes)
        if not args.summary:
            print(f"{number}\t{sizes.givens}\t" + "\t".join(str(getattr(sizes, f)) for f in _FIELDS))
        if time.monotonic() - shown > 2:
            shown = time.monotonic()
            print(f"hcp-stats: {len(rows)}/{len(lines)} puzzles", file=sys.stderr, flush=True)
    by_givens: dict[int, list[GraphSizes]] = defaultdict(list)
    for sizes in rows:
        by_givens[sizes.givens].append(sizes)
    print(f"# variant={args.variant} givens={args.givens}; means over {len(rows)} puzzles:")
    print("# givens\tpuzzles\t" + "\t".join(_FIELDS))
    for clues in sorted(by_givens):
        print(f"# {clues}\t{len(by_givens[clues])}\t{_means(by_givens[clues])}")
    print(f"# all\t{len(rows)}\t{_means(rows)}")
    elapsed = time.monotonic() - started
    print(f"hcp-stats: {len(rows)} puzzles in {elapsed:.1f} s", file=sys.stderr)
    return 0
