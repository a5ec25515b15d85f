"""Forcing chains and nets: the last resort, so that Logic never stops on a puzzle with one solution.

Each rule makes assumptions and follows what they force (:mod:`~sudoku_workbench.logic.propagation`):

* **contradiction forcing chain** — "r1c1 is 5" (or "is not 5") leads, by direct links of the position,
  to something both true and false, so the assumption is wrong;
* **cell forcing chain** — every candidate of one cell leads to the same conclusion, so it holds;
* **unit forcing chain** — every place of a digit in one unit leads to the same conclusion;
* **dynamic forcing chain** — the same three arguments, but the chains may use every single that the
  assumption creates on the changing position (not only the links the position had);
* **forcing net** — an assumption that, with singles and locked candidates on the changing position,
  leaves a cell whose every candidate leads to a contradiction (recursively, deeper when needed).

The search goes from short to long (propagation runs in rounds and the fewest rounds win), so the
explanation — every implication in the order it was found — stays as short as the position allows.
Because any wrong candidate of a puzzle with one solution eventually contradicts under case splits,
the forcing net always finds a step: Logic runs to the end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Highlights, Link, Step
from sudoku_workbench.logic.propagation import (
    Contradicted,
    Literal,
    Mode,
    Propagation,
    candidate_of,
    literal_name,
)

__all__ = [
    "CELL_FORCING_CHAIN",
    "CONTRADICTION_FORCING_CHAIN",
    "DYNAMIC_FORCING_CHAIN",
    "FORCING_CHAIN_RULES",
    "FORCING_NET",
    "UNIT_FORCING_CHAIN",
    "cell_forcing_chain",
    "contradiction_forcing_chain",
    "dynamic_forcing_chain",
    "forcing_net",
    "forget_closures",
    "unit_forcing_chain",
]

CONTRADICTION_FORCING_CHAIN = "contradiction_forcing_chain"
CELL_FORCING_CHAIN = "cell_forcing_chain"
UNIT_FORCING_CHAIN = "unit_forcing_chain"
DYNAMIC_FORCING_CHAIN = "dynamic_forcing_chain"
FORCING_NET = "forcing_net"

#: Deepest case split a forcing net tries before giving up (never reached on puzzles with one solution).
_MAX_NET_DEPTH = 12


@dataclass(frozen=True)
class _Closure:
    """What one assumption leads to: the finished propagation, or the round it contradicted in."""

    prop: Propagation | None
    rounds: int


def _open_candidates(grid: Grid) -> Iterator[Candidate]:
    for cell, mask in enumerate(grid.candidates):
        if mask & (mask - 1):
            digit = 0
            while mask:
                digit += 1
                if mask & 1:
                    yield cell, digit
                mask >>= 1


@functools.lru_cache(maxsize=8)
def _closures(grid: Grid, mode: Mode) -> dict[Candidate, _Closure]:
    """Every assumption "candidate is true" of the position, propagated in ``mode`` (cached)."""
    base = Propagation(grid, mode)
    found = {}
    for cell, digit in _open_candidates(grid):
        prop = base.copy()
        prop.assume(cell, digit, True)
        try:
            prop.run()
        except Contradicted:
            found[(cell, digit)] = _Closure(None, prop.round)
        else:
            found[(cell, digit)] = _Closure(prop, prop.round)
    return found


def forget_closures() -> None:
    """Drop the cached propagations and leads (so a benchmark pass starts cold)."""
    _closures.cache_clear()
    _leads.clear()


# --- explanations ----------------------------------------------------------------------------------


def _ancestors(prop: Propagation, targets: tuple[Literal, ...]) -> list[Literal]:
    """The facts the targets rest on (themselves included), in the order they were found."""
    facts = prop.facts
    assert facts is not None
    seen: set[Literal] = set()
    stack = [t for t in targets if t in facts]
    while stack:
        literal = stack.pop()
        if literal in seen:
            continue
        seen.add(literal)
        stack.extend(p for p in facts[literal].parents if p in facts)
    return sorted(seen, key=lambda lit: facts[lit].order)


def _words(prop: Propagation, literals: list[Literal], skip: set[Literal] | None = None) -> str:
    """``r1c2<>5 (it sees r1c1), r1c2=7 (it has no other candidate left), …``."""
    assert prop.facts is not None
    geo = prop.geo
    parts = []
    for literal in literals:
        fact = prop.facts[literal]
        if not fact.parents or (skip and literal in skip):
            continue
        parts.append(f"{literal_name(geo, literal)} ({fact.why})")
    return ", ".join(parts)


def _links(prop: Propagation, literals: list[Literal]) -> list[Link]:
    assert prop.facts is not None
    links = []
    for literal in literals:
        for parent in prop.facts[literal].parents:
            if parent in prop.facts:
                links.append(Link(candidate_of(parent), candidate_of(literal), strong=literal[2]))
    return links


def _latest(prop: Propagation, literals: tuple[Literal, ...]) -> Literal:
    """The literal found last (the end of the longest chain among them)."""
    facts = prop.facts or {}
    return max(literals, key=lambda lit: facts[lit].order if lit in facts else -1)


def _chain(prop: Propagation, end: Literal) -> Chain | None:
    """The longest parent path from the assumption to ``end``, as cells joined by digits."""
    facts = prop.facts
    assert facts is not None
    path = [end]
    while end in facts and facts[end].parents:
        end = max((p for p in facts[end].parents if p in facts), key=lambda p: facts[p].order, default=end)
        if end == path[-1]:
            break
        path.append(end)
    path.reverse()
    cells: list[Cell] = []
    labels: list[Digit] = []
    for cell, digit, _on in path:
        if cells and cells[-1] == cell:
            continue
        if cells:
            labels.append(digit)
        cells.append(cell)
    if len(cells) < 2:
        return None
    return Chain(tuple(cells), tuple(labels))


@dataclass
class _Story:
    """The pieces of a step's picture and text, gathered branch by branch."""

    sentences: list[str]
    pattern: dict[Candidate, None]
    links: list[Link]
    chains: list[Chain]
    units: list[int]

    @classmethod
    def empty(cls) -> _Story:
        return cls([], {}, [], [], [])

    def add(self, prop: Propagation, literals: list[Literal], end: Literal | None) -> None:
        self.pattern.update(dict.fromkeys(candidate_of(lit) for lit in literals))
        self.links += _links(prop, literals)
        chain = _chain(prop, end) if end is not None else None
        if chain is not None:
            self.chains.append(chain)

    def step(self, rule: str, placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...]) -> Step:
        cells = tuple(dict.fromkeys(c for c, _ in self.pattern))
        highlights = Highlights(
            cells=cells,
            units=tuple(dict.fromkeys(self.units)),
            pattern=tuple(self.pattern),
            links=tuple(dict.fromkeys(self.links)),
            chains=tuple(self.chains),
        )
        return Step(rule, placements, eliminations, highlights, " ".join(self.sentences))


