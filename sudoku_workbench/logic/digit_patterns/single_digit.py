"""The single-digit chain patterns hand-solvers name: Skyscraper, 2-String Kite, Turbot fish, X-Chain.

All are chains on one digit d that alternate *strong* links (two cells are the only places for d in
a unit: one of them is d) and *weak* links (two cells see each other: not both are d). A chain that
starts and ends with a strong link proves that one of its two ends is d, so d leaves every cell that
sees both ends. Two strong links joined by one weak link get the names:

* **Skyscraper**: both strong links in parallel lines (two rows or two columns), joined along a line;
* **2-String Kite**: one strong link in a row, one in a column, their near ends in one box;
* **Turbot fish**: any other two-link chain (a box link, or a link joined through a box);
* **X-Chain**: three or more strong links.

The chains are found per digit by a breadth-first walk from each cell, "this cell is not d", over
strong then weak links, so every chain reported is a shortest one. The bilocation graph the graph pane
draws has exactly the strong links as edges; each step lists them as chains so the pane shows them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.shared._digit_links import DigitLinks, bits_of, digit_links, end_victims
from sudoku_workbench.logic.shared._memos import per_digit
from sudoku_workbench.logic.shared._text import cells_text

__all__ = [
    "SKYSCRAPER",
    "TURBOT_FISH",
    "TWO_STRING_KITE",
    "X_CHAIN",
    "XChain",
    "skyscraper",
    "turbot_fish",
    "two_string_kite",
    "x_chain",
    "x_chain_text",
]

SKYSCRAPER = "skyscraper"
TWO_STRING_KITE = "two_string_kite"
TURBOT_FISH = "turbot_fish"
X_CHAIN = "x_chain"
_NAMES = {
    SKYSCRAPER: "Skyscraper",
    TWO_STRING_KITE: "2-String Kite",
    TURBOT_FISH: "Turbot fish",
    X_CHAIN: "X-Chain",
}
#: Longest X-chain looked for, in strong links (longer ones are left to the later rules).
MAX_STRONG = 8


@dataclass(frozen=True)
class XChain:
    """Cells ``c0 = c1 - c2 = c3 …`` on one digit: even-indexed links strong (with their units)."""

    digit: Digit
    cells: tuple[Cell, ...]
    units: tuple[int, ...]

    @property
    def strong_count(self) -> int:
        """How many strong links the chain has."""
        return len(self.units)


def _walk(links: DigitLinks, digit: Digit, start: Cell) -> dict[Cell, tuple[Cell, ...]]:
    """From "start is not d": each cell forced to d, with the cells of a shortest chain to it.

    The chain alternates strong (odd positions reached) and weak links; layers are strong links.
    """
    strong = links.strong[digit]
    linked, peers = links.linked[digit], links.peers
    on: dict[Cell, tuple[Cell, ...]] = {}
    off_seen = 1 << start
    frontier: list[tuple[Cell, ...]] = [(start,)]
    for _ in range(MAX_STRONG):
        next_frontier = []
        for path in frontier:
            for partner, _unit in strong[path[-1]]:
                if partner not in on and partner not in path:  # path[0] is the start
                    on[partner] = reached = (*path, partner)
                    next_frontier.append(reached)
        frontier = []
        for path in next_frontier:
            fresh = linked & peers[path[-1]] & ~off_seen
            off_seen |= fresh
            while fresh:
                low = fresh & -fresh
                fresh ^= low
                frontier.append((*path, low.bit_length() - 1))
        if not frontier:
            break
    return on


def _units_of(links: DigitLinks, digit: Digit, cells: tuple[Cell, ...]) -> tuple[int, ...]:
    """The unit of each strong link (cells 0-1, 2-3, …) of a chain."""
    strong = links.strong[digit]
    return tuple(
        next(u for p, u in strong[cells[i]] if p == cells[i + 1]) for i in range(0, len(cells) - 1, 2)
    )


#: A chain's sort key: its length in cells, digit, cells and the cells it clears (a mask).
_ChainKey = tuple[int, Digit, tuple[Cell, ...], int]


@functools.lru_cache(maxsize=8)
def _chains(grid: Grid) -> dict[str, tuple[tuple[XChain, int], ...]]:
    """Every useful shortest chain of the position, by the rule that names it (shortest first)."""
    items = sorted(
        (item for digit in range(1, grid.geometry.n + 1) for item in _digit_chains(grid, digit)),
        key=lambda item: item[0],
    )
    found: dict[str, list[tuple[XChain, int]]] = {r: [] for r in _NAMES}
    for key, kind, chain in items:
        found[kind].append((chain, key[3]))
    return {rule: tuple(chains) for rule, chains in found.items()}


@per_digit
def _digit_chains(grid: Grid, digit: Digit) -> Iterator[tuple[_ChainKey, str, XChain]]:
    """One digit's useful shortest chains, shortest first, one per set of cleared cells."""
    links = digit_links(grid)
    holders, peers = links.holders[digit], links.peers
    candidates: list[_ChainKey] = []
    for start in sorted(links.strong[digit]):
        near = holders & peers[start]
        for end, cells in _walk(links, digit, start).items():
            # Found from both ends; one link is no pattern; only cells seeing both ends can go.
            if end > start and len(cells) >= 4 and near & peers[end]:
                victims = end_victims(links, digit, cells)
                if victims:
                    candidates.append((len(cells), digit, cells, victims))
    candidates.sort()
    seen: set[int] = set()
    for key in candidates:
        cells, victims = key[2], key[3]
        if victims not in seen:
            seen.add(victims)
            chain = XChain(digit, cells, _units_of(links, digit, cells))
            yield key, _kind(grid.geometry, chain), chain


