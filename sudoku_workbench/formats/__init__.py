"""Reading and writing puzzles and documents (standard library only)."""

from sudoku_workbench.formats.text import parse_line

__all__ = ["parse_line"]
