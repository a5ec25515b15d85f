def tables(
    size: int,
    n: int,
    units: tuple[tuple[int, ...], ...],
    peers: tuple[tuple[int, ...], ...],
    units_of: tuple[tuple[int, ...], ...],
    segments: tuple[tuple[int, ...], ...],
    line_rivals: tuple[tuple[int, ...], ...],
    box_rivals: tuple[tuple[int, ...], ...],
    cages: list[tuple[int, ...]],
    combos: list[tuple[int, ...]],
    segments_of: list[list[int]],
    /,
) -> object: ...
def search(
    tables: object, masks: list[int], limit: int, keep: int, progress: object, cancel: object, /
) -> tuple[int, int, list[tuple[int, ...]]] | None: ...
def count_values(tables: object, values: bytes, limit: int, /) -> list[int]: ...
