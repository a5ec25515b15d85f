"""``sudoku-workbench library import|list|export|tag|rate|collections``: the puzzle library from scripts.

The same database as the window's (``library.location``): ``--db PATH`` or ``$SUDOKU_WORKBENCH_LIBRARY``
name another. Every subcommand but ``import`` and ``collections`` works on a selection made with the
same filters (``--collection``, ``--se``, ``--level``, ``--technique``, ``--tag``, ``--text``, …).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable
from typing import Any

from sudoku_workbench.cli._io import InputFile, OutputFile
from sudoku_workbench.cli._options import add_jobs_option, positive_int
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.cli._progress import ProgressBar
from sudoku_workbench.cli._table import add_table_options
from sudoku_workbench.core.errors import FormatError, WorkbenchError
from sudoku_workbench.library.database import Library, open_library
from sudoku_workbench.library.exporting import EXPORT_SUFFIXES, entry_lines, export_entries
from sudoku_workbench.library.importing import ImportReport, import_file
from sudoku_workbench.library.location import DB_ENV, default_library_path
from sudoku_workbench.library.marks import add_tag, remove_tag, valid_tag
from sudoku_workbench.library.queries import Selection, entries, puzzle_ids
from sudoku_workbench.library.rating import rate_line, save_rating
from sudoku_workbench.search.targets import TargetError, se_band

__all__ = ["register"]

#: Bad rows listed one by one; beyond this, only their count.
_BAD_SHOWN = 20


def register(subparsers: Any) -> None:
    """Add the ``library`` subcommand and its own subcommands."""
    parser = subparsers.add_parser(
        "library",
        help="the puzzle library: import files, list, filter, tag, rate and export puzzles",
        description=__doc__,
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db", metavar="PATH", help=f"the library file (default: ${DB_ENV}, else {default_library_path()})"
    )
    commands = parser.add_subparsers(dest="library_command", required=True, metavar="ACTION")
    imp = commands.add_parser("import", parents=[common], help="import puzzle files as collections")
    imp.add_argument("files", nargs="+", type=InputFile, metavar="FILE", help="text, .sdm, CSV, TSV or JSONL")
    imp.add_argument("--name", help="the collection's name (default: the file's name without suffix)")
    imp.add_argument("--column", help="a table's puzzle column (default: puzzle, quizzes, grid, …)")
    imp.add_argument("--verbose", action="store_true", help="say on stderr after each saved batch")
    imp.set_defaults(run=_import)
    listing = commands.add_parser("list", parents=[common], help="list the selected puzzles")
    _add_filters(listing)
    add_table_options(listing)
    listing.set_defaults(run=_list)
    export = commands.add_parser("export", parents=[common], help="write the selected puzzles to a file")
    export.add_argument("output", type=OutputFile, metavar="OUT", help=f"one of {', '.join(EXPORT_SUFFIXES)}")
    _add_filters(export)
    export.set_defaults(run=_export)
    tag = commands.add_parser(
        "tag", parents=[common], help="tag (or --remove a tag from) the selected puzzles"
    )
    tag.add_argument("tag_name", metavar="TAG", type=_tag, help="one word")
    tag.add_argument("--remove", action="store_true", help="take the tag away instead")
    _add_filters(tag)
    tag.set_defaults(run=_tag_run)
    rate = commands.add_parser("rate", parents=[common], help="rate the selected puzzles not rated yet")
    _add_filters(rate)
    add_jobs_option(rate)
    rate.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, help="bar on stderr (default: if a tty)"
    )
    rate.set_defaults(run=_rate)
    shelf = commands.add_parser("collections", parents=[common], help="the collections and their sizes")
    shelf.set_defaults(run=_collections)


def _tag(text: str) -> str:
    try:
        return valid_tag(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _band(text: str) -> tuple[float, float]:
    try:
        return se_band(text)
    except TargetError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _add_filters(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("selection", "which puzzles (all filters given must hold)")
    group.add_argument("--collection", metavar="NAME", help="puzzles of this collection")
    group.add_argument("--se", type=_band, metavar="MIN-MAX", help="SE rating in this band, e.g. 7-9")
    group.add_argument("--level", help="HoDoKu level (easy, medium, hard, unfair, extreme)")
    group.add_argument("--technique", metavar="RULE", help="a rule the SE path took (a rule id)")
    group.add_argument("--tag", help="puzzles with this tag")
    group.add_argument("--text", help="puzzles whose line or note holds this text")
    group.add_argument("--unrated", action="store_true", help="puzzles without a rating yet")
    solved = group.add_mutually_exclusive_group()
    solved.add_argument("--solved", action="store_true", default=None, help="puzzles solved in the window")
    solved.add_argument("--unsolved", dest="solved", action="store_false", help="puzzles not solved yet")
    group.add_argument(
        "--duplicates", action="store_true", help="puzzles whose minlex form another puzzle shares"
    )
    group.add_argument("--limit", type=positive_int, metavar="N", help="at most N puzzles")


def _selection(args: argparse.Namespace) -> Selection:
    """The filter the options name: each option is a field of :class:`Selection` of the same name."""
    return Selection(**{f.name: getattr(args, f.name) for f in dataclasses.fields(Selection)})


def _open(args: argparse.Namespace) -> Library:
    return open_library(default_library_path(args.db))


def _saved(report: ImportReport) -> None:
    print(f"{report.collection}: {report.saved} saved", file=sys.stderr, flush=True)


def _import(args: argparse.Namespace) -> int:
    if args.name and len(args.files) > 1:
        raise WorkbenchError("--name names one collection: import one file at a time with it")
    code = 0
    with _open(args) as library:
        for path in args.files:
            report = import_file(library, path, args.name, args.column, _saved if args.verbose else None)
            _report_bad(report.bad)
            code = code or (1 if report.bad else 0)
            print(
                f"{report.collection}: {report.saved} puzzles saved ({report.known} already in the library), "
                f"{len(report.bad)} bad rows"
            )
    return code


def _report_bad(bad: list[FormatError]) -> None:
    for err in bad[:_BAD_SHOWN]:
        print(f"skipped: {err}", file=sys.stderr)
    if len(bad) > _BAD_SHOWN:
        print(f"skipped {len(bad) - _BAD_SHOWN} more bad rows", file=sys.stderr)


def _list(args: argparse.Namespace) -> int:
    with _open(args) as library, library.errors():
        for line in entry_lines(
            entries(library.db, _selection(args)), args.format, header=not args.no_header
        ):
            sys.stdout.write(line + "\n")
    return 0


def _export(args: argparse.Namespace) -> int:
    with _open(args) as library, library.errors():
        count = export_entries(entries(library.db, _selection(args)), args.output)
    print(f"exported {count} puzzles to {args.output}", file=sys.stderr)
    return 0


def _tag_run(args: argparse.Namespace) -> int:
    with _open(args) as library:
        with library.errors():
            ids = puzzle_ids(library.db, _selection(args))
        change: Callable[[Library, list[int], str], int] = remove_tag if args.remove else add_tag
        changed = change(library, ids, args.tag_name)
    verb = "took the tag from" if args.remove else "tagged"
    print(f"{verb} {changed} of {len(ids)} selected puzzles ({args.tag_name})", file=sys.stderr)
    return 0


def _rate(args: argparse.Namespace) -> int:
    """Rate what is not rated yet; each rating is saved as it comes, so a stopped run resumes."""
    with _open(args) as library:
        with library.errors():
            ids = puzzle_ids(library.db, _selection(args))
            rated = {
                row[0]
                for row in library.db.execute("SELECT puzzle_id FROM ratings WHERE solutions IS NOT NULL")
            }
            todo = [(i, _line(library, i)) for i in ids if i not in rated]
        show = args.progress if args.progress is not None else sys.stderr.isatty()
        bar = ProgressBar(len(todo), "puzzles", show and len(todo) > 1)
        results = ordered_map(rate_line, todo, args.jobs, chunk=1)
        try:
            for rating in results:
                save_rating(library, rating)
                bar.advance()
        finally:
            results.close()
            bar.close()
    print(
        f"rated {len(todo)} puzzles ({len(ids) - len(todo)} of the selection were rated already)",
        file=sys.stderr,
    )
    return 0


def _line(library: Library, puzzle_id: int) -> str:
    (line,) = library.db.execute("SELECT line FROM puzzles WHERE id = ?", (puzzle_id,)).fetchone()
    return str(line)


def _collections(args: argparse.Namespace) -> int:
    query = (
        "SELECT c.name, count(m.puzzle_id), c.imported_at, c.source FROM collections c"
        " LEFT JOIN membership m ON m.collection_id = c.id GROUP BY c.id ORDER BY c.name"
    )
    with _open(args) as library, library.errors():
        for name, count, when, source in library.db.execute(query):
            print(f"{name}\t{count}\t{when}\t{source or '-'}")
    return 0
