"""Death Blossom: hand-made blossoms (apart, sharing a cell, two digits at once) and what must not bloom."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.als import death_blossom
from tests.logic.conftest import grid_from
from tests.logic.test_single_digit_patterns import names, only_step

G9 = geometry(3, 3)


def test_death_blossom() -> None:
    # Stem r5c5 (1, 2): petal r5c1/r6c1 (1, 3, 4) for 1, petal r1c5/r1c4 (2, 3, 5) for 2; both hold 3.
    keep = {"r5c5": "12", "r5c1": "13", "r6c1": "34", "r1c5": "23", "r1c4": "35"}
    step = only_step(death_blossom.death_blossom(grid_from(G9, keep=keep)))
    assert step.rule == "death_blossom"
    assert names(G9, step.eliminations) == {"r1c1<>3"}
    assert step.explanation.startswith("Death Blossom: the stem r5c5 holds 1 and 2")
    assert step.highlights.cells[0] == G9.cell(4, 4)


def test_petals_may_share_a_cell() -> None:
    # Stem r5c5 (1, 2). The petal of 1 is r5c1/r4c1 (1, 3, 4), the petal of 2 is r4c1/r4c5 (2, 3, 4):
    # they share r4c1. Either stem digit locks its petal, and both make r4c1 a 4, so 4 leaves the
    # cells r4c1 sees (and 3 leaves r4c2, r4c3, which see r5c1 and r4c5). Only these two petals hold
    # 4, so disjoint petals could not find it.
    grid = grid_from(G9, keep={"r5c5": "12", "r5c1": "13", "r4c1": "34", "r4c5": "23"})
    steps = list(death_blossom.death_blossom(grid))
    fours = [s for s in steps if 4 in {d for _, d in s.eliminations}]
    assert len(fours) == 1
    petals = {G9.cell(3, 0), G9.cell(4, 0), G9.cell(3, 4), G9.cell(4, 4)}
    expected = {(c, 4) for c in G9.peers[G9.cell(3, 0)] if c not in petals}
    assert set(fours[0].eliminations) == expected | {(G9.cell(3, 1), 3), (G9.cell(3, 2), 3)}
    # the disjoint blossom (single cells r5c1 and r4c5) is still there: 3 leaves r4c1 among others
    assert any({"r4c1<>3", "r4c2<>3"} <= names(G9, s.eliminations) for s in steps)


def test_every_shared_digit_goes_in_one_step() -> None:
    # Stem r5c5 (1, 2): petal r5c1/r5c2 (1, 3, 4) for 1, petal r1c5/r2c5 (2, 3, 4) for 2. Both hold 3
    # and 4: 3 leaves r1c1 (it sees r5c1 and r1c5), 4 leaves r2c2 (it sees r5c2 and r2c5).
    keep = {"r5c5": "12", "r5c1": "13", "r5c2": "14", "r1c5": "23", "r2c5": "24"}
    steps = list(death_blossom.death_blossom(grid_from(G9, keep=keep)))
    both = [s for s in steps if names(G9, s.eliminations) == {"r1c1<>3", "r2c2<>4"}]
    assert len(both) == 1
    assert "Every petal holds 3 and 4, so each of 3 and 4 is in one of them" in both[0].explanation


def test_no_blossom_when_a_stem_digit_has_no_petal() -> None:
    # As the first case, but the petal of 2 is gone (r1c5 no longer holds 2).
    keep = {"r5c5": "12", "r5c1": "13", "r6c1": "34", "r1c5": "39", "r1c4": "35"}
    assert next(death_blossom.death_blossom(grid_from(G9, keep=keep)), None) is None


def test_a_stem_of_five_candidates_is_not_tried() -> None:
    keep = {"r5c5": "12", "r5c1": "13", "r6c1": "34", "r1c5": "23", "r1c4": "35"}
    grid = grid_from(G9, keep=keep | {"r5c5": "12678"})
    assert death_blossom.MAX_STEM == 4
    assert next(death_blossom.death_blossom(grid), None) is None
