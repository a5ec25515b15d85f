"""TSPLIB Hamiltonian cycle problems (HCP) and tours, plus Concorde's solution and edge-list files.

Standard library only. Records keep the numbering of the file they came from and say which base it is
(TSPLIB counts from 1, Concorde from 0); nothing here guesses a base. Checking a tour against a graph is
the caller's job (``hcp.tour``), because a base mix-up reads as a perfectly well-formed file.
"""

from __future__ import annotations

import io
import itertools
import re
import sys
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
    "Tour",
    "format_concorde_solution",
    "format_edge_list_tour",
    "format_hcp",
    "format_tour",
    "parse_hcp",
    "parse_tour",
    "read_hcp",
    "read_tour",
    "write_hcp",
    "write_tour",
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


@dataclass(frozen=True)
class Tour:
    """A tour as read: ``nodes`` in visiting order, numbered from ``base`` (1 for TSPLIB, 0 for Concorde).

    ``shape`` names the file kind (``tour``, ``concorde`` or ``edges``) so messages can say what was read.
    """

    name: str
    comment: str
    nodes: tuple[int, ...]
    base: int = 1
    shape: str = "tour"

    def one_based(self) -> tuple[int, ...]:
        """The nodes renumbered from 1, as TSPLIB and the exported graphs count."""
        shift = 1 - self.base
        return tuple(node + shift for node in self.nodes)


Numbered = Iterator[tuple[int, str]]


def _numbered(text: str) -> Numbered:
    """The lines of a text with their numbers, lazily (a large text is not split into a list)."""
    return enumerate(io.StringIO(text), 1)


def _header_and_body(lines: Numbered, source: str) -> tuple[dict[str, tuple[str, int]], Numbered]:
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


def _ints(body: Iterable[tuple[int, str]], source: str) -> Iterator[tuple[int, int, int]]:
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


def _dimension(header: dict[str, tuple[str, int]], source: str) -> int:
    value, line = header.get("DIMENSION", ("", 0))
    if not value.isdigit() or int(value) < 1:
        where = "is missing" if not line else f"is {value!r}, not a positive whole number"
        raise FormatError(f"DIMENSION {where}", source, line)
    return int(value)


def _check_node(value: int, dimension: int, base: int, source: str, line: int, column: int) -> int:
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
    return _hcp_from_lines(_numbered(text), source)


def _hcp_from_lines(lines: Numbered, source: str) -> HcpProblem:
    header, body = _header_and_body(lines, source)
    kind, kind_line = header.get("TYPE", ("HCP", 0))
    if kind.upper() != "HCP":
        raise FormatError(f"TYPE is {kind!r}; only HCP graphs can be read here", source, kind_line)
    dimension = _dimension(header, source)
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
    for value, line, column in _ints(body, source):
        node = _check_node(value, dimension, 1, source, line, column)
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
                record.append(_check_node(value, dimension, 1, source, number, 0))
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


def parse_tour(text: str, source: str = "<tour>", max_nodes: int | None = None) -> Tour:
    """Parse any of the three tour shapes, telling them apart by their layout, never by their numbers.

    * TSPLIB TOUR (LKH, FHCP): keyword header, ``TOUR_SECTION``, 1-based nodes, ``-1``.
    * Concorde ``-o`` solution: the node count alone on the first line, then the 0-based nodes.
    * Edge list (Concorde ``-x``/linkern style): ``n m`` on the first line, then ``u v [w]`` lines, 0-based.

    ``max_nodes`` (the vertex count of the graph the tour is for) stops reading a longer one early.

    Raises:
        FormatError: for a file of none of these shapes, one that contradicts its own count, or one of
            more than ``max_nodes`` nodes.
    """
    return _tour_from_lines(_numbered(text), source, max_nodes)


def _tour_from_lines(lines: Numbered, source: str, max_nodes: int | None) -> Tour:
    first_line = next(((n, line) for n, line in lines if line.strip()), None)
    if first_line is None:
        raise FormatError("the tour file is empty", source)
    rest = itertools.chain([first_line], lines)
    first = first_line[1].split()
    if not first[0].lstrip("-").isdigit():
        return _parse_tsplib_tour(rest, source, max_nodes)
    if len(first) == 1:
        return _parse_concorde(rest, source, max_nodes)
    return _parse_edge_tour(rest, source, max_nodes)


