"""Forcing nets, the last of the forcing rules: a case split that refutes an assumption.

An assumption that, with singles and locked candidates on the changing position, leaves a cell whose
every candidate leads to a contradiction (recursively, deeper when needed). Any wrong candidate of a
puzzle with one solution contradicts under such case splits, so a net always finds a step and Logic runs
to the end.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.forcing._kernel import Compiled, compiled_of
from sudoku_workbench.logic.forcing._literals import rested_on
from sudoku_workbench.logic.forcing.forcing_story import (
    Story,
    implications_text,
    latest,
    open_candidates,
    with_leads,
)
from sudoku_workbench.logic.forcing.propagation import (
    Contradicted,
    Literal,
    Mode,
    Propagation,
)
from sudoku_workbench.logic.shared.solve_memory import solve_memory

__all__ = ["FORCING_NET", "forcing_net"]

FORCING_NET = "forcing_net"
#: How deep case splits may nest before a net search gives up on one assumption.
_MAX_NET_DEPTH = 12


#: A refutation: None when propagation alone contradicts, else (cell, one refutation per candidate).
_Tree = tuple[Cell, tuple["_Tree | None", ...]] | None


class _Open(Exception):
    """The refutation did not close within the depth."""


def _split_cell(prop: Propagation) -> Cell:
    """The open cell with the fewest candidates left (the cheapest case split)."""
    pairs = prop.pairs()
    if pairs:
        return (pairs & -pairs).bit_length() - 1
    # at_least[k]: the open cells with k or more candidates, counted on whole masks at once
    at_least = [prop.free] + [0] * (len(prop.loc) + 1)
    for mask in prop.loc:
        for k in range(len(at_least) - 2, 0, -1):
            at_least[k] |= at_least[k - 1] & mask
    fewest = next(cells & ~more for cells, more in itertools.pairwise(at_least) if cells & ~more)
    return (fewest & -fewest).bit_length() - 1


#: The placements of positions known to hold (no contradiction) that contain a node's position.
_Known = tuple[tuple[int, ...], ...]


class _Cases:
    """The cases tried at one node: "cell is digit" run on a copy, to see whether it contradicts at once.

    Propagation only adds consequences, so a case that a position known to hold (an open case here or
    above) already places is open as well: it is not run. Cases found to contradict are remembered,
    as a node may be scanned again on a deeper pass. The open cases that were run are kept until the
    node's split is chosen, so that its cases need not be propagated a second time.
    """

    def __init__(self, prop: Propagation, known: _Known) -> None:
        self.prop = prop
        self.known = list(known)
        self.closed: set[Candidate] = set()
        self.runs: dict[Candidate, Propagation] = {}
        self.open = [0] * len(prop.loc)
        for placed in known:
            self.open = [mine | theirs for mine, theirs in zip(self.open, placed, strict=True)]

    def holds(self, cell: Cell, digit: Digit) -> bool:
        """Whether "cell is digit" is known not to contradict (without running it)."""
        return bool(self.open[digit - 1] >> cell & 1)

    def closes(self, cell: Cell, digit: Digit) -> bool:
        """Whether assuming ``cell`` is ``digit`` contradicts (without case splits)."""
        if self.holds(cell, digit):
            return False
        if (cell, digit) in self.closed:
            return True
        child = self.prop.copy()
        child.assume(cell, digit, True)
        try:
            child.run()
        except Contradicted:
            self.closed.add((cell, digit))
            return True
        self.runs[(cell, digit)] = child
        self.known.append(tuple(child.placed))
        self.open = [mine | theirs for mine, theirs in zip(self.open, child.placed, strict=True)]
        return False


#: A chosen case split: the cell, and per candidate whether that case contradicts at once (empty when
#: not tried).
_Split = tuple[Cell, tuple[bool, ...]]

#: The case assumptions that lead from a net's first assumption to a node of its refutation.
_Path = tuple[tuple[Cell, Digit], ...]


@dataclass
class _Node:
    """What a search knows about one node of a refutation: its tried cases, and its split once chosen."""

    cases: _Cases
    split: _Split | None = None


def _scan(cases: _Cases, thorough: bool) -> _Split | None:
    """The two-candidate cell with the most cases that contradict at once (else the fewest candidates).

    A cell's cases are not tried once the cell can no longer beat the best one so far. Unless
    ``thorough``, only a two-candidate cell whose cases both contradict will do (None when there are
    two-candidate cells but none such): the best of the others matters only if a deeper pass splits
    this node again.
    """
    prop = cases.prop
    pairs = prop.pairs()
    if not pairs:
        return _split_cell(prop), ()
    best: _Split | None = None
    best_score = -1
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        cell = low.bit_length() - 1
        first, second = prop.candidates(cell)
        beaten = not thorough or best_score >= 1  # only a cell whose cases both contradict can win
        if beaten and cases.holds(cell, second):
            continue
        closed = cases.closes(cell, first)
        if beaten and not closed:
            continue
        split = (cell, (closed, cases.closes(cell, second)))
        score = sum(split[1])
        if score == 2:
            return split
        if score > best_score:
            best, best_score = split, score
    return best if thorough else None


def _refute(
    prop: Propagation,
    depth: int,
    nodes: dict[_Path, _Node],
    path: _Path = (),
    known: _Known = (),
) -> _Tree:
    """The refutation below ``prop`` within ``depth`` case splits (raises _Open when there is none).

    ``nodes`` keeps what is known of each node by its path, so deeper passes of the same search do
    not try the same cases again; ``known`` are the positions known to hold that contain this one
    (they spare trial runs).
    """
    node = nodes.get(path)
    if node is None:
        try:
            prop.run()
        except Contradicted:
            return None
    else:
        prop = node.cases.prop  # propagated on an earlier pass
    if depth == 0 or not prop.free:
        raise _Open
    if node is None:
        node = nodes[path] = _Node(_Cases(prop, known))
    if node.split is None:
        node.split = _scan(node.cases, thorough=depth > 1)
        if node.split is None:
            raise _Open
    cell, closed = node.split
    if closed and depth == 1 and not all(closed):
        raise _Open
    runs, node.cases.runs = node.cases.runs, {}
    children: list[_Tree] = []
    for index, digit in enumerate(prop.candidates(cell)):
        if closed and closed[index]:
            children.append(None)
            continue
        child = runs.get((cell, digit))
        if child is None:
            child = prop.copy()
            child.assume(cell, digit, True)
        inside = tuple(placed for placed in node.cases.known if placed[digit - 1] >> cell & 1)
        children.append(_refute(child, depth - 1, nodes, (*path, (cell, digit)), inside))
    return cell, tuple(children)


@functools.lru_cache(maxsize=4)
def _settled(grid: Grid, compiled: Compiled | None) -> Propagation:
    """The position's NET-mode propagation state before any assumption (shared: only ever copied).

    Kept per kernel too, as a state runs on the kernel it was made with (tests switch it off).
    """
    return Propagation(grid, Mode.NET)


def _solutions(prop: Propagation, limit: int) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions below a propagation state (depth-first, fewest candidates first)."""
    try:
        prop.run()
    except Contradicted:
        return []
    if not prop.free:
        return [tuple(prop.placed)]
    cell = _split_cell(prop)
    found: list[tuple[int, ...]] = []
    for digit in prop.candidates(cell):
        child = prop.copy()
        child.assume(cell, digit, True)
        found += _solutions(child, limit - len(found))
        if len(found) >= limit:
            break
    return found


