"""Puzzles made to order (search.targets): each one unique by an independent count, with the symmetry
asked for, and meeting its target as the raters see it; impossible targets refused by name."""

from __future__ import annotations

import random

import pytest

from sudoku_workbench.core import CancelToken, Grid, geometry_for_size
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rate, solve_by_logic, step_name
from sudoku_workbench.logic.rating.hodoku_scale import rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.logic.rule_choice import choose_rules, preset_rules, rules_count
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel
from sudoku_workbench.search.solve import solve
from sudoku_workbench.search.targets import (
    Fit,
    Judged,
    Made,
    Target,
    TargetError,
    check_target,
    describe,
    hodoku_level,
    made_text,
    make_target,
    se_band,
    technique_id,
    walk_seeds,
)
from tests.conftest import REPO
from tests.search.exact_cover import count_solutions
from tests.search.symmetry_check import is_symmetric

RULES = choose_rules()


def _check_unique_and_symmetric(grid: Grid, symmetry: str) -> None:
    assert count_solutions(grid, 2) == 1
    assert is_symmetric(grid, symmetry)


def _make(target: Target, seed: int, size: int = 9, symmetry: str = "rot180") -> Grid:
    # No time budget: the same puzzle on any machine, however loaded.
    made = make_target(geometry_for_size(size), random.Random(seed), symmetry, target)
    _check_unique_and_symmetric(made.grid, symmetry)
    return made.grid


@pytest.mark.parametrize(("technique", "seed"), [("x_wing", 1), ("pointing", 2), ("xy_wing", 3)])
def test_needs_gives_a_puzzle_whose_logic_path_uses_the_technique(technique: str, seed: int) -> None:
    grid = _make(Target(RULES, needs=technique), seed)
    run = solve_by_logic(grid, RULES)
    assert run.status == "solved"
    assert technique in {step.rule for step in run.steps}


def test_a_forcing_chain_is_reached_by_a_walk_from_the_shipped_puzzles() -> None:
    target = Target(RULES, needs="dynamic_forcing_chain")
    grid = _make(target, 3)
    run = solve_by_logic(grid, RULES)
    assert run.status == "solved"
    assert "dynamic_forcing_chain" in {step.rule for step in run.steps}
    assert grid not in walk_seeds(grid.geometry, "rot180", target)


def test_walks_start_from_the_shipped_puzzles_of_a_forcing_technique_only() -> None:
    nine = geometry_for_size(9)
    seeds = walk_seeds(nine, "rot180", Target(RULES, needs="unit_forcing_chain"))
    assert len(seeds) == 5
    assert all(count_solutions(seed, 2) == 1 for seed in seeds)
    assert not walk_seeds(nine, "rot180", Target(RULES, hardest="cell_forcing_chain"))  # slow by walking
    assert not walk_seeds(nine, "rot180", Target(RULES, needs="x_wing"))  # drawing finds it fast
    assert not walk_seeds(nine, "mirror_lr", Target(RULES, needs="unit_forcing_chain"))
    assert not walk_seeds(geometry_for_size(6), "rot180", Target(RULES, needs="unit_forcing_chain"))


def test_hardest_gives_a_puzzle_whose_hardest_step_is_the_technique() -> None:
    grid = _make(Target(RULES, hardest="claiming"), 4)
    assert rate(grid, RULES).hardest_rule == "claiming"


def test_needs_works_on_a_6x6_with_another_symmetry() -> None:
    grid = _make(Target(RULES, needs="pointing"), 5, size=6, symmetry="mirror_lr")
    assert "pointing" in {step.rule for step in solve_by_logic(grid, RULES).steps}


def test_the_se_band_is_where_rate_puts_the_puzzle() -> None:
    grid = _make(Target(RULES, se=(2.5, 3.4)), 6)
    rated = rate_se(grid, RULES, one_solution=True)
    assert rated.status == "solved"
    assert 2.5 <= rated.difficulty <= 3.4


def test_the_hodoku_level_is_the_one_hodokus_scale_gives() -> None:
    grid = _make(Target(RULES, hodoku=HodokuLevel.MEDIUM), 7)
    solved = solve(grid)
    assert solved is not None
    assert rate_hodoku(grid, RULES, solution=solved.values).level is HodokuLevel.MEDIUM


