"""TSPLIB files: the keyword header and data sections they share, and Hamiltonian cycle problems (HCP).

Standard library only. Records keep the numbering of the file they came from; TSPLIB counts from 1.
The tour files (TSPLIB tours and Concorde's two shapes) are read in :mod:`~sudoku_workbench.formats.tours`
with the section readers of this module.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.reading import open_binary, read_lines
from sudoku_workbench.formats.text import bad_char_message

__all__ = [
    "HcpProblem",
    "Numbered",
    "check_node",
    "checked_lines",
    "dimension_of",
    "format_hcp",
    "header_and_body",
    "integers",
    "numbered",
    "parse_hcp",
    "read_hcp",
    "write_hcp",
]

_KEY = re.compile(r"^\s*([A-Z_]+)\s*:?\s*(.*?)\s*$")
#: Longer lines than any exporter writes (an ADJ_LIST line holds one node's neighbours).
_LINE_LIMIT = 1 << 16
_NOT_TEXT = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\udc80-\udcff]")


@dataclass(frozen=True)
class HcpProblem:
    """An undirected graph on vertices ``1 … dimension`` (TSPLIB numbering), edges as pairs."""

    name: str
    comment: str
    dimension: int
    edges: tuple[tuple[int, int], ...]


#: Numbered lines of a file, from 1.
Numbered = Iterator[tuple[int, str]]


def numbered(text: str) -> Numbered:
    """The lines of a text with their numbers, lazily (a large text is not split into a list)."""
    return enumerate(io.StringIO(text), 1)


def header_and_body(lines: Numbered, source: str) -> tuple[dict[str, tuple[str, int]], Numbered]:
    """A TSPLIB file's keyword header, and the numbered non-blank lines of its one data section, lazily."""
    header: dict[str, tuple[str, int]] = {}
    for number, line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped == "EOF":
            break
        match = _KEY.match(stripped)
        if match is None:
            raise FormatError(f"expected a 'KEYWORD : value' line, found {stripped[:40]!r}", source, number)
        key, value = match.groups()
        header[key] = (value, number)
        if key.endswith("_SECTION"):
            return header, _section(lines)
    return header, iter(())


def _section(lines: Numbered) -> Numbered:
    for number, line in lines:
        stripped = line.strip()
        if stripped == "EOF":
            return
        if stripped:
            yield number, stripped


def _whole_number(token: str, source: str, line: int, column: int) -> int:
    try:
        return int(token)
    except ValueError:
        raise FormatError(f"{token[:20]!r} is not a whole number", source, line, column) from None


def integers(body: Iterable[tuple[int, str]], source: str) -> Iterator[tuple[int, int, int]]:
    """Every integer of a data section with its line and column (1-based), stopping at ``-1``."""
    for number, line in body:
        column = 1
        for token in line.split():
            column = line.index(token, column - 1) + 1
            value = _whole_number(token, source, number, column)
            if value == -1:
                return
            yield value, number, column
            column += len(token)


def dimension_of(header: dict[str, tuple[str, int]], source: str) -> int:
    """The header's DIMENSION, a positive whole number; a located error when missing or not one.

    Only ASCII digits count: ``str.isdigit`` also takes superscripts such as ``²``, which ``int`` refuses.
    """
    value, line = header.get("DIMENSION", ("", 0))
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        where = "is missing" if not line else f"is {value!r}, not a positive whole number"
        raise FormatError(f"DIMENSION {where}", source, line)
    return int(value)


def check_node(value: int, dimension: int, base: int, source: str, line: int, column: int) -> int:
    """``value`` when it numbers a node from ``base``; else a located error with a hint at the base."""
    low, high = base, dimension - 1 + base
    if not low <= value <= high:
        hint = ""
        if value == 0 and base == 1:
            hint = " (a 0-based file read as 1-based?)"
        elif value == dimension and base == 0:
            hint = " (a 1-based file read as 0-based?)"
        raise FormatError(f"node {value} is outside {low}..{high}{hint}", source, line, column)
    return value