def _contradiction_step(rule: str, mode: Mode, candidate: Candidate, grid: Grid) -> Step | None:
    """Replay the assumption "candidate is true" with reasons; the step removing it if it contradicts."""
    cell, digit = candidate
    if not grid.candidates[cell] >> (digit - 1) & 1:
        return None
    prop = Propagation(grid, mode, record=True)
    prop.assume(cell, digit, True)
    try:
        prop.run()
    except Contradicted as stop:
        story = _Story.empty()
        found = _ancestors(prop, stop.parents)
        story.add(prop, found, _latest(prop, stop.parents))
        if stop.unit >= 0:
            story.units.append(stop.unit)
        name, d = grid.geometry.cell_name(cell), digit_char(digit)
        story.sentences.append(
            f"If {name} is {d}: {_words(prop, found)}; then {stop.words}. So {name} is not {d}."
        )
        return story.step(rule, (), (candidate,))
    return None


#: A way to make a step on a position, found on an earlier one: None when it no longer works there.
_Lead = Callable[[Grid], "Step | None"]

#: Per search and puzzle (its givens), the leads of the last full search. After a forcing step the
#: singles that follow change the position; most other conclusions of the last search still hold and
#: are checked first, each with one replay, before all assumptions are propagated again. Keying by the
#: givens keeps one puzzle's leads from changing another's steps, so batch output does not depend on
#: which process solved what before.
_leads: dict[tuple[str, str, Geometry, tuple[int, ...]], list[_Lead]] = {}


def _with_leads(kind: tuple[str, str], grid: Grid, search: Callable[[], list[_Lead]]) -> Iterator[Step]:
    """Steps from the remembered leads that still work, else from a full search (whose leads are kept)."""
    key = (*kind, grid.geometry, grid.givens)
    if any(other[3] != grid.givens for other in _leads):  # a new puzzle: only its own leads are kept
        _leads.clear()
    for lead in _leads.get(key, ()):
        step = lead(grid)
        if step is not None:
            yield step
    leads = search()
    _leads[key] = leads
    for lead in leads:
        step = lead(grid)
        if step is not None:
            yield step


