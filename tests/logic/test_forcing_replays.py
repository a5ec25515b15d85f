"""Replays that keep reasons only up to their conclusion tell the same story as full replays.

A forcing step's explanation reads the facts up to its conclusion; :meth:`Propagation.run_recorded_until`
records only those and finishes the run unrecorded. On positions of real solves, for every assumption
in both chain modes, it must stop at the same contradiction as a full recorded run and hold the same
facts up to the literal asked for (all of them when the literal never comes), with the compiled
fixpoint and without it. The forcing steps it explains, and the cached ones the SE path weighs twice,
must equal steps made from scratch.
"""

from __future__ import annotations

import pytest

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import forget_caches, steps_with_grids
from sudoku_workbench.logic.forcing import _kernel, forcing_chains
from sudoku_workbench.logic.forcing.propagation import Contradicted, Fact, Literal, Mode, Propagation

#: Norvig's "hardest" list #1: its solve needs forcing chains, so its positions have splits.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: Every how many positions of the solve are tried.
STRIDE = 9


def _positions() -> list[Grid]:
    grid = parse_line(HARD)
    after = [g for _, g in steps_with_grids(grid) if not g.is_complete()]
    return [grid, *after][::STRIDE]


def _full(grid: Grid, mode: Mode, assumption: Literal) -> tuple[dict[Literal, Fact], str | None]:
    prop = Propagation(grid, mode, record=True)
    prop.assume(*assumption)
    try:
        prop.run()
    except Contradicted as stop:
        return dict(prop.facts or {}), stop.words
    return dict(prop.facts or {}), None


def _until(
    grid: Grid, mode: Mode, assumption: Literal, literal: Literal
) -> tuple[dict[Literal, Fact], str | None]:
    prop = Propagation(grid, mode, record=True)
    prop.assume(*assumption)
    try:
        prop.run_recorded_until(literal)
    except Contradicted as stop:
        return dict(prop.facts or {}), stop.words
    return dict(prop.facts or {}), None


def _targets(facts: dict[Literal, Fact]) -> list[Literal]:
    """A few literals the full run found (first, middle, last) and one it never finds."""
    found = list(facts)
    picked = [found[i] for i in {0, len(found) // 2, len(found) - 1}] if found else []
    return [*picked, (-1, 0, True)]


@pytest.mark.parametrize("compiled", [True, False], ids=["kernel", "python"])
@pytest.mark.parametrize("mode", [Mode.STATIC, Mode.DYNAMIC], ids=["static", "dynamic"])
def test_a_replay_up_to_its_conclusion_keeps_the_same_facts_and_the_same_contradiction(
    mode: Mode, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if compiled and _kernel.kernel is None:
        pytest.skip("the compiled fixpoint was not built")
    if not compiled:
        monkeypatch.setattr(_kernel, "kernel", None)
    compared = contradicted = 0
    for grid in _positions():
        for cell, mask in enumerate(grid.candidates):
            for digit in range(1, grid.geometry.n + 1):
                if not mask >> (digit - 1) & 1:
                    continue
                assumption = (cell, digit, True)
                facts, stop = _full(grid, mode, assumption)
                contradicted += stop is not None
                for literal in _targets(facts):
                    short, short_stop = _until(grid, mode, assumption, literal)
                    assert short_stop == stop, (grid.to_line(), assumption, literal)
                    kept = list(facts)[: list(facts).index(literal) + 1] if literal in facts else list(facts)
                    if stop is None:
                        assert list(short)[: len(kept)] == kept
                        assert all(short[lit] == facts[lit] for lit in kept)
                    compared += 1
    assert compared > 1000
    assert contradicted > 0, "some assumptions must contradict, or the contradiction check is untested"


def test_cached_forcing_steps_equal_steps_made_from_scratch() -> None:
    for grid in _positions()[1:4]:
        for rule in (forcing_chains.cell_forcing_chain, forcing_chains.unit_forcing_chain):
            forget_caches()
            first = list(rule(grid))
            again = list(rule(grid))  # replayed leads come from the caches
            forget_caches()
            fresh = list(rule(grid))
            assert first == again == fresh
