"""Reading a tour back into a grid (Section 6), after checking it really is a Hamiltonian cycle.

A tour is checked against the exported graph first — a wrong length, the first vertex it never visits,
or the first consecutive pair that is no edge is reported — then expanded through the reduction map,
mapped to directed vertices, and each cell's digit read off the ``x_ijk1`` next to ``v_ij``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.tours import Tour
from sudoku_workbench.hcp.export import HcpExport
from sudoku_workbench.hcp.numbering import numbering
from sudoku_workbench.hcp.shrink import Shrunk

__all__ = ["TourError", "check_cycle", "directed_cycle", "grid_from_order", "grid_from_tour", "lift_cycle"]

Edge = tuple[int, int]


class TourError(WorkbenchError):
    """A tour that is no Hamiltonian cycle of the graph, or one that decodes to no solution."""


def _first_missing(dimension: int, order: Sequence[int]) -> int | None:
    seen = set(order)
    return next((v for v in range(1, dimension + 1) if v not in seen), None)


def _check_vertices(dimension: int, order: Sequence[int], name: Callable[[int], str]) -> None:
    bad = next((p for p, v in enumerate(order) if not 1 <= v <= dimension), None)
    if bad is not None:
        raise TourError(f"position {bad + 1}: vertex {order[bad]} is not in 1..{dimension}")
    missing = _first_missing(dimension, order)
    if len(order) != dimension:
        detail = f"; {name(missing)} is never visited" if missing is not None else ""
        raise TourError(f"the tour has {len(order)} vertices, the graph {dimension}{detail}")
    if missing is not None:
        first: dict[int, int] = {}
        twice = next(p for p, v in enumerate(order) if first.setdefault(v, p) != p)
        raise TourError(
            f"{name(missing)} is never visited (position {twice + 1} visits "
            f"{name(order[twice])} a second time)"
        )


def _first_non_edge(order: Sequence[int], edges: set[Edge], directed: bool) -> int | None:
    """Index p of the first consecutive pair (order[p], order[p+1]) that is no edge, None if all are."""
    size = len(order)
    for p in range(size):
        u, v = order[p], order[(p + 1) % size]
        if (u, v) in edges or (not directed and (v, u) in edges):
            continue
        return p
    return None


def check_cycle(
    dimension: int,
    edges: Sequence[Edge],
    order: Sequence[int],
    directed: bool = False,
    name: Callable[[int], str] = lambda v: f"vertex {v}",
) -> list[int]:
    """The tour as a cycle of the graph, reversed if a directed graph is travelled backwards.

    Raises:
        TourError: naming the first vertex never visited or the first consecutive pair that is no edge.
    """
    _check_vertices(dimension, order, name)
    edge_set = set(edges)
    forward = _first_non_edge(order, edge_set, directed)
    if forward is None:
        return list(order)
    if directed:
        backward = list(reversed(order))
        if _first_non_edge(backward, edge_set, directed) is None:
            return backward
    u, v = order[forward], order[(forward + 1) % len(order)]
    link = "→" if directed else "–"
    raise TourError(
        f"positions {forward + 1} and {(forward + 1) % len(order) + 1}: {name(u)} {link} {name(v)} "
        "is not an edge of the graph"
    )


def _expand(shrunk: Shrunk, order: Sequence[int]) -> list[int]:
    """Each reduced vertex replaced by its original path, entered at the end its incoming edge reaches."""
    expanded: list[int] = []
    for position, vertex in enumerate(order):
        path = shrunk.paths[vertex - 1]
        if len(path) > 1:
            previous = order[position - 1]
            key = (previous, vertex) if previous < vertex else (vertex, previous)
            ends = shrunk.link(key)
            entry = ends[1] if previous < vertex else ends[0]
            path = path if path[0] == entry else path[::-1]
        expanded.extend(path)
    return expanded


def _collapse(vertices: list[int]) -> list[int]:
    """Runs of one directed vertex's copies merged into a single visit."""
    cycle = [v for p, v in enumerate(vertices) if p == 0 or v != vertices[p - 1]]
    while len(cycle) > 1 and cycle[0] == cycle[-1]:
        cycle.pop()
    return cycle