def _contradictions(rule: str, grid: Grid, mode: Mode) -> Iterator[Step]:
    """Candidates whose assumption contradicts, shortest chain first."""

    def search() -> list[_Lead]:
        found = sorted(
            (closure.rounds, candidate)
            for candidate, closure in _closures(grid, mode).items()
            if closure.prop is None
        )
        return [functools.partial(_contradiction_step, rule, mode, c) for _, c in found]

    return _with_leads((rule, "contradiction"), grid, search)


# --- cell and unit forcing -------------------------------------------------------------------------


def _common(branches: list[Propagation]) -> Iterator[tuple[int, Literal]]:
    """Literals that hold in every branch and not at the start, with their summed first rounds."""
    first = branches[0]
    for index in range(len(first.loc)):
        on = ~first.start_placed[index]
        off = first.start_loc[index]
        for prop in branches:
            on &= prop.placed[index]
            off &= ~(prop.loc[index] | prop.placed[index])
        for mask, value in ((on, True), (off, False)):
            if not mask:
                continue
            cost: dict[int, int] = {}
            for prop in branches:
                for cell, number in prop.rounds_of(mask, index, value):
                    cost[cell] = cost.get(cell, 0) + number
            for cell, total in cost.items():
                yield total, (cell, index + 1, value)


def _branch_sets(grid: Grid, unit_wise: bool) -> Iterator[tuple[str, tuple[Literal, ...], int]]:
    """The case splits: each open cell's candidates, or each unit's places for a digit."""
    geo = grid.geometry
    if not unit_wise:
        for cell, mask in enumerate(grid.candidates):
            if mask & (mask - 1):
                digits = tuple(d for d in range(1, geo.n + 1) if mask >> (d - 1) & 1)
                yield geo.cell_name(cell), tuple((cell, d, True) for d in digits), -1
        return
    for unit, cells in enumerate(geo.units):
        for digit in range(1, geo.n + 1):
            bit = 1 << (digit - 1)
            places = [c for c in cells if grid.candidates[c] & bit]
            if len(places) >= 2 and not any(grid.values[c] == digit for c in cells):
                what = f"{digit_char(digit)} in {geo.unit_name(unit)}"
                yield what, tuple((c, digit, True) for c in places), unit


def _cases(grid: Grid, cell: Cell, digit: Digit, unit: int) -> tuple[Literal, ...]:
    """The case split of a cell (``unit`` < 0) or of a digit's places in a unit, on this position."""
    if unit < 0:
        mask = grid.candidates[cell]
        return tuple((cell, d, True) for d in range(1, grid.geometry.n + 1) if mask >> (d - 1) & 1)
    bit = 1 << (digit - 1)
    cells = grid.geometry.units[unit]
    if any(grid.values[c] == digit for c in cells):
        return ()
    return tuple((c, digit, True) for c in cells if grid.candidates[c] & bit)


def _forcing(rule: str, grid: Grid, mode: Mode, unit_wise: bool) -> Iterator[Step]:
    def search() -> list[_Lead]:
        closures = _closures(grid, mode)
        found = []
        for what, cases, unit in _branch_sets(grid, unit_wise):
            results = [closures.get(candidate_of(case)) for case in cases]
            props = [r.prop for r in results if r is not None and r.prop is not None]
            if len(props) != len(cases):
                continue
            best = min(_common(props), default=None)
            if best is not None:
                cell, digit, _on = cases[0]
                found.append((best[0], what, (cell, digit, unit), best[1]))
        return [
            functools.partial(_forcing_step, rule, mode, what, split, end)
            for _, what, split, end in sorted(found)
        ]

    return _with_leads((rule, "units" if unit_wise else "cells"), grid, search)


