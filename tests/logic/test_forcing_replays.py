"""Replays that keep reasons only up to their conclusion tell the same story as full replays.

A forcing step's explanation reads the facts its conclusion (or the contradiction met) rests on;
:meth:`Propagation.explain` records reasons only up to the conclusion and finishes the run unrecorded,
and with the compiled kernel runs it all in C and returns only those facts. On positions of real
solves, for every assumption in both chain modes, it must stop at the same contradiction as a full
recorded run in Python and keep just the facts (order, round, parents and words) that the conclusion
or the contradiction rests on, with the kernel and without it. A forcing net's runs with reasons must
be the same with the kernel and without. The forcing steps explained, and the cached ones the SE path
weighs twice, must equal steps made from scratch.
"""

from __future__ import annotations

import pytest

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import forget_caches, steps_with_grids
from sudoku_workbench.logic.forcing import _kernel, forcing_chains
from sudoku_workbench.logic.forcing._literals import rested_on
from sudoku_workbench.logic.forcing.forcing_story import links_of, open_candidates, recording
from sudoku_workbench.logic.forcing.propagation import Contradicted, Fact, Literal, Mode, Propagation

#: Norvig's "hardest" list #1: its solve needs forcing chains, so its positions have splits.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: Every how many positions of the solve are tried.
STRIDE = 9

#: What a replay tells: the facts explained (literal and fact, in order), and the contradiction met.
Told = tuple[list[tuple[Literal, Fact]], tuple[str, tuple[Literal, ...], int] | None]


def _positions() -> list[Grid]:
    grid = parse_line(HARD)
    after = [g for _, g in steps_with_grids(grid) if not g.is_complete()]
    return [grid, *after][::STRIDE]


def _told(facts: dict[Literal, Fact], literal: Literal | None, stop: Contradicted | None) -> Told:
    """What a replay tells: the facts ``literal`` rests on, else those the contradiction rests on.

    A replay that looks for a literal and meets a contradiction tells only the contradiction (a case
    split with a contradicting case is no step).
    """
    if stop is not None:
        told = [] if literal is not None else [(lit, facts[lit]) for lit in rested_on(facts, stop.parents)]
        return told, (stop.words, stop.parents, stop.unit)
    return [(lit, facts[lit]) for lit in rested_on(facts, () if literal is None else (literal,))], None


def _full(grid: Grid, mode: Mode, assumption: Literal) -> tuple[dict[Literal, Fact], Contradicted | None]:
    """Python's run with every reason recorded: all its facts, and the contradiction it met."""
    prop = Propagation(grid, mode, record=True)
    prop._compiled = None
    prop.assume(*assumption)
    try:
        prop.run()
    except Contradicted as stop:
        return prop.facts or {}, stop
    return prop.facts or {}, None


def _explained(grid: Grid, mode: Mode, assumption: Literal, literal: Literal | None) -> Told:
    """What :meth:`Propagation.explain` keeps: the facts (no others) and the contradiction."""
    prop = Propagation(grid, mode, record=True)
    prop.assume(*assumption)
    stop = None
    try:
        prop.explain(literal)
    except Contradicted as met:
        stop = met
    facts = [] if stop is not None and literal is not None else list((prop.facts or {}).items())
    return facts, None if stop is None else (stop.words, stop.parents, stop.unit)


