"""A geometry's units and peer sets as bit masks over cells (bit ``c`` is cell ``c``), made once per geometry.

The bit-mask rules intersect these with a digit's cells on every ask, so they sit below everything that
reads them: the digit links, the memos built on those, and the graph analysis.
"""

from __future__ import annotations

import functools

from sudoku_workbench.core.geometry import Geometry

__all__ = ["peer_masks", "unit_masks"]


@functools.cache
def unit_masks(geo: Geometry) -> tuple[int, ...]:
    """Each unit's cells as a bit mask."""
    return tuple(sum(1 << c for c in cells) for cells in geo.units)


def peer_masks(geo: Geometry) -> tuple[int, ...]:
    """Each cell's peers as a bit mask (the cells it sees through a house or a variant's move)."""
    return geo.peer_bits
