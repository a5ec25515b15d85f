from typing import Any

from sudoku_workbench.core.step import Step

def tables(
    size: int,
    n: int,
    units: tuple[tuple[int, ...], ...],
    units_of: tuple[tuple[int, int, int], ...],
    peers: tuple[tuple[int, ...], ...],
    order: tuple[int, ...],
    explained: Any,
    full_house: str,
    naked_single: str,
    hidden_single: str,
    /,
) -> object | None: ...

class State:
    open_cells: int
    suspect: bool
    _grid: Any
    def __init__(self, tables: object, candidates: Any, values: Any, entries: Any, /) -> None: ...
    def follow(self, step: Step, /) -> bool: ...
    def full_house(self) -> Step | None: ...
    def naked_single(self) -> Step | None: ...
    def hidden_single(self) -> Step | None: ...
    def position(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]: ...
    def unit_positions(self) -> tuple[tuple[int, ...], ...]: ...
