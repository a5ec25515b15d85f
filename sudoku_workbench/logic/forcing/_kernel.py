"""Which loop propagates: the compiled fixpoint (``_fixpoint.c``) when it was built, else Python's own.

The extension is optional: an install without a compiler has none, and ``SUDOKU_WORKBENCH_PURE=1``
makes the package ignore it, so both paths can be tested on one machine. The kernel only computes what
:meth:`~sudoku_workbench.logic.forcing.propagation.Propagation.run` computes without reasons; the rules,
their steps and their words stay in Python.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.logic.forcing._propagation_tables import tables_of

__all__ = ["PURE_VARIABLE", "Fixpoint", "compiled_for", "fixpoint_of", "kernel"]

#: Set to anything but "" or "0", this environment variable keeps the compiled fixpoint out.
PURE_VARIABLE = "SUDOKU_WORKBENCH_PURE"

#: The compiled fixpoint's ``run`` with a geometry's tables bound to it.
Fixpoint = Callable[..., tuple[int, int, list[Any], list[Any], int, int, int]]


def _load() -> ModuleType | None:
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return None
    try:
        from sudoku_workbench.logic.forcing import _fixpoint
    except ImportError:  # built without a compiler: Python's loop
        return None
    return _fixpoint


#: The extension module in use, or None (tests set it to None to run the Python loop).
kernel: ModuleType | None = _load()


@functools.cache
def compiled_for(module: ModuleType, geo: Geometry) -> Fixpoint | None:
    """``module``'s fixpoint with the geometry's tables bound to it (None for a grid too large for it)."""
    tables = tables_of(geo)
    compiled = module.tables(
        geo.size, geo.n, tables.units, tables.peers, tables.cell_unit_bits, tables.confines, tables.reach
    )
    return None if compiled is None else functools.partial(module.run, compiled)


def fixpoint_of(geo: Geometry) -> Fixpoint | None:
    """The compiled fixpoint for this geometry, or None (no kernel, or a grid too large for it)."""
    return None if kernel is None else compiled_for(kernel, geo)
