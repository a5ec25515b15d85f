"""Simple colouring and multi-colouring: two-colouring the strong links of one digit.

Take one digit d. Its strong links (two cells that are the only places for d in a unit) join cells into
clusters; along a strong link exactly one end is d, so the cells of a cluster split into two colours,
one of which is all d and the other none.

* **Simple colouring, wrap**: two cells of one colour see each other, so that colour cannot be the
  true one: d leaves every cell of that colour.
* **Simple colouring, trap**: a cell outside the cluster that sees a cell of each colour loses d.
* **Multi-colouring**: two clusters A (colours a, a') and B (b, b'). If a cell coloured a sees one
  coloured b, then a and b are not both true, so a' or b' is: a cell seeing an a' cell and a b' cell
  loses d. If colour a sees both colours of B, a is false and d leaves its cells.

The strong links are the edges of the bilocation graph the graph pane draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.shared._digit_links import DigitLinks, bits_of, digit_links, lowest_cell
from sudoku_workbench.logic.shared._memos import per_digit
from sudoku_workbench.logic.shared._text import cells_text

__all__ = ["MULTI_COLOURING", "SIMPLE_COLOURING", "multi_colouring", "simple_colouring"]

SIMPLE_COLOURING = "simple_colouring"
MULTI_COLOURING = "multi_colouring"
_BLUE_GREEN = ("blue", "green")


@dataclass(frozen=True)
class Cluster:
    """The two colours of one cluster of strong links (cell masks) and its links as cell pairs."""

    colours: tuple[int, int]
    links: tuple[tuple[Cell, Cell], ...]
    seen: tuple[int, int]

    @property
    def cells(self) -> int:
        """All cells of the cluster."""
        return self.colours[0] | self.colours[1]


def _seen(links: DigitLinks, mask: int) -> int:
    """The cells that see at least one cell of ``mask``."""
    seen = 0
    for cell in bits_of(mask):
        seen |= links.peers[cell]
    return seen


@per_digit
def _clusters(grid: Grid, digit: Digit) -> Iterator[Cluster]:
    """The two-coloured clusters of d with at least two strong links (odd cycles are skipped).

    Remembered by the cells holding d (they alone make its strong links): simple then multi-colouring
    ask each digit in turn, and most digits have not moved since the rules were last asked.
    """
    links = digit_links(grid)
    strong = links.strong[digit]
    done: set[Cell] = set()
    for root in sorted(strong):
        if root in done:
            continue
        colour = {root: 0}
        pairs: list[tuple[Cell, Cell]] = []
        queue, ok = [root], True
        while queue:
            cell = queue.pop()
            for partner, _unit in strong[cell]:
                if partner not in colour:
                    colour[partner] = 1 - colour[cell]
                    pairs.append((cell, partner))
                    queue.append(partner)
                elif colour[partner] == colour[cell]:
                    ok = False
        done.update(colour)
        if ok and len(pairs) >= 2:
            masks = (
                sum(1 << c for c, k in colour.items() if k == 0),
                sum(1 << c for c, k in colour.items() if k == 1),
            )
            yield Cluster(masks, tuple(pairs), (_seen(links, masks[0]), _seen(links, masks[1])))


def _cells_of(grid: Grid, mask: int) -> str:
    return cells_text(grid.geometry, bits_of(mask))


def _step(rule: str, digit: Digit, gone: int, clusters: tuple[Cluster, ...], explanation: str) -> Step:
    """How every colouring argument ends: d leaves the cells of ``gone``, shown with the clusters' links."""
    cells = tuple(c for cluster in clusters for c in bits_of(cluster.cells))
    pairs = [pair for cluster in clusters for pair in cluster.links]
    highlights = Highlights(
        cells=cells,
        pattern=tuple((c, digit) for c in cells),
        links=tuple(Link((a, digit), (b, digit), strong=True) for a, b in pairs),
        chains=tuple(Chain((a, b), (digit,)) for a, b in pairs),
    )
    return Step(
        rule,
        eliminations=tuple((c, digit) for c in bits_of(gone)),
        highlights=highlights,
        explanation=explanation,
    )


def _colour_text(grid: Grid, digit: Digit, cluster: Cluster, names: tuple[str, str]) -> str:
    dc = digit_char(digit)
    return (
        f"the strong links on {dc} colour {_cells_of(grid, cluster.colours[0])} {names[0]} and "
        f"{_cells_of(grid, cluster.colours[1])} {names[1]}; exactly one colour holds {dc}"
    )