def _two_solutions(grid: Grid) -> list[tuple[int, ...]]:
    """Up to two solutions of the position (by the kernel in one call when there is one)."""
    compiled = compiled_of(grid.geometry)
    base = _settled(grid, compiled)
    if compiled is not None:
        return compiled.solutions(*base.masks(), 2)
    return _solutions(base.copy(), 2)


#: The solve memory's key for the last position of the solve found to have one solution (per digit,
#: the cells that may hold it) and that solution (per digit, its cells).
_SOLVED = (FORCING_NET, "solution")


def _only_solution(grid: Grid) -> tuple[int, ...] | None:
    """The position's solution (per digit, its cells) if it has exactly one, else None.

    A position that allows nothing the solve's last solved one did not, and still allows its solution,
    has that solution as its only one: then no search is needed (steps only ever remove candidates).
    The search propagates with locked candidates too: that costs more per node but spares a third of them.
    """
    prop = _settled(grid, compiled_of(grid.geometry))
    allowed = tuple(here | done for here, done in zip(prop.loc, prop.placed, strict=True))
    memory = solve_memory()
    remembered: tuple[tuple[int, ...], tuple[int, ...]] | None = memory.recall(_SOLVED, None)
    if remembered is not None:
        before, solution = remembered
        if not any(now & ~then for now, then in zip(allowed, before, strict=True)) and not any(
            cells & ~now for cells, now in zip(solution, allowed, strict=True)
        ):
            return solution
    found = _two_solutions(grid)
    if len(found) != 1:
        return None
    memory.keep(_SOLVED, (allowed, found[0]))
    return found[0]