def _take(nodes: Iterator[tuple[int, int, int]], limit: int | None) -> list[tuple[int, int, int]]:
    """The nodes of a tour, but never more than ``limit + 1`` of them (enough to see there are too many)."""
    return list(nodes if limit is None else itertools.islice(nodes, limit + 1))


def _check_count(nodes: list[tuple[int, int, int]], max_nodes: int | None, source: str) -> None:
    if max_nodes is not None and len(nodes) > max_nodes:
        message = f"more nodes than the {max_nodes:,} vertices of the graph"
        raise FormatError(message, source, nodes[-1][1])


def _parse_tsplib_tour(lines: Numbered, source: str, max_nodes: int | None) -> Tour:
    header, body = _header_and_body(lines, source)
    if "TOUR_SECTION" not in header:
        raise FormatError("no TOUR_SECTION: not a TSPLIB tour file", source)
    dimension = _dimension(header, source) if "DIMENSION" in header else None
    bounds = [bound for bound in (dimension, max_nodes) if bound is not None]
    nodes = _take(_ints(body, source), min(bounds) if bounds else None)
    _check_count(nodes, max_nodes, source)
    if dimension is not None:
        for value, line, column in nodes:
            _check_node(value, dimension, 1, source, line, column)
        if len(nodes) != dimension:
            listed = "more" if len(nodes) > dimension else str(len(nodes))
            raise FormatError(f"TOUR_SECTION lists {listed} nodes but DIMENSION is {dimension}", source)
    return Tour(
        header.get("NAME", ("", 0))[0], header.get("COMMENT", ("", 0))[0], tuple(v for v, _, _ in nodes)
    )


def _parse_concorde(lines: Numbered, source: str, max_nodes: int | None) -> Tour:
    numbers = _ints(lines, source)
    head = next(numbers, None)
    if head is None:
        raise FormatError("a Concorde solution starts with its node count, not -1", source, 1)
    count = head[0]
    if count < 1:
        raise FormatError(f"a Concorde solution starts with its node count, not {count}", source, 1)
    if max_nodes is not None and count > max_nodes:
        raise FormatError(f"the file announces {count:,} nodes; the graph has {max_nodes:,}", source, 1)
    nodes = _take(numbers, min(count, sys.maxsize - 1))
    if len(nodes) != count:
        listed = "more" if len(nodes) > count else str(len(nodes))
        raise FormatError(f"the file announces {count} nodes but lists {listed}", source, 1)
    for value, line, column in nodes:
        _check_node(value, count, 0, source, line, column)
    return Tour("", "", tuple(v for v, _, _ in nodes), base=0, shape="concorde")


def _parse_edge_tour(lines: Numbered, source: str, max_nodes: int | None) -> Tour:
    numbered = ((number, line.split()) for number, line in lines if line.strip())
    (_, head) = next(numbered)
    try:
        count, edge_count = int(head[0]), int(head[1])
        if max_nodes is not None and count > max_nodes:
            raise FormatError(f"the file announces {count:,} nodes; the graph has {max_nodes:,}", source, 1)
        edges = []
        for number, parts in numbered:
            edges.append((int(parts[0]), int(parts[1]), number))
            if len(edges) > edge_count:
                break
    except (ValueError, IndexError):
        raise FormatError(
            "an edge-list tour needs 'n m' then 'u v [w]' lines of whole numbers", source
        ) from None
    if len(edges) != edge_count:
        said = f"more than {edge_count}" if len(edges) > edge_count else str(len(edges))
        raise FormatError(f"the file announces {edge_count} edges but lists {said}", source, 1)
    for u, v, number in edges:
        _check_node(u, count, 0, source, number, 1)
        _check_node(v, count, 0, source, number, 0)
    return Tour("", "", _cycle_from_edges(count, edges, source), base=0, shape="edges")


