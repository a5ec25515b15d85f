"""The canonical Hamiltonian cycle of a complete grid: the walk of the paper's Sections 2 and 3.

Blocks first (for each block and digit, the digit's cell: every other digit's ``x`` triplet, then the same
``y`` triplets), then rows (each digit's ``x`` triplet backwards and the cell end), then columns likewise
on the ``y`` side. Tests check every exported graph with it; the window can draw it.
"""

from __future__ import annotations

from sudoku_workbench.core.geometry import Digit, Geometry
from sudoku_workbench.hcp.numbering import Numbering, numbering

__all__ = ["PHASES", "canonical_cycle", "cell_walks"]

#: The three stretches of every Hamiltonian cycle, named after the hub vertices that start them.
PHASES = ("blocks", "rows", "columns")


def canonical_cycle(geo: Geometry, values: tuple[Digit, ...]) -> list[int]:
    """The directed vertices in visiting order, starting at s (the arc f → s closes it).

    Raises:
        ValueError: when a cell is empty (the walk needs a complete grid).
    """
    if not all(values):
        raise ValueError("the canonical cycle needs a complete grid")
    n, num = geo.n, numbering(geo.n)
    ij = [(geo.row_of[c] + 1, geo.col_of[c] + 1) for c in range(geo.size)]
    order = [num.s]
    for a, box in enumerate(geo.regions, 1):
        where = {values[cell]: cell for cell in box}
        for k in range(1, n + 1):
            i, j = ij[where[k]]
            others = [(k + step - 1) % n + 1 for step in range(1, n)]
            order.append(num.b(a, k))
            for part in (num.x, num.y):
                order.extend(part(i, j, m, level) for m in others for level in (1, 2, 3))
    for lines, head, end, part, cap in (
        (geo.rows, num.r, num.t, num.x, num.v),
        (geo.columns, num.c, num.d, num.y, num.w),
    ):
        for index, line in enumerate(lines, 1):
            where = {values[cell]: cell for cell in line}
            for k in range(1, n + 1):
                i, j = ij[where[k]]
                order.extend(
                    (head(index, k), part(i, j, k, 3), part(i, j, k, 2), part(i, j, k, 1), cap(i, j))
                )
            order.append(end(index))
    order.append(num.f)
    return order


def cell_walks(geo: Geometry, cycle: list[int] | tuple[int, ...]) -> dict[str, list[int]]:
    """The cells a directed cycle passes through, in order, for each phase (for drawing the cycle).

    A phase starts at its first hub vertex (``b``, ``r`` or ``c``); puzzle vertices and cell ends name
    their cell; a cell visited several times in a row counts once.
    """
    num = numbering(geo.n)
    hubs = ((num.b0, "blocks"), (num.r0, "rows"), (num.c0, "columns"))
    walks: dict[str, list[int]] = {phase: [] for phase in PHASES}
    phase = ""
    for vertex in cycle:
        phase = next((name for base, name in hubs if 0 <= vertex - base < geo.n * geo.n), phase)
        cell = _cell_of(num, vertex)
        if cell is None or not phase:
            continue
        walk = walks[phase]
        index = geo.cell(cell[0] - 1, cell[1] - 1)
        if not walk or walk[-1] != index:
            walk.append(index)
    return walks


def _cell_of(num: Numbering, vertex: int) -> tuple[int, int] | None:
    """The 1-based (row, column) of a puzzle vertex or cell end, None for every other vertex."""
    puzzle = num.puzzle_index(vertex)
    if puzzle is not None:
        return puzzle[1], puzzle[2]
    for base in (num.v0, num.w0):
        if 0 <= vertex - base < num.n * num.n:
            return divmod(vertex - base, num.n)[0] + 1, (vertex - base) % num.n + 1
    return None
