"""Forcing-net searches: the leads a search keeps are the nets each candidate has when refuted alone."""

from __future__ import annotations

import pytest

from sudoku_workbench.core.geometry import Candidate, geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import steps_with_grids
from sudoku_workbench.logic.forcing import forcing_nets
from sudoku_workbench.logic.forcing.forcing_nets import FORCING_NET
from sudoku_workbench.logic.forcing.propagation import Mode, Propagation

G9 = geometry(3, 3)
#: A forum-hardest puzzle whose Logic run is mostly forcing nets.
HARDEST = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"


def _around_net(nets_before: int) -> tuple[Grid, Grid]:
    """The grids before and after the Logic run's forcing net that has ``nets_before`` nets before it."""
    before = Grid.from_values(G9, [0 if ch == "." else int(ch) for ch in HARDEST])
    seen = 0
    for step, after in steps_with_grids(before):
        if step.rule == FORCING_NET:
            if seen == nets_before:
                return before, after
            seen += 1
        before = after
    raise AssertionError("the run has fewer nets")


def _alone(grid: Grid, candidate: Candidate, depth: int) -> Step | None:
    """The net refuting ``candidate`` within ``depth`` splits, searched on its own (None when open)."""
    prop = Propagation(grid, Mode.NET)
    prop.assume(*candidate, True)
    try:
        tree = forcing_nets._refute(prop, depth, {})
    except forcing_nets._Open:
        return None
    return forcing_nets._net_step(grid, candidate, tree)


@pytest.mark.slow
def test_the_first_lead_is_the_first_shallowest_net_and_every_later_lead_its_candidates_own() -> None:
    grid, _after = _around_net(4)
    leads = forcing_nets._net_search(grid)
    candidates = forcing_nets._wrong_first(grid)
    first, depth = leads[0].candidate, leads[0].depth
    assert all(_alone(grid, c, d) is None for d in range(1, depth) for c in candidates)
    start = candidates.index(first)
    assert all(_alone(grid, c, depth) is None for c in candidates[:start])
    assert [lead.candidate for lead in leads] == candidates[start:]
    steps = [lead(grid) for lead in leads]
    assert steps == [_alone(grid, c, depth) for c in candidates[start:]]
    assert steps[0] is not None
    assert steps[0].eliminations == (first,)
    assert sum(step is not None for step in steps) > 2, "this search finds several nets"


@pytest.mark.slow
def test_a_lead_on_a_later_grid_needs_its_net_on_the_searched_grid_and_on_the_later_one() -> None:
    grid, after = _around_net(4)
    leads = forcing_nets._net_search(grid)
    later = [lead(after) for lead in leads]
    expected = [
        _alone(after, lead.candidate, lead.depth)
        if after.candidates[lead.candidate[0]] >> (lead.candidate[1] - 1) & 1
        and _alone(grid, lead.candidate, lead.depth) is not None
        else None
        for lead in leads
    ]
    assert later == expected
    assert any(step is not None for step in later), "some nets still hold after the step"