def _forcing_step(
    rule: str, mode: Mode, what: str, split: tuple[Cell, Digit, int], conclusion: Literal, grid: Grid
) -> Step | None:
    """Replay a case split with reasons; the step if every case still reaches the new conclusion."""
    geo = grid.geometry
    cell, digit, on = conclusion
    if not grid.candidates[cell] >> (digit - 1) & 1:
        return None
    cases = _cases(grid, *split)
    if len(cases) < 2:
        return None
    unit = split[2]
    story = _Story.empty()
    if unit >= 0:
        story.units.append(unit)
    options = " or ".join(literal_name(geo, case) for case in cases)
    story.sentences.append(f"{what[0].upper()}{what[1:]}: {options}.")
    for case in cases:
        prop = Propagation(grid, mode, record=True)
        prop.assume(*case)
        try:
            prop.run()
        except Contradicted:
            return None
        if prop.facts is None or conclusion not in prop.facts:
            return None
        found = _ancestors(prop, (conclusion,))
        story.add(prop, found, conclusion)
        story.sentences.append(f"If {literal_name(geo, case)}: {_words(prop, found)}.")
    story.sentences.append(f"Every case gives {literal_name(geo, conclusion)}, so it holds.")
    if on:
        return story.step(rule, ((cell, digit),), ())
    return story.step(rule, (), ((cell, digit),))


# --- nets ------------------------------------------------------------------------------------------

#: A refutation: None when propagation alone contradicts, else (cell, one refutation per candidate).
_Tree = tuple[Cell, tuple["_Tree | None", ...]] | None


class _Open(Exception):
    """The refutation did not close within the depth."""


def _split_cell(prop: Propagation) -> Cell:
    """The open cell with the fewest candidates left (the cheapest case split)."""
    loc = prop.loc
    pairs = prop.pairs()
    if pairs:
        return (pairs & -pairs).bit_length() - 1
    free = prop.free
    return min(
        (c for c in range(prop.geo.size) if free >> c & 1),
        key=lambda c: sum(m >> c & 1 for m in loc),
    )


def _closes(prop: Propagation, cell: Cell, digit: Digit) -> bool:
    child = prop.copy()
    child.assume(cell, digit, True)
    try:
        child.run()
    except Contradicted:
        return True
    return False


def _best_split(prop: Propagation) -> Cell:
    """The two-candidate cell with the most cases that contradict at once (else the fewest candidates)."""
    pairs = prop.pairs()
    best, best_score = -1, -1
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        cell = low.bit_length() - 1
        score = sum(_closes(prop, cell, digit) for digit in prop.candidates(cell))
        if score == 2:
            return cell
        if score > best_score:
            best, best_score = cell, score
    return best if best >= 0 else _split_cell(prop)


def _refute(prop: Propagation, depth: int) -> _Tree:
    try:
        prop.run()
    except Contradicted:
        return None
    if depth == 0 or not prop.free:
        raise _Open
    cell = _best_split(prop)
    children = []
    for digit in prop.candidates(cell):
        child = prop.copy()
        child.assume(cell, digit, True)
        children.append(_refute(child, depth - 1))
    return cell, tuple(children)


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


def _wrong_first(grid: Grid) -> list[Candidate]:
    """The open candidates outside the position's one solution: only they can be refuted.

    Finding the solution only picks what to try; every step still rests on its own refutation. A
    position with several solutions (or none) gets no nets: case splits there would never close.
    """
    candidates = list(_open_candidates(grid))
    found = _solutions(Propagation(grid, Mode.DYNAMIC), 2)
    if len(found) != 1:
        return []
    placed = found[0]
    return [(cell, digit) for cell, digit in candidates if not placed[digit - 1] >> cell & 1]


def _net_lead(candidate: Candidate, depth: int, grid: Grid) -> Step | None:
    """The net refuting ``candidate`` within ``depth`` case splits on this position, if it closes."""
    cell, digit = candidate
    if not grid.candidates[cell] >> (digit - 1) & 1:
        return None
    prop = Propagation(grid, Mode.NET)
    prop.assume(cell, digit, True)
    try:
        tree = _refute(prop, depth)
    except _Open:
        return None
    return _net_step(grid, candidate, tree)


def _net_search(grid: Grid) -> list[_Lead]:
    """Refutations of single candidates, shallowest first: the first depth at which any closes."""
    base = Propagation(grid, Mode.NET)
    candidates = _wrong_first(grid)
    for depth in range(1, _MAX_NET_DEPTH + 1):
        found: list[_Lead] = []
        for candidate in candidates:
            prop = base.copy()
            prop.assume(*candidate, True)
            try:
                _refute(prop, depth)
            except _Open:
                continue
            found.append(functools.partial(_net_lead, candidate, depth))
        if found:
            return found
    return []


