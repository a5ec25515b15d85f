"""Files by suffix, and the layouts of SadMan Sudoku (``.sdk``, ``.sdm``) and Simple Sudoku (``.ss``).

Assumptions, from the programs' published descriptions: an ``.sdk`` file is optional ``#X`` header lines
(``#A`` author, ``#D`` description, ``#C`` comment, ``#B`` date, ``#S`` source, ``#L`` level, ``#U`` URL)
and then the grid as N rows of N characters, ``.`` for a blank; newer files put the grid under
``[Puzzle]`` and add sections such as ``[State]``, which are skipped. An ``.sdm`` file is one puzzle per
line, ``0`` for a blank. An ``.ss`` file is a block picture with ``|`` between boxes, a line of ``-``
between bands and ``.`` for a blank (no specimen was at hand: other blank characters such as ``X`` are
refused, with the line and column). Reading is lenient: every suffix goes through the same recognition
as a paste, so a file in any supported layout opens whatever it is called.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.formats.atomic import atomic_writer, write_atomic
from sudoku_workbench.formats.document import read_document, write_document
from sudoku_workbench.formats.records import numbered_puzzles, parse_puzzle

__all__ = [
    "DOCUMENT_SUFFIXES",
    "PUZZLE_SUFFIXES",
    "format_sdk",
    "format_ss",
    "parse_sdk",
    "parse_ss",
    "read_file",
    "write_file",
    "write_puzzles",
]

#: Suffixes written as a workbench JSON document.
DOCUMENT_SUFFIXES = (".json", ".sudoku")


def format_sdk(grid: Grid, headers: Mapping[str, str] | None = None) -> str:
    """A SadMan ``.sdk`` text: ``#X`` header lines (key = one letter, such as ``A`` author), then the rows.

    Raises:
        ValueError: when a header key is not a single letter or a value spans lines.
    """
    lines = []
    for key, value in (headers or {}).items():
        if len(key) != 1 or not key.isalpha() or "\n" in value:
            raise ValueError(f"an .sdk header needs a one-letter key and a one-line value, not {key!r}")
        lines.append(f"#{key}{value}")
    row = grid.geometry.n
    line = grid.to_line()
    lines += [line[i : i + row] for i in range(0, len(line), row)]
    return "\n".join(lines) + "\n"


def parse_sdk(text: str, source: str = "<input>") -> Grid:
    """The puzzle of a SadMan ``.sdk`` or Simple Sudoku ``.ss`` text (headers and extra sections skipped).

    Raises:
        FormatError: as :func:`~sudoku_workbench.formats.records.parse_puzzle`.
    """
    return parse_puzzle(text, source)


def format_ss(grid: Grid) -> str:
    """A Simple Sudoku ``.ss`` text: rows like ``..3|.2.|6..``, a line of ``-`` between bands."""
    geo = grid.geometry
    chars = [digit_char(v) if v else "." for v in grid.values]
    rows = []
    for r in range(geo.n):
        row = chars[r * geo.n : (r + 1) * geo.n]
        rows.append("|".join("".join(row[c : c + geo.box_cols]) for c in range(0, geo.n, geo.box_cols)))
        if (r + 1) % geo.box_rows == 0 and r + 1 < geo.n:
            rows.append("-" * len(rows[-1]))
    return "\n".join(rows) + "\n"


#: Simple Sudoku files are block pictures, read like any paste (the ``.sdk`` reader serves both).
parse_ss = parse_sdk


def _sdm(grid: Grid) -> str:
    return grid.to_line(blank="0") + "\n"


def _txt(grid: Grid) -> str:
    return grid.to_line() + "\n"


_WRITERS = {".txt": _txt, ".sdm": _sdm, ".sdk": format_sdk, ".ss": format_ss}
#: Suffixes written as a picture of rows and boxes, which has no room for regions or variant marks.
_PICTURES = (".sdk", ".ss")
#: Suffixes written as puzzle text.
PUZZLE_SUFFIXES = tuple(_WRITERS)


def read_file(path: str | os.PathLike[str]) -> Grid:
    """The puzzle of a file (the first one, for a file of several); documents give their current position.

    Raises:
        FormatError: when the file cannot be read or its first record is malformed.
    """
    if Path(path).suffix.lower() in DOCUMENT_SUFFIXES:
        return read_document(path).grid
    _line, first = next(numbered_puzzles(path))
    if isinstance(first, FormatError):
        raise first
    return first


def write_file(path: str | os.PathLike[str], grid: Grid) -> None:
    """Write one puzzle in the layout its suffix names (documents keep entries and candidates too).

    Raises:
        FormatError: for a suffix no writer knows.
        FileError: when the file cannot be written (the old one is then unchanged).
    """
    suffix = Path(path).suffix.lower()
    if suffix in DOCUMENT_SUFFIXES:
        write_document(path, History(grid))
        return
    writer = _WRITERS.get(suffix)
    if writer is None:
        known = ", ".join(PUZZLE_SUFFIXES + DOCUMENT_SUFFIXES)
        raise FormatError(
            f"cannot write {suffix or 'a file without suffix'}: use one of {known}", os.fspath(path)
        )
    if grid.geometry.constraints:  # a line has words for regions and variants, none for lines and dots
        raise FormatError(
            f"a {suffix} file has no room for thermometers, arrows, dots or XV; save this puzzle as "
            f"{' or '.join(DOCUMENT_SUFFIXES)}",
            os.fspath(path),
        )
    if suffix in _PICTURES and not grid.geometry.classic:
        raise FormatError(
            f"a {suffix} picture holds only a classic grid; save this {grid.geometry.label} as .txt or "
            f"{' or '.join(DOCUMENT_SUFFIXES)}",
            os.fspath(path),
        )
    write_atomic(path, writer(grid))


def write_puzzles(path: str | os.PathLike[str], grids: Iterable[Grid]) -> int:
    """Write puzzles one a line (``.sdm`` with ``0`` blanks, anything else with ``.``); returns the count.

    Raises:
        FileError: when the file cannot be written (the old one is then unchanged).
    """
    blank = "0" if Path(path).suffix.lower() == ".sdm" else "."
    count = 0
    with atomic_writer(path) as handle:
        for grid in grids:
            handle.write(grid.to_line(blank) + "\n")
            count += 1
    return count