def grid_from_order(puzzle: Grid, directed_cycle: Sequence[int]) -> Grid:
    """Section 6: each cell's digit is k of the ``x_ijk1`` beside ``v_ij`` on the cycle.

    Raises:
        TourError: when a cell cannot be read or the digits contradict the givens or each other.
    """
    geo = puzzle.geometry
    num = numbering(geo.n)
    where = {v: p for p, v in enumerate(directed_cycle)}
    size = len(directed_cycle)
    digits = []
    for cell in range(geo.size):
        i, j = geo.row_of[cell] + 1, geo.col_of[cell] + 1
        p = where[num.v(i, j)]
        found = [
            index[3]
            for other in (directed_cycle[p - 1], directed_cycle[(p + 1) % size])
            if (index := num.puzzle_index(other)) is not None and index[:3] == ("x", i, j) and index[4] == 1
        ]
        if len(found) != 1:
            raise TourError(f"{num.name(num.v(i, j))} ({geo.cell_name(cell)}) has no single x neighbour")
        digits.append(found[0])
    clash = next((c for c, g in enumerate(puzzle.givens) if g and g != digits[c]), None)
    if clash is not None:
        raise TourError(
            f"the tour puts {digits[clash]} in {geo.cell_name(clash)}, given as {puzzle.givens[clash]}"
        )
    entries = [0 if g else d for g, d in zip(puzzle.givens, digits, strict=True)]
    grid = Grid.from_values(geo, puzzle.givens, entries)
    if not grid.is_solved():
        raise TourError(f"the tour decodes to a broken grid: {grid.problems()[0].describe(geo)}")
    return grid


def _namer(export: HcpExport) -> Callable[[int], str]:
    num = numbering(export.puzzle.geometry.n)

    def base_name(v: int) -> str:
        directed = export.origin[v - 1]
        return f"vertex {v}" if export.directed else f"vertex {v} (from {num.name(directed)})"

    if export.shrunk is None:
        return base_name
    paths = export.shrunk.paths

    def reduced_name(v: int) -> str:
        if not 1 <= v <= len(paths):
            return f"vertex {v}"
        first = paths[v - 1][0]
        extra = f" and {len(paths[v - 1]) - 1} more" if len(paths[v - 1]) > 1 else ""
        return f"vertex {v} (unreduced {first}{extra}, from {num.name(export.origin[first - 1])})"

    return reduced_name


def directed_cycle(export: HcpExport, nodes: Sequence[int]) -> list[int]:
    """A tour of the exported graph, checked as a Hamiltonian cycle, as directed vertices (Section 2).

    Raises:
        TourError: located as in :func:`check_cycle`.
    """
    cycle = check_cycle(export.dimension, export.edges, nodes, export.directed, _namer(export))
    if export.shrunk is not None:
        cycle = check_cycle(export.base_dimension, export.base_edges, _expand(export.shrunk, cycle))
    return _collapse([export.origin[v - 1] for v in cycle])


def lift_cycle(export: HcpExport, cycle: Sequence[int]) -> list[int]:
    """A directed Hamiltonian cycle as a vertex order of the exported graph (its copies, then reduced)."""
    copies: dict[int, list[int]] = {}
    for vertex, origin in enumerate(export.origin, 1):
        copies.setdefault(origin, []).append(vertex)
    base = [copy for vertex in cycle for copy in copies[vertex]]
    if export.shrunk is None:
        return base
    owner = [0] * (export.base_dimension + 1)
    for reduced, path in enumerate(export.shrunk.paths, 1):
        for vertex in path:
            owner[vertex] = reduced
    return _collapse([owner[v] for v in base])


def _decode(export: HcpExport, nodes: Sequence[int]) -> Grid:
    return grid_from_order(export.puzzle, directed_cycle(export, nodes))


def grid_from_tour(export: HcpExport, tour: Tour | Sequence[int]) -> Grid:
    """The solved grid a tour of the exported graph stands for (1-based node lists are taken as is).

    Raises:
        TourError: located as in :func:`check_cycle`; when the file's numbers would fit if counted from
            the other base, the message says so (the tour is still refused).
    """
    if not isinstance(tour, Tour):
        return _decode(export, list(tour))
    nodes = tour.one_based()
    try:
        return _decode(export, nodes)
    except TourError as err:
        shift = -1 if tour.base == 0 else 1
        other = 1 - tour.base
        try:
            _decode(export, [v + shift for v in nodes])
        except TourError:
            raise err from None
        raise TourError(
            f"{err}. Counted from {other} instead of {tour.base}, the same numbers form a Hamiltonian "
            f"cycle: this {tour.shape} file seems to use the wrong numbering base"
        ) from None
