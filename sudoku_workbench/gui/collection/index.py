"""Where each puzzle of a one-puzzle-per-line file starts: the index the collection table reads lazily.

A file of a million lines must open in about a second, so the index is made with numpy over the file's
bytes: the line ends are found in one pass, and a line that is 81 cells of ``1``–``9``, ``.`` or ``0``
(then nothing, or a blank and any note) is a classic puzzle without a Python call of its own. Only the
other lines go through the formats package's :func:`parse_line`, which reads the other sizes and
variants and names what is wrong with a bad line. Blank lines and ``#`` comments are skipped. Nothing
of a row but its place is kept: its text is cut from the bytes when the table shows it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import as_strided

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.reading import open_binary, read_bytes, utf16_message
from sudoku_workbench.formats.records import numbered_puzzles
from sudoku_workbench.formats.text import parse_line

__all__ = [
    "BAD_LINES_KEPT",
    "FILE_LIMIT",
    "HEAD_BYTES",
    "BadLine",
    "CollectionIndex",
    "first_of_collection",
    "index_bytes",
    "index_file",
]

#: The largest file a collection opens (bytes): a million 9x9 lines are 82 MB.
FILE_LIMIT = 2 << 30
#: The head of a file indexed first, so the table shows rows before the whole file is read (bytes).
HEAD_BYTES = 1 << 18
#: How many bad lines are listed one by one (the rest are only counted).
BAD_LINES_KEPT = 1000
#: Lines the opening test reads before it decides a file is not a collection.
_SNIFF_LINES = 200
_CELLS = 81
#: ``bytes.translate``'s weights: 0 for a blank cell, 1 for a clue, 128 for a byte that is no cell.
_WEIGHTS = bytes(0 if chr(byte) in "0." else 1 if chr(byte) in "123456789" else 128 for byte in range(256))
_NOTE_MARK = re.compile(rb"[A-Za-z+]")
_BLANKS = (ord(" "), ord("\t"))


@dataclass(frozen=True)
class BadLine:
    """A line of the file that is no puzzle, and why (the formats package's located message)."""

    line: int
    reason: str


@dataclass
class CollectionIndex:
    """The good rows of a collection file: where each starts, how long it is, its line and clue count."""

    path: Path
    data: bytes
    starts: np.ndarray
    lengths: np.ndarray
    lines: np.ndarray
    clues: np.ndarray
    bad: list[BadLine] = field(default_factory=list)
    bad_count: int = 0

    def __len__(self) -> int:
        return len(self.starts)

    def text(self, row: int) -> str:
        """The line of a row as written (the puzzle, and any note after it)."""
        start = int(self.starts[row])
        raw = self.data[start : start + int(self.lengths[row])]
        return raw.decode("utf-8", errors="replace").strip()

    def grid(self, row: int) -> Grid:
        """The puzzle of a row (the line is parsed again: only its place was kept)."""
        return parse_line(self.text(row), str(self.path), int(self.lines[row]))


def first_of_collection(path: Path) -> Grid | None:
    """The first puzzle of ``path`` when it holds several one-line puzzles (or bad lines), else None.

    The formats package's own reader decides, on the file's first records: a collection is a file whose
    second record starts on the second line that is not blank or a comment, so a puzzle written as a
    block of nine rows (or a document) is never taken for a list of lines.
    """
    try:
        records = list(itertools.islice(numbered_puzzles(path), 2))
    except (FormatError, OSError):
        return None
    if len(records) < 2 or not isinstance(records[0][1], Grid):
        return None
    content = _content_lines(path)
    if len(content) < 2 or records[0][0] != content[0] or records[1][0] != content[1]:
        return None
    return records[0][1]


def _content_lines(path: Path) -> list[int]:
    """The numbers of the first two lines that are neither blank nor ``#`` comments."""
    found: list[int] = []
    with open_binary(path, str(path)) as handle:
        for number, raw in enumerate(itertools.islice(handle, _SNIFF_LINES), 1):
            text = raw.strip()
            if text and not text.startswith(b"#"):
                found.append(number)
                if len(found) == 2:
                    break
    return found


def index_file(
    path: Path, cancel: CancelToken | None = None, **_: object
) -> Generator[CollectionIndex, None, CollectionIndex]:
    """Index a collection file in a pool thread: first its head, at once, then the whole file.

    The head (the lines of the first :data:`HEAD_BYTES`) is yielded so the table shows its first rows
    while the rest is read; the whole index is the return value. It stops when ``cancel`` is set.

    Raises:
        FormatError: the file cannot be read, is too large, or is UTF-16 text.
    """
    head = read_bytes(path, str(path), HEAD_BYTES, refuse_larger=False)
    cut = max(head.rfind(b"\n"), head.rfind(b"\r"))
    if len(head) == HEAD_BYTES and cut > 0:
        yield index_bytes(path, head[: cut + 1], cancel)
    return index_bytes(path, _read(path), cancel)


def index_bytes(path: Path, data: bytes, cancel: CancelToken | None = None) -> CollectionIndex:
    """The index of a collection's bytes (``path`` names it in messages)."""
    buf = np.frombuffer(data, dtype=np.uint8)
    starts, ends = _line_bounds(buf)
    fast, clues = _classic_rows(data, starts, ends)
    _without_marked_notes(data, fast, starts, ends)
    lengths = ends - starts
    good = fast.copy()
    bad: list[BadLine] = []
    bad_count = 0
    for seen, position in enumerate(np.flatnonzero(~fast).tolist()):
        if cancel is not None and seen % 1024 == 0:
            cancel.check()
        raw = data[starts[position] : ends[position]]
        text = raw.decode("utf-8", errors="replace").strip()
        if not text or text.startswith("#"):
            continue
        try:
            grid = parse_line(text, str(path), position + 1)
        except FormatError as err:
            bad_count += 1
            if len(bad) < BAD_LINES_KEPT:
                bad.append(BadLine(position + 1, str(err)))
            continue
        good[position] = True
        clues[position] = sum(1 for given in grid.givens if given)
    rows = np.flatnonzero(good)
    return CollectionIndex(
        path,
        data,
        starts[rows],
        lengths[rows].astype(np.int32),
        (rows + 1).astype(np.int32),
        clues[rows],
        bad,
        bad_count,
    )


def _read(path: Path) -> bytes:
    source = str(path)
    data = read_bytes(path, source, FILE_LIMIT)
    message = utf16_message(data[:8])
    if message:
        raise FormatError(message, source, 1)
    return data


def _line_bounds(buf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and end (line breaks left out) of every line; a lone carriage return also ends one."""
    newline = buf == ord("\n")
    if not (buf == ord("\r")).any():  # the common file: no \r to look after
        ends = np.flatnonzero(newline)
        starts = np.concatenate(([0], ends + 1)).astype(np.int64)
        ends = np.concatenate((ends, [len(buf)])).astype(np.int64)
        if starts[-1] >= len(buf):
            starts, ends = starts[:-1], ends[:-1]
        if len(buf) >= 3 and bytes(buf[:3]) == b"\xef\xbb\xbf":
            starts[0] = min(3, int(ends[0]))
        return starts, ends
    ret = buf == ord("\r")
    lone = ret.copy()
    lone[:-1] &= ~newline[1:]  # a \r followed by \n belongs to that \n
    ends = np.flatnonzero(newline | lone)
    starts = np.concatenate(([0], ends + 1)).astype(np.int64)
    ends = np.concatenate((ends, [len(buf)])).astype(np.int64)
    if starts[-1] >= len(buf):  # the file ends with a line break: no line after it
        starts, ends = starts[:-1], ends[:-1]
    if len(buf) >= 3 and bytes(buf[:3]) == b"\xef\xbb\xbf":
        starts[0] = min(3, int(ends[0]))
    trailing = (ends > starts) & ret[np.maximum(ends - 1, 0)]
    ends = ends - trailing  # the \r of a \r\n ending
    return starts, ends


def _segment_sums(weights: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The sum of the 81 byte weights from each of ``starts``, for lines of different lengths.

    ``reduceat`` sums between the interleaved bounds start, start + 81, next start, …: one pass, no
    matrix of the cells (a million lines of them would be 650 MB of indices).
    """
    bounds = np.empty(2 * len(starts), dtype=np.int64)
    bounds[0::2] = starts
    bounds[1::2] = np.minimum(starts + _CELLS, len(weights) - 1)
    return np.add.reduceat(weights, bounds, dtype=np.int16)[0::2]


def _classic_rows(data: bytes, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lines that are a 9x9 puzzle of 81 digits or dots, then nothing or a blank, and their clues.

    ``bytes.translate`` weighs each byte at C speed (0 for a blank cell, 1 for a clue, 128 for a byte
    that is no cell), so the sum of a line's first 81 weights says both whether they are all cells
    (under 128) and how many clues they hold. The sums come from a strided matrix when the lines are
    evenly spaced, else from ``reduceat``.
    """
    ok = np.zeros(len(starts), dtype=bool)
    clues = np.zeros(len(starts), dtype=np.int16)
    candidates = np.flatnonzero(ends - starts >= _CELLS)
    if len(candidates) == 0:
        return ok, clues
    first = starts[candidates]
    weights = np.frombuffer(data.translate(_WEIGHTS), dtype=np.uint8)
    stride = _common_stride(first, ends[candidates] - first)
    if stride:
        view = as_strided(weights[first[0] :], (len(first), _CELLS), (stride, 1))
        sums = view.sum(axis=1, dtype=np.int16)
    else:
        sums = _segment_sums(np.concatenate((weights, [0])).astype(np.uint8), first)
    exact = ends[candidates] - first == _CELLS
    after = np.frombuffer(data, dtype=np.uint8)[np.minimum(first + _CELLS, len(data) - 1)]
    ok[candidates] = (sums < 128) & (exact | np.isin(after, _BLANKS))
    clues[candidates] = np.where(sums < 128, sums, 0)
    return ok, clues


def _common_stride(starts: np.ndarray, lengths: np.ndarray) -> int:
    """The distance between the lines when every line is as long and follows the last (else 0)."""
    if len(starts) < 2:
        return 0
    stride = int(starts[1] - starts[0])
    if (np.diff(starts) != stride).any() or (lengths != lengths[0]).any():
        return 0
    return stride


def _without_marked_notes(data: bytes, fast: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> None:
    """Take back from ``fast`` the lines whose note after the grid holds a letter or ``+``.

    Such a note may be a region map or a variant's word, which :func:`parse_line` must read; a rating or
    a number after the grid is only a note.
    """
    longer = np.flatnonzero(fast & (ends - starts > _CELLS))
    search = _NOTE_MARK.search
    for position in longer.tolist():
        if search(data, int(starts[position]) + _CELLS, int(ends[position])):
            fast[position] = False