def _kind(geo: Geometry, chain: XChain) -> str:
    """Which named pattern a chain is (see the module docstring)."""
    if chain.strong_count > 2:
        return X_CHAIN
    a, b, c, e = chain.cells
    first, second = chain.units
    n = geo.n
    rows, cols = first < n and second < n, n <= first < 2 * n and n <= second < 2 * n
    if (rows and geo.col_of[b] == geo.col_of[c]) or (cols and geo.row_of[b] == geo.row_of[c]):
        return SKYSCRAPER
    lines = first < 2 * n and second < 2 * n and (first < n) != (second < n)
    box = geo.region_of[b]
    if lines and geo.region_of[c] == box and geo.region_of[a] != box and geo.region_of[e] != box:
        return TWO_STRING_KITE
    return TURBOT_FISH


def x_chain_text(geo: Geometry, digit: Digit, cells: tuple[Cell, ...]) -> str:
    """The chain in the solvers' notation: ``(4) r1c1 = r1c5 - r3c5 = r3c9``."""
    parts = [f"({digit_char(digit)}) {geo.cell_name(cells[0])}"]
    for index, cell in enumerate(cells[1:]):
        parts.append(f"{'=' if index % 2 == 0 else '-'} {geo.cell_name(cell)}")
    return " ".join(parts)


def _step(grid: Grid, rule: str, chain: XChain, victims: int) -> Step:
    geo = grid.geometry
    d, cells = chain.digit, chain.cells
    dc = digit_char(d)
    name = geo.cell_name
    links = [Link((cells[i], d), (cells[i + 1], d), strong=i % 2 == 0) for i in range(len(cells) - 1)]
    strong_parts = tuple(Chain((cells[i], cells[i + 1]), (d,)) for i in range(0, len(cells), 2))
    gone = list(bits_of(victims))
    clauses = [
        f"in {geo.unit_name(unit)}, {dc} goes only in {name(cells[2 * i])} or {name(cells[2 * i + 1])}"
        for i, unit in enumerate(chain.units)
    ]
    weak = [f"{name(cells[i])} and {name(cells[i + 1])}" for i in range(1, len(cells) - 1, 2)]
    text = (
        f"{_NAMES[rule]} on {dc}: {x_chain_text(geo, d, cells)}. Strong links: {'; '.join(clauses)}. "
        f"Weak links: {', '.join(weak)} see each other, so they are not both {dc}. If {name(cells[0])} "
        f"is not {dc}, the chain makes {name(cells[-1])} {dc}; so one of the two ends is {dc}, and {dc} "
        f"leaves {cells_text(geo, gone)}, which {'sees' if len(gone) == 1 else 'see'} both ends."
    )
    return Step(
        rule,
        eliminations=tuple((c, d) for c in gone),
        highlights=Highlights(
            cells=cells,
            units=tuple(dict.fromkeys(chain.units)),
            pattern=tuple((c, d) for c in cells),
            links=tuple(links),
            chains=strong_parts,
        ),
        explanation=text,
    )


def _steps(grid: Grid, rule: str) -> Iterator[Step]:
    for chain, victims in _chains(grid)[rule]:
        yield _step(grid, rule, chain, victims)


def skyscraper(grid: Grid) -> Iterator[Step]:
    """Two strong links on d in parallel lines, joined along a line: d leaves what sees both far ends."""
    return _steps(grid, SKYSCRAPER)


def two_string_kite(grid: Grid) -> Iterator[Step]:
    """A row and a column strong link on d joined in one box: d leaves the cell seeing both far ends."""
    return _steps(grid, TWO_STRING_KITE)


def turbot_fish(grid: Grid) -> Iterator[Step]:
    """Any other chain of two strong links on d joined by a weak link: d leaves what sees both ends."""
    return _steps(grid, TURBOT_FISH)


def x_chain(grid: Grid) -> Iterator[Step]:
    """A chain of three or more strong links on d: d leaves every cell that sees both of its ends."""
    return _steps(grid, X_CHAIN)