def _wrong_first(grid: Grid) -> list[Candidate]:
    """The open candidates outside the position's one solution: only they can be refuted.

    Finding the solution only picks what to try; every step still rests on its own refutation. A
    position with several solutions (or none) gets no nets: case splits there would never close.
    """
    placed = _only_solution(grid)
    if placed is None:
        return []
    return [(cell, digit) for cell, digit in open_candidates(grid) if not placed[digit - 1] >> cell & 1]


#: Per candidate, what the Python search knows of its refutation's nodes from shallower passes.
_Memo = dict[Candidate, dict[_Path, _Node]]


def _first_net(grid: Grid, candidates: list[Candidate], depth: int, memo: _Memo) -> tuple[int, _Tree]:
    """The first candidate refuted within ``depth`` case splits and its refutation ((-1, None) if none).

    The compiled kernel runs the whole search in one call, with the same case splits and the same
    refutations (it needs no memo: its runs cost little); else Python's :func:`_refute`.
    """
    compiled = compiled_of(grid.geometry)
    base = _settled(grid, compiled)
    if compiled is not None:
        return compiled.nets(*base.masks(), candidates, depth)
    for index, candidate in enumerate(candidates):
        prop = base.copy()
        prop.assume(*candidate, True)
        try:
            return index, _refute(prop, depth, memo.setdefault(candidate, {}))
        except _Open:
            continue
    return -1, None


class _NetLead:
    """A candidate's net on the search's position at the search's depth, worked out when first asked.

    The search stops at the first candidate it refutes; the later candidates are refuted on that
    position (from where their search stopped) only when a lead is asked for one that is still open:
    most are gone by then, and a lead that did not close there would not have been kept. On another
    position the lead is searched again at the same depth.
    """

    def __init__(self, grid: Grid, candidate: Candidate, depth: int, nodes: dict[_Path, _Node]) -> None:
        self.grid = grid
        self.candidate = candidate
        self.depth = depth
        self._nodes: dict[_Path, _Node] | None = nodes
        self._tree: _Tree = None
        self._closes: bool | None = None

    @classmethod
    def found(cls, grid: Grid, candidate: Candidate, depth: int, tree: _Tree) -> _NetLead:
        """The lead of a net the search has found."""
        lead = cls(grid, candidate, depth, {})
        lead._nodes, lead._tree, lead._closes = None, tree, True
        return lead

    def _closes_where_searched(self) -> bool:
        if self._closes is None:
            assert self._nodes is not None
            memo = {self.candidate: self._nodes}
            index, self._tree = _first_net(self.grid, [self.candidate], self.depth, memo)
            self._closes = index == 0
            self._nodes = None
        return self._closes

    def __call__(self, grid: Grid) -> Step | None:
        """The net refuting the candidate within the depth on ``grid``, if it closes there."""
        cell, digit = self.candidate
        if not grid.candidates[cell] >> (digit - 1) & 1 or not self._closes_where_searched():
            return None
        if grid is self.grid:
            return _net_step(grid, self.candidate, self._tree)
        index, tree = _first_net(grid, [self.candidate], self.depth, {})
        return _net_step(grid, self.candidate, tree) if index == 0 else None


