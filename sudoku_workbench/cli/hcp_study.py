"""``sudoku-workbench hcp-study``: solve a file of puzzles through HCP with CP-SAT, table and plot.

The file (``-``: standard input) is read once, streamed; only a progress bar's total takes one more
quick pass, over a regular file alone. Only the rows of the puzzles studied are kept, for the summary
and the plot. The rows are a table (tab-separated text, JSON lines or CSV);
with JSON lines and CSV the ``#`` summary lines go to stderr, leaving the records alone on standard output.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from sudoku_workbench.cli._hcp import add_workers_option
from sudoku_workbench.cli._io import InputFile, OutputFile, puzzle_lines, source_name
from sudoku_workbench.cli._options import non_negative_int, positive_float, positive_int
from sudoku_workbench.cli._progress import ProgressBar
from sudoku_workbench.cli._table import add_table_options, header
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.atomic import check_target, write_atomic
from sudoku_workbench.formats.rows import row_writer
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.hcp.solve import GRAPHS
from sudoku_workbench.hcp.study import StudyRow, study_puzzle, summary_rows
from sudoku_workbench.hcp.study_plot import study_svg

__all__ = ["register"]

_COLUMNS = ("line", "mode", "givens", "level", "vertices", "edges", "arcs", "seconds", "status")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hcp-study`` parser."""
    parser = subparsers.add_parser(
        "hcp-study",
        help="solve a file of puzzles through their HCP graphs with CP-SAT: sizes, times, a plot",
        description="For each puzzle: the reduced graph from the givens only and with the candidates "
        "left after the local rules (singles, pointing, claiming), each solved by CP-SAT under a time "
        "limit. Prints one row per puzzle and mode, then a summary per mode; --plot writes an SVG of "
        "the solve time against the number of givens and against the logic rating. The file is "
        "streamed: memory stays under 200 MB whatever its length.",
    )
    parser.add_argument(
        "file",
        type=InputFile,
        metavar="FILE",
        help="a file with one puzzle per line (- for standard input)",
    )
    parser.add_argument("--limit", type=positive_int, default=100, help="puzzles to take (default 100)")
    parser.add_argument("--every", type=positive_int, default=1, help="take every N-th puzzle")
    parser.add_argument(
        "--min-givens",
        type=non_negative_int,
        default=0,
        help="skip puzzles with fewer givens (newspaper-style sets)",
    )
    parser.add_argument(
        "--time-limit", type=positive_float, default=10.0, help="seconds per solve (default 10)"
    )
    add_workers_option(parser)
    parser.add_argument("--graph", choices=GRAPHS, default="directed", help="what CP-SAT searches")
    parser.add_argument("--plot", type=OutputFile, metavar="SVG", help="write the plot to this SVG file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_table_options(parser, "tab separated")
    parser.set_defaults(run=_run)


def _puzzles(args: argparse.Namespace) -> Iterator[tuple[int, str]]:
    """The puzzle lines the study takes, streamed (each call reads FILE anew)."""
    kept = (
        (number, line)
        for number, line in puzzle_lines(args.file)
        if sum(c not in ".0" for c in line.split()[0]) >= args.min_givens
    )
    return itertools.islice(itertools.islice(kept, 0, None, args.every), args.limit)


def _run(args: argparse.Namespace) -> int:
    if args.plot is not None:
        check_target(args.plot)
    source = source_name(args.file)
    puzzles = _puzzles(args)
    first = next(puzzles, None)
    if first is None:
        raise FormatError("the file holds no puzzles", source)
    shown = not args.quiet and sys.stderr.isatty() and os.path.isfile(args.file)
    bar = ProgressBar(sum(1 for _ in _puzzles(args)) if shown else 0, "puzzles", enabled=shown)
    rows: list[StudyRow] = []
    studied = 0
    write = row_writer(args.format, "\t")
    line = header(args, _COLUMNS, "\t")
    if line is not None:
        print(line)
    for number, line in itertools.chain([first], puzzles):
        studied += 1
        grid = parse_line(line, source, number)
        for row in study_puzzle(number, grid, args.time_limit, args.graph, args.workers):
            rows.append(row)
            values = (row.number, row.mode, row.givens, row.level_name, row.vertices, row.edges, row.arcs)
            record = dict(zip(_COLUMNS, (*values, round(row.seconds, 2), row.status), strict=True))
            print(write(record), flush=True)
        bar.advance()
    bar.close()
    limit = f"{args.time_limit:g} s limit"
    summary_to = sys.stdout if args.format == "text" else sys.stderr
    print(f"# {source}: {studied} puzzles, CP-SAT on the {args.graph} graph, {limit}", file=summary_to)
    print("# mode\tpuzzles\treduced vertices\treduced edges\tsolved %\tmedian s\tmean s", file=summary_to)
    for mode, count, vertices, edges, solved, median, mean in summary_rows(rows):
        means = f"{vertices:.1f}\t{edges:.1f}\t{solved:.1f}\t{median:.2f}\t{mean:.2f}"
        print(f"# {mode}\t{count}\t{means}", file=summary_to)
    if args.plot is not None:
        title = f"{Path(source).name}: {studied} puzzles, CP-SAT ({args.graph} graph)"
        write_atomic(args.plot, study_svg(rows, args.time_limit, title))
        print(f"hcp-study: wrote {args.plot}", file=sys.stderr)
    return 0
