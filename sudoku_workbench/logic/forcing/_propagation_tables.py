"""The per-geometry bit masks the propagation runs on, built once per grid size.

Kept apart from :mod:`~sudoku_workbench.logic.forcing.propagation`, which reads them on every assumption:
these
say where things are (units, peers, the meetings of two houses), that module what follows from an assumption.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import reduce
from operator import or_

from sudoku_workbench.core.geometry import Geometry

__all__ = ["Tables", "tables_of"]


@dataclass(frozen=True)
class Tables:
    """Per-geometry bit masks: units, peers, and where a digit confined to two houses' meeting reaches."""

    geo: Geometry
    units: tuple[int, ...]
    peers: tuple[int, ...]
    cell_unit_bits: tuple[int, ...]
    #: at ``unit * size + cell``: per other unit crossing ``unit`` at ``cell``, (the meeting, the other
    #: unit's cells outside ``unit``, the other unit): a digit of ``unit`` confined to the meeting
    #: leaves those cells
    confines: tuple[tuple[tuple[int, int, int], ...], ...]
    #: at ``unit * size + cell``: the cells of all those meetings, so that spots outside them all are
    #: passed over with one test (most are)
    reach: tuple[int, ...]


def _confines(geo: Geometry, units: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """:attr:`Tables.confines`: two houses that meet in two or more cells, each with cells outside the other.

    On a classic grid those are a box and a line; a jigsaw region meets lines, and a diagonal every kind.
    """
    return tuple(
        tuple(
            (umask & units[other], units[other] & ~umask, other)
            for other in (geo.units_of[cell] if umask >> cell & 1 else ())
            if (umask & units[other]).bit_count() > 1 and units[other] & ~umask and umask & ~units[other]
        )
        for unit, umask in enumerate(units)
        for cell in range(geo.size)
    )


@functools.cache
def tables_of(geo: Geometry) -> Tables:
    """The bit-mask tables of a geometry (built once)."""
    units = tuple(sum(1 << c for c in cells) for cells in geo.units)
    peers = geo.peer_bits
    unit_bits = tuple(sum(1 << u for u in geo.units_of[c]) for c in range(geo.size))
    confines = _confines(geo, units)
    reach = tuple(reduce(or_, (meeting for meeting, _, _ in entries), 0) for entries in confines)
    return Tables(geo, units, peers, unit_bits, confines, reach)
