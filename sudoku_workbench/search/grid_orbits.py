"""Essentially different grids: orbits of all grids under relabelling and the structural symmetries.

The structural symmetries are the row permutations that keep bands (inside a band, and whole bands),
the same for columns and stacks, and the transpose when boxes are square (Routledge 2023, 4.1–4.2).
Relabelling acts freely, so each orbit meets the grids whose box 1 reads ``1 … N`` and two such grids
are equivalent when a structural symmetry followed by re-standardising box 1 maps one to the other.

:func:`count_essentially_different` joins grids along the group's generators (union–find);
:func:`burnside_count` averages the grids each group element fixes (Burnside's lemma). Both agree
where the group is small enough to list (4x4: 2); the orbit count gives 49 for 6x6.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.search.grid_count import standard_box_grids

__all__ = ["burnside_count", "count_essentially_different", "structural_generators", "structural_group"]

Permutation = tuple[int, ...]
"""``p[cell]`` is the cell whose digit moves to ``cell``."""


def _cells(geo: Geometry, row_order: Sequence[int], col_order: Sequence[int], transpose: bool) -> Permutation:
    n = geo.n
    if transpose:
        return tuple(geo.cell(col_order[c], row_order[r]) for r in range(n) for c in range(n))
    return tuple(geo.cell(row_order[r], col_order[c]) for r in range(n) for c in range(n))


def _line_swaps(n: int, size: int) -> Iterator[list[int]]:
    """Swaps of neighbouring lines inside each block of ``size``, then of neighbouring blocks."""
    for start in range(0, n, size):
        for i in range(start, start + size - 1):
            order = list(range(n))
            order[i], order[i + 1] = i + 1, i
            yield order
    for block in range(n // size - 1):
        order = list(range(n))
        low, high = block * size, (block + 1) * size
        order[low:high], order[high : high + size] = order[high : high + size], order[low:high]
        yield order


def structural_generators(geo: Geometry) -> list[Permutation]:
    """Cell permutations that generate the structural symmetry group of a box shape."""
    identity = list(range(geo.n))
    gens = [_cells(geo, rows, identity, False) for rows in _line_swaps(geo.n, geo.box_rows)]
    gens += [_cells(geo, identity, cols, False) for cols in _line_swaps(geo.n, geo.box_cols)]
    if geo.box_rows == geo.box_cols:
        gens.append(_cells(geo, identity, identity, True))
    return gens


def _line_orders(n: int, size: int) -> Iterator[list[int]]:
    blocks = range(n // size)
    inside = list(itertools.permutations(range(size)))
    for block_order in itertools.permutations(blocks):
        for perms in itertools.product(inside, repeat=len(blocks)):
            yield [b * size + p for b, perm in zip(block_order, perms, strict=True) for p in perm]


def structural_group(geo: Geometry) -> Iterator[Permutation]:
    """Every element of the structural group (``(R!^m m!)(C!^k k!)``, doubled for square boxes)."""
    flips = (False, True) if geo.box_rows == geo.box_cols else (False,)
    for rows in _line_orders(geo.n, geo.box_rows):
        for cols in _line_orders(geo.n, geo.box_cols):
            for flip in flips:
                yield _cells(geo, rows, cols, flip)


def _standardised(geo: Geometry, values: Sequence[int]) -> tuple[int, ...]:
    """Relabel so that box 1 reads ``1 … N`` row-major."""
    relabel = [0] * (geo.n + 1)
    for i, cell in enumerate(geo.boxes[0]):
        relabel[values[cell]] = i + 1
    return tuple(relabel[v] for v in values)


def _moved(geo: Geometry, values: Sequence[int], perm: Permutation) -> tuple[int, ...]:
    return _standardised(geo, [values[p] for p in perm])


def count_essentially_different(geo: Geometry, cancel: CancelToken | None = None) -> int:
    """The number of orbits, found by joining each standard grid with its images under the generators."""
    grids = standard_box_grids(geo, cancel)
    index = {g: i for i, g in enumerate(grids)}
    parent = list(range(len(grids)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    generators = structural_generators(geo)
    for i, grid in enumerate(grids):
        if cancel is not None and not i % 1024:
            cancel.check()
        for perm in generators:
            a, b = root(i), root(index[_moved(geo, grid, perm)])
            parent[a] = b
    return sum(1 for i in range(len(grids)) if root(i) == i)


def burnside_count(geo: Geometry, cancel: CancelToken | None = None) -> int:
    """The number of orbits by Burnside's lemma: the mean over the group of the grids each element fixes.

    A structural symmetry g fixes a grid up to relabelling exactly when re-standardising g(grid) gives
    the grid back; counting that over standard grids counts ``N!`` times fewer grids for every g, so
    the factor cancels. Lists the whole group: practical for 4x4, slow for 6x6 (3,456 × 39,168).
    """
    grids = standard_box_grids(geo, cancel)
    fixed = 0
    order = 0
    for perm in structural_group(geo):
        if cancel is not None:
            cancel.check()
        order += 1
        fixed += sum(1 for g in grids if _moved(geo, g, perm) == g)
    return fixed // order
