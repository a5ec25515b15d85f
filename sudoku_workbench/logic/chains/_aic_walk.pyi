from typing import Any

from sudoku_workbench.logic.als.als_sets import Als

def build(
    size: int,
    n: int,
    holders: tuple[int, ...],
    units: tuple[int, ...],
    splits: tuple[tuple[tuple[int, ...], ...], ...],
    cands: tuple[int, ...],
    peers: tuple[int, ...],
    sets: tuple[Als, ...],
    meetings: tuple[int, ...],
    /,
) -> tuple[object, list[tuple[tuple[int, int], int]]] | None: ...
def walk(graph: object, start: int, begin: int, end: int, /) -> tuple[list[Any], bool]: ...
