"""Batch records as text, JSON lines and CSV: each reads back to the record it was written from."""

from __future__ import annotations

import csv
import io
import json

import pytest

from sudoku_workbench.formats.rows import ROW_FORMATS, header_line, row_writer

RECORD = {"puzzle": "1.2", "scale": "se", "rating": 7.2, "hardest": 'a,"b"', "seed": 3}


def test_jsonl_reads_back_to_the_record() -> None:
    assert json.loads(row_writer("jsonl")(RECORD)) == RECORD


def test_csv_quotes_what_needs_it_and_has_a_header() -> None:
    header = header_line("csv", list(RECORD))
    assert header is not None
    rows = list(csv.reader(io.StringIO(header + "\n" + row_writer("csv")(RECORD))))
    assert rows == [list(RECORD), [str(value) for value in RECORD.values()]]


def test_text_is_the_values_in_order_and_json_lines_alone_have_no_header() -> None:
    assert row_writer("text")(RECORD) == '1.2 se 7.2 a,"b" 3'
    assert header_line("text", list(RECORD)) == "# " + " ".join(RECORD)  # a comment to puzzle readers
    assert [fmt for fmt in ROW_FORMATS if header_line(fmt, ["x"]) is None] == ["jsonl"]


def test_an_unknown_format_is_named() -> None:
    with pytest.raises(ValueError, match="unknown row format 'xml'"):
        row_writer("xml")
