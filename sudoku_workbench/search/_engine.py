"""The search engine behind the OK button: fewest-options branching over flat candidate masks.

The state of a search node is one flat list of ints, a candidate mask per cell (bit ``d-1`` for digit
``d``); a cell whose mask has a single bit is decided. Branching copies the list, so backtracking is
simply dropping the copy. Propagation applies naked singles (a decided cell's digit leaves its peers),
hidden singles (a digit with one place left in a unit goes there) and locked candidates (a digit
confined to one box-line intersection leaves the rest of the line and the box); after a decision only
the units that changed are looked at again. Each node branches on the smallest choice it can see: the
cell with the fewest candidates (ties go to the cell with most open peers), or, when every open cell
has three or more, a digit with only two places left in some unit.

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
from sudoku_workbench.core.grid import Grid, set_bits

__all__ = ["PROGRESS_EVERY", "Engine", "OutOfBudget", "engine_for", "initial_state"]

#: How many nodes pass between two calls of the progress callback.
PROGRESS_EVERY = 2048

State = list[int]
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
    unit_bits = tuple(sum(1 << u for u in geo.units_of[c]) for c in cells)
    every_unit = (1 << len(units)) - 1
    segments, line_rivals, box_rivals = _intersections(geo)
    judged_by_unit, needed_by_unit = _segments_by_unit(geo, segments, line_rivals, box_rivals)
    segment_count = len(segments)
    rival_pairs = tuple(((a, b), (b, a)) for a, b in zip(line_rivals, box_rivals, strict=True))

    def propagate(state: State, queue: list[int], dirty: int) -> bool:
        """Apply the three rules until nothing changes; False on a contradiction.

        ``dirty`` holds a bit per unit that changed since the rules last held (each decided cell on
        the queue adds its own units): only those units, and the intersections on them, are looked at.
        """
        if any(not state[c] for c in queue):
            return False
        since_locked = 0
        while True:
            while queue:
                cell = queue.pop()
                bit = state[cell]
                dirty |= unit_bits[cell]
                for peer in peers[cell]:
                    mask = state[peer]
                    if mask & bit:
                        mask ^= bit
                        if not mask:
                            return False
                        state[peer] = mask
                        dirty |= unit_bits[peer]
                        if not mask & (mask - 1):
                            queue.append(peer)
            since_locked |= dirty
            if not hidden_singles(state, queue, dirty):
                return False
            dirty = 0
            if queue:
                continue
            dirty = locked(state, queue, since_locked)
            since_locked = 0
            if dirty <= 0:
                return dirty == 0

    def hidden_singles(state: State, queue: list[int], dirty: int) -> bool:
        """Queue every digit with one place left in a dirty unit; False when one has none."""
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            unit = units[low.bit_length() - 1]
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
        return True

    def locked(state: State, queue: list[int], touched: int) -> int:
        """Locked candidates: a digit confined to one box-line intersection leaves the rest of both.

        Only intersections on a touched unit are judged. Returns the units where something was
        eliminated (0 for none, -1 for a cell left without candidates); new singles join the queue.
        """
        judged: set[int] = set()
        needed: set[int] = set()
        while touched:
            low = touched & -touched
            touched ^= low
            judged.update(judged_by_unit[low.bit_length() - 1])
            needed.update(needed_by_unit[low.bit_length() - 1])
        inside = [0] * segment_count
        for index in needed:
            bits = 0
            for cell in segments[index]:
                bits |= state[cell]
            inside[index] = bits
        changed = 0
        for index in judged:
            bits = inside[index]
            for rivals, victims in rival_pairs[index]:
                elsewhere = 0
                for other in rivals:
                    elsewhere |= inside[other]
                confined = bits & ~elsewhere
                if not confined:
                    continue
                for other in victims:
                    if inside[other] & confined:
                        for cell in segments[other]:
                            mask = state[cell]
                            if mask & confined:
                                mask &= ~confined
                                if not mask:
                                    return -1
                                state[cell] = mask
                                changed |= unit_bits[cell]
                                if not mask & (mask - 1):
                                    queue.append(cell)
                        inside[other] &= ~confined
        return changed

    def propagate_all(state: State, queue: list[int]) -> bool:
        return propagate(state, queue, every_unit)

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
            if budget is not None and nodes > budget:
                raise OutOfBudget
            child = state[:]
            child[cell] = bit
            if propagate(child, [cell], 0) and not open_node(child):
                if progress is not None and not found:
                    progress(nodes)  # the exact count at the first solution (OK stops there)
                budget, found = None, True
                yield child
        if progress is not None:
            progress(nodes)  # and at the end

    return Engine(propagate_all, branch_options, search)


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


def _segments_by_unit(
    geo: Geometry,
    segments: tuple[tuple[int, ...], ...],
    line_rivals: tuple[tuple[int, ...], ...],
    box_rivals: tuple[tuple[int, ...], ...],
) -> tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]:
    """Per unit, the intersections lying on it, and those plus their rivals.

    When a unit changes, the intersections on it must be judged again, which reads their rivals.
    """
    judged = [0] * len(geo.units)
    for index, segment in enumerate(segments):
        line, column, box = geo.units_of[segment[0]]
        on_line = line if all(geo.row_of[c] == geo.row_of[segment[0]] for c in segment) else column
        judged[on_line] |= 1 << index
        judged[box] |= 1 << index
    needed = []
    for bits in judged:
        wider = bits
        for index in set_bits(bits):
            for other in line_rivals[index] + box_rivals[index]:
                wider |= 1 << other
        needed.append(wider)
    return tuple(frozenset(set_bits(b)) for b in judged), tuple(frozenset(set_bits(b)) for b in needed)