def simple_colouring(grid: Grid) -> Iterator[Step]:
    """A cluster of one digit's strong links in two colours: wrap and trap eliminations."""
    links = digit_links(grid)
    for digit in range(1, grid.geometry.n + 1):
        holders = links.holders[digit]
        for cluster in _clusters(grid, digit):
            for index, name in ((0, "blue"), (1, "green")):
                colour = cluster.colours[index]
                if colour & cluster.seen[index]:
                    yield _wrap_step(grid, digit, cluster, index, name)
            trapped = holders & ~cluster.cells & cluster.seen[0] & cluster.seen[1]
            if trapped:
                yield _trap_step(grid, digit, cluster, trapped)


def _simple_step(grid: Grid, digit: Digit, cluster: Cluster, kind: str, reason: str, gone: int) -> Step:
    """A simple-colouring step of ``kind`` (wrap or trap): the colours, then why d leaves ``gone``."""
    text = (
        f"Simple colouring on {digit_char(digit)} (colour {kind}): "
        f"{_colour_text(grid, digit, cluster, _BLUE_GREEN)}. {reason}"
    )
    return _step(SIMPLE_COLOURING, digit, gone, (cluster,), text)


def _wrap_step(grid: Grid, digit: Digit, cluster: Cluster, index: int, name: str) -> Step:
    geo = grid.geometry
    peers = digit_links(grid).peers
    colour = cluster.colours[index]
    a = next(c for c in bits_of(colour) if colour & peers[c])
    b = lowest_cell(colour & peers[a])
    dc = digit_char(digit)
    reason = (
        f"{geo.cell_name(a)} and {geo.cell_name(b)} are both {name} and see each other, so they cannot "
        f"both be {dc}: {name} is false and {dc} leaves {_cells_of(grid, colour)}."
    )
    return _simple_step(grid, digit, cluster, "wrap", reason, colour)


def _trap_step(grid: Grid, digit: Digit, cluster: Cluster, trapped: int) -> Step:
    reason = (
        f"{_cells_of(grid, trapped)} {'sees' if trapped.bit_count() == 1 else 'see'} a blue and a green "
        f"cell, so {digit_char(digit)} is in one of those and leaves {_cells_of(grid, trapped)}."
    )
    return _simple_step(grid, digit, cluster, "trap", reason, trapped)


def multi_colouring(grid: Grid) -> Iterator[Step]:
    """Two clusters of one digit: a colour of one seeing a colour of the other forces the opposite pair."""
    links = digit_links(grid)
    for digit in range(1, grid.geometry.n + 1):
        holders = links.holders[digit]
        clusters = _clusters(grid, digit)
        for x, first in enumerate(clusters):
            for y, second in enumerate(clusters):
                if x == y:
                    continue
                for i in (0, 1):
                    sees = [first.colours[i] & second.seen[j] for j in (0, 1)]
                    if sees[0] and sees[1]:
                        yield _multi_wrap(grid, digit, first, second, i)
                    for j in (0, 1):
                        if not sees[j] or x > y:
                            continue
                        outside = ~(first.cells | second.cells)
                        victims = holders & outside & first.seen[1 - i] & second.seen[1 - j]
                        if victims:
                            yield _multi_trap(grid, digit, (first, second), (i, j), victims)


def _pair_text(grid: Grid, digit: Digit, clusters: tuple[Cluster, Cluster]) -> str:
    first, second = clusters
    return (
        f"{_colour_text(grid, digit, first, ('blue', 'green'))}; in a second cluster "
        f"{_colour_text(grid, digit, second, ('yellow', 'pink'))}"
    )


def _multi_wrap(grid: Grid, digit: Digit, first: Cluster, second: Cluster, i: int) -> Step:
    dc = digit_char(digit)
    name = ("blue", "green")[i]
    colour = first.colours[i]
    text = (
        f"Multi-colouring on {dc}: {_pair_text(grid, digit, (first, second))}. {name.capitalize()} cells "
        f"see both a yellow and a pink cell; one of those is {dc}, so {name} is false and {dc} leaves "
        f"{_cells_of(grid, colour)}."
    )
    return _step(MULTI_COLOURING, digit, colour, (first, second), text)


def _multi_trap(
    grid: Grid, digit: Digit, clusters: tuple[Cluster, Cluster], colours: tuple[int, int], victims: int
) -> Step:
    dc = digit_char(digit)
    i, j = colours
    a, b = ("blue", "green")[i], ("yellow", "pink")[j]
    a2, b2 = ("blue", "green")[1 - i], ("yellow", "pink")[1 - j]
    text = (
        f"Multi-colouring on {dc}: {_pair_text(grid, digit, clusters)}. A {a} cell sees a {b} cell, so "
        f"{a} and {b} are not both true: {a2} or {b2} is. {_cells_of(grid, victims)} "
        f"{'sees' if victims.bit_count() == 1 else 'see'} a {a2} and a {b2} cell, so {dc} leaves "
        f"{'it' if victims.bit_count() == 1 else 'them'}."
    )
    return _step(MULTI_COLOURING, digit, victims, clusters, text)