def parse_hcp(text: str, source: str = "<hcp>") -> HcpProblem:
    """Parse a TSPLIB HCP file with an ``EDGE_LIST`` or ``ADJ_LIST`` edge data section.

    Raises:
        FormatError: naming the line (and column) of a bad keyword, number or node.
    """
    return _hcp_from_lines(numbered(text), source)


def _hcp_from_lines(lines: Numbered, source: str) -> HcpProblem:
    header, body = header_and_body(lines, source)
    kind, kind_line = header.get("TYPE", ("HCP", 0))
    if kind.upper() != "HCP":
        raise FormatError(f"TYPE is {kind!r}; only HCP graphs can be read here", source, kind_line)
    dimension = dimension_of(header, source)
    layout, layout_line = header.get("EDGE_DATA_FORMAT", ("EDGE_LIST", 0))
    if "EDGE_DATA_SECTION" not in header:
        raise FormatError("no EDGE_DATA_SECTION", source)
    if layout == "EDGE_LIST":
        edges = _edge_list(body, dimension, source)
    elif layout == "ADJ_LIST":
        edges = _adjacency_edges(body, dimension, source)
    else:
        raise FormatError(f"EDGE_DATA_FORMAT {layout!r} is not EDGE_LIST or ADJ_LIST", source, layout_line)
    return HcpProblem(
        header.get("NAME", ("", 0))[0], header.get("COMMENT", ("", 0))[0], dimension, tuple(edges)
    )


def _edge_list(body: Numbered, dimension: int, source: str) -> list[tuple[int, int]]:
    """EDGE_LIST: pairs of nodes, any number a line, up to ``-1``."""
    edges: list[tuple[int, int]] = []
    first: tuple[int, int, int] | None = None
    for value, line, column in integers(body, source):
        node = check_node(value, dimension, 1, source, line, column)
        if first is None:
            first = (node, line, column)
        else:
            edges.append((first[0], node))
            first = None
    if first is not None:
        raise FormatError("the edge list ends half way through an edge", source, first[1], first[2])
    return edges


def _adjacency_edges(body: Numbered, dimension: int, source: str) -> list[tuple[int, int]]:
    """ADJ_LIST: each record is a node, its neighbours, then ``-1``; a lone ``-1`` ends the section."""
    edges: list[tuple[int, int]] = []
    record: list[int] = []
    for number, line in body:
        for token in line.split():
            value = _whole_number(token, source, number, 0)
            if value != -1:
                record.append(check_node(value, dimension, 1, source, number, 0))
                continue
            if not record:
                return edges
            edges.extend((record[0], other) for other in record[1:])
            record = []
    return edges


def format_hcp(problem: HcpProblem) -> str:
    """TSPLIB text with an ``EDGE_LIST`` section (1-based, one edge a line)."""
    lines = [
        f"NAME : {problem.name}",
        f"COMMENT : {problem.comment}",
        "TYPE : HCP",
        f"DIMENSION : {problem.dimension}",
        "EDGE_DATA_FORMAT : EDGE_LIST",
        "EDGE_DATA_SECTION",
    ]
    lines.extend(f"{u} {v}" for u, v in problem.edges)
    lines += ["-1", "EOF", ""]
    return "\n".join(lines)


def read_hcp(path: Path | str) -> HcpProblem:
    """Read an HCP file (see :func:`parse_hcp`), line by line.

    Raises:
        FormatError: as :func:`parse_hcp`, and for a missing, binary or oversized file.
    """
    source = str(path)
    with open_binary(path, source) as handle:
        return _hcp_from_lines(checked_lines(handle, source), source)


def write_hcp(path: Path | str, problem: HcpProblem) -> None:
    """Write an HCP file (see :func:`format_hcp`)."""
    write_atomic(path, format_hcp(problem))


def checked_lines(handle: BinaryIO, source: str) -> Numbered:
    """Numbered lines of a file that must be plain ASCII-compatible UTF-8 text, bounded in length."""
    for number, line in enumerate(read_lines(handle, source, _LINE_LIMIT), 1):
        bad = _NOT_TEXT.search(line)
        if bad:
            raise FormatError(
                bad_char_message(bad.group(), "text", "TSPLIB text"), source, number, bad.start() + 1
            )
        yield number, line
