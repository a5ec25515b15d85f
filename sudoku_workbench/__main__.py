"""Entry point: no arguments (or ``gui …``) start the window, anything else goes to the command line.

This is the only module that knows both the GUI and the CLI; each is imported only when it is needed,
so batch work never loads Qt.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the GUI or the CLI and return the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] == "gui":
        try:
            from sudoku_workbench.gui.app import main as gui_main

            return gui_main(args[1:])
        except KeyboardInterrupt:
            print("sudoku-workbench gui: interrupted", file=sys.stderr)
            return 130
    from sudoku_workbench.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
