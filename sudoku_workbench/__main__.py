"""Entry point: no arguments (or ``gui …``) start the window, anything else goes to the command line.

This is the only module that knows both the GUI and the CLI; each is imported only when it is needed,
so batch work never loads Qt.
"""

from __future__ import annotations

import functools
import gc
import sys

#: Young-object collections for a command line run: one every 20,000 allocations instead of 700,
#: and older generations more rarely. A solve makes millions of short-lived objects while its caches
#: hold many long-lived ones, and the default sent the collector through them about a fifth of the
#: time of a hard solve; these cut `logic` on top1465's sample by 3-6 % (the window keeps its own).
_COMMAND_LINE_GC = (20_000, 50, 100)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the GUI or the CLI and return the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] == "gui":
        from sudoku_workbench.cli._output import guarded_stdout
        from sudoku_workbench.core.errors import WorkbenchError

        try:
            from sudoku_workbench.cli._stopping import exit_on_stop
            from sudoku_workbench.gui.app import main as gui_main

            with guarded_stdout():  # `gui --help` must fail, as the commands' do, when its text is lost
                return gui_main(args[1:], functools.partial(exit_on_stop, "sudoku-workbench gui"))
        except WorkbenchError as err:
            print(f"sudoku-workbench gui: {err}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("sudoku-workbench gui: interrupted", file=sys.stderr)
            return 130
    try:  # the command line's own stop signals are not in place while it loads
        from sudoku_workbench.cli import main as cli_main
    except KeyboardInterrupt:
        print("sudoku-workbench: interrupted", file=sys.stderr)
        return 130
    gc.set_threshold(*_COMMAND_LINE_GC)
    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
