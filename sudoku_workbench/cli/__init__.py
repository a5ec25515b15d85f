"""The command line over the core: ``sudoku-workbench SUBCOMMAND …`` (never imports Qt).

Each subcommand lives in its own module of this package and provides ``register(subparsers)``, which
adds its parser and sets ``run`` (a function of the parsed arguments returning the exit code).
Modules are found by listing the package, so adding a command touches no other file. A command
with a ``--jobs`` option is given ``--cluster`` as well; both are served by ``_parallel.ordered_map``.

Commands are loaded on demand: a command line that names one (``count`` is module ``count``,
``count-grids`` module ``count_grids``) imports that module only, so a one-puzzle ``solve`` does not
pay for the other commands' imports. ``--help``, a mistyped command, or a command its module's name
does not give (``import-model`` lives in ``export_dimacs``) load every module, so listings and
"invalid choice" messages still name them all.
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


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser with its subcommand modules registered (modules starting ``_`` are helpers).

    Without ``argv`` every module is registered; with it, only the one its command names, when
    a module of that name exists (see the module docstring).
    """
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
    for name in _command_modules(argv):
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    offer_cluster(parser)
    return parser


def _command_modules(argv: Sequence[str] | None) -> list[str]:
    """The command modules to register for ``argv``: the one it names, else all of them, sorted."""
    modules = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    # The top-level options (--help, --version) take no value, so the first word is the command.
    named = next((word for word in argv or () if not word.startswith("-")), None)
    module = None if named is None or "_" in named else named.replace("-", "_")
    return [module] if module in modules else modules


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
                args = build_parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
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
        except ImportError:
            # A stop that lands while a compiled module initialises (OR-Tools on first use) comes out
            # as that import's failure, "initialization failed": it is the stop all the same.
            if stopping.first is None:
                raise
            return stopping.report(KeyboardInterrupt())
        except BrokenPipeError:
            return 0
