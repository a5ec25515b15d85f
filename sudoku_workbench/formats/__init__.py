"""Reading and writing puzzles and documents (standard library only).

``parse_*``/``format_*`` work on text, ``read_*``/``write_*`` on files and streams. Malformed input is a
:class:`~sudoku_workbench.core.errors.FormatError` naming source, line, column and what was expected.
Contradictory givens are not a format error: the grid is made and ``grid.problems()`` reports them.
"""

from sudoku_workbench.formats.block import format_block, format_pencilmarks, parse_block, parse_pencilmarks
from sudoku_workbench.formats.document import (
    format_document,
    parse_document,
    read_document,
    write_document,
)
from sudoku_workbench.formats.files import (
    format_sdk,
    format_ss,
    parse_sdk,
    parse_ss,
    read_file,
    write_file,
    write_puzzles,
)
from sudoku_workbench.formats.records import numbered_puzzles, parse_puzzle, read_puzzles
from sudoku_workbench.formats.text import format_numbers, parse_line

__all__ = [
    "format_block",
    "format_document",
    "format_numbers",
    "format_pencilmarks",
    "format_sdk",
    "format_ss",
    "numbered_puzzles",
    "parse_block",
    "parse_document",
    "parse_line",
    "parse_pencilmarks",
    "parse_puzzle",
    "parse_sdk",
    "parse_ss",
    "read_document",
    "read_file",
    "read_puzzles",
    "write_document",
    "write_file",
    "write_puzzles",
]
