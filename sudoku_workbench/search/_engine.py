"""The search engine behind the OK button: fewest-options branching over flat candidate masks.

The state of a search node is one flat list of ints, a candidate mask per cell (bit ``d-1`` for digit
``d``); a cell whose mask has a single bit is decided. Branching copies the list, so backtracking is
simply dropping the copy. Propagation (``_propagation``) applies naked singles, hidden singles and
locked candidates. Each node branches on the smallest choice it can see: the cell with the fewest
candidates (ties go to the cell with most open peers), or, when every open cell has three or more, a
digit with only two places left in some unit.

Everything a hot loop touches is a name of its closure, bound once per geometry by :func:`_build`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid, bits_set_twice, set_bits
from sudoku_workbench.search._propagation import Propagate, State, propagators

__all__ = ["PROGRESS_EVERY", "Engine", "OutOfBudget", "engine_for", "initial_state"]

#: How many nodes pass between two calls of the progress callback.
PROGRESS_EVERY = 2048

#: One alternative of a branch: decide ``cell`` as the digit whose bit is ``bit``.
Option = tuple[int, int]


class OutOfBudget(Exception):
    """A search given a node budget used it up before finding its first solution."""


@dataclass(frozen=True)
class Engine:
    """The search functions of one geometry (closures over its precomputed tables).

    ``propagate(state, decided)`` brings a root state to the rules' fixpoint in place (False: no
    solution); ``branch_options(state)`` lists the alternatives a node would branch on (None when
    every cell is decided; the search-tree view uses it); ``search(root, cancel, progress, rng,
    budget)`` yields the solved states below a propagated root.
    """

    propagate: Callable[[State, list[int]], bool]
    branch_options: Callable[[State], list[Option] | None]
    search: Callable[
        [State, CancelToken | None, Callable[[int], None] | None, random.Random | None, int | None],
        Iterator[State],
    ]


@functools.cache
def engine_for(geo: Geometry) -> Engine:
    """The engine of a geometry, built once and shared (it holds no mutable state)."""
    return _build(geo)


def initial_state(grid: Grid) -> tuple[State, list[int]]:
    """The root masks of a grid and the decided cells whose digit still has to leave their peers.

    Filled cells get their digit's bit; open cells keep the grid's candidates, so pencil-mark
    eliminations the user made are respected.
    """
    state = [
        1 << (value - 1) if value else mask for value, mask in zip(grid.values, grid.candidates, strict=True)
    ]
    # filled cells, and open ones with a single candidate (or none: propagation reports it)
    decided = [cell for cell, mask in enumerate(state) if not mask & (mask - 1)]
    return state, decided


def _build(geo: Geometry) -> Engine:
    """The engine's functions, each a closure over the tables it reads (the fastest names in a hot loop)."""
    propagate, propagate_root = propagators(geo)
    branch_options = _brancher(geo)
    return Engine(propagate_root, branch_options, functools.partial(_search, propagate, branch_options))


def _brancher(geo: Geometry) -> Callable[[State], list[Option] | None]:
    """The choice a node branches on: the smallest cell, or a digit with two places (see the notes)."""
    peers, units, cells, most = geo.peers, geo.units, range(geo.size), geo.full_mask.bit_count()

    def branch_options(state: State) -> list[Option] | None:
        """The alternatives of the smallest branch, or None when every cell is decided.

        Among the cells with fewest candidates the one with most open peers wins (it constrains the
        most): a fixed first-found choice let one 16x16 of the corpus wander through 30,000 nodes.
        """
        best_count = most + 1
        ties: list[int] = []
        for cell in cells:
            mask = state[cell]
            if mask & (mask - 1):
                count = mask.bit_count()
                if count < best_count:
                    best_count = count
                    ties = [cell]
                elif count == best_count:
                    ties.append(cell)
        if not ties:
            return None
        if best_count > 2:
            pair = _digit_with_two_places(units, state)
            if pair is not None:
                return pair
        best_cell = ties[0] if len(ties) == 1 else _most_open_peers(peers, state, ties)
        return [(best_cell, 1 << index) for index in set_bits(state[best_cell])]

    return branch_options


def _most_open_peers(peers: tuple[tuple[int, ...], ...], state: State, ties: list[int]) -> int:
    """The first of the tied cells with the most open peers."""
    best_cell, best_degree = ties[0], -1
    for cell in ties:
        degree = 0
        for peer in peers[cell]:
            mask = state[peer]
            if mask & (mask - 1):
                degree += 1
        if degree > best_degree:
            best_cell, best_degree = cell, degree
    return best_cell


def _digit_with_two_places(units: tuple[tuple[int, ...], ...], state: State) -> list[Option] | None:
    """A digit with exactly two places in some unit, both cells still open (None when there is none)."""
    for unit in units:
        for index in set_bits(bits_set_twice([state[c] for c in unit])):
            bit = 1 << index
            places = [c for c in unit if state[c] & bit]
            if all(state[c] & (state[c] - 1) for c in places):
                return [(c, bit) for c in places]
    return None


def _search(
    propagate: Propagate,
    branch_options: Callable[[State], list[Option] | None],
    root: State,
    cancel: CancelToken | None,
    progress: Callable[[int], None] | None,
    rng: random.Random | None,
    budget: int | None,
) -> Iterator[State]:
    """Every solution below a propagated root, depth first, without recursion.

    With a ``budget``, :class:`OutOfBudget` is raised when that many nodes pass before the
    first solution; after a solution the search runs to the end. ``progress`` gets the node count
    every :data:`PROGRESS_EVERY` nodes, and the exact count at the first solution and at the end.
    """
    nodes = 0
    found = False
    frames: list[tuple[State, list[Option]]] = []
    if not _open_node(branch_options, frames, root, rng):
        yield root
        return
    while frames:
        state, options = frames[-1]
        if not options:
            frames.pop()
            continue
        cell, bit = options.pop()
        nodes += 1
        if cancel is not None and cancel.cancelled:
            raise Cancelled("search cancelled")
        if progress is not None and not nodes % PROGRESS_EVERY:
            progress(nodes)
        if budget is not None and nodes > budget:
            raise OutOfBudget
        child = state[:]
        child[cell] = bit
        if propagate(child, [cell], 0) and not _open_node(branch_options, frames, child, rng):
            if progress is not None and not found:
                progress(nodes)  # the exact count at the first solution (OK stops there)
            budget, found = None, True
            yield child
    if progress is not None:
        progress(nodes)  # and at the end


def _open_node(
    branch_options: Callable[[State], list[Option] | None],
    frames: list[tuple[State, list[Option]]],
    state: State,
    rng: random.Random | None,
) -> bool:
    """Push a node's alternatives, in the order they will be popped; False when it is solved."""
    options = branch_options(state)
    if options is None:
        return False
    if rng is not None:
        rng.shuffle(options)
    else:
        options.reverse()  # popped from the end, so the lowest digit is tried first
    frames.append((state, options))
    return True
