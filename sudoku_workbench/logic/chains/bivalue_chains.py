"""Chains through cells that hold exactly two candidates: Remote pair and XY-Chain.

* **XY-Chain**: cells c1 … ck, each holding two digits, each seeing the next and sharing a digit with
  it. If c1 is not z it is its other digit, which the next cell then cannot be, so that cell is *its*
  other digit, and so on; the chain is built so that ck is then z. So c1 or ck is z, and z leaves every
  cell that sees both. (An XY-Wing is the three-cell case.)
* **Remote pair**: a chain of cells that all hold the same two digits x and y. Neighbours alternate, so
  two cells an odd number of links apart hold x and y between them: a cell seeing both loses x and y.
  Four cells are the shortest chain that is not a naked pair.

Every link joins two cells that see each other and share a digit: an edge of the bivalue graph the
graph pane draws, so each step's chain is drawn there.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.shared._digit_links import bits_of, digit_links, end_victims
from sudoku_workbench.logic.shared._memos import by_content
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = ["REMOTE_PAIR", "XY_CHAIN", "remote_pair", "xy_chain"]

REMOTE_PAIR = "remote_pair"
XY_CHAIN = "xy_chain"
#: Longest XY-chain looked for, in cells.
MAX_CELLS = 12


@functools.lru_cache(maxsize=4)
def _bivalue_peers(grid: Grid) -> dict[Cell, tuple[Cell, ...]]:
    """Each two-candidate cell with the two-candidate cells it sees and shares a digit with."""
    cands = grid.candidates
    peers = digit_links(grid).peers
    cells = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    mask = sum(1 << c for c in cells)
    return {c: tuple(p for p in bits_of(peers[c] & mask) if cands[p] & cands[c]) for c in cells}


def _other(mask: int, digit: Digit) -> Digit:
    """The digit of a two-digit mask that is not ``digit``."""
    return (mask & ~(1 << (digit - 1))).bit_length()


#: A cell and the digit it takes; per such state, the cells it rules the digit out of and their states.
_State = tuple[Cell, Digit]
_Moves = dict[_State, tuple[tuple[Cell, _State], ...]]


def _xy_walk(moves: _Moves, first: _State, z: Digit) -> dict[Cell, tuple[Cell, ...]]:
    """From ``first`` (the start is not z, so it is its other digit): the cells forced to z, with a chain."""
    start = first[0]
    parent: dict[_State, _State | None] = {first: None}
    queue = deque([(first, 1)])
    ends: dict[Cell, tuple[Cell, ...]] = {}
    while queue:
        state, length = queue.popleft()
        if length >= MAX_CELLS:
            continue
        for peer, reached in moves[state]:
            if peer == start or reached in parent:
                continue
            parent[reached] = state
            queue.append((reached, length + 1))
            if reached[1] == z and peer not in ends:
                path: list[Cell] = []
                node: _State | None = reached
                while node is not None:
                    path.append(node[0])
                    node = parent[node]
                if len(set(path)) == len(path):
                    ends[peer] = tuple(reversed(path))
    return ends


def _components(graph: dict[Cell, tuple[Cell, ...]]) -> Iterator[tuple[Cell, ...]]:
    """The connected parts of the bivalue graph, each as its cells ascending (a chain stays in one)."""
    done: set[Cell] = set()
    for root in graph:
        if root not in done:
            part = {root}
            stack = [root]
            while stack:
                for peer in graph[stack.pop()]:
                    if peer not in part:
                        part.add(peer)
                        stack.append(peer)
            done |= part
            yield tuple(sorted(part))


@by_content
def _part_chains(
    geo: Geometry, part: tuple[tuple[Cell, int], ...]
) -> tuple[tuple[int, Digit, tuple[Cell, ...]], ...]:
    """The chains of three or more cells of one connected part: (length, z, cells), each found once.

    Remembered by the part's cells and their pairs: most parts are as they were at the last ask.
    """
    peers = geo.peer_bits
    moves: _Moves = {}
    for cell, mask in part:
        for digit in bits_of(mask):
            bit = 1 << digit
            moves[cell, digit + 1] = tuple(
                (p, (p, _other(other, digit + 1)))
                for p, other in part
                if other & bit and peers[cell] >> p & 1 and other & mask
            )
    found = []
    for start, mask in part:
        for z in bits_of(mask):
            for end, cells in _xy_walk(moves, (start, _other(mask, z + 1)), z + 1).items():
                if end > start and len(cells) >= 3:
                    found.append((len(cells), z + 1, cells))
    return tuple(found)


@functools.lru_cache(maxsize=4)
def _xy_chains(grid: Grid) -> tuple[tuple[Digit, tuple[Cell, ...], int], ...]:
    """Every useful XY-chain (digit z, cells, victims mask), shortest first, one per victim set."""
    links = digit_links(grid)
    cands = grid.candidates
    geo = grid.geometry
    found = []
    for part in _components(_bivalue_peers(grid)):
        for length, digit, cells in _part_chains(geo, tuple((c, cands[c]) for c in part)):
            victims = end_victims(links, digit, cells)
            if victims:
                found.append((length, digit, cells, victims))
    found.sort()
    seen: set[tuple[Digit, int]] = set()
    result = []
    for _length, digit, cells, victims in found:
        if (digit, victims) not in seen:
            seen.add((digit, victims))
            result.append((digit, cells, victims))
    return tuple(result)


def _labels(grid: Grid, cells: tuple[Cell, ...], z: Digit) -> tuple[Digit, ...]:
    """The digit each link of an XY-chain passes on (the first cell's digit other than z, and so on)."""
    cands = grid.candidates
    labels = []
    value = _other(cands[cells[0]], z)
    for cell in cells[1:]:
        labels.append(value)
        value = _other(cands[cell], value)
    return tuple(labels)


def _chain_links(cells: tuple[Cell, ...], labels: tuple[Digit, ...], z: Digit) -> tuple[Link, ...]:
    """The chain as candidate links: strong inside each cell (its two digits), weak between cells."""
    ins, outs = (z, *labels), (*labels, z)
    links: list[Link] = []
    for index, cell in enumerate(cells):
        links.append(Link((cell, ins[index]), (cell, outs[index]), strong=True))
        if index < len(labels):
            label = labels[index]
            links.append(Link((cell, label), (cells[index + 1], label), strong=False))
    return tuple(links)


def _chain_highlights(grid: Grid, cells: tuple[Cell, ...], labels: tuple[Digit, ...], z: Digit) -> Highlights:
    """A chain of two-candidate cells as both rules draw it: its cells, their candidates and its links."""
    cands = grid.candidates
    return Highlights(
        cells=cells,
        pattern=tuple((c, d) for c in cells for d in _digits(cands[c])),
        links=_chain_links(cells, labels, z),
        chains=(Chain(cells, labels),),
    )


def _xy_step(grid: Grid, z: Digit, cells: tuple[Cell, ...], victims: int) -> Step:
    geo = grid.geometry
    cands = grid.candidates
    name = geo.cell_name
    labels = _labels(grid, cells, z)
    zc = digit_char(z)
    notation = name(cells[0]) + "".join(
        f" -{digit_char(label)}- {name(cell)}" for label, cell in zip(labels, cells[1:], strict=True)
    )
    clauses = [f"{name(cells[0])} is {digit_char(labels[0])}"]
    value = labels[0]
    for cell in cells[1:]:
        value = _other(cands[cell], value)
        clauses.append(f"{name(cell)} is {digit_char(value)}")
    gone = list(bits_of(victims))
    return Step(
        XY_CHAIN,
        eliminations=tuple((c, z) for c in gone),
        highlights=_chain_highlights(grid, cells, labels, z),
        explanation=(
            f"XY-Chain on {zc}: {notation}, each cell holding two digits. If {name(cells[0])} is not {zc}, "
            f"then {', so '.join(clauses)}. So {name(cells[0])} or {name(cells[-1])} is {zc}, and {zc} "
            f"leaves {cells_text(geo, gone)}, which {'sees' if len(gone) == 1 else 'see'} both ends."
        ),
    )


def _digits(mask: int) -> tuple[Digit, ...]:
    return tuple(i + 1 for i in bits_of(mask))


def xy_chain(grid: Grid) -> Iterator[Step]:
    """A chain of two-candidate cells forcing its last cell to z when its first is not z."""
    for z, cells, victims in _xy_chains(grid):
        yield _xy_step(grid, z, cells, victims)


def remote_pair(grid: Grid) -> Iterator[Step]:
    """Two cells an odd number of links apart on a chain of equal pairs: cells seeing both lose the pair."""
    cands = grid.candidates
    links = digit_links(grid)
    graph = _bivalue_peers(grid)
    seen: set[tuple[int, int]] = set()
    for start in graph:
        same = [p for p in graph[start] if cands[p] == cands[start]]
        if not same:
            continue
        paths = _same_pair_paths(grid, start)
        for end, path in sorted(paths.items(), key=lambda item: len(item[1])):
            if end < start or len(path) % 2 or len(path) < 4:
                continue
            victims = tuple(
                (c, d) for d in _digits(cands[start]) for c in bits_of(end_victims(links, d, path))
            )
            key = (cands[start], sum(1 << c for c, _ in victims))
            if victims and key not in seen:
                seen.add(key)
                yield _remote_step(grid, path, victims)


def _same_pair_paths(grid: Grid, start: Cell) -> dict[Cell, tuple[Cell, ...]]:
    """Shortest chains from ``start`` through cells holding exactly the same pair."""
    cands = grid.candidates
    graph = _bivalue_peers(grid)
    paths: dict[Cell, tuple[Cell, ...]] = {start: (start,)}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for peer in graph[cell]:
            if cands[peer] == cands[start] and peer not in paths:
                paths[peer] = (*paths[cell], peer)
                queue.append(peer)
    return paths


def _remote_step(grid: Grid, path: tuple[Cell, ...], victims: tuple[tuple[Cell, Digit], ...]) -> Step:
    geo = grid.geometry
    cands = grid.candidates
    pair = cands[path[0]]
    x, y = _digits(pair)
    name = geo.cell_name
    labels = tuple(x if i % 2 == 0 else y for i in range(len(path) - 1))
    return Step(
        REMOTE_PAIR,
        eliminations=victims,
        highlights=_chain_highlights(grid, path, labels, y),
        explanation=(
            f"Remote pair {mask_text(pair)}: {cells_text(geo, path)} all hold only {mask_text(pair)}, and "
            f"each sees the next, so neighbours hold different digits. {name(path[0])} and "
            f"{name(path[-1])} are {len(path) - 1} links apart, an odd number, so one is {digit_char(x)} "
            f"and the other {digit_char(y)}. {cells_text(geo, dict.fromkeys(c for c, _ in victims))} "
            f"{'sees' if len({c for c, _ in victims}) == 1 else 'see'} both, so {mask_text(pair)} leave them."
        ),
    )
