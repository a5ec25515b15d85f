"""The canonical Hamiltonian cycle of a complete grid: the walk of the paper's Sections 2 and 3.

Blocks first (for each block and digit, the digit's cell: every other digit's ``x`` triplet, then the same
``y`` triplets), then rows (each digit's ``x`` triplet backwards and the cell end), then columns likewise
on the ``y`` side. Tests check every exported graph with it; the window can draw it.
"""

from __future__ import annotations

from sudoku_workbench.core.geometry import Digit, Geometry
from sudoku_workbench.hcp.numbering import numbering

__all__ = ["canonical_cycle"]


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
    for a, box in enumerate(geo.boxes, 1):
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