def _targets(facts: dict[Literal, Fact]) -> list[Literal | None]:
    """A few literals the full run found (first, middle, last), one it never finds, and none."""
    found = list(facts)
    picked: list[Literal | None] = [found[i] for i in {0, len(found) // 2, len(found) - 1}] if found else []
    return [*picked, (80, 9, True) if (80, 9, True) not in facts else (80, 9, False), None]


@pytest.mark.parametrize("compiled", [True, False], ids=["kernel", "python"])
@pytest.mark.parametrize("mode", [Mode.STATIC, Mode.DYNAMIC], ids=["static", "dynamic"])
def test_a_replay_up_to_its_conclusion_tells_what_a_full_replay_tells(
    mode: Mode, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if compiled and _kernel.kernel is None:
        pytest.skip("the compiled fixpoint was not built")
    if not compiled:
        monkeypatch.setattr(_kernel, "kernel", None)
    compared = contradicted = reached = 0
    for grid in _positions():
        for cell, mask in enumerate(grid.candidates):
            for digit in range(1, grid.geometry.n + 1):
                if not mask >> (digit - 1) & 1:
                    continue
                assumption = (cell, digit, True)
                facts, stop = _full(grid, mode, assumption)
                contradicted += stop is not None
                for literal in _targets(facts):
                    told = _explained(grid, mode, assumption, literal)
                    assert told == _told(facts, literal, stop), (grid.to_line(), assumption, literal)
                    reached += len(told[0]) > 1
                    compared += 1
    assert compared > 1000
    assert contradicted > 0, "some assumptions must contradict, or the contradiction check is untested"
    assert reached > 100, "some conclusions must rest on facts, or the explanations are untested"


def _net_replay(grid: Grid, assumption: Literal, case: Literal, compiled: bool) -> list[tuple[object, ...]]:
    """A forcing net's replay: the assumption run with reasons, then one case on a copy (when the first
    run leaves it open or placed it); the state and facts after each run, or the contradiction."""
    prop = Propagation(grid, Mode.NET, record=True)
    if not compiled:
        prop._compiled = None
    told: list[tuple[object, ...]] = []
    for (cell, digit, on), why in ((assumption, "assumed"), (case, "case")):
        if told:
            if not (prop.loc[digit - 1] | prop.placed[digit - 1]) >> cell & 1:
                break
            prop = prop.copy()
        prop.assume(cell, digit, on, why)
        try:
            prop.run()
        except Contradicted as stop:
            told.append((stop.words, stop.parents, stop.unit, dict(prop.facts or {})))
            break
        state = (list(prop.loc), list(prop.placed), list(prop.filters), prop.free, prop.round)
        told.append((*state, dict(prop.facts or {})))
    return told


def _same_both_ways(grid: Grid, assumption: Literal, case: Literal) -> tuple[dict[Literal, Fact], bool]:
    """A net's replay, once it is the same with the kernel and without: its facts, and whether it
    ended in a contradiction."""
    with_kernel = _net_replay(grid, assumption, case, True)
    assert with_kernel == _net_replay(grid, assumption, case, False), (grid.to_line(), assumption, case)
    facts = with_kernel[-1][-1]
    assert isinstance(facts, dict)
    return facts, len(with_kernel[-1]) == 4


def test_a_forcing_net_replays_the_same_facts_and_states_with_and_without_the_kernel() -> None:
    if _kernel.kernel is None:
        pytest.skip("the compiled fixpoint was not built")
    whys: list[str] = []
    contradicted = 0
    for grid in _positions():
        open_cells = [cell for cell, mask in enumerate(grid.candidates) if mask & (mask - 1)]
        for index, cell in enumerate(open_cells):
            for digit in range(1, grid.geometry.n + 1):
                if not grid.candidates[cell] >> (digit - 1) & 1:
                    continue
                other = open_cells[(index + 7) % len(open_cells)]
                case = (other, grid.geometry.n + 1 - digit, True)
                facts, stopped = _same_both_ways(grid, (cell, digit, True), case)
                whys += (fact.why for fact in facts.values())
                contradicted += stopped
                # a case the first run already placed: noted once, placed once
                for known in [lit for lit in facts if lit[2] and lit[0] != cell][:1]:
                    _same_both_ways(grid, (cell, digit, True), known)
    assert len(whys) > 5000
    assert contradicted > 0, "some replays must contradict"
    assert any("confined" in why for why in whys), "locked candidates must come up"
    assert "case" in whys, "some cases must run on a copy, or the kept facts are untested"


def test_cached_forcing_steps_equal_steps_made_from_scratch() -> None:
    for grid in _positions()[1:4]:
        for rule in (forcing_chains.cell_forcing_chain, forcing_chains.unit_forcing_chain):
            forget_caches()
            first = list(rule(grid))
            again = list(rule(grid))  # replayed leads come from the caches
            forget_caches()
            fresh = list(rule(grid))
            assert first == again == fresh


def test_the_arrows_drawn_are_the_facts_parent_links_even_when_remembered() -> None:
    """links_of keeps the arrows it made: each must join a fact's parent to it, strong into a placement."""
    drawn = 0
    for grid in _positions():
        for candidate in open_candidates(grid):
            prop = recording(grid, Mode.DYNAMIC)
            prop.assume(*candidate, True)
            try:
                prop.run()
            except Contradicted:
                continue
            facts = prop.facts or {}
            pairs = [(parent, lit) for lit in facts for parent in facts[lit].parents if parent in facts]
            for (parent, literal), link in zip(pairs, links_of(prop, list(facts)), strict=True):
                assert (link.start, link.end, link.strong) == (parent[:2], literal[:2], literal[2])
            drawn += len(pairs)
    assert drawn > 1000
