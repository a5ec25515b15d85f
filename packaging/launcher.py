"""Entry script for the frozen app: the same dispatch as ``python -m sudoku_workbench``."""

import sys

from sudoku_workbench.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
