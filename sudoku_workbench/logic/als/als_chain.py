"""ALS-XY-Chain: almost locked sets in a row, each sharing a restricted digit with the next.

Sets A1, A2, …, Ak (k ≥ 4; two are ALS-XZ, three ALS-XY-Wing) are joined by restricted commons x1
(A1–A2), x2 (A2–A3), …, each different from the one before. If A1 does not hold a digit z (not x1),
A1 is locked on its other digits, so it holds x1; every x1 of A2 sees that one, so A2 has no x1 and is
locked, and holds x2; and so on, until Ak is locked without x(k-1) and holds z (if z is not x(k-1)).
So z is in A1 or in Ak, and leaves every other cell that sees all z-cells of both.

Each link is one implication ("A lacks d" → "B lacks x"), so the search does not list chains: it
works on the graph of these statements, a node per set and digit it may lack. What each node leads to
is worked out once per position (strongly connected parts, then a bit mask per node), so every pair
of end sets is a few mask operations; a chain, the shortest for its pair of ends, is spelled out only
when the pair removes something not removed before, and only as the steps are asked for. The same pass
ORs, per node, the packed victim rows of the sets it leads to, so a start set none of whose reachable
sets removes anything with it is passed over at once (most starts, in most positions). Chains of
two and three sets are left to ALS-XZ and ALS-XY-Wing.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Form, Step
from sudoku_workbench.graphs.nonrepetitive import strong_components
from sudoku_workbench.logic.als._als_links import (
    als_highlights,
    als_name,
    other_digits,
    partners,
    restricted_link,
    seers,
    sights,
    victim_table,
    victims,
)
from sudoku_workbench.logic.als.als_sets import Als, almost_locked_sets
from sudoku_workbench.logic.shared._digit_links import bits_of, digit_links
from sudoku_workbench.logic.shared._text import and_list, cells_text

__all__ = ["ALS_XY_CHAIN", "als_xy_chain"]

ALS_XY_CHAIN = "als_xy_chain"
#: Fewest sets in a chain of this rule (fewer are ALS-XZ and ALS-XY-Wing).
MIN_SETS = 4
#: When the shortest chain passes a set twice, how many sets longer a chain without repeats may be.
DETOUR = 2
#: Links the search for a chain without repeats may step through, per pair of end sets.
SIMPLE_BUDGET = 5_000

#: A chain: its sets (indices, first to last) and the restricted digit of each link.
_Chain = tuple[tuple[int, ...], tuple[Digit, ...]]


@dataclass(frozen=True)
class _Graph:
    """The statements "set i lacks digit d" (nodes) and what each implies; see the module text."""

    owner: tuple[int, ...]  # per node, its set
    digit: tuple[Digit, ...]  # per node, the digit its set lacks
    first: tuple[tuple[int, ...], ...]  # per set A, the nodes (B, x) of its partners: "A holds x"
    succ: tuple[tuple[int, ...], ...]  # per node, the nodes it implies
    reach: tuple[int, ...]  # per node, the nodes it leads to (itself included), as a bit mask
    removes: tuple[int, ...]  # per node, what the sets lacking a digit at the nodes it leads to remove
    set_digits: tuple[int, ...]  # per set, its digits (mask)

    @functools.cached_property
    def of_set(self) -> tuple[int, ...]:
        """Per set, its nodes as a bit mask (asked only of the few starts that may end a chain)."""
        of_set = [0] * len(self.set_digits)
        for k, b in enumerate(self.owner):
            of_set[b] |= 1 << k
        return tuple(of_set)

    @functools.cached_property
    def lacking(self) -> tuple[int, ...]:
        """Per digit z, the nodes (B, d) with z in B and d not z."""
        lacking = [0] * (max(self.set_digits, default=0).bit_length() + 1)
        for k, (b, d) in enumerate(zip(self.owner, self.digit, strict=True)):
            held = self.set_digits[b] & ~(1 << (d - 1))
            while held:
                low = held & -held
                held ^= low
                lacking[low.bit_length()] |= 1 << k
        return tuple(lacking)


@functools.lru_cache(maxsize=4)
def _graph(grid: Grid) -> _Graph:
    """The position's statements and links (kept: Logic, Hint and the tests ask twice in a row)."""
    sets = almost_locked_sets(grid)
    links_of = partners(grid).of_set
    nodes = tuple(dict.fromkeys([link for links in links_of for link in links]))
    index = {node: k for k, node in enumerate(nodes)}
    first = tuple(tuple([index[link] for link in links]) for links in links_of)
    digit = tuple([d for _, d in nodes])
    succ = tuple(tuple([n for n in first[b] if digit[n] != d]) for b, d in nodes)
    owner = tuple([b for b, _ in nodes])
    packed, others = victim_table(grid), other_digits(grid.geometry)
    reach, removes = _reach(succ, [packed[b] & others[d] for b, d in nodes])
    return _Graph(owner, digit, first, succ, reach, removes, tuple([als.digits for als in sets]))


