"""Records of a batch as lines of text, in one of three formats: plain text, JSON lines or CSV.

A batch command builds one record (a mapping with the same keys in the same order) per result and
hands it to :func:`row_writer`'s writer; text and CSV get a header from :func:`header_line`, text's a
``#`` comment line, so that a text table of puzzles (``generate``'s) stays a puzzle file. Plain text is
the values separated by single spaces (or tabs, for a table that keeps them), so a value must hold no
space there.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Callable, Mapping, Sequence

__all__ = ["ROW_FORMATS", "header_line", "row_writer"]

Record = Mapping[str, object]

#: The formats a batch can be written in.
ROW_FORMATS = ("text", "jsonl", "csv")


def _text(record: Record, sep: str = " ") -> str:
    return sep.join(str(value) for value in record.values())


def _jsonl(record: Record) -> str:
    return json.dumps(dict(record), ensure_ascii=False)


def _csv(record: Record) -> str:
    return _csv_line(list(record.values()))


def _csv_line(values: Sequence[object]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(values)
    return out.getvalue()


_WRITERS: dict[str, Callable[[Record], str]] = {"jsonl": _jsonl, "csv": _csv}


def row_writer(fmt: str, sep: str = " ") -> Callable[[Record], str]:
    """The function that writes one record as one line (without its newline) in ``fmt``.

    ``sep`` parts plain text's values.

    Raises:
        ValueError: for a format not in :data:`ROW_FORMATS`.
    """
    if fmt == "text":
        return functools.partial(_text, sep=sep)
    try:
        return _WRITERS[fmt]
    except KeyError:
        raise ValueError(f"unknown row format {fmt!r}; the formats are {', '.join(ROW_FORMATS)}") from None


def header_line(fmt: str, columns: Sequence[str], sep: str = " ") -> str | None:
    """The line of column names before the first record (``# `` first in text); None for JSON lines."""
    if fmt == "jsonl":
        return None  # each record names its columns
    names = row_writer(fmt, sep)(dict(zip(columns, columns, strict=True)))
    return f"# {names}" if fmt == "text" else names
