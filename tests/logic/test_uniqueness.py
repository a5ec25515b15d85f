"""Uniqueness rules: right on hand-made rectangles, sound on one-solution puzzles, refused on others."""

from __future__ import annotations

import functools
import operator
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import RULES, Level, rules_assuming_unique
from sudoku_workbench.logic.hand_patterns import HAND_SOLVER_RULES
from sudoku_workbench.logic.reference.soundness import check_run
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.uniqueness import uniqueness
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus_lines, needs_shared_data
from tests.logic.conftest import grid_from

G9 = geometry(3, 3)
UNIQUENESS_IDS = {rule.id for rule in TABLE if rule.one_solution}


def test_type_1_clears_the_pair_from_the_fourth_corner() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "123"})
    step = next(uniqueness.unique_rectangle_1(grid))
    r2c4 = G9.cell(1, 3)
    assert set(step.eliminations) == {(r2c4, 1), (r2c4, 2)}
    assert "unique rectangle type 1" in step.explanation


def test_a_rectangle_inside_one_box_is_no_deadly_pattern() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "12", "r2c1": "12", "r2c2": "123"})
    assert next(uniqueness.unique_rectangle_1(grid), None) is None


def test_type_2_clears_the_extra_digit_from_cells_that_see_both_roof_cells() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "123"})
    step = next(uniqueness.unique_rectangle_2(grid))
    assert step.eliminations
    assert all(digit == 3 and cell // 9 == 1 for cell, digit in step.eliminations)


def test_the_rules_are_off_by_default_and_inserted_before_the_graph_rules() -> None:
    assert not UNIQUENESS_IDS & {rule.id for rule in RULES}
    extended = rules_assuming_unique()
    ids = [rule.id for rule in extended]
    assert set(ids) >= UNIQUENESS_IDS
    levels = [rule.level for rule in extended]
    assert levels == sorted(levels)


@needs_shared_data
def test_uniqueness_rules_fire_and_stay_sound_on_one_solution_puzzles() -> None:
    # Without the named hand-solver patterns, which would otherwise take most of these steps first.
    rules = tuple(
        rule
        for rule in rules_assuming_unique()
        if rule.level < Level.FORCING and rule.id not in HAND_SOLVER_RULES
    )
    fired: set[str] = set()
    for line in corpus_lines("top1465.txt")[:60]:
        grid = parse_line(line)
        solution = solve(grid)
        assert solution is not None
        check = check_run(grid, solution.values, rules)
        assert check.faults == ()
        fired |= UNIQUENESS_IDS & set(check.rules)
    assert len(fired) >= 3, fired


def test_assume_unique_is_refused_for_a_puzzle_with_several_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "loose.txt"
    path.write_text("1" + "." * 80 + "\n", encoding="utf-8")
    assert main(["logic", str(path), "--assume-unique"]) == 1
    assert "several solutions" in capsys.readouterr().err


def test_open_rectangles_are_those_a_plain_scan_finds() -> None:
    """The rectangles picked by their corners' masks are, in order, those a scan of every rectangle
    keeps: a two-candidate corner, no filled one, and a pair no filled cell keeps off a corner."""
    from sudoku_workbench.core.grid import digits_of_mask
    from sudoku_workbench.logic.engine import steps_with_grids
    from sudoku_workbench.logic.uniqueness._rectangles import open_rectangles, rectangles
    from tests.conftest import corpus

    checked = 0
    for puzzle in corpus("top1465.txt", 2, 301):
        rules = tuple(rule for rule in RULES if rule.level < Level.FORCING)
        for _step, grid in list(steps_with_grids(puzzle, rules))[::5]:
            geo, cands = grid.geometry, grid.candidates
            allowed = [
                sum(
                    1 << (d - 1)
                    for d in range(1, geo.n + 1)
                    if all(grid.values[p] != d for p in geo.peers[c])
                )
                for c in range(geo.size)
            ]
            expected = []
            for corners in rectangles(geo):
                if any(not cands[c] for c in corners):
                    continue
                room = functools.reduce(operator.and_, (allowed[c] for c in corners))
                for pair in sorted({cands[c] for c in corners if cands[c].bit_count() == 2}):
                    if pair & room == pair:
                        expected.append((corners, *digits_of_mask(pair), pair))
            assert open_rectangles(grid) == tuple(expected)
            checked += len(expected)
    assert checked, "no open rectangle on the sample: the check would be empty"
