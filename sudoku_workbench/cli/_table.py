"""How a tabular command writes its records: ``--format text|jsonl|csv``, a header, ``--no-header``.

A tabular command (one record a puzzle, the same columns each time) says its columns once; the header
line names them (space separated for text, CSV's own for csv; JSON lines name them in every record),
and a refused record is written in the same format, so the output stays aligned with the input.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from sudoku_workbench.cli._batch import INVALID
from sudoku_workbench.formats.rows import ROW_FORMATS, header_line, row_writer

__all__ = ["add_no_header", "add_table_options", "header", "invalid_row"]


def add_table_options(parser: argparse.ArgumentParser, text: str = "space separated") -> None:
    """``--format`` (text by default, which is ``text``) and ``--no-header``."""
    parser.add_argument(
        "--format", choices=ROW_FORMATS, default="text", help=f"text (default, {text}), jsonl or csv"
    )
    add_no_header(parser)


def add_no_header(parser: argparse.ArgumentParser) -> None:
    """``--no-header``, for a command whose ``--format`` means more (``generate``'s target mode)."""
    parser.add_argument("--no-header", action="store_true", help="leave out the line of column names")


def header(args: argparse.Namespace, columns: Sequence[str], sep: str = " ") -> str | None:
    """The line before the records, or None (``--no-header``, or JSON lines); ``sep`` as text's."""
    return None if args.no_header else header_line(args.format or "text", columns, sep)


def invalid_row(fmt: str, columns: Sequence[str]) -> str:
    """What stands for a refused record: ``invalid puzzle`` in the first column, the others empty."""
    if fmt == "text":
        return INVALID
    return row_writer(fmt)({columns[0]: INVALID, **dict.fromkeys(columns[1:])})
