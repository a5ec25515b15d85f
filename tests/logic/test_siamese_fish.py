"""Siamese fish: a hand-built base with two readings, a base with one, and soundness on corpus runs."""

from __future__ import annotations

from sudoku_workbench.core import Grid
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.logic.fish import finned_fish, siamese_fish
from tests.logic.conftest import sound_along_runs
from tests.logic.test_single_digit_patterns import keep_only, names, only_step

G9 = geometry(3, 3)

#: Digit 1 in rows 1 and 2: columns 1 and 4 with the fin r1c2, or columns 2 and 4 with r1c1 and r2c1.
TWO_READINGS: dict[int, tuple[str, ...]] = {0: ("r1c1", "r1c2", "r1c4"), 1: ("r2c1", "r2c4")}


def _finned_on_rows_1_and_2(grid: Grid) -> list[set[str]]:
    """The eliminations of each finned X-Wing step on rows 1 and 2."""
    return [
        names(G9, s.eliminations) for s in finned_fish.finned_x_wing(grid) if "rows 1 and 2" in s.explanation
    ]


def test_siamese_x_wing() -> None:
    grid = keep_only(G9, 1, TWO_READINGS)
    step = only_step(s for s in siamese_fish.siamese_fish(grid) if "in rows 1 and 2" in s.explanation)
    assert step.rule == siamese_fish.SIAMESE_FISH
    assert names(G9, step.eliminations) == {"r3c1<>1", "r3c2<>1"}
    assert step.explanation.startswith("Siamese sashimi X-Wing on 1: the same base lines make 2 finned fish")
    assert "columns 1 and 4, apart from the fin r1c2" in step.explanation
    assert "columns 2 and 4, apart from the fins r1c1 and r2c1" in step.explanation
    # The finned X-Wing rule sees the two readings as two steps.
    finned = _finned_on_rows_1_and_2(grid)
    assert {"r3c1<>1"} in finned
    assert {"r3c2<>1"} in finned


def test_one_reading_is_no_siamese_fish() -> None:
    # Without 1 in r3c2 the second reading clears nothing: one finned X-Wing, no siamese fish.
    grid = keep_only(G9, 1, {**TWO_READINGS, 2: tuple(f"r3c{c}" for c in range(1, 10) if c != 2)})
    assert not [s for s in siamese_fish.siamese_fish(grid) if "in rows 1 and 2" in s.explanation]
    assert _finned_on_rows_1_and_2(grid) == [{"r3c1<>1"}]


def test_sound_on_corpus_runs() -> None:
    assert sound_along_runs((siamese_fish.siamese_fish,), ("top1465.txt", 12, 60)) > 0
