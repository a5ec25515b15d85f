"""The command line over the core: ``sudoku-workbench SUBCOMMAND …`` (never imports Qt).

Each subcommand lives in its own module of this package and provides ``register(subparsers)``, which
adds its parser and sets ``run`` (a function of the parsed arguments returning the exit code).
Modules are found by listing the package, so adding a command touches no other file. A command
with a ``--jobs`` option is given ``--cluster`` as well; both are served by ``_parallel.ordered_map``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, cast

from sudoku_workbench import __version__
from sudoku_workbench.cli._io import check_outputs
from sudoku_workbench.cli._output import guarded_stdout
from sudoku_workbench.cli._parallel import batch_workers, offer_cluster
from sudoku_workbench.cli._progress import end_open_line
from sudoku_workbench.cli._stopping import stop_signals
from sudoku_workbench.core.errors import WorkbenchError

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """A parser that says what is wrong first, and points at ``--help`` instead of a usage block.

    Its subcommands' parsers are of this class too (``add_subparsers`` makes them of its parser's),
    and each refuses an argument it does not know itself, so the message names the subcommand.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\nTry '{self.prog} --help' for the options.\n")

    def parse_known_args(  # type: ignore[override]  # typeshed overloads it on the namespace type
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extra = super().parse_known_args(args, namespace)
        if extra:
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed, extra


def build_parser() -> argparse.ArgumentParser:
    """The full parser with every subcommand module registered (modules starting ``_`` are helpers)."""
    parser = _Parser(
        prog="sudoku-workbench",
        description="Solve, study and make Sudoku puzzles. Without arguments, start the workbench window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # The window is started by the entry point before this parser is reached; it is listed so that
    # --help names every command. `sudoku-workbench gui --help` prints the window's own options.
    window = subparsers.add_parser(
        "gui",
        help="open the workbench window (also with no arguments); `gui --help` lists its options",
        add_help=False,
    )
    window.set_defaults(run=_window_not_here)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}").register(subparsers)
    offer_cluster(parser)
    return parser


def _window_not_here(args: argparse.Namespace) -> int:
    print("sudoku-workbench gui: the window starts from the sudoku-workbench command", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; errors of ours become a one-line message and exit code 2.

    SIGINT, SIGTERM and SIGHUP become one line and exit code 130, 143 and 129 (``_stopping``).
    """
    with stop_signals("sudoku-workbench") as stopping:
        try:
            with guarded_stdout():  # --help and --version write to standard output too
                args = build_parser().parse_args(argv)
                stopping.prog += f" {args.command}"
                run = cast(Callable[[argparse.Namespace], int], args.run)
                check_outputs(args)
                with batch_workers(args):
                    return run(args)
        except WorkbenchError as err:
            end_open_line()
            print(f"{stopping.prog}: {err}", file=sys.stderr)
            return 2
        except KeyboardInterrupt as interrupt:
            return stopping.report(interrupt)
        except BrokenPipeError:
            return 0
