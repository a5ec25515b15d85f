"""What the forcing rules share: propagated assumptions, their explanations, and leads.

Every assumption of a position is propagated once (cached; :mod:`~sudoku_workbench.logic.forcing.trials`
does it, and its closures and ``open_candidates`` are re-exported here for the rules that read them); a
propagation is told as implications in the order they were found; a search leaves leads that are tried
first on the solve's next position.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Form, Highlights, Link, Step
from sudoku_workbench.logic.forcing.propagation import (
    Contradicted,
    Literal,
    Mode,
    Propagation,
    candidate_of,
    literal_name,
)
from sudoku_workbench.logic.forcing.trials import Closure, Trials, open_candidates
from sudoku_workbench.logic.shared.solve_memory import solve_memory

__all__ = [
    "REPLAYS_KEPT",
    "Closure",
    "Lead",
    "Story",
    "assumption_closures",
    "assumption_trials",
    "chain_of",
    "contradiction_step",
    "forget",
    "implications_text",
    "latest",
    "links_of",
    "open_candidates",
    "with_leads",
]


@functools.lru_cache(maxsize=8)
def assumption_trials(grid: Grid, mode: Mode) -> Trials:
    """Every assumption "candidate is true" of the position, propagated in ``mode`` (cached)."""
    return Trials(grid, mode, _start(grid, mode))


def assumption_closures(grid: Grid, mode: Mode) -> dict[Candidate, Closure]:
    """What each assumption "candidate is true" of the position leads to (cached with its trials)."""
    return assumption_trials(grid, mode).closures


def forget() -> None:
    """Drop the cached propagations (so a benchmark pass starts cold)."""
    assumption_trials.cache_clear()
    _start.cache_clear()
    contradiction_step.cache_clear()


@functools.lru_cache(maxsize=4)
def _start(grid: Grid, mode: Mode) -> Propagation:
    """The position as a propagation, nothing assumed yet: the trials read it and the replays copy it.

    The rules replay many assumptions of one position; a copy costs far less than reading the grid.
    """
    return Propagation(grid, mode)


def recording(grid: Grid, mode: Mode) -> Propagation:
    """A propagation of the position that keeps reasons, ready for an assumption."""
    prop = _start(grid, mode).copy()
    prop.facts = {}
    return prop


# --- explanations ----------------------------------------------------------------------------------


def implications_text(prop: Propagation, literals: list[Literal], skip: set[Literal] | None = None) -> str:
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


def links_of(prop: Propagation, literals: list[Literal]) -> list[Link]:
    """The arrows from each implication's reason to it, for the board."""
    facts = prop.facts
    assert facts is not None
    return [
        _link(parent, literal) for literal in literals for parent in facts[literal].parents if parent in facts
    ]


@functools.lru_cache(maxsize=1 << 12)
def _link(parent: Literal, literal: Literal) -> Link:
    """The arrow from a reason to what it implies (kept: the replays of a position draw the same ones)."""
    return Link(candidate_of(parent), candidate_of(literal), strong=literal[2])


def latest(prop: Propagation, literals: tuple[Literal, ...]) -> Literal:
    """The literal found last (the end of the longest chain among them)."""
    facts = prop.facts or {}
    return max(literals, key=lambda lit: facts[lit].order if lit in facts else -1)


def chain_of(prop: Propagation, end: Literal) -> Chain | None:
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
class Story:
    """The pieces of a step's picture and text, gathered branch by branch.

    ``splits`` holds the nesting level (1 outermost) of each case split a net's story tells.
    """

    sentences: list[str]
    pattern: dict[Candidate, None]
    links: list[Link]
    chains: list[Chain]
    units: list[int]
    splits: list[int]

    @classmethod
    def empty(cls) -> Story:
        """A story with nothing told yet."""
        return cls([], {}, [], [], [], [])

    def add(self, prop: Propagation, literals: list[Literal], end: Literal | None) -> None:
        """Draw one branch: its implications as candidates and arrows, and its chain up to ``end``."""
        self.pattern.update(dict.fromkeys(candidate_of(lit) for lit in literals))
        self.links += links_of(prop, literals)
        chain = chain_of(prop, end) if end is not None else None
        if chain is not None:
            self.chains.append(chain)

    def cases_reach(self, grid: Grid, mode: Mode, cases: tuple[Literal, ...], conclusion: Literal) -> bool:
        """Replay each case with reasons and tell how it reaches the conclusion; False if one does not."""
        for case in cases:
            prop = recording(grid, mode)
            prop.assume(*case)
            try:
                prop.explain(conclusion)
            except Contradicted:
                return False
            if prop.facts is None or conclusion not in prop.facts:
                return False
            found = list(prop.facts)  # what the conclusion rests on
            self.add(prop, found, conclusion)
            self.sentences.append(
                f"If {literal_name(grid.geometry, case)}: {implications_text(prop, found)}."
            )
        return True

    def step(self, rule: str, placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...]) -> Step:
        """The step the story explains; its form counts the case splits told."""
        cells = tuple(dict.fromkeys(c for c, _ in self.pattern))
        highlights = Highlights(
            cells=cells,
            units=tuple(dict.fromkeys(self.units)),
            pattern=tuple(self.pattern),
            links=tuple(dict.fromkeys(self.links)),
            chains=tuple(self.chains),
        )
        form = Form(case_splits=len(self.splits), net_depth=max(self.splits, default=0))
        return Step(rule, placements, eliminations, highlights, " ".join(self.sentences), form)


#: How many replayed steps are remembered: a search's leads repeat the remembered leads just replayed.
REPLAYS_KEPT = 256


@functools.lru_cache(maxsize=REPLAYS_KEPT)
def contradiction_step(rule: str, mode: Mode, candidate: Candidate, grid: Grid) -> Step | None:
    """Replay the assumption "candidate is true" with reasons; the step removing it if it contradicts."""
    cell, digit = candidate
    if not grid.candidates[cell] >> (digit - 1) & 1:
        return None
    prop = recording(grid, mode)
    prop.assume(cell, digit, True)
    try:
        prop.explain()
    except Contradicted as stop:
        story = Story.empty()
        found = list(prop.facts or ())  # what the contradiction rests on
        story.add(prop, found, latest(prop, stop.parents))
        if stop.unit >= 0:
            story.units.append(stop.unit)
        name, d = grid.geometry.cell_name(cell), digit_char(digit)
        story.sentences.append(
            f"If {name} is {d}: {implications_text(prop, found)}; then {stop.words}. So {name} is not {d}."
        )
        return story.step(rule, (), (candidate,))
    return None


#: A way to make a step on a position, found on an earlier one: None when it no longer works there.
Lead = Callable[[Grid], "Step | None"]


def with_leads(kind: tuple[str, str], grid: Grid, search: Callable[[], list[Lead]]) -> Iterator[Step]:
    """Steps from the remembered leads that still work, else from a full search (whose leads are kept).

    After a forcing step the singles that follow change the position; most other conclusions of the
    last search still hold and are checked first, each with one replay, before all assumptions are
    propagated again. The leads are the solve's own (:mod:`~sudoku_workbench.logic.shared.solve_memory`), so
    another solve, in another thread or before this one, never changes which step is taken.
    """
    memory = solve_memory()
    kept: list[Lead] = memory.recall(kind, [])
    for lead in kept:
        step = lead(grid)
        if step is not None:
            yield step
    leads = search()
    memory.keep(kind, leads)
    for lead in leads:
        step = lead(grid)
        if step is not None:
            yield step
