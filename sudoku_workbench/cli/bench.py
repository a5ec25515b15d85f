"""``sudoku-workbench bench [FILES…] [--quick]``: puzzles per second of each task on each data set.

Every task of :data:`~sudoku_workbench.cli._bench_tasks.BENCH_TASKS` runs ``--runs`` times over an
evenly spread sample of each one-puzzle-per-line file; before each pass the task is reset and warmed
up on the blank grid and a few puzzles from outside the sample. The rate is the sample size over the
median pass; the slowest puzzle is the one whose best time over the passes is largest. Times are
process CPU time, so other programs running on the machine disturb the numbers less.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sudoku_workbench.cli._bench_tasks import BENCH_TASKS, BenchTask, logic_task
from sudoku_workbench.cli._hodoku_race import RACE_HEADER as HODOKU_HEADER
from sudoku_workbench.cli._hodoku_race import hodoku, race_row
from sudoku_workbench.cli._io import InputFile, puzzle_lines, rereadable
from sudoku_workbench.cli._options import positive_int
from sudoku_workbench.cli._pads_race import RACE_HEADER, load_pads, race_rows
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.cli._table import add_table_options, header
from sudoku_workbench.core.errors import FormatError, WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.atomic import refuse_writing_inputs
from sudoku_workbench.formats.rows import row_writer
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import RULES
from sudoku_workbench.logic.rule_choice import rules_count

__all__ = ["register"]

_CHECKOUT = Path(__file__).resolve().parents[2]
#: Where ``bench`` looks for data when no folder is named: the public sets beside the current folder
#: or beside the checkout, then the checkout's own small test corpus (all a bare clone has).
_DATA_FOLDERS = (_CHECKOUT.parent / "shared" / "data", _CHECKOUT / "tests" / "data")
_WARM_UP = 5
#: Puzzles the race may warm up on: it stops at a CPU budget, so hard sets use a few of them.
_RACE_WARM_UP = 200
_HEADER = ("data set", "size", "puzzles", "task", "puzzles/s", "slowest ms", "slowest line")


def register(subparsers: Any) -> None:
    """Add the ``bench`` subcommand."""
    parser = subparsers.add_parser(
        "bench",
        help="measure puzzles per second of solve, count --limit 2 and the OK search on data sets",
        description="Time each task on a sample of each data set (every *.txt of the data folder, "
        "or the files given) and print a Markdown table.",
    )
    parser.add_argument(
        "files", type=InputFile, nargs="*", metavar="FILE", help="one-puzzle-per-line files to measure"
    )
    parser.add_argument(
        "--quick", action="store_true", help="small samples: the whole run takes under a minute"
    )
    parser.add_argument(
        "--data", metavar="DIR", help="data folder (default: ../shared/data, else the checkout's tests/data)"
    )
    parser.add_argument(
        "--sample", type=positive_int, metavar="N", help="puzzles per file (default 1000, quick 12)"
    )
    parser.add_argument(
        "--runs", type=positive_int, default=3, metavar="N", help="timed runs per task (default 3)"
    )
    parser.add_argument(
        "--task", action="append", metavar="NAME", help="only the tasks whose name contains NAME"
    )
    parser.add_argument(
        "--against-pads",
        metavar="DIR",
        help="instead, race Logic against Eppstein's PADS Sudoku.py found in DIR, side by side in one "
        "process (9x9 puzzles; PADS is not shipped: point at your own copy)",
    )
    parser.add_argument(
        "--against-hodoku",
        metavar="JAR",
        help="instead, race Logic against the batch solver of your own hodoku.jar (HoDoKu 2.2; GPL, "
        "not shipped), kept warm in one JVM, in CPU time (9x9 puzzles; Linux)",
    )
    add_table_options(parser, "a Markdown table")
    parser.set_defaults(run=_run)
    add_rule_options(parser)


def _run(args: argparse.Namespace) -> int:
    if args.runs < 1 or (args.sample is not None and args.sample < 1):
        raise WorkbenchError("--runs and --sample must be at least 1")
    sample = args.sample or (12 if args.quick else 1000)
    if args.against_pads and args.against_hodoku:
        raise WorkbenchError("--against-pads and --against-hodoku are two races: give one")
    if args.against_pads:
        return _race(args, sample)
    if args.against_hodoku:
        return _race_hodoku(args, sample)
    tasks = [t for t in _tasks(args) if not args.task or any(name in t.name for name in args.task)]
    files = _data_files(args)
    print_row = _table(args, _HEADER)
    for path in files:
        puzzles, warm_up = _sample(path, sample)
        for task in tasks:
            chosen = [(line, grid) for line, grid in puzzles if task.applies_to(grid)]
            if chosen:
                print_row(_row(path, task, (chosen, warm_up), args.runs))
    return 0


def _tasks(args: argparse.Namespace) -> tuple[BenchTask, ...]:
    """The task table, with full logic runs by the chosen rules when the rule options change them."""
    if args.chosen_rules == RULES:
        return BENCH_TASKS
    label = f"--rules {args.rules} ({rules_count([rule.id for rule in args.chosen_rules])})"
    return (*BENCH_TASKS, logic_task(args.chosen_rules, label))


def _table(args: argparse.Namespace, columns: tuple[str, ...]) -> Callable[[Sequence[object]], None]:
    """Print the table's header (unless ``--no-header``) and give what prints a row, in ``--format``.

    Text is a Markdown table. A row is printed at once, so a long run shows its rows as they come.
    """
    if args.format == "text":
        if not args.no_header:
            _print_cells(columns)
            print("|" + "---|" * len(columns))
        return _print_cells
    line = header(args, columns)
    if line is not None:
        print(line)
    write = row_writer(args.format)
    return lambda cells: print(write(dict(zip(columns, cells, strict=True))), flush=True)


def _print_cells(cells: Sequence[object]) -> None:
    """One row of the Markdown table."""
    print("| " + " | ".join(str(c) for c in cells) + " |", flush=True)


def _race(args: argparse.Namespace, sample: int) -> int:
    """Print the table of :mod:`~sudoku_workbench.cli._pads_race` for every 9x9 data set."""
    pads = load_pads(Path(args.against_pads))
    files = _data_files(args)
    print_row = _table(args, RACE_HEADER)
    for path in files:
        chosen, spare = _sample(path, sample, spares=_RACE_WARM_UP)
        grids = [grid for _, grid in chosen if grid.geometry.n == 9]
        if grids:
            for row in race_rows(pads, path.name, grids, [g for g in spare if g.geometry.n == 9]):
                print_row(row)
    return 0


def _race_hodoku(args: argparse.Namespace, sample: int) -> int:
    """Print the table of :mod:`~sudoku_workbench.cli._hodoku_race`, one row per 9x9 data set."""
    files = _data_files(args)
    print_row = _table(args, HODOKU_HEADER)
    with hodoku(Path(args.against_hodoku)) as solver:
        for path in files:
            chosen, spare = _sample(path, sample, spares=_RACE_WARM_UP)
            grids = [grid for _, grid in chosen if grid.geometry.n == 9]
            if grids:
                print_row(race_row(solver, path.name, grids, [g for g in spare if g.geometry.n == 9]))
    return 0


def _data_files(args: argparse.Namespace) -> list[Path]:
    """The files given, or every ``*.txt`` of the data folder (checked as inputs, like the files given).

    Raises:
        WorkbenchError: when no data folder is found, or the one found holds no ``*.txt`` file.
        FileError: when standard output is one of the folder's files.
    """
    if args.files:
        return [Path(f) for f in args.files]
    candidates = [Path(args.data)] if args.data else [Path.cwd().parent / "shared" / "data", *_DATA_FOLDERS]
    for folder in candidates:
        if folder.is_dir():
            files = sorted(folder.glob("*.txt"))
            if not files:
                raise WorkbenchError(f"{folder}: no *.txt data files in this folder: nothing to measure")
            refuse_writing_inputs([str(f) for f in files], [])
            return files
    raise WorkbenchError(f"no data folder at {candidates[0]}; name one with --data DIR or give FILES")


def _sample(path: Path, size: int, spares: int = _WARM_UP) -> tuple[list[tuple[int, Grid]], list[Grid]]:
    """About ``size`` puzzles spread evenly over a file with their line numbers, and a few others.

    The others (up to ``spares`` lines left out of the sample, spread over the rest) serve to warm up.

    Raises:
        FormatError: when the file cannot be read or a sampled line is no puzzle.
    """
    with rereadable(str(path)) as name:
        total = sum(1 for _ in puzzle_lines(name, str(path)))  # two passes keep memory flat on any file
        if not total:
            raise FormatError("the file holds no puzzles", str(path))
        taken = min(size, total)
        picked = [i * total // taken for i in range(taken)]
        rest_count = total - taken
        spare_step = max(1, rest_count // spares) if spares else 0
        wanted = set(picked)
        rest = (i for i in range(total) if i not in wanted)
        spare = list(itertools.islice(itertools.islice(rest, 0, None, spare_step), spares)) if spares else []
        wanted.update(spare)
        numbered = {i: item for i, item in enumerate(puzzle_lines(name, str(path))) if i in wanted}
    chosen = [(numbered[i][0], parse_line(numbered[i][1], str(path), numbered[i][0])) for i in picked]
    return chosen, [parse_line(numbered[i][1], str(path), numbered[i][0]) for i in spare]


def _row(
    path: Path, task: BenchTask, puzzles_and_warm_up: tuple[list[tuple[int, Grid]], list[Grid]], runs: int
) -> tuple[object, ...]:
    """Time ``runs`` passes over the puzzles (each after a reset and a warm-up): the table's row."""
    puzzles, others = puzzles_and_warm_up
    warm_up = [Grid.empty(puzzles[0][1].geometry), *others]  # the blank grid builds caches and solvers
    passes = []
    for _ in range(runs):
        if task.reset is not None:
            task.reset()
        for grid in warm_up:
            task.run(grid)
        passes.append(_timed_pass(task, puzzles))
    median = statistics.median(sum(times) for times in passes)
    best = [min(times) for times in zip(*passes, strict=True)]
    slowest = max(range(len(best)), key=best.__getitem__)
    n = puzzles[0][1].geometry.n
    rate = len(puzzles) / median if median else float("inf")
    cells = (path.name, f"{n}x{n}", len(puzzles), task.name, f"{rate:,.0f}", f"{best[slowest] * 1000:.1f}")
    return (*cells, puzzles[slowest][0])


def _timed_pass(task: BenchTask, puzzles: list[tuple[int, Grid]]) -> list[float]:
    """The CPU time of each puzzle in one pass."""
    clock = time.process_time
    times = []
    for _, grid in puzzles:
        start = clock()
        task.run(grid)
        times.append(clock() - start)
    return times
