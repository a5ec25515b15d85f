"""Tour files in the three shapes solvers write: TSPLIB TOUR (LKH, FHCP), Concorde's solution, edge lists.

Standard library only. A tour keeps the numbering of its file and says which base it is (TSPLIB counts
from 1, Concorde from 0); nothing here guesses a base. Checking a tour against a graph is the caller's
job (``hcp.tour``), because a base mix-up reads as a perfectly well-formed file.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.reading import open_binary
from sudoku_workbench.formats.tsplib import (
    Numbered,
    check_node,
    checked_lines,
    dimension_of,
    header_and_body,
    integers,
    numbered,
)

__all__ = [
    "Tour",
    "format_concorde_solution",
    "format_edge_list_tour",
    "format_tour",
    "parse_tour",
    "read_tour",
    "write_tour",
]


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
    return _tour_from_lines(numbered(text), source, max_nodes)


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
    header, body = header_and_body(lines, source)
    if "TOUR_SECTION" not in header:
        raise FormatError("no TOUR_SECTION: not a TSPLIB tour file", source)
    dimension = dimension_of(header, source) if "DIMENSION" in header else None
    bounds = [bound for bound in (dimension, max_nodes) if bound is not None]
    nodes = _take(integers(body, source), min(bounds) if bounds else None)
    _check_count(nodes, max_nodes, source)
    if dimension is not None:
        for value, line, column in nodes:
            check_node(value, dimension, 1, source, line, column)
        if len(nodes) != dimension:
            listed = "more" if len(nodes) > dimension else str(len(nodes))
            raise FormatError(f"TOUR_SECTION lists {listed} nodes but DIMENSION is {dimension}", source)
    return Tour(
        header.get("NAME", ("", 0))[0], header.get("COMMENT", ("", 0))[0], tuple(v for v, _, _ in nodes)
    )


def _parse_concorde(lines: Numbered, source: str, max_nodes: int | None) -> Tour:
    numbers = integers(lines, source)
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
        check_node(value, count, 0, source, line, column)
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
        check_node(u, count, 0, source, number, 1)
        check_node(v, count, 0, source, number, 0)
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


def read_tour(path: Path | str, max_nodes: int | None = None) -> Tour:
    """Read a tour file of any supported shape (see :func:`parse_tour`), line by line.

    Raises:
        FormatError: as :func:`parse_tour`, and for a missing, binary or oversized file.
    """
    source = str(path)
    with open_binary(path, source) as handle:
        return _tour_from_lines(checked_lines(handle, source), source, max_nodes)


def write_tour(path: Path | str, tour: Tour) -> None:
    """Write a TSPLIB TOUR file (see :func:`format_tour`)."""
    write_atomic(path, format_tour(tour))