def _cycle_from_edges(count: int, edges: list[tuple[int, int, int]], source: str) -> tuple[int, ...]:
    """The visiting order of a tour given as edges; a located error unless they form one cycle."""
    if len(edges) != count:
        raise FormatError(f"a tour of {count} nodes has {count} edges, not {len(edges)}", source, 1)
    neighbours: list[list[int]] = [[] for _ in range(count)]
    for u, v, number in edges:
        for a, b in ((u, v), (v, u)):
            neighbours[a].append(b)
            if len(neighbours[a]) > 2:
                raise FormatError(f"node {a} is on more than two edges of the tour", source, number)
    missing = next((node for node in range(count) if len(neighbours[node]) != 2), None)
    if missing is not None:
        raise FormatError(f"node {missing} is on {len(neighbours[missing])} tour edges, not 2", source)
    order = [0]
    previous, current = -1, 0
    while True:
        a, b = neighbours[current]
        following = b if a == previous else a
        previous, current = current, following
        if current == 0:
            break
        order.append(current)
    if len(order) != count:
        left = min(set(range(count)) - set(order))
        raise FormatError(f"the edges form more than one cycle; node {left} is not on the first", source)
    return tuple(order)


def format_tour(tour: Tour, dimension: int | None = None) -> str:
    """A TSPLIB TOUR file (1-based whatever the record's base)."""
    nodes = tour.one_based()
    lines = [f"NAME : {tour.name}", f"COMMENT : {tour.comment}", "TYPE : TOUR"]
    lines.append(f"DIMENSION : {dimension if dimension is not None else len(nodes)}")
    lines.append("TOUR_SECTION")
    lines.extend(str(node) for node in nodes)
    lines += ["-1", "EOF", ""]
    return "\n".join(lines)


def format_concorde_solution(tour: Tour) -> str:
    """Concorde's ``-o`` layout: the node count, then the nodes 0-based, ten a line."""
    nodes = [node - 1 for node in tour.one_based()]
    rows = [" ".join(map(str, nodes[p : p + 10])) for p in range(0, len(nodes), 10)]
    return "\n".join([str(len(nodes)), *rows, ""])


def format_edge_list_tour(tour: Tour) -> str:
    """The tour as ``n m`` then one ``u v 1`` line per tour edge, 0-based (Concorde's edge files)."""
    nodes = [node - 1 for node in tour.one_based()]
    pairs = zip(nodes, nodes[1:] + nodes[:1], strict=True)
    return "\n".join([f"{len(nodes)} {len(nodes)}", *(f"{u} {v} 1" for u, v in pairs), ""])


def read_hcp(path: Path | str) -> HcpProblem:
    """Read an HCP file (see :func:`parse_hcp`), line by line.

    Raises:
        FormatError: as :func:`parse_hcp`, and for a missing, binary or oversized file.
    """
    source = str(path)
    with open_binary(path, source) as handle:
        return _hcp_from_lines(_checked_lines(handle, source), source)


def write_hcp(path: Path | str, problem: HcpProblem) -> None:
    """Write an HCP file (see :func:`format_hcp`)."""
    write_atomic(path, format_hcp(problem))


def read_tour(path: Path | str, max_nodes: int | None = None) -> Tour:
    """Read a tour file of any supported shape (see :func:`parse_tour`), line by line.

    Raises:
        FormatError: as :func:`parse_tour`, and for a missing, binary or oversized file.
    """
    source = str(path)
    with open_binary(path, source) as handle:
        return _tour_from_lines(_checked_lines(handle, source), source, max_nodes)


def _checked_lines(handle: BinaryIO, source: str) -> Numbered:
    """Numbered lines of a file that must be plain ASCII-compatible UTF-8 text, bounded in length."""
    for number, line in enumerate(read_lines(handle, source, _LINE_LIMIT), 1):
        bad = _NOT_TEXT.search(line)
        if bad:
            raise FormatError(
                bad_char_message(bad.group(), "text", "TSPLIB text"), source, number, bad.start() + 1
            )
        yield number, line


def write_tour(path: Path | str, tour: Tour) -> None:
    """Write a TSPLIB TOUR file (see :func:`format_tour`)."""
    write_atomic(path, format_tour(tour))