def test_a_preset_alone_gives_a_puzzle_those_rules_solve() -> None:
    singles = preset_rules("singles")
    grid = _make(Target(singles), 8)
    assert solve_by_logic(grid, singles).status == "solved"


def test_the_same_seed_makes_the_same_puzzle() -> None:
    target = Target(RULES, needs="hidden_pair")
    assert _make(target, 9) == _make(target, 9)


def test_a_cancelled_search_stops() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        make_target(
            geometry_for_size(9), random.Random(1), "rot180", Target(RULES, needs="x_wing"), cancel=token
        )


def test_an_unknown_technique_is_named_with_the_nearest_ids() -> None:
    with pytest.raises(TargetError, match=r"--needs: unknown technique 'xwing'; did you mean x_wing"):
        technique_id("xwing", "--needs")
    assert technique_id("X-Wing") == "x_wing"


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (Target(preset_rules("singles"), needs="x_wing"), "--needs x_wing: not among the chosen rules"),
        (Target(RULES, needs="unique_rectangle_1"), "uniqueness rule"),
        (Target(RULES, needs="xy_chain", hardest="x_wing"), "harder than --hardest x_wing"),
    ],
)
def test_impossible_targets_are_refused_by_name(target: Target, message: str) -> None:
    with pytest.raises(TargetError, match=message):
        check_target(target)


@pytest.mark.parametrize("text", ["7-x", "9.0-8.0", "0.5-2", ""])
def test_a_band_that_does_not_read_is_refused(text: str) -> None:
    with pytest.raises(TargetError, match="SE band"):
        se_band(text)


def test_bands_and_levels_read() -> None:
    assert se_band("7.0-7.9") == (7.0, 7.9)
    assert se_band(" 7.2 ") == (7.2, 7.2)
    assert hodoku_level("Unfair") is HodokuLevel.UNFAIR
    with pytest.raises(TargetError, match="easy, medium, hard, unfair, extreme"):
        hodoku_level("fiendish")


def test_the_se_ceiling_answers_as_the_full_rating_does() -> None:
    lines = (REPO / "tests" / "data" / "se_rated_sudokuexchange_sample50.txt").read_text().splitlines()
    puzzles = [parse_line(line.split()[0]) for line in lines if line and not line.startswith("#")][:6]
    for grid in puzzles:
        full = rate_se(grid, RULES, one_solution=True)
        for ceiling in (3.0, full.difficulty, 7.0):
            capped = rate_se(grid, RULES, one_solution=True, ceiling=ceiling)
            assert (capped.status == "solved") == (full.status == "solved" and full.difficulty <= ceiling)
            if capped.status == "solved":
                assert capped.difficulty == full.difficulty


def test_the_target_and_the_made_puzzle_are_said_in_rule_names_not_ids() -> None:
    """The window's Test status shows these: the rules' display names, and the count of the table."""
    target = Target(RULES, se=(7.0, 7.9), needs="x_wing", hardest="xy_chain")
    wanted = describe(target)
    assert f"needing {step_name('x_wing')}, hardest step {step_name('xy_chain')}" in wanted
    assert wanted.endswith(f"solved by {rules_count([rule.id for rule in RULES])}")
    made = Made(parse_line("." * 81), Judged(Fit.FITS, "7.2", "xy_chain"), 3)
    assert made_text(made, target) == f"SE 7.2, hardest step {step_name('xy_chain')}, 3 attempts"
    assert "x_wing" not in wanted
    assert "xy_chain" not in made_text(made, target)


def test_the_window_is_told_of_an_impossible_target_in_rule_names() -> None:
    from sudoku_workbench.search.targets import WINDOW

    with pytest.raises(TargetError) as refused:
        check_target(Target(preset_rules("singles"), needs="x_wing"), WINDOW)
    assert str(refused.value) == (
        f"technique {step_name('x_wing')}: not among the chosen rules (tick it in Preferences → Techniques)"
    )
    with pytest.raises(TargetError, match=f"harder than hardest step {step_name('x_wing')}:"):
        check_target(Target(choose_rules(), needs="xy_chain", hardest="x_wing"), WINDOW)
