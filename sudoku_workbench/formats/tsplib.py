"""TSPLIB Hamiltonian cycle problems (HCP) and tours, plus Concorde's solution and edge-list files.

Standard library only. Records keep the numbering of the file they came from and say which base it is
(TSPLIB counts from 1, Concorde from 0); nothing here guesses a base. Checking a tour against a graph is
the caller's job (``hcp.tour``), because a base mix-up reads as a perfectly well-formed file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.errors import FormatError

__all__ = [
    "HcpProblem",
    "Tour",
    "dumps_concorde_solution",
    "dumps_edge_list_tour",
    "dumps_hcp",
    "dumps_tour",
    "loads_hcp",
    "loads_tour",
    "read_hcp",
    "read_tour",
    "write_hcp",
    "write_tour",
]

_KEY = re.compile(r"^\s*([A-Z_]+)\s*:?\s*(.*?)\s*$")


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


def _header_and_body(text: str, source: str) -> tuple[dict[str, tuple[str, int]], list[tuple[int, str]]]:
    """Split a TSPLIB file into its keyword header and the numbered lines of its one data section."""
    header: dict[str, tuple[str, int]] = {}
    body: list[tuple[int, str]] = []
    in_section = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped == "EOF":
            break
        if in_section:
            body.append((number, stripped))
            continue
        match = _KEY.match(stripped)
        if match is None:
            raise FormatError(f"expected a 'KEYWORD : value' line, found {stripped[:40]!r}", source, number)
        key, value = match.groups()
        header[key] = (value, number)
        in_section = key.endswith("_SECTION")
    return header, body


def _ints(body: Iterable[tuple[int, str]], source: str) -> Iterator[tuple[int, int, int]]:
    """Every integer of a data section with its line and column (1-based), stopping at ``-1``."""
    for number, line in body:
        column = 1
        for token in line.split():
            column = line.index(token, column - 1) + 1
            try:
                value = int(token)
            except ValueError:
                raise FormatError(f"{token!r} is not a whole number", source, number, column) from None
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


def loads_hcp(text: str, source: str = "<hcp>") -> HcpProblem:
    """Parse a TSPLIB HCP file with an ``EDGE_LIST`` or ``ADJ_LIST`` edge data section.

    Raises:
        FormatError: naming the line (and column) of a bad keyword, number or node.
    """
    header, body = _header_and_body(text, source)
    kind, kind_line = header.get("TYPE", ("HCP", 0))
    if kind.upper() != "HCP":
        raise FormatError(f"TYPE is {kind!r}; only HCP graphs can be read here", source, kind_line)
    dimension = _dimension(header, source)
    layout, layout_line = header.get("EDGE_DATA_FORMAT", ("EDGE_LIST", 0))
    if "EDGE_DATA_SECTION" not in header:
        raise FormatError("no EDGE_DATA_SECTION", source)
    numbers = [(_check_node(v, dimension, 1, source, ln, col), ln, col) for v, ln, col in _ints(body, source)]
    edges: list[tuple[int, int]] = []
    if layout == "EDGE_LIST":
        if len(numbers) % 2:
            _, line, column = numbers[-1]
            raise FormatError("the edge list ends half way through an edge", source, line, column)
        edges = [(numbers[p][0], numbers[p + 1][0]) for p in range(0, len(numbers), 2)]
    elif layout == "ADJ_LIST":
        edges = _adjacency_edges(body, dimension, source)
    else:
        raise FormatError(f"EDGE_DATA_FORMAT {layout!r} is not EDGE_LIST or ADJ_LIST", source, layout_line)
    return HcpProblem(
        header.get("NAME", ("", 0))[0], header.get("COMMENT", ("", 0))[0], dimension, tuple(edges)
    )


def _adjacency_edges(body: list[tuple[int, str]], dimension: int, source: str) -> list[tuple[int, int]]:
    """ADJ_LIST: each record is a node, its neighbours, then ``-1``; a lone ``-1`` ends the section."""
    edges: list[tuple[int, int]] = []
    record: list[int] = []
    for number, line in body:
        for token in line.split():
            try:
                value = int(token)
            except ValueError:
                raise FormatError(f"{token!r} is not a whole number", source, number) from None
            if value != -1:
                record.append(_check_node(value, dimension, 1, source, number, 0))
                continue
            if not record:
                return edges
            edges.extend((record[0], other) for other in record[1:])
            record = []
    return edges


def dumps_hcp(problem: HcpProblem) -> str:
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


def loads_tour(text: str, source: str = "<tour>") -> Tour:
    """Parse any of the three tour shapes, telling them apart by their layout, never by their numbers.

    * TSPLIB TOUR (LKH, FHCP): keyword header, ``TOUR_SECTION``, 1-based nodes, ``-1``.
    * Concorde ``-o`` solution: the node count alone on the first line, then the 0-based nodes.
    * Edge list (Concorde ``-x``/linkern style): ``n m`` on the first line, then ``u v [w]`` lines, 0-based.

    Raises:
        FormatError: for a file of none of these shapes, or one that contradicts its own count.
    """
    first = next((line.split() for line in text.splitlines() if line.strip()), [])
    if not first:
        raise FormatError("the tour file is empty", source)
    if not first[0].lstrip("-").isdigit():
        return _loads_tsplib_tour(text, source)
    if len(first) == 1:
        return _loads_concorde(text, source)
    return _loads_edge_tour(text, source)


def _loads_tsplib_tour(text: str, source: str) -> Tour:
    header, body = _header_and_body(text, source)
    if "TOUR_SECTION" not in header:
        raise FormatError("no TOUR_SECTION: not a TSPLIB tour file", source)
    dimension = _dimension(header, source) if "DIMENSION" in header else None
    nodes = [(v, ln, col) for v, ln, col in _ints(body, source)]
    if dimension is not None:
        for value, line, column in nodes:
            _check_node(value, dimension, 1, source, line, column)
        if len(nodes) != dimension:
            raise FormatError(f"TOUR_SECTION lists {len(nodes)} nodes but DIMENSION is {dimension}", source)
    return Tour(
        header.get("NAME", ("", 0))[0], header.get("COMMENT", ("", 0))[0], tuple(v for v, _, _ in nodes)
    )


def _numbers(text: str, source: str) -> list[tuple[int, int, int]]:
    return list(_ints(enumerate(text.splitlines(), 1), source))


def _loads_concorde(text: str, source: str) -> Tour:
    numbers = _numbers(text, source)
    count = numbers[0][0]
    nodes = numbers[1:]
    if len(nodes) != count:
        raise FormatError(f"the file announces {count} nodes but lists {len(nodes)}", source, 1)
    for value, line, column in nodes:
        _check_node(value, count, 0, source, line, column)
    return Tour("", "", tuple(v for v, _, _ in nodes), base=0, shape="concorde")


def _loads_edge_tour(text: str, source: str) -> Tour:
    lines = [(number, line.split()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    (_, head), rest = lines[0], lines[1:]
    try:
        count, edge_count = int(head[0]), int(head[1])
        edges = [(int(parts[0]), int(parts[1]), number) for number, parts in rest]
    except (ValueError, IndexError):
        raise FormatError(
            "an edge-list tour needs 'n m' then 'u v [w]' lines of whole numbers", source
        ) from None
    if len(edges) != edge_count:
        raise FormatError(f"the file announces {edge_count} edges but lists {len(edges)}", source, 1)
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


def dumps_tour(tour: Tour, dimension: int | None = None) -> str:
    """A TSPLIB TOUR file (1-based whatever the record's base)."""
    nodes = tour.one_based()
    lines = [f"NAME : {tour.name}", f"COMMENT : {tour.comment}", "TYPE : TOUR"]
    lines.append(f"DIMENSION : {dimension if dimension is not None else len(nodes)}")
    lines.append("TOUR_SECTION")
    lines.extend(str(node) for node in nodes)
    lines += ["-1", "EOF", ""]
    return "\n".join(lines)


def dumps_concorde_solution(tour: Tour) -> str:
    """Concorde's ``-o`` layout: the node count, then the nodes 0-based, ten a line."""
    nodes = [node - 1 for node in tour.one_based()]
    rows = [" ".join(map(str, nodes[p : p + 10])) for p in range(0, len(nodes), 10)]
    return "\n".join([str(len(nodes)), *rows, ""])


def dumps_edge_list_tour(tour: Tour) -> str:
    """The tour as ``n m`` then one ``u v 1`` line per tour edge, 0-based (Concorde's edge files)."""
    nodes = [node - 1 for node in tour.one_based()]
    pairs = zip(nodes, nodes[1:] + nodes[:1], strict=True)
    return "\n".join([f"{len(nodes)} {len(nodes)}", *(f"{u} {v} 1" for u, v in pairs), ""])


def read_hcp(path: Path | str) -> HcpProblem:
    """Read an HCP file (see :func:`loads_hcp`)."""
    return loads_hcp(Path(path).read_text(encoding="utf-8"), str(path))


def write_hcp(path: Path | str, problem: HcpProblem) -> None:
    """Write an HCP file (see :func:`dumps_hcp`)."""
    Path(path).write_text(dumps_hcp(problem), encoding="utf-8")


def read_tour(path: Path | str) -> Tour:
    """Read a tour file of any supported shape (see :func:`loads_tour`)."""
    return loads_tour(Path(path).read_text(encoding="utf-8"), str(path))


def write_tour(path: Path | str, tour: Tour) -> None:
    """Write a TSPLIB TOUR file (see :func:`dumps_tour`)."""
    Path(path).write_text(dumps_tour(tour), encoding="utf-8")
