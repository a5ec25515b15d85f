"""Remote pair, XY-Chain and WXYZ-Wing: exact hand-made cases and cases that must not fire."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.chains import bivalue_chains
from sudoku_workbench.logic.wings import wings, wxyz_wing
from tests.logic.conftest import grid_from
from tests.logic.test_single_digit_patterns import names, only_step

G9 = geometry(3, 3)
G16 = geometry(4, 4)


def test_remote_pair() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c5": "12", "r5c5": "12", "r5c9": "12"})
    step = only_step(bivalue_chains.remote_pair(grid))
    assert step.rule == "remote_pair"
    assert names(G9, step.eliminations) == {"r1c9<>1", "r1c9<>2", "r5c1<>1", "r5c1<>2"}
    assert step.highlights.chains[0].cells == (G9.cell(0, 0), G9.cell(0, 4), G9.cell(4, 4), G9.cell(4, 8))
    assert "3 links apart" in step.explanation


def test_remote_pair_needs_an_odd_distance() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c5": "12", "r5c5": "12"})
    assert next(bivalue_chains.remote_pair(grid), None) is None


def test_xy_chain() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "41"})
    step = only_step(bivalue_chains.xy_chain(grid))
    assert step.rule == "xy_chain"
    assert names(G9, step.eliminations) == {"r1c9<>1", "r5c1<>1"}
    chain = step.highlights.chains[0]
    assert chain.labels == (2, 3, 4)
    assert "r1c1 -2- r1c5 -3- r5c5 -4- r5c9" in step.explanation
    assert [link.strong for link in step.highlights.links] == [True, False] * 3 + [True]
    assert next(wings.xy_wing(grid), None) is None


def test_xy_chain_on_16x16() -> None:
    grid = grid_from(G16, keep={"r1c1": "1G", "r1c9": "GA", "r9c9": "A5", "r9c2": "51"})
    step = only_step(bivalue_chains.xy_chain(grid))
    assert {d for _, d in step.eliminations} == {1}
    assert (G16.cell(1, 1), 1) in step.eliminations


def test_wxyz_wing() -> None:
    grid = grid_from(G9, keep={"r5c5": "123", "r5c1": "14", "r5c2": "24", "r4c5": "34"})
    step = only_step(wxyz_wing.wxyz_wing(grid))
    assert step.rule == "wxyz_wing"
    assert names(G9, step.eliminations) == {f"{c}<>4" for c in ("r5c4", "r5c6", "r4c1", "r4c2", "r4c3")}
    assert step.explanation.startswith("WXYZ-Wing: the hinge r5c5")


def test_wxyz_wing_needs_exactly_one_loose_digit() -> None:
    # With r1c5 as a wing only 4 is loose, but no cell sees r5c1, r5c2 and r1c5: nothing to remove.
    grid = grid_from(G9, keep={"r5c5": "123", "r5c1": "14", "r5c2": "24", "r1c5": "34"})
    assert next(wxyz_wing.wxyz_wing(grid), None) is None
