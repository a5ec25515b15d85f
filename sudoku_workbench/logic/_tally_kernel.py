"""Which singles tally a solve keeps: the compiled one (``_singles_tally.c``) if built, else Python's.

The extension is optional, as the forcing rules' fixpoint is (same switch: ``SUDOKU_WORKBENCH_PURE=1``
keeps it out). It keeps the tables of :class:`~sudoku_workbench.logic.singles_tally.SinglesTally` and
updates them operation for operation; the singles it finds are the Python tally's shared steps,
looked up by the same key, so every step and its words still come from the Python rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Protocol

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.shared.compiled import compiled_module
from sudoku_workbench.logic.singles.local import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE, units_boxes_first
from sudoku_workbench.logic.singles_tally import SinglesTally, _explained_singles

__all__ = ["Tally", "kernel", "new_tally"]


class Tally(Protocol):
    """What a solve asks of its singles tally, the Python one or the compiled one."""

    @property
    def open_cells(self) -> int: ...
    @property
    def suspect(self) -> bool: ...
    def follow(self, step: Step) -> bool: ...
    def finder(self, rule_id: str) -> Callable[[], Step | None]: ...
    def grid(self) -> Grid: ...
    def unit_positions(self) -> tuple[tuple[int, ...], ...]: ...


def _import_tally() -> ModuleType:
    from sudoku_workbench.logic import _singles_tally

    return _singles_tally


#: The extension module in use, or None (tests set it to None to keep Python's tally).
kernel: ModuleType | None = compiled_module(_import_tally)


@functools.cache
def _tables(module: ModuleType, geo: Geometry) -> object | None:
    """The geometry's tables in the kernel's form (None for a grid too large for it).

    The kernel holds three houses a cell and peers only through them, so variant extras stay in Python.
    """
    if geo.extras:
        return None
    tables: object | None = module.tables(
        geo.size,
        geo.n,
        geo.units,
        geo.units_of,
        geo.peers,
        units_boxes_first(geo),
        _explained_singles(geo),
        FULL_HOUSE,
        NAKED_SINGLE,
        HIDDEN_SINGLE,
    )
    return tables


@functools.cache
def _compiled_class(module: ModuleType) -> type:
    class CompiledTally(module.State):  # type: ignore[misc,name-defined]
        """The C tally with what the engine asks of a tally beyond its tables: a grid, a finder."""

        def __init__(self, tables: object, grid: Grid) -> None:
            super().__init__(tables, grid.candidates, grid.values, grid.entries)
            self._geo = grid.geometry
            self._givens = grid.givens
            self._grid = grid

        def grid(self) -> Grid:
            """The position the tally has followed to (what ``Grid.apply`` gives)."""
            if self._grid is None:
                entries, cands, values = self.position()
                self._grid = Grid(self._geo, self._givens, entries, cands)
                self._grid.__dict__["values"] = values  # fill the cache, as Grid.place does
            return self._grid

        def finder(self, rule_id: str) -> Callable[[], Step | None]:
            """For ``rule_id`` (one of the singles): the step it would take first, if any."""
            return {  # type: ignore[no-any-return]
                FULL_HOUSE: self.full_house,
                NAKED_SINGLE: self.naked_single,
                HIDDEN_SINGLE: self.hidden_single,
            }[rule_id]

    return CompiledTally


def new_tally(grid: Grid) -> Tally:
    """The tally of a solve from ``grid``: the compiled one when built and able to take the grid."""
    tables = None if kernel is None else _tables(kernel, grid.geometry)
    if tables is None:
        return SinglesTally(grid)
    tally: Tally = _compiled_class(kernel)(tables, grid)
    return tally
