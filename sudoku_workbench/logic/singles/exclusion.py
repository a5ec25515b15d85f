"""Chain Exclusion and Pile Exclusion, as Suchard, Yatom and Shapir describe them in Dr. Dobb's (2005).

Each unit is a *permutation bipartite graph*: its open cells on one side, the digits they may take on
the other. A solution of the unit is a perfect matching of that graph.

* Chain Exclusion: take a maximum matching. Start at a cell, visit every digit it may take, then the
  cell matched to each such digit, and so on. The cells reached can only take the digits reached and
  there are equally many of both (a *chain*); if the chain is not the whole unit, its digits leave
  every other cell of the unit.
* Pile Exclusion: if k digits can go in exactly the same k cells of a unit (a *pile*), those cells
  take those digits, so every other digit leaves them.

The step carries the unit's matching and the chain search (as paths from the start cell) so a view can
draw the bipartite graph, the matching and the chain.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterator

from sudoku_workbench.core.geometry import Candidate, Cell, Geometry
from sudoku_workbench.core.grid import Grid, digits_of_mask
from sudoku_workbench.core.step import Chain, Highlights, Step
from sudoku_workbench.graphs.matching import (
    has_removable_edge,
    is_perfect,
    maximum_matching,
    removable_edges,
    unit_graph_masks,
)
from sudoku_workbench.logic.shared._memos import by_content, forgettable
from sudoku_workbench.logic.shared._positions import cell_candidates, unit_positions
from sudoku_workbench.logic.shared._text import cells_text, digits_text, mask_text

__all__ = ["CHAIN_EXCLUSION", "PILE_EXCLUSION", "chain_exclusion", "chain_search", "pile_exclusion"]

CHAIN_EXCLUSION = "chain_exclusion"
PILE_EXCLUSION = "pile_exclusion"


def chain_search(
    masks: tuple[int, ...], mate: tuple[int, ...], start: int
) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """The chain reached from cell ``start`` (indices into ``masks``), Dr. Dobb's scan.

    Returns the reached cells and digits as masks (bit ``i`` for cell ``i``, bit ``d-1`` for digit
    ``d``) and, for every reached cell but the start, the ``(cell, digit)`` it was reached from.
    """
    owner = {digit: i for i, digit in enumerate(mate)}
    reached, digits = 1 << start, 0
    parent: dict[int, tuple[int, int]] = {}
    queue = [start]
    for cell in queue:
        fresh = masks[cell] & ~digits
        digits |= fresh
        for digit in digits_of_mask(fresh):
            nxt = owner[digit - 1]
            if not reached >> nxt & 1:
                reached |= 1 << nxt
                parent[nxt] = (cell, digit)
                queue.append(nxt)
    return reached, digits, parent


def _paths(cells: tuple[Cell, ...], start: int, parent: dict[int, tuple[int, int]]) -> tuple[Chain, ...]:
    """The chain search as paths from the start cell to each cell where it ended."""
    inner = {p for p, _ in parent.values()}
    chains = []
    for leaf in sorted(set(parent) - inner):
        path, labels = [leaf], []
        while path[-1] != start:
            prev, digit = parent[path[-1]]
            path.append(prev)
            labels.append(digit)
        chains.append(Chain(tuple(cells[i] for i in reversed(path)), tuple(reversed(labels))))
    return tuple(chains)


def _matching(cells: tuple[Cell, ...], mate: tuple[int, ...]) -> tuple[Candidate, ...]:
    return tuple((cell, digit + 1) for cell, digit in zip(cells, mate, strict=True))


@functools.cache
def _unit_readers(geo: Geometry) -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]:
    """For each unit, a reader of its cells' candidate masks out of a grid's (in C, no Python loop)."""
    return tuple(operator.itemgetter(*cells) for cells in geo.units)


@forgettable
@functools.lru_cache(maxsize=16384)
def _unit_chains(
    row: tuple[int, ...],
) -> tuple[tuple[tuple[int, ...], int, int, int, dict[int, tuple[int, int]]], ...]:
    """The chains of one unit that remove something: (matching, start, cells, digits, search parents).

    ``row`` holds the candidate masks of the unit's cells, 0 for a filled one; the chains are read on
    the open cells. They depend on the unit's candidates alone, so they are cached: most units keep
    theirs between steps.
    """
    masks = tuple(mask for mask in row if mask)
    if len(masks) < 3 or not has_removable_edge(masks):  # most units: no networkx graph needed
        return ()
    mate = maximum_matching(masks)
    # Every elimination of a chain is an edge on no perfect matching: without one, no chain helps.
    if not is_perfect(masks, mate) or not removable_edges(masks, mate):
        return ()
    found = []
    seen: set[int] = set()
    for start in range(len(masks)):
        reached, digits, parent = chain_search(masks, mate, start)
        if reached == (1 << len(masks)) - 1 or reached in seen:
            continue
        seen.add(reached)
        if any(masks[i] & digits for i in range(len(masks)) if not reached >> i & 1):
            found.append((mate, start, reached, digits, parent))
    return tuple(found)


def chain_exclusion(grid: Grid) -> Iterator[Step]:
    """Cells of a unit that can only take as many digits between them push those digits out of the rest."""
    geo = grid.geometry
    for unit, read in enumerate(_unit_readers(geo)):
        found = _unit_chains(read(grid.candidates))
        if not found:
            continue
        cells, _ = unit_graph_masks(grid, unit)
        for mate, start, reached, digits, parent in found:
            chain = tuple(cells[i - 1] for i in digits_of_mask(reached))
            eliminations = cell_candidates(grid, (c for c in cells if c not in chain), digits)
            yield Step(
                CHAIN_EXCLUSION,
                eliminations=eliminations,
                highlights=Highlights(
                    cells=chain,
                    units=(unit,),
                    pattern=cell_candidates(grid, chain),
                    chains=_paths(cells, start, parent),
                    matching=_matching(cells, mate),
                ),
                explanation=(
                    f"In {geo.unit_name(unit)}, match each open cell to a digit. Starting at "
                    f"{geo.cell_name(cells[start])} and following its digits to their matched cells, the "
                    f"search reaches only {cells_text(geo, chain)} and the digits {mask_text(digits)}: "
                    f"{len(chain)} cells that can take only {len(chain)} digits (Chain Exclusion). So "
                    f"{mask_text(digits)} leave {cells_text(geo, dict.fromkeys(c for c, _ in eliminations))}."
                ),
            )


def pile_exclusion(grid: Grid) -> Iterator[Step]:
    """Digits that can go in exactly the same k cells of a unit, k of them, take those cells."""
    geo = grid.geometry
    for unit, spots in enumerate(unit_positions(grid)):
        for places, pile in _piles(spots):
            size = len(pile)
            cells = tuple(geo.units[unit][i - 1] for i in digits_of_mask(places))
            eliminations = cell_candidates(grid, cells, ~sum(1 << (d - 1) for d in pile))
            unit_cells, masks = unit_graph_masks(grid, unit)
            mate = maximum_matching(masks, unit_cells)
            yield Step(
                PILE_EXCLUSION,
                eliminations=eliminations,
                highlights=Highlights(
                    cells=cells,
                    units=(unit,),
                    pattern=tuple((c, d) for c in cells for d in pile),
                    matching=_matching(unit_cells, mate) if is_perfect(masks, mate) else (),
                ),
                explanation=(
                    f"In {geo.unit_name(unit)}, the {size} digits {digits_text(pile)} can go only in the "
                    f"same {size} cells {cells_text(geo, cells)} (a pile). So those cells take them, and "
                    f"their other candidates go (Pile Exclusion)."
                ),
            )


@by_content
def _piles(spots: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The piles of one unit that remove something: (their places, their digits), in order.

    ``spots[d - 1]`` has the unit's places for digit d (bit ``i`` for its ``i``-th cell). A pile's
    cells lose every other digit they hold; all of it is read from ``spots``, so the piles are kept by
    them (most units keep their places from one ask to the next, and most have no pile).
    """
    if len(set(spots) - {0}) == len(spots) - spots.count(0):
        return ()  # no two digits share their places: no pile (most units)
    open_count = functools.reduce(operator.or_, spots, 0).bit_count()
    found = []
    done: set[int] = set()
    for places in spots:
        size = places.bit_count()
        if places in done or not 1 < size < open_count:
            continue
        done.add(places)
        pile = tuple(d for d, p in enumerate(spots, 1) if p == places)
        if len(pile) == size and any(p & places for p in spots if p != places):
            found.append((places, pile))
    return tuple(found)
