"""Which graph and walk the nice-loop search runs: the compiled ones (``_aic_walk.c``), else Python's.

The extension is optional, as the forcing rules' fixpoint is (same switch: ``SUDOKU_WORKBENCH_PURE=1``
keeps it out). It builds the graph of :func:`~.aic_graph.chain_graph` from the position's masks and
chain sets, walks it as :func:`~.aic_search._walk` does, applies the same tests
(:func:`~.aic_search._promising`, :func:`~.aic_search._path`, and whether
:func:`~.aic_search._conclusions` finds anything, which most chains fail) and hands back the chains
that pass, in the same order; what each proves, and its words, are still worked out in Python.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.chains.aic_graph import Node, chain_sets, meeting_masks, unit_splits
from sudoku_workbench.logic.shared._digit_links import DigitLinks
from sudoku_workbench.logic.shared.compiled import compiled_module

__all__ = ["WalkOn", "built_graph", "compiled_search", "kernel"]

#: ``walk_on(starts, begins, first, end)``: the walks of ``starts[first]``, ``starts[first + 1]``, …
#: (node numbers, each from its hop in ``begins``, to hop ``end - 1``) up to the first that finds a
#: chain that proves something, in one call: that start's index (``len(starts)`` when none did), its
#: chains in order (start first), and the indices of the walks that reached their last hop.
WalkOn = Callable[[tuple[int, ...], tuple[int, ...], int, int], tuple[int, list[tuple[Node, ...]], list[int]]]


def _import_walk() -> ModuleType:
    from sudoku_workbench.logic.chains import _aic_walk

    return _aic_walk


#: The extension module in use, or None (tests set it to None to run the Python walk).
kernel: ModuleType | None = compiled_module(_import_walk)


def built_graph(module: ModuleType, grid: Grid, links: DigitLinks, sets: Sequence[object]) -> Any:
    """``module.build`` on the position's masks and these chain sets: (tables, starts), or None."""
    geo = grid.geometry
    return module.build(
        geo.size,
        geo.n,
        links.holders,
        links.units,
        unit_splits(geo),
        grid.candidates,
        links.peers,
        sets,
        meeting_masks(geo),
    )


def compiled_search(grid: Grid, links: DigitLinks) -> tuple[list[Node], dict[Node, int], WalkOn] | None:
    """The search's starts (sorted), their node numbers and the kernel's walks, or None.

    None when there is no kernel or the grid is too large for it.
    """
    module = kernel
    if module is None:
        return None
    built = built_graph(module, grid, links, chain_sets(grid))
    if built is None:
        return None
    tables, starts = built
    numbers: dict[Node, int] = dict(starts)
    return list(numbers), numbers, functools.partial(module.walk_on, tables)
