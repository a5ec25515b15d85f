"""Forcing chains and nets: Logic runs every puzzle with one solution to the end, soundly and explained."""

from __future__ import annotations

import pytest

from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, Level, solve_by_logic
from sudoku_workbench.logic.forcing import forcing_chains
from sudoku_workbench.logic.reference.soundness import check_run
from sudoku_workbench.search.solve import solve

G9 = geometry(3, 3)

#: Norvig's "hardest" list #1 (needs forcing) and a forum-hardest puzzle (needs forcing nets).
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
HARDEST = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"

FORCING_IDS = {rule.id for rule in RULES if rule.level == Level.FORCING}


def _grid(line: str) -> Grid:
    return Grid.from_values(G9, [0 if ch == "." else int(ch) for ch in line])


@pytest.mark.slow
@pytest.mark.parametrize("line", [HARD, HARDEST])
def test_logic_solves_hard_puzzles_to_the_end_with_every_step_sound(line: str) -> None:
    grid = _grid(line)
    solution = solve(grid)
    assert solution is not None
    check = check_run(grid, solution.values)
    assert check.status == "solved"
    assert check.faults == ()
    assert FORCING_IDS & set(check.rules), "these puzzles need the forcing rules"


def test_without_forcing_the_hard_puzzle_is_stuck() -> None:
    rules = tuple(rule for rule in RULES if rule.level < Level.FORCING)
    assert solve_by_logic(_grid(HARD), rules).status == "stuck"


@pytest.mark.slow
def test_forcing_steps_list_their_implications_and_draw_them() -> None:
    run = solve_by_logic(_grid(HARDEST))
    forcing = [step for step in run.steps if step.rule in FORCING_IDS]
    assert {step.rule for step in forcing} >= {"dynamic_forcing_chain", "forcing_net"}
    for step in forcing:
        assert step.explanation.startswith("If ") or ": " in step.explanation
        assert "(" in step.explanation, "each implication carries its reason"
        assert step.highlights.links, step.explanation
        assert step.placements or step.eliminations


def test_a_contradiction_step_removes_the_assumed_candidate() -> None:
    grid = _grid(HARD)
    step = next(forcing_chains.dynamic_forcing_chain(grid))
    if step.eliminations and step.explanation.startswith("If "):
        ((cell, digit),) = step.eliminations
        assert step.explanation.startswith(f"If {G9.cell_name(cell)} is {digit}:")
        assert step.explanation.endswith(f"So {G9.cell_name(cell)} is not {digit}.")
    solution = solve(grid)
    assert solution is not None
    assert all(solution.values[c] != d for c, d in step.eliminations)
    assert all(solution.values[c] == d for c, d in step.placements)
