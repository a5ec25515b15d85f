"""Franken and Mutant fish: exact hand-made cases, cases that must not fire, and soundness on corpus runs."""

from __future__ import annotations

import pytest

from sudoku_workbench.core import Grid, Step
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.logic.fish import complex_fish
from sudoku_workbench.logic.fish.complex_fish import FRANKEN_FISH, MUTANT_FISH, family_of
from tests.logic.conftest import sound_along_runs
from tests.logic.test_single_digit_patterns import keep_only, names

G9 = geometry(3, 3)
ROW1, ROW2, COL1, BOX5 = 0, 1, 9, 22

#: Digit 1 in rows 1 and 2 and box 5 lies only in columns 1, 4 and 5: a Franken Swordfish.
FRANKEN: dict[int, tuple[str, ...]] = {ROW1: ("r1c1", "r1c5"), ROW2: ("r2c1", "r2c4"), BOX5: ("r4c5", "r5c4")}
FRANKEN_VICTIMS = {f"r{r}c1<>1" for r in range(3, 10)} | {
    f"r{r}c{c}<>1" for r in (3, 7, 8, 9) for c in (4, 5)
}


def _on_base(steps: list[Step], base: str) -> list[Step]:
    """The steps on these base sets (named as the explanation names them)."""
    return [s for s in steps if f": each of {base} must hold" in s.explanation]


def _by_base(steps: list[Step], base: str) -> Step:
    found = _on_base(steps, base)
    assert len(found) == 1, [s.explanation for s in steps]
    return found[0]


def test_franken_swordfish_with_a_siamese_twin() -> None:
    # Columns 1, 4 and 5 cover the base sets; so do box 1, column 4 and column 5 (r1c1 and r2c1 are
    # in box 1): two fish on the same base sets, one step with the eliminations of both.
    grid = keep_only(G9, 1, FRANKEN)
    step = _by_base(list(complex_fish.franken_fish(grid)), "row 1, row 2 and box 5")
    assert step.rule == FRANKEN_FISH
    assert names(G9, step.eliminations) == FRANKEN_VICTIMS | {"r3c2<>1", "r3c3<>1"}
    assert step.explanation.startswith(
        "Siamese Franken Swordfish on 1: each of row 1, row 2 and box 5 must hold"
    )
    assert "lie in column 1, column 4 and column 5, which" in step.explanation
    assert "lie in column 4, column 5 and box 1, which" in step.explanation
    assert set(step.highlights.units) == {ROW1, ROW2, BOX5, 9, 12, 13, 18}
    assert {c for c, _ in step.highlights.pattern} == {
        G9.cell(r, c) for r, c in ((0, 0), (0, 4), (1, 0), (1, 3), (3, 4), (4, 3))
    }


def test_finned_franken_swordfish() -> None:
    # A fin r1c6 in box 2: columns 1, 4 and 5 now remove only what sees it, r3c4 and r3c5. Column 1,
    # column 5 and box 2 take r1c6 in and leave the fin r5c4; column 1, column 4 and box 2 leave r4c5.
    grid = keep_only(G9, 1, {**FRANKEN, ROW1: ("r1c1", "r1c5", "r1c6")})
    step = _by_base(list(complex_fish.franken_fish(grid)), "row 1, row 2 and box 5")
    assert names(G9, step.eliminations) == {"r3c4<>1", "r3c5<>1", "r4c1<>1", "r5c1<>1"}
    assert step.explanation.startswith("Siamese Finned Franken Swordfish on 1")
    assert "lie in column 1, column 4 and column 5, apart from the fin r1c6, which" in step.explanation
    assert "apart from the fin r5c4" in step.explanation
    assert "apart from the fin r4c5" in step.explanation


def test_a_fin_no_victim_sees_leaves_the_fish_silent() -> None:
    # A fin far away in r1c9: no cell of columns 1, 4 and 5 outside the base sets sees it.
    grid = keep_only(G9, 1, {**FRANKEN, ROW1: ("r1c1", "r1c5", "r1c9")})
    steps = list(complex_fish.franken_fish(grid))
    assert not _on_base(steps, "row 1, row 2 and box 5")


def test_mutant_swordfish() -> None:
    # Row 1, column 1 and box 5 hold digit 1 only in box 1, column 5 and row 5 (r1c1 is empty, so
    # no cell is in two base sets).
    grid = keep_only(G9, 1, {ROW1: ("r1c2", "r1c5"), COL1: ("r2c1", "r5c1"), BOX5: ("r4c5", "r5c6")})
    step = _by_base(list(complex_fish.mutant_fish(grid)), "row 1, column 1 and box 5")
    assert step.rule == MUTANT_FISH
    box1 = {"r2c2<>1", "r2c3<>1", "r3c2<>1", "r3c3<>1"}
    column5 = {f"r{r}c5<>1" for r in (2, 3, 7, 8, 9)}
    row5 = {f"r5c{c}<>1" for c in (2, 3, 7, 8, 9)}
    assert names(G9, step.eliminations) == box1 | column5 | row5
    assert step.explanation.startswith("Mutant Swordfish on 1: each of row 1, column 1 and box 5")
    # The same pattern is no Franken fish: rows and columns are mixed among the base sets.
    assert not _on_base(list(complex_fish.franken_fish(grid)), "row 1, column 1 and box 5")


def test_basic_fish_belong_to_neither_family() -> None:
    # An X-Wing on rows 1 and 5 is left to the basic fish rule.
    grid = keep_only(G9, 1, {0: ("r1c2", "r1c7"), 4: ("r5c2", "r5c7")})
    for finder in (complex_fish.franken_fish, complex_fish.mutant_fish):
        for step in finder(grid):
            kinds = {u // 9 for u in step.highlights.units}
            assert kinds != {0, 1}, step.explanation


def test_families() -> None:
    kinds = tuple([1] * 9 + [2] * 9 + [4] * 9)
    row, col, box = 0, 9, 18
    assert family_of(kinds, (row, row + 1), (col, col + 1)) is None
    assert family_of(kinds, (row, box), (col, col + 1)) == FRANKEN_FISH
    assert family_of(kinds, (col, col + 1), (row, box)) == FRANKEN_FISH
    assert family_of(kinds, (box, box + 4), (row, row + 3)) == FRANKEN_FISH
    assert family_of(kinds, (row, col), (box, row + 4)) == MUTANT_FISH
    assert family_of(kinds, (row, box), (row + 3, col)) == MUTANT_FISH


def test_an_empty_grid_has_no_complex_fish() -> None:
    grid = Grid.empty(G9)
    assert next(complex_fish.franken_fish(grid), None) is None
    assert next(complex_fish.mutant_fish(grid), None) is None


FINDERS = (complex_fish.franken_fish, complex_fish.mutant_fish)


def test_sound_on_hard_puzzles() -> None:
    assert sound_along_runs(FINDERS, ("top95.txt", 1, 40), stride=6, most=20) > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "count", "every"), [("top95.txt", 24, 4), ("forum_hardest_1905_11plus.txt", 8, 900)]
)
def test_sound_on_more_puzzles(name: str, count: int, every: int) -> None:
    assert sound_along_runs(FINDERS, (name, count, every), most=20) > 0
