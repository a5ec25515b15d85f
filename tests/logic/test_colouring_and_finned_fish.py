"""Simple colouring (wrap and trap), multi-colouring and finned/sashimi fish: exact hand-made cases."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.digit_patterns import colouring
from sudoku_workbench.logic.fish import finned_fish
from tests.logic.test_single_digit_patterns import keep_only, names, only_step

G9 = geometry(3, 3)


def test_colour_wrap() -> None:
    # r1c1 = r1c5 = r6c5 = r6c2 = r2c2: r1c1, r6c5 and r2c2 share a colour, and r1c1 sees r2c2.
    grid = keep_only(
        G9, 1, {0: ("r1c1", "r1c5"), 13: ("r1c5", "r6c5"), 5: ("r6c5", "r6c2"), 10: ("r6c2", "r2c2")}
    )
    wrap, trap = colouring.simple_colouring(grid)
    step = wrap
    assert step.rule == "simple_colouring"
    assert names(G9, step.eliminations) == {"r1c1<>1", "r6c5<>1", "r2c2<>1"}
    assert "colour trap" in trap.explanation
    assert "colour wrap" in step.explanation
    assert all(link.strong for link in step.highlights.links)
    assert len(step.highlights.chains) == 4


def test_colour_trap() -> None:
    grid = keep_only(G9, 1, {0: ("r1c1", "r1c5"), 13: ("r1c5", "r6c5"), 5: ("r6c5", "r6c2")})
    step = only_step(colouring.simple_colouring(grid))
    assert names(G9, step.eliminations) == {"r2c2<>1", "r3c2<>1", "r4c1<>1", "r5c1<>1"}
    assert "colour trap" in step.explanation


def test_no_colouring_with_a_single_link() -> None:
    grid = keep_only(G9, 1, {0: ("r1c1", "r1c5")})
    assert next(colouring.simple_colouring(grid), None) is None


def test_multi_colouring() -> None:
    # Cluster A: r1c2 = r1c9 = r9c9; cluster B: r2c1 = r2c7 = r8c7. r1c9 and r2c7 (box 3) are not
    # both 1, so r1c2/r9c9 or r2c1/r8c7 holds 1: cells seeing one of each lose it.
    grid = keep_only(
        G9, 1, {0: ("r1c2", "r1c9"), 17: ("r1c9", "r9c9"), 1: ("r2c1", "r2c7"), 15: ("r2c7", "r8c7")}
    )
    assert next(colouring.simple_colouring(grid), None) is None
    # And r1c2, r2c1 (box 1) are not both 1, so r1c9 or r2c7 is: r3c8 sees both.
    first, second = colouring.multi_colouring(grid)
    assert first.rule == second.rule == "multi_colouring"
    assert names(G9, first.eliminations) == {"r3c8<>1"}
    expected = {"r7c8", "r8c8", "r9c8", "r3c1", "r3c2", "r3c3", "r8c2", "r9c1"}
    assert names(G9, second.eliminations) == {f"{cell}<>1" for cell in expected}


def test_finned_x_wing() -> None:
    grid = keep_only(G9, 1, {0: ("r1c2", "r1c7"), 4: ("r5c2", "r5c7", "r5c8")})
    step = only_step(finned_fish.finned_x_wing(grid))
    assert step.rule == "finned_x_wing"
    assert names(G9, step.eliminations) == {"r4c7<>1", "r6c7<>1"}
    assert step.explanation.startswith("Finned X-Wing on 1: in rows 1 and 5, 1 lies only in columns 2 and 7")
    assert "fin r5c8 in box 6" in step.explanation


def test_sashimi_x_wing() -> None:
    grid = keep_only(G9, 1, {0: ("r1c2", "r1c7"), 4: ("r5c2", "r5c8", "r5c9")})
    step = only_step(finned_fish.finned_x_wing(grid))
    assert names(G9, step.eliminations) == {"r4c7<>1", "r6c7<>1"}
    assert step.explanation.startswith("Sashimi X-Wing")


def test_finned_swordfish_on_columns() -> None:
    grid = keep_only(G9, 4, {9: ("r1c1", "r5c1"), 12: ("r5c4", "r9c4"), 15: ("r1c7", "r9c7", "r8c7")})
    assert next(finned_fish.finned_x_wing(grid), None) is None
    step = only_step(finned_fish.finned_swordfish(grid))
    assert names(G9, step.eliminations) == {"r9c8<>4", "r9c9<>4"}
    assert "in columns 1, 4 and 7, 4 lies only in rows 1, 5 and 9" in step.explanation


def test_fins_in_two_boxes_give_nothing() -> None:
    grid = keep_only(G9, 1, {0: ("r1c2", "r1c7", "r1c4"), 4: ("r5c2", "r5c7", "r5c8")})
    assert next(finned_fish.finned_x_wing(grid), None) is None