def _net_search(grid: Grid) -> list[_NetLead]:
    """Refutations of single candidates, shallowest first: the first depth at which any closes.

    The first net found is the first lead; every candidate after it at that depth is a lead that is
    worked out when asked (:class:`_NetLead`).
    """
    candidates = _wrong_first(grid)
    memo: _Memo = {}
    for depth in range(1, _MAX_NET_DEPTH + 1):
        index, tree = _first_net(grid, candidates, depth, memo)
        if index < 0:
            continue
        later = [_NetLead(grid, other, depth, memo.get(other, {})) for other in candidates[index + 1 :]]
        return [_NetLead.found(grid, candidates[index], depth, tree), *later]
    return []


def _replay(prop: Propagation, tree: _Tree, story: Story, depth: int) -> tuple[list[str], set[Literal]]:
    """Run a recorded refutation branch by branch: its sentences and the facts its contradictions use.

    Before a case split only the facts that some contradiction below rests on are listed (and those
    that leave the split cell its last candidates). The story keeps each split's nesting level.
    """
    known = set(prop.facts or ())
    try:
        prop.run()
    except Contradicted as stop:
        assert prop.facts is not None  # a replay keeps reasons
        found = rested_on(prop.facts, stop.parents)
        story.add(prop, found, latest(prop, stop.parents))
        if stop.unit >= 0:
            story.units.append(stop.unit)
        words = implications_text(prop, [lit for lit in found if lit not in known])
        return [f"{words + '; ' if words else ''}then {stop.words}."], set(found)
    assert tree is not None
    cell, children = tree
    geo = prop.geo
    digits = prop.candidates(cell)
    below: list[str] = []
    facts = prop.facts
    assert facts is not None  # a replay keeps reasons
    needed = set(rested_on(facts, tuple((cell, d, False) for d in range(1, geo.n + 1))))
    story.splits.append(depth)
    for digit, child in zip(digits, children, strict=False):
        branch = prop.copy()
        branch.assume(cell, digit, True, "case")
        sentences, used = _replay(branch, child, story, depth + 1)
        below += [f"{'  ' * depth}If {geo.cell_name(cell)} is {digit_char(digit)}:", *sentences]
        needed |= used
    so_far = [
        lit for lit in sorted(facts, key=lambda lit: facts[lit].order) if lit not in known and lit in needed
    ]
    words = implications_text(prop, so_far)
    listed = " or ".join(digit_char(d) for d in digits)
    return [f"{words + '. ' if words else ''}Now {geo.cell_name(cell)} can only be {listed}.", *below], needed


def _net_step(grid: Grid, candidate: Candidate, tree: _Tree) -> Step:
    cell, digit = candidate
    prop = Propagation(grid, Mode.NET, record=True)
    prop.assume(cell, digit, True)
    story = Story.empty()
    name = grid.geometry.cell_name(cell)
    story.sentences.append(f"If {name} is {digit_char(digit)}:")
    story.sentences += _replay(prop, tree, story, 1)[0]
    story.sentences.append(f"Every case ends in a contradiction, so {name} is not {digit_char(digit)}.")
    return story.step(FORCING_NET, (), (candidate,))


# --- the rules -------------------------------------------------------------------------------------


def forcing_net(grid: Grid) -> Iterator[Step]:
    """A candidate whose assumption, split case by case, ends in a contradiction every way is removed."""
    return with_leads((FORCING_NET, "nets"), grid, lambda: list(_net_search(grid)))


#: ``(id, name, finder)`` of the forcing rules, simplest first.
