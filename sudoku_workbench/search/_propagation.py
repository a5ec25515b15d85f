"""The propagation of the OK button's search: three rules over flat candidate masks, to a fixpoint.

Naked singles (a decided cell's digit leaves its peers), hidden singles (a digit with one place left in
a unit goes there) and locked candidates (a digit confined to one box-line intersection leaves the rest
of the line and the box), and on a killer the cage sums (``_cage_sums``), with thermometers, arrows,
dots or XV their rule (``_constraint_props``); after a decision only the units that changed are looked
at again. Each rule is
a closure over the tables it reads, built once per geometry: in its hot loops every name is local.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.core.grid import set_bits
from sudoku_workbench.search._cage_sums import CageRule, cage_rule
from sudoku_workbench.search._constraint_props import constraint_rule

__all__ = ["Propagate", "State", "intersections", "propagators", "segments_by_unit"]

#: A search node: a candidate mask per cell (bit ``d-1`` for digit ``d``).
State = list[int]


def propagators(geo: Geometry) -> tuple[Propagate, Callable[[State, list[int]], bool]]:
    """``propagate(state, queue, dirty)`` for a node, and the same with every unit dirty for a root."""
    unit_bits = tuple(sum(1 << u for u in geo.units_of[c]) for c in range(geo.size))
    segments, line_rivals, box_rivals = intersections(geo)
    judged_by_unit, needed_by_unit = segments_by_unit(geo, segments, line_rivals, box_rivals)
    rival_pairs = tuple(((a, b), (b, a)) for a, b in zip(line_rivals, box_rivals, strict=True))
    locked = _locked_rule(segments, rival_pairs, judged_by_unit, needed_by_unit, unit_bits)
    propagate = _propagator(
        geo.peers,
        unit_bits,
        _hidden_singles_rule(geo.units, geo.full_mask),
        locked,
        _joined(cage_rule(geo), constraint_rule(geo)),
    )
    every_unit = (1 << len(geo.units)) - 1

    def propagate_root(state: State, queue: list[int]) -> bool:
        return propagate(state, queue, every_unit)

    return propagate, propagate_root


def _joined(first: CageRule | None, second: CageRule | None) -> CageRule | None:
    """One rule doing both (the cage sums, then the other constraints), or the one there is."""
    if first is None or second is None:
        return first or second

    def both(state: State, queue: list[int], touched: int) -> int:
        changed = first(state, queue, touched)
        if changed < 0:
            return -1
        more = second(state, queue, touched)
        return -1 if more < 0 else changed | more

    return both


#: ``propagate(state, queue, dirty)``: see :func:`_propagator`.
Propagate = Callable[[State, list[int], int], bool]


def _propagator(
    peers: tuple[tuple[int, ...], ...],
    unit_bits: tuple[int, ...],
    hidden_singles: Callable[[State, list[int], int], bool],
    locked: Callable[[State, list[int], int], int],
    cages: CageRule | None = None,
) -> Propagate:
    """Naked singles, hidden singles, the cage sums, then locked candidates, until nothing changes."""

    def propagate(state: State, queue: list[int], dirty: int) -> bool:
        """Apply the three rules until nothing changes; False on a contradiction.

        ``dirty`` holds a bit per unit that changed since the rules last held (each decided cell on
        the queue adds its own units): only those units, and the intersections on them, are looked at.
        """
        if any(not state[c] for c in queue):
            return False
        since_locked = since_cages = 0
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
            since_cages |= dirty
            if not hidden_singles(state, queue, dirty):
                return False
            dirty = 0
            if queue:
                continue
            if cages is not None and since_cages:
                dirty = cages(state, queue, since_cages)
                since_cages = 0
                if dirty < 0:
                    return False
                if dirty:
                    continue
            dirty = locked(state, queue, since_locked)
            since_locked = 0
            if dirty <= 0:
                return dirty == 0

    return propagate


def _hidden_singles_rule(
    units: tuple[tuple[int, ...], ...], full: int
) -> Callable[[State, list[int], int], bool]:
    """Hidden singles over the units named by a bit set."""

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

    return hidden_singles


Segments = tuple[tuple[int, ...], ...]


def _locked_rule(
    segments: Segments,
    rival_pairs: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...],
    judged_by_unit: tuple[frozenset[int], ...],
    needed_by_unit: tuple[frozenset[int], ...],
    unit_bits: tuple[int, ...],
) -> Callable[[State, list[int], int], int]:
    """Locked candidates over the box-line intersections of the touched units."""
    segment_count = len(segments)

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

    return locked


def intersections(
    geo: Geometry,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The line-region intersections, and for each the others on its line and the others in its region."""
    segments: list[tuple[int, ...]] = []
    lines: list[int] = []
    boxes: list[int] = []
    for line in range(2 * geo.n):
        by_box: dict[int, list[int]] = {}
        for cell in geo.units[line]:
            by_box.setdefault(geo.region_of[cell], []).append(cell)
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


def segments_by_unit(
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
        line, column, box = geo.units_of[segment[0]][:3]
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
