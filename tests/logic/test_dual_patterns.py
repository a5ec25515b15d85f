"""Dual 2-String Kite and dual Empty Rectangle: hand-built pairs, single patterns left alone, soundness."""

from __future__ import annotations

from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.logic.digit_patterns import dual_patterns, empty_rectangle, single_digit
from sudoku_workbench.logic.engine import RULES, next_step
from tests.logic.conftest import sound_along_runs
from tests.logic.test_single_digit_patterns import keep_only, names, only_step

G9 = geometry(3, 3)
ROW, COL = 0, 9

#: Digit 1: r1c2 and r2c1 share box 1; each is one of two places in its row and in its column.
KITES: dict[int, tuple[str, ...]] = {
    ROW + 0: ("r1c2", "r1c7"),
    COL + 1: ("r1c2", "r6c2"),
    ROW + 1: ("r2c1", "r2c8"),
    COL + 0: ("r2c1", "r7c1"),
}

#: Digit 1: box 1 keeps it in row 1 and column 1; column 5 and row 8 each link to the box.
RECTANGLES: dict[int, tuple[str, ...]] = {
    18: ("r1c2", "r1c3", "r2c1", "r3c1"),
    COL + 4: ("r1c5", "r6c5"),
    ROW + 7: ("r8c1", "r8c7"),
}


def test_dual_two_string_kite() -> None:
    # r1c2's row with r2c1's column clears r7c7; r1c2's column with r2c1's row clears r6c8.
    grid = keep_only(G9, 1, KITES)
    step = only_step(dual_patterns.dual_two_string_kite(grid))
    assert step.rule == dual_patterns.DUAL_TWO_STRING_KITE
    assert names(G9, step.eliminations) == {"r7c7<>1", "r6c8<>1"}
    assert step.explanation.startswith("Dual 2-String Kite on 1: r1c2 and r2c1 share box 1")
    assert len(step.highlights.chains) == 2
    # The single rule sees the same two kites as two steps; the cascade takes the dual first.
    singles = {frozenset(names(G9, s.eliminations)) for s in single_digit.two_string_kite(grid)}
    assert {frozenset({"r7c7<>1"}), frozenset({"r6c8<>1"})} <= singles
    kites = tuple(r for r in RULES if r.id in {"dual_two_string_kite", "two_string_kite"})
    engine_step = next_step(grid, kites)
    assert engine_step is not None
    assert engine_step.rule == dual_patterns.DUAL_TWO_STRING_KITE


def test_one_kite_is_no_dual() -> None:
    # Row 2 gets a third place for 1: r2c1 has no row link, so only r1c2's row with r2c1's column is left.
    grid = keep_only(G9, 1, {**KITES, ROW + 1: ("r2c1", "r2c8", "r2c9")})
    assert next(dual_patterns.dual_two_string_kite(grid), None) is None
    kite = only_step(s for s in single_digit.two_string_kite(grid) if "r2c1" in s.explanation)
    assert names(G9, kite.eliminations) == {"r7c7<>1"}


def test_a_dual_kite_needs_both_targets() -> None:
    # Without 1 in r6c8 the second kite clears nothing: one kite, no dual.
    grid = keep_only(G9, 1, {**KITES, ROW + 5: tuple(f"r6c{c}" for c in range(1, 10) if c != 8)})
    assert next(dual_patterns.dual_two_string_kite(grid), None) is None


def test_dual_empty_rectangle() -> None:
    # Column 5 (r1c5 = r6c5) clears r6c1; row 8 (r8c1 = r8c7) clears r1c7: one step on box 1.
    grid = keep_only(G9, 1, RECTANGLES)
    step = only_step(dual_patterns.dual_empty_rectangle(grid))
    assert step.rule == dual_patterns.DUAL_EMPTY_RECTANGLE
    assert names(G9, step.eliminations) == {"r6c1<>1", "r1c7<>1"}
    assert step.explanation.startswith("Dual Empty Rectangle on 1 in box 1: 2 strong links meet the box.")
    assert {link.strong for link in step.highlights.links} == {True, False}
    singles = [names(G9, s.eliminations) for s in empty_rectangle.empty_rectangle(grid)]
    assert sorted(map(sorted, singles)) == [["r1c7<>1"], ["r6c1<>1"]]


def test_one_rectangle_is_no_dual() -> None:
    grid = keep_only(G9, 1, {k: v for k, v in RECTANGLES.items() if k != ROW + 7})
    assert next(dual_patterns.dual_empty_rectangle(grid), None) is None
    assert next(empty_rectangle.empty_rectangle(grid), None) is not None


def test_sound_on_corpus_runs() -> None:
    finders = (dual_patterns.dual_two_string_kite, dual_patterns.dual_empty_rectangle)
    assert sound_along_runs(finders, ("top1465.txt", 12, 60)) > 0
