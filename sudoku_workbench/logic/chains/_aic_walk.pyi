from typing import Any

def graph(
    size: int,
    n: int,
    nodes: tuple[tuple[int, int], ...],
    ids: dict[tuple[int, int], int],
    links: dict[tuple[int, int], dict[tuple[int, int], None]],
    set_nodes: tuple[tuple[tuple[int, int], ...], ...],
    groups: tuple[tuple[int, ...], ...],
    peers: tuple[int, ...],
    holders: tuple[int, ...],
    cands: tuple[int, ...],
    /,
) -> object | None: ...
def walk(graph: object, start: int, begin: int, end: int, /) -> tuple[list[Any], bool]: ...
