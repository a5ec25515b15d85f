from typing import Any

def tables(
    size: int,
    n: int,
    units: tuple[int, ...],
    peers: tuple[int, ...],
    cell_unit_bits: tuple[int, ...],
    confines: tuple[tuple[tuple[int, int, int], ...], ...],
    reach: tuple[int, ...],
    /,
) -> object | None: ...
def run(
    tables: object,
    mode: int,
    loc: list[int],
    placed: list[int],
    changed: list[int],
    filters: list[int],
    free: int,
    static_cells: int,
    places: list[Any],
    offs: list[Any],
    round: int,
    max_rounds: int,
    rounds: list[Any] | None,
    naked_why: str,
    /,
) -> tuple[int, int, list[Any], list[Any], int, int, int]: ...
def trials(
    tables: object,
    mode: int,
    loc: list[int],
    placed: list[int],
    filters: list[int],
    free: int,
    static_cells: int,
    candidates: list[tuple[int, int]],
    /,
) -> tuple[object, list[tuple[int, bool, int]]]: ...
def splits(
    tables: object, trials: object, unit_wise: bool, /
) -> list[tuple[int, tuple[int, int], int, tuple[int, int, bool]]]: ...
def nets(
    tables: object,
    loc: list[int],
    placed: list[int],
    filters: list[int],
    free: int,
    candidates: list[tuple[int, int]],
    depth: int,
    /,
) -> tuple[int, Any]: ...
def solutions(
    tables: object, loc: list[int], placed: list[int], filters: list[int], free: int, limit: int, /
) -> list[tuple[int, ...]]: ...
def explain(
    tables: object,
    mode: int,
    loc: list[int],
    placed: list[int],
    filters: list[int],
    free: int,
    static_cells: int,
    cell: int,
    digit: int,
    stop: tuple[int, int, bool] | None,
    /,
) -> tuple[int, int, int, list[tuple[int, int, bool, int, int, tuple[Any, ...], int, int, int]]]: ...
def record(
    tables: object,
    mode: int,
    loc: list[int],
    placed: list[int],
    filters: list[int],
    free: int,
    static_cells: int,
    start_loc: tuple[int, ...],
    facts: dict[tuple[int, int, bool], Any],
    round: int,
    cell: int,
    digit: int,
    /,
) -> tuple[
    int, int, int, int, int, list[tuple[int, int, bool, int, int, tuple[Any, ...], int, int, int]]
]: ...
