from __future__ import annotations

import pytest

from sudoku_workbench.core import Contradiction, Grid, Step, geometry
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import (
    RULES,
    Level,
    next_step,
    rate,
    rule_by_id,
    solve_by_logic,
    steps_until_stuck,
)
from tests.logic.conftest import grid_from

G4 = geometry(2, 2)
G9 = geometry(3, 3)
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_rule_table_is_ordered_by_level_and_ids_are_unique() -> None:
    levels = [rule.level for rule in RULES]
    assert levels == sorted(levels)
    assert len({rule.id for rule in RULES}) == len(RULES)
    assert rule_by_id("naked_single").level is Level.EASY
    with pytest.raises(KeyError, match="no logic rule"):
        rule_by_id("guessing")


def test_next_step_prefers_the_simplest_rule() -> None:
    grid = grid_from(G9, "12345678." + "." * 72)
    assert getattr(next_step(grid), "rule", None) == "full_house"
    assert next_step(Grid.empty(G4)) is None


def test_solve_easy_puzzle_by_singles() -> None:
    grid = parse_line(EASY)
    run = solve_by_logic(grid)
    assert run.status == "solved"
    assert run.grid.is_solved()
    assert len(run.steps) == EASY.count(".")
    assert {s.rule for s in run.steps} <= {"full_house", "naked_single", "hidden_single"}
    rating = rate(grid)
    assert rating.level is Level.EASY
    assert rating.step_count == len(run.steps)
    assert rating.hardest_rule in {"naked_single", "hidden_single"}


def test_empty_grid_is_stuck_and_needs_search() -> None:
    run = solve_by_logic(Grid.empty(G4))
    assert (run.status, run.steps) == ("stuck", ())
    assert rate(Grid.empty(G4)) == rate(Grid.empty(G4))
    assert rate(Grid.empty(G4)).level is Level.NEEDS_SEARCH


def test_duplicate_given_is_reported_with_its_cells() -> None:
    grid = grid_from(G4, "1..1" + "." * 12)
    with pytest.raises(Contradiction) as info:
        list(steps_until_stuck(grid))
    assert info.value.cells[:2] == (0, 3)
    assert "1 appears more than once in row 1" in str(info.value)
    run = solve_by_logic(grid)
    assert run.status == "contradiction"
    assert run.problems


def test_contradiction_found_during_the_run() -> None:
    grid = grid_from(G4, keep={"r1c1": "1", "r1c2": "1"})
    steps: list[Step] = []
    with pytest.raises(Contradiction) as info:
        steps.extend(steps_until_stuck(grid))
    assert steps[0].placements == ((0, 1),)
    assert 1 in info.value.cells
    assert "r1c2 has no candidate left" in str(info.value)


def test_contradiction_is_raised_right_after_the_step_that_breaks_the_position(rng) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import corpus

    broken = 0
    for puzzle in corpus("top95.txt", 30, 3):
        open_cands = [(c, d) for c in puzzle.empty_cells for d in puzzle.candidates_of(c)]
        grid = puzzle.eliminate(rng.sample(open_cands, 6))
        if grid.problems():
            continue
        current, steps = grid, steps_until_stuck(grid)
        while True:
            try:
                step = next(steps)
            except StopIteration:
                assert not current.problems()
                break
            except Contradiction as err:
                fault_cells = set(err.cells)
                problems = current.problems()
                assert problems
                assert fault_cells == {c for p in problems for c in p.cells}
                broken += 1
                break
            assert not current.problems(), "a step was given for an impossible position"
            current = current.apply(step)
    assert broken >= 5