def _reach(succ: tuple[tuple[int, ...], ...], own: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per node, every node reachable from it (itself included) as a bit mask, and their ``own`` ORed.

    The strongly connected components come sinks first, so each one's successors are complete
    when it is reached; its members share one mask.
    """
    reach, carried = [0] * len(succ), [0] * len(succ)
    component = strong_components(succ)
    members_of: list[list[int]] = [[] for _ in range(max(component, default=-1) + 1)]
    for node, number in enumerate(component):
        members_of[number].append(node)
    for members in members_of:  # numbered sinks first: an arc never leads to a higher number
        mask = gathered = 0
        for m in members:
            mask |= 1 << m
            gathered |= own[m]
        for m in members:
            for nxt in succ[m]:
                mask |= reach[nxt]
                gathered |= carried[nxt]
        for m in members:
            reach[m] = mask
            carried[m] = gathered
    return tuple(reach), tuple(carried)


def als_xy_chain(grid: Grid) -> Iterator[Step]:
    """Sets joined by restricted digits, none twice in a row: a digit of both ends leaves their seers."""
    graph = _graph(grid)
    done: set[frozenset[Candidate]] = set()
    for a, b, digits in _end_pairs(grid, graph):
        # all the pair's digits in one chain if one avoids them all at its ends, else each on its own
        for zs in (digits, *(1 << z for z in bits_of(digits) if digits & (digits - 1))):
            gone = _gone(grid, a, b, zs)
            removed = frozenset((cell, z) for z, cells in gone for cell in bits_of(cells))
            if removed in done:
                if zs == digits:
                    break
                continue
            chain = _shortest(graph, a, b, zs)
            if chain is not None and len(set(chain[0])) < len(chain[0]):
                chain = _simple(graph, a, b, zs, len(chain[0]))
            if chain is not None:
                done.add(removed)
                yield _chain_step(grid, chain, gone)
                if zs == digits:
                    break


def _gone(grid: Grid, a: int, b: int, digits: int) -> list[tuple[Digit, int]]:
    """Each digit z of ``digits`` with the cells outside sets a and b that see all their z-cells."""
    sets = almost_locked_sets(grid)
    holders, seen_by = digit_links(grid).holders, seers(grid)
    gone = [(z + 1, victims(holders[z + 1], seen_by, z + 1, (sets[a], sets[b]))) for z in bits_of(digits)]
    return [(z, cells) for z, cells in gone if cells]


def _end_pairs(grid: Grid, graph: _Graph) -> Iterator[tuple[int, int, int]]:
    """Each pair of end sets a < b some chain joins, with the digits z (mask) it removes from their seers.

    A chain read backwards is a chain too, so only pairs with a < b are given.
    """
    sets = almost_locked_sets(grid)
    packed, others = victim_table(grid), other_digits(grid.geometry)
    ends = _Ends(grid)
    for a, start in enumerate(sets):
        if not graph.first[a]:
            continue
        # whether any set reached removes a digit with a's (see _Graph.removes): for most starts none does
        removes = 0
        for node in graph.first[a]:
            removes |= graph.removes[node] & others[graph.digit[node]]
        if removes & packed[a]:
            yield from ((a, b, digits) for b, digits in _far_ends(graph, a, start, ends).items())


def _far_ends(graph: _Graph, a: int, start: Als, ends: _Ends) -> dict[int, int]:
    """The end sets b > a that chains from a reach, with the digits (mask) each removes with a."""
    by_digit: dict[Digit, int] = {}  # per link digit out of a, the nodes reached from those links
    for node in graph.first[a]:
        d = graph.digit[node]
        by_digit[d] = by_digit.get(d, 0) | graph.reach[node]
    later = -1 << (a + 1)
    found: dict[int, int] = {}
    for z, spots in start.nodes:
        reached = 0
        for d, nodes in by_digit.items():
            if d != z:
                reached |= nodes
        reached &= graph.lacking[z]
        if not reached:
            continue
        far = ends[z, spots] & later
        if reached.bit_count() > far.bit_count():  # walk the fewer: the end sets' nodes or those reached
            targets = 0
            for b in bits_of(far):
                targets |= graph.of_set[b]
            reached &= targets
        for node in bits_of(reached):
            b = graph.owner[node]
            if far >> b & 1:
                found[b] = found.get(b, 0) | 1 << (z - 1)
    return found


class _Ends(dict[tuple[Digit, int], int]):
    """Per digit z and z-cells of a start set, the sets whose z-cells all see one z-cell that sees them.

    That cell sees all the start's z-cells (so it is none of the start's own: no cell sees itself) and
    is outside the end set. Filled as asked: start sets often share their z-cells.
    """

    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.holders, self.seen_by = digit_links(grid).holders, seers(grid)
        self.on_cell, self.seeing, _ = sights(grid)

    def __missing__(self, key: tuple[Digit, int]) -> int:
        z, spots = key
        sees, on_cell = self.seeing[z], self.on_cell
        ends = 0
        for cell in bits_of(self.holders[z] & self.seen_by[spots]):
            ends |= sees[cell] & ~on_cell[cell]
        self[key] = ends
        return ends


def _shortest(graph: _Graph, a: int, b: int, digits: int) -> _Chain | None:
    """The shortest chain of at least :data:`MIN_SETS` sets from a to b, first and last links off ``digits``.

    The ends do not recur inside it. Breadth first over states ``node * 4 + links`` (links so far,
    capped at the number a chain needs).
    """
    cap = MIN_SETS - 1
    owner, digit = graph.owner, graph.digit
    parent = {n * 4 + 1: -1 for n in graph.first[a] if not digits >> (digit[n] - 1) & 1}
    layer = list(parent)
    while layer:
        following = []
        for state in layer:
            node, links = state >> 2, state & 3
            if owner[node] == b:
                if links == cap and not digits >> (digit[node] - 1) & 1:
                    return _spelled(graph, a, parent, state)
                continue
            if owner[node] == a:
                continue
            grown = links + 1 if links < cap else cap
            for nxt in graph.succ[node]:
                key = nxt * 4 + grown
                if key not in parent:
                    parent[key] = state
                    following.append(key)
        layer = following
    return None


def _simple(graph: _Graph, a: int, b: int, digits: int, shortest: int) -> _Chain | None:
    """A chain from a to b with no set twice, depth first, from ``shortest`` sets to :data:`DETOUR` more.

    ``shortest`` is the shortest walk's length; None when no chain is found within
    :data:`SIMPLE_BUDGET` links.
    """
    owner, digit = graph.owner, graph.digit
    starts = tuple(n for n in graph.first[a] if not digits >> (digit[n] - 1) & 1)
    budget = SIMPLE_BUDGET
    for size in range(shortest, shortest + DETOUR + 1):
        stack: list[tuple[int, ...]] = [()]  # the nodes after a, one per link
        while stack:
            nodes = stack.pop()
            on_path = {a, *(owner[n] for n in nodes)}
            for node in graph.succ[nodes[-1]] if nodes else starts:
                budget -= 1
                if budget < 0:
                    return None
                if owner[node] in on_path:
                    continue
                grown = (*nodes, node)
                if len(grown) + 1 < size and owner[node] != b:
                    stack.append(grown)
                elif len(grown) + 1 == size and owner[node] == b and not digits >> (digit[node] - 1) & 1:
                    return (a, *(owner[n] for n in grown)), tuple(digit[n] for n in grown)
    return None


def _spelled(graph: _Graph, a: int, parent: dict[int, int], state: int) -> _Chain:
    """The chain that the breadth-first search reached ``state`` by: its sets and link digits."""
    nodes: list[int] = []
    while state >= 0:
        nodes.append(state >> 2)
        state = parent[state]
    nodes.reverse()
    return (a, *(graph.owner[n] for n in nodes)), tuple(graph.digit[n] for n in nodes)


def _chain_step(grid: Grid, chain: _Chain, gone: list[tuple[Digit, int]]) -> Step:
    sets = almost_locked_sets(grid)
    path, links = chain
    chain_sets = tuple(sets[i] for i in path)
    drawn = tuple(
        restricted_link(p, q, x) for p, q, x in zip(chain_sets, chain_sets[1:], links, strict=False)
    )
    return Step(
        ALS_XY_CHAIN,
        eliminations=tuple((cell, z) for z, cells in gone for cell in bits_of(cells)),
        highlights=als_highlights(grid, chain_sets, drawn),
        explanation=_explanation(grid, chain_sets, links, gone),
        form=Form(almost_locked_sets=len(chain_sets)),
    )


def _explanation(
    grid: Grid, chain_sets: tuple[Als, ...], links: tuple[Digit, ...], gone: list[tuple[Digit, int]]
) -> str:
    geo = grid.geometry
    names = [f"A{k}" for k in range(1, len(chain_sets) + 1)]
    sets_text = "; ".join(
        f"{name} = {als_name(geo, als)}" for name, als in zip(names, chain_sets, strict=True)
    )
    joins = ", ".join(f"{p}–{q} by {digit_char(x)}" for p, q, x in zip(names, names[1:], links, strict=False))
    first, last = names[0], names[-1]
    z_text = and_list([digit_char(z) for z, _ in gone])
    leaves = "; ".join(f"{digit_char(z)} leaves {cells_text(geo, bits_of(cells))}" for z, cells in gone)
    return (
        f"ALS-XY-Chain: {sets_text}. Each shares a restricted digit with the next ({joins}; never the "
        f"same digit twice in a row). If {first} lacked {z_text}, it would be locked and hold "
        f"{digit_char(links[0])}, so {names[1]} would not, and be locked in turn; and so on, until {last} "
        f"is locked without {digit_char(links[-1])} and holds {z_text}. So {z_text} is in {first} or in "
        f"{last}: {leaves}, each cell seeing every copy of its digit in {first} and {last}."
    )
