"""Which graph and walk the nice-loop search runs: the compiled ones (``_aic_walk.c``), else Python's.

The extension is optional, as the forcing rules' fixpoint is (same switch: ``SUDOKU_WORKBENCH_PURE=1``
keeps it out). It builds the graph of :func:`~.aic_graph.chain_graph` from the position's masks and
chain sets, walks it as :func:`~.aic_search._walk` does, applies the same tests
(:func:`~.aic_search._promising`, :func:`~.aic_search._path`, and whether
:func:`~.aic_search._conclusions` finds anything, which most chains fail) and hands back the chains
that pass, in the same order; what each proves, and its words, are still worked out in Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.chains.aic_graph import Node, chain_sets, meeting_masks, unit_splits
from sudoku_workbench.logic.shared._digit_links import DigitLinks
from sudoku_workbench.logic.shared.compiled import compiled_module

__all__ = ["Walks", "built_graph", "compiled_search", "kernel"]

#: ``walks(start, begin, end)``: the chains that prove something of one start's walk over hops ``begin``
#: to ``end - 1``, in order (start first), and whether the walk reached its last hop.
Walks = Callable[[Node, int, int], tuple[list[tuple[Node, ...]], bool]]


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


def compiled_search(grid: Grid, links: DigitLinks) -> tuple[list[Node], Walks] | None:
    """The search's starts (sorted) and the kernel's walks from them, or None (no kernel, or too large)."""
    module = kernel
    if module is None:
        return None
    built = built_graph(module, grid, links, chain_sets(grid))
    if built is None:
        return None
    tables, starts = built
    ids: dict[Node, int] = dict(starts)
    walk = module.walk

    def walks(start: Node, begin: int, end: int) -> tuple[list[tuple[Node, ...]], bool]:
        chains, stopped = walk(tables, ids[start], begin, end)
        return chains, stopped

    return list(ids), walks
