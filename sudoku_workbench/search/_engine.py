"""The search engine behind the OK button: fewest-options branching over flat candidate masks.

The state of a search node is one flat list of ints, a candidate mask per cell (bit ``d-1`` for digit
``d``); a cell whose mask has a single bit is decided. Branching copies the list, so backtracking is
simply dropping the copy. Propagation applies naked singles (a decided cell's digit leaves its peers),
hidden singles (a digit with one place left in a unit goes there) and locked candidates (a digit
confined to one box-line intersection leaves the rest of the line and the box). Each node branches on the
smallest choice it can see: the cell with the fewest candidates, or, when every open cell has three or
more, a digit with only two places left in some unit (this keeps large grids from wandering).

Everything a hot loop touches is a local name bound in :func:`_build`, one engine per geometry.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import Grid

__all__ = ["PROGRESS_EVERY", "Engine", "engine_for", "initial_state"]

#: How many nodes pass between two calls of the progress callback.
PROGRESS_EVERY = 2048

State = list[int]
#: One alternative of a branch: decide ``cell`` as the digit whose bit is ``bit``.
Option = tuple[int, int]


@dataclass(frozen=True)
class Engine:
    """The search functions of one geometry (closures over its precomputed tables)."""

    propagate: Callable[[State, list[int]], bool]
    branch_options: Callable[[State], list[Option] | None]
    search: Callable[
        [State, CancelToken | None, Callable[[int], None] | None, random.Random | None], Iterator[State]
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
    state = list(grid.candidates)
    decided = []
    for cell, value in enumerate(grid.values):
        if value:
            state[cell] = 1 << (value - 1)
            decided.append(cell)
        elif not state[cell] & (state[cell] - 1):
            decided.append(cell)  # a single candidate (or none: propagation reports it)
    return state, decided


def _build(geo: Geometry) -> Engine:
    peers = geo.peers
    units = geo.units
    full = geo.full_mask
    cells = range(geo.size)

    def propagate(state: State, queue: list[int]) -> bool:
        """Apply naked and hidden singles until nothing changes; False on a contradiction."""
        if any(not state[c] for c in queue):
            return False
        while True:
            while queue:
                cell = queue.pop()
                bit = state[cell]
                for peer in peers[cell]:
                    mask = state[peer]
                    if mask & bit:
                        mask ^= bit
                        if not mask:
                            return False
                        state[peer] = mask
                        if not mask & (mask - 1):
                            queue.append(peer)
            for unit in units:
                once = twice = 0
                for cell in unit:
                    mask = state[cell]
                    twice |= once & mask
                    once |= mask
                if once != full:
                    return False  # some digit has no place left in this unit
                hidden = once & ~twice
                if hidden:
                    for cell in unit:
                        mask = state[cell]
                        if mask & hidden and mask & (mask - 1):
                            mask &= hidden
                            if mask & (mask - 1):
                                return False  # two digits would both need this cell
                            state[cell] = mask
                            queue.append(cell)
            if not queue and not locked(state, queue):
                return True

    segments, line_rivals, box_rivals = _intersections(geo)
    segment_indexes = range(len(segments))

    def locked(state: State, queue: list[int]) -> bool:
        """Locked candidates: a digit confined to one box-line intersection leaves the rest of both.

        Returns True when something was eliminated; cells left with one candidate join the queue.
        """
        inside = []
        for segment in segments:
            bits = 0
            for cell in segment:
                bits |= state[cell]
            inside.append(bits)
        changed = False
        for index in segment_indexes:
            bits = inside[index]
            for rivals, victims in (
                (line_rivals[index], box_rivals[index]),
                (box_rivals[index], line_rivals[index]),
            ):
                elsewhere = 0
                for other in rivals:
                    elsewhere |= inside[other]
                confined = bits & ~elsewhere
                if not confined:
                    continue
                for other in victims:
                    if inside[other] & confined:
                        changed = True
                        for cell in segments[other]:
                            mask = state[cell]
                            if mask & confined:
                                mask &= ~confined
                                state[cell] = mask
                                if not mask & (mask - 1):
                                    queue.append(cell)
                        inside[other] &= ~confined
        return changed

    def branch_options(state: State) -> list[Option] | None:
        """The alternatives of the smallest branch, or None when every cell is decided.

        Among the cells with fewest candidates the one with most open peers wins (it constrains the
        most): a fixed first-found choice let one 16x16 of the corpus wander through 30,000 nodes.
        """
        best_count = full.bit_count() + 1
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
            pair = _digit_with_two_places(state)
            if pair is not None:
                return pair
        best_cell = ties[0]
        if len(ties) > 1:
            best_degree = -1
            for cell in ties:
                degree = 0
                for peer in peers[cell]:
                    mask = state[peer]
                    if mask & (mask - 1):
                        degree += 1
                if degree > best_degree:
                    best_cell, best_degree = cell, degree
        mask = state[best_cell]
        options = []
        while mask:
            bit = mask & -mask
            options.append((best_cell, bit))
            mask ^= bit
        return options

    def _digit_with_two_places(state: State) -> list[Option] | None:
        for unit in units:
            once = twice = thrice = 0
            for cell in unit:
                mask = state[cell]
                thrice |= twice & mask
                twice |= once & mask
                once |= mask
            pairs = twice & ~thrice
            while pairs:
                bit = pairs & -pairs
                places = [c for c in unit if state[c] & bit]
                if all(state[c] & (state[c] - 1) for c in places):
                    return [(c, bit) for c in places]
                pairs ^= bit
        return None

    def search(
        root: State,
        cancel: CancelToken | None,
        progress: Callable[[int], None] | None,
        rng: random.Random | None,
    ) -> Iterator[State]:
        """Every solution below a propagated root, depth first, without recursion."""
        nodes = 0
        frames: list[tuple[State, list[Option]]] = []

        def open_node(state: State) -> bool:
            options = branch_options(state)
            if options is None:
                return False
            if rng is not None:
                rng.shuffle(options)
            else:
                options.reverse()  # popped from the end, so the lowest digit is tried first
            frames.append((state, options))
            return True

        if not open_node(root):
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
            child = state[:]
            child[cell] = bit
            if propagate(child, [cell]) and not open_node(child):
                yield child

    return Engine(propagate, branch_options, search)


def _intersections(
    geo: Geometry,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The box-line intersections, and for each the others on its line and the others in its box."""
    segments: list[tuple[int, ...]] = []
    lines: list[int] = []
    boxes: list[int] = []
    for line in range(2 * geo.n):
        by_box: dict[int, list[int]] = {}
        for cell in geo.units[line]:
            by_box.setdefault(geo.box_of[cell], []).append(cell)
        for box, cells in by_box.items():
            segments.append(tuple(cells))
            lines.append(line)
            boxes.append(box)
    indexes = range(len(segments))
    line_rivals = tuple(tuple(j for j in indexes if j != i and lines[j] == lines[i]) for i in indexes)
    box_rivals = tuple(
        tuple(
            j for j in indexes if j != i and boxes[j] == boxes[i] and (lines[j] < geo.n) == (lines[i] < geo.n)
        )
        for i in indexes
    )
    return tuple(segments), line_rivals, box_rivals
