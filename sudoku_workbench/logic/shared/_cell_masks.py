"""A geometry's units as bit masks over cells (bit ``c`` is cell ``c``), made once per geometry.

(Each cell's peers as a mask are the geometry's own ``peer_bits``.)

The bit-mask rules intersect these with a digit's cells on every ask, so they sit below everything that
reads them: the digit links, the memos built on those, and the graph analysis.
"""

from __future__ import annotations

import functools

from sudoku_workbench.core.geometry import Geometry

__all__ = ["unit_masks"]


@functools.cache
def unit_masks(geo: Geometry) -> tuple[int, ...]:
    """Each unit's cells as a bit mask."""
    return tuple(sum(1 << c for c in cells) for cells in geo.units)
