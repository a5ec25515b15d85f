"""Which loop propagates: the compiled fixpoint (``_fixpoint*.c``) when it was built, else Python's own.

The extension is optional: an install without a compiler has none, and ``SUDOKU_WORKBENCH_PURE=1``
makes the package ignore it, so both paths can be tested on one machine. The kernel computes what
:meth:`~sudoku_workbench.logic.forcing.propagation.Propagation.run` computes; the rules, their steps and
their words stay in Python. It also runs every assumption of a position in one call
and finds the case splits whose cases share a conclusion
(:class:`~sudoku_workbench.logic.forcing.trials.Trials`), on bit sets, as Python does without it; and it
runs a forcing net's whole search for a refutation, and the nets' search for the solution
(:mod:`~sudoku_workbench.logic.forcing.forcing_nets`), each in one call, with the same case splits; and
it replays assumptions with reasons for a chain's or a net's explanation (:meth:`Propagation.explain`,
and :meth:`Propagation.run` in NET mode).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.logic.forcing._propagation_tables import tables_of
from sudoku_workbench.logic.shared.compiled import PURE_VARIABLE, compiled_module

__all__ = ["PURE_VARIABLE", "Compiled", "compiled_for", "compiled_of", "kernel"]


class Compiled(NamedTuple):
    """The kernel's functions for one geometry: run, trials, splits, the nets' searches, explanations."""

    run: Callable[..., tuple[int, int, list[Any], list[Any], int, int, int]]
    trials: Callable[..., tuple[object, list[tuple[int, bool, int]]]]
    splits: Callable[[object, bool], list[tuple[Any, ...]]]
    nets: Callable[..., tuple[int, Any]]
    solutions: Callable[..., list[tuple[int, ...]]]
    explain: Callable[..., tuple[int, int, int, list[tuple[Any, ...]]]]
    record: Callable[..., tuple[int, int, int, int, int, list[tuple[Any, ...]]]]


def _import_fixpoint() -> ModuleType:
    from sudoku_workbench.logic.forcing import _fixpoint

    return _fixpoint


#: The extension module in use, or None (tests set it to None to run the Python loop).
kernel: ModuleType | None = compiled_module(_import_fixpoint)


@functools.cache
def compiled_for(module: ModuleType, geo: Geometry) -> Compiled | None:
    """``module``'s functions with the geometry bound to them (None for a grid too large for it)."""
    tables = tables_of(geo)
    compiled = module.tables(
        geo.size, geo.n, tables.units, tables.peers, tables.cell_unit_bits, tables.confines, tables.reach
    )
    if compiled is None:
        return None
    return Compiled(
        functools.partial(module.run, compiled),
        functools.partial(module.trials, compiled),
        functools.partial(module.splits, compiled),
        functools.partial(module.nets, compiled),
        functools.partial(module.solutions, compiled),
        functools.partial(module.explain, compiled),
        functools.partial(module.record, compiled),
    )


def compiled_of(geo: Geometry) -> Compiled | None:
    """The kernel's functions for this geometry, or None (no kernel, or a grid too large for it)."""
    return None if kernel is None else compiled_for(kernel, geo)
