"""The nonrepetitive walks of a link graph as a small digraph on the candidates they force.

A node is a candidate "cell v is digit p" that a walk forces, numbered as in the forced sets (bit
``(p - 1) * size + v``). An arc leads from a node to the node the walk's next link forces: in the
bilocation graph a cell forced to x leaves by any link of another digit y, forcing its other end to y;
in the bivalue graph a cell that is p leaves by p, and a two-candidate cell that sees it and holds p
becomes its other digit. Paths here are exactly the paths between in ports of nr(G) (an in port is a
cell reached by a label, so a forced candidate), so the forced sets and the "is this on a closed walk"
questions get the same answers from a few dozen nodes as from nr(G)'s hundreds, and nr(G) is built
only when a walk is written out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from sudoku_workbench.core import Candidate, Geometry
from sudoku_workbench.core.grid import set_bits
from sudoku_workbench.graphs.nonrepetitive import FlagEdge, component_closure, strong_components

__all__ = ["WalkStates", "bilocation_states", "bivalue_states", "closes_at_cell", "closes_at_unit"]


class WalkStates:
    """Forced candidates and the links between them, for every premise "cell c is not digit x".

    Nodes are numbered ``0 … n-1``: ``nodes[i]`` is node i's candidate bit, ``successors[i]`` the nodes
    one more link forces after it, and ``first[c, x]`` the nodes the premise forces by its walks' first
    link.
    """

    def __init__(
        self, nodes: list[int], successors: list[list[int]], first: dict[Candidate, list[int]]
    ) -> None:
        self.nodes = nodes
        self.successors = successors
        self.first = first

    @cached_property
    def _component(self) -> list[int]:
        return strong_components(self.successors)

    @cached_property
    def _number(self) -> dict[int, int]:
        return {node: i for i, node in enumerate(self.nodes)}

    @cached_property
    def cyclic(self) -> int:
        """The nodes on some closed walk (in a component of two or more), as a candidate bit set.

        A closed walk through a cell, walked backwards, is one too: so it reaches the cell by both
        digits it meets there, and both those nodes are here.
        """
        component = self._component
        size = [0] * len(component)
        for number in component:
            size[number] += 1
        bits = 0
        for node, number in zip(self.nodes, component, strict=True):
            if size[number] > 1:
                bits |= 1 << node
        return bits

    def joined(self, a: int, b: int) -> bool:
        """Whether candidate nodes ``a`` and ``b`` lie on one closed walk (share a component)."""
        component, number = self._component, self._number
        return component[number[a]] == component[number[b]]

    def leads_back(self, premise: Candidate, node: int) -> bool:
        """Whether a node the premise's first link forces lies on one closed walk with candidate ``node``."""
        component = self._component
        back = component[self._number[node]]
        return any(component[i] == back for i in self.first[premise])

    @cached_property
    def forced(self) -> dict[Candidate, int]:
        """For each premise, the candidates its walks force, as a bit set."""
        component = self._component
        total = component_closure(
            self.successors, component, ((i, 1 << node) for i, node in enumerate(self.nodes))
        )
        forced = {}
        for premise, targets in self.first.items():
            bits = 0
            for i in targets:
                bits |= total[component[i]]
            forced[premise] = bits
        return forced


def bilocation_states(size: int, edges: tuple[FlagEdge, ...]) -> WalkStates:
    """The bilocation graph's states from its edges ``(a, b, x, x)``: a premise (c, x) leaves c by x."""
    leaving: dict[int, list[int]] = {}  # by candidate: the candidates its digit's links force
    for a, b, digit, _ in edges:
        shift = (digit - 1) * size
        leaving.setdefault(shift + a, []).append(shift + b)
        leaving.setdefault(shift + b, []).append(shift + a)
    nodes = list(leaving)
    number = {node: i for i, node in enumerate(nodes)}
    out = [[number[t] for t in targets] for targets in leaving.values()]
    at_cell: dict[int, list[int]] = {}
    for i, node in enumerate(nodes):
        at_cell.setdefault(node % size, []).append(i)
    successors = [[t for j in at_cell[node % size] if j != i for t in out[j]] for i, node in enumerate(nodes)]
    first = {(node % size, node // size + 1): out[i] for i, node in enumerate(nodes)}
    return WalkStates(nodes, successors, first)


def bivalue_states(geo: Geometry, peers: Sequence[int], cells: tuple[tuple[int, int], ...]) -> WalkStates:
    """The bivalue graph's states from its two-candidate cells and their masks (``peers``: each cell's).

    Cell k's nodes are 2k (it is its lower digit) and 2k + 1 (its higher). A premise (c, x) makes c its
    other digit o and leaves by o, as node (c, o) does.
    """
    size = geo.size
    holding = [0] * (geo.n + 1)  # by digit: the two-candidate cells that hold it
    for cell, mask in cells:
        for bit in set_bits(mask):
            holding[bit + 1] |= 1 << cell
    place = {cell: (2 * k, mask & -mask) for k, (cell, mask) in enumerate(cells)}
    nodes: list[int] = []
    successors: list[list[int]] = []
    first: dict[Candidate, list[int]] = {}
    for cell, mask in cells:
        low, high = (bit + 1 for bit in set_bits(mask))
        for digit, other in ((low, high), (high, low)):
            bit = 1 << (digit - 1)
            # a peer holding the digit becomes its other one: its higher node if the digit is its lower
            targets = [place[w][0] + (place[w][1] == bit) for w in set_bits(peers[cell] & holding[digit])]
            nodes.append((digit - 1) * size + cell)
            successors.append(targets)
            first[cell, other] = targets
    return WalkStates(nodes, successors, first)


def closes_at_cell(states: WalkStates, size: int, cell: int, first: int, last: int) -> bool:
    """Whether a bilocation walk leaves ``cell`` by digit ``first`` and comes back by ``last`` (!= first).

    Coming back by ``last`` forces the cell to it, and that node leads on by ``first``: so the walk is
    closed exactly when the node shares a component with a node the first link forces.
    """
    return states.leads_back((cell, first), (last - 1) * size + cell)


def closes_at_unit(states: WalkStates, size: int, digit: int, a: tuple[int, int], b: int) -> bool:
    """Whether a bivalue walk leaves a unit's ``digit`` to cell ``a`` and comes back from cell ``b``.

    ``a`` is (cell, its mask). The walk makes a its other digit and must make b the digit, which leads
    on to a again: so it is closed exactly when those two nodes share a component.
    """
    cell, mask = a
    there = ((mask & ~(1 << (digit - 1))).bit_length() - 1) * size + cell
    return states.joined(there, (digit - 1) * size + b)