def _replay(prop: Propagation, tree: _Tree, story: _Story, depth: int) -> tuple[list[str], set[Literal]]:
    """Run a recorded refutation branch by branch: its sentences and the facts its contradictions use.

    Before a case split only the facts that some contradiction below rests on are listed (and those
    that leave the split cell its last candidates).
    """
    known = set(prop.facts or ())
    try:
        prop.run()
    except Contradicted as stop:
        found = _ancestors(prop, stop.parents)
        story.add(prop, found, _latest(prop, stop.parents))
        if stop.unit >= 0:
            story.units.append(stop.unit)
        words = _words(prop, [lit for lit in found if lit not in known])
        return [f"{words + '; ' if words else ''}then {stop.words}."], set(found)
    assert tree is not None
    cell, children = tree
    geo = prop.geo
    digits = prop.candidates(cell)
    below: list[str] = []
    needed = set(_ancestors(prop, tuple((cell, d, False) for d in range(1, geo.n + 1))))
    for digit, child in zip(digits, children, strict=False):
        branch = prop.copy()
        branch.assume(cell, digit, True, "case")
        sentences, used = _replay(branch, child, story, depth + 1)
        below += [f"{'  ' * depth}If {geo.cell_name(cell)} is {digit_char(digit)}:", *sentences]
        needed |= used
    facts = prop.facts or {}
    so_far = [
        lit for lit in sorted(facts, key=lambda lit: facts[lit].order) if lit not in known and lit in needed
    ]
    words = _words(prop, so_far)
    listed = " or ".join(digit_char(d) for d in digits)
    return [f"{words + '. ' if words else ''}Now {geo.cell_name(cell)} can only be {listed}.", *below], needed


def _net_step(grid: Grid, candidate: Candidate, tree: _Tree) -> Step:
    cell, digit = candidate
    prop = Propagation(grid, Mode.NET, record=True)
    prop.assume(cell, digit, True)
    story = _Story.empty()
    name = grid.geometry.cell_name(cell)
    story.sentences.append(f"If {name} is {digit_char(digit)}:")
    story.sentences += _replay(prop, tree, story, 1)[0]
    story.sentences.append(f"Every case ends in a contradiction, so {name} is not {digit_char(digit)}.")
    return story.step(FORCING_NET, (), (candidate,))


# --- the rules -------------------------------------------------------------------------------------


def contradiction_forcing_chain(grid: Grid) -> Iterator[Step]:
    """A candidate whose assumption, along direct links, makes something both true and false is wrong."""
    return _contradictions(CONTRADICTION_FORCING_CHAIN, grid, Mode.STATIC)


def cell_forcing_chain(grid: Grid) -> Iterator[Step]:
    """A conclusion that every candidate of one cell forces (along direct links) holds."""
    return _forcing(CELL_FORCING_CHAIN, grid, Mode.STATIC, unit_wise=False)


def unit_forcing_chain(grid: Grid) -> Iterator[Step]:
    """A conclusion that every place of a digit in one unit forces (along direct links) holds."""
    return _forcing(UNIT_FORCING_CHAIN, grid, Mode.STATIC, unit_wise=True)


def dynamic_forcing_chain(grid: Grid) -> Iterator[Step]:
    """Contradiction, cell and unit forcing with singles on the position as the assumption changes it."""
    yield from _contradictions(DYNAMIC_FORCING_CHAIN, grid, Mode.DYNAMIC)
    yield from _forcing(DYNAMIC_FORCING_CHAIN, grid, Mode.DYNAMIC, unit_wise=False)
    yield from _forcing(DYNAMIC_FORCING_CHAIN, grid, Mode.DYNAMIC, unit_wise=True)


def forcing_net(grid: Grid) -> Iterator[Step]:
    """A candidate whose assumption, split case by case, ends in a contradiction every way is removed."""
    return _with_leads((FORCING_NET, "nets"), grid, lambda: _net_search(grid))


#: ``(id, name, finder)`` of the forcing rules, simplest first.
FORCING_CHAIN_RULES = (
    (CONTRADICTION_FORCING_CHAIN, "Contradiction forcing chain", contradiction_forcing_chain),
    (CELL_FORCING_CHAIN, "Cell forcing chain", cell_forcing_chain),
    (UNIT_FORCING_CHAIN, "Unit forcing chain", unit_forcing_chain),
    (DYNAMIC_FORCING_CHAIN, "Dynamic forcing chain", dynamic_forcing_chain),
    (FORCING_NET, "Forcing net", forcing_net),
)
