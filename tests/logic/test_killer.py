"""Killer rules: the cage arithmetic, the words of each step, and soundness on CP-SAT-counted killers."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import geometry, jigsaw, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, rules_for_shape, steps_with_grids
from sudoku_workbench.logic.killer import combinations, rule_45
from sudoku_workbench.logic.killer._sums import combination_text, distinct_fits, sum_fits
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Family
from tests.logic.killer_puzzles import cp_sat_solutions, read_corpus_line

CORPUS = Path(__file__).with_name("killer_corpus.txt")
KILLER_IDS = {rule.id for rule in TABLE if rule.family is Family.KILLER}


def _bits(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def test_seventeen_in_two_cells_is_eight_and_nine() -> None:
    fits, combos = distinct_fits((_bits(*range(1, 10)),) * 2, 17)
    assert fits == (_bits(8, 9), _bits(8, 9))
    assert combination_text(combos) == "8+9"


def test_a_way_must_fit_every_cell_not_just_the_union() -> None:
    # 10 in two cells, r1c1 {2,9}, r1c2 {3,8}: 1+9 needs a 1 and 3+7 a 7, so only 2+8 is left.
    fits, combos = distinct_fits((_bits(2, 9), _bits(3, 8)), 10)
    assert combos == (_bits(2, 8),)
    assert fits == (_bits(2), _bits(8))


def test_a_required_digit_drops_the_ways_without_it() -> None:
    fits, combos = distinct_fits((_bits(*range(1, 10)),) * 2, 10, required=_bits(3))
    assert combos == (_bits(3, 7),)
    assert fits == (_bits(3, 7), _bits(3, 7))


def test_cells_that_may_repeat_are_bounded_by_the_sum() -> None:
    assert sum_fits((_bits(1, 2, 3), _bits(1, 2, 3)), 6) == (_bits(3), _bits(3))
    assert sum_fits((_bits(1, 5, 9), _bits(1, 2)), 7) == (_bits(5), _bits(2))


def _killer(cages: list[tuple[tuple[str, ...], int]]) -> Grid:
    geo = geometry(3, 3)
    named = {name: i for i, name in enumerate(geo.cell_names)}
    return Grid.empty(
        with_cages(geo, [Cage(tuple(named[c] for c in cells), total) for cells, total in cages])
    )


def test_the_cage_combination_step_names_the_cage_and_its_digits() -> None:
    grid = _killer([(("r1c1", "r1c2"), 17)])
    step = next(combinations.cage_combinations(grid))
    assert "cage 17/2 (r1c1–r1c2)" in step.explanation
    assert "only 8+9 makes 17" in step.explanation
    assert {(c, d) for c, d in step.eliminations} == {(c, d) for c in (0, 1) for d in range(1, 8)}
    assert step.highlights.cells == (0, 1)


def test_a_digit_every_way_needs_leaves_the_house_the_cage_lies_in() -> None:
    grid = _killer([(("r1c1", "r1c2"), 17)])
    grid = grid.apply(next(combinations.cage_combinations(grid)))
    step = next(combinations.cage_house(grid))
    assert "uses 8" in step.explanation
    assert "row 1" in step.explanation
    victims = {c for c, d in step.eliminations if d == 8}
    assert {2, 3, 4, 5, 6, 7, 8} <= victims  # the rest of row 1 (and of box 1)


def test_one_innie_is_placed_by_the_45_rule() -> None:
    # Row 1 holds cages 10/3 (c1-c3), 20/3 (c4-c6), 11/2 (c7-c8): r1c9 = 45 - 41 = 4.
    cages = [
        (("r1c1", "r1c2", "r1c3"), 10),
        (("r1c4", "r1c5", "r1c6"), 20),
        (("r1c7", "r1c8"), 11),
    ]
    step = next(rule_45.rule_45(_killer(cages)))
    assert step.placements == ((8, 4),)
    assert "45 rule on row 1" in step.explanation
    assert "add up to 41" in step.explanation
    assert step.highlights.units == (0,)


def test_an_innie_less_an_outie_is_bounded() -> None:
    # Row 1: cages 24/3, 15/2, 4/2 inside (c1-c7) = 43; cage r1c8-r1c9-r2c9 = 6 sticks out by r2c9.
    cages = [
        (("r1c1", "r1c2", "r1c3"), 24),
        (("r1c4", "r1c5"), 15),
        (("r1c6", "r1c7"), 4),
        (("r1c8", "r1c9", "r2c9"), 6),
    ]
    grid = _killer(cages)
    lines = rule_45.sum_lines(grid.geometry)
    pair = next(line for line in lines if line.cells == (7, 8) and not line.minus)
    assert pair.total == 2  # r1c8 + r1c9 = 45 - 43
    step = next(s for s in rule_45.rule_45(grid) if set(s.highlights.cells) == {7, 8})
    assert {d for c, d in step.eliminations if c == 7} >= set(range(2, 10))


def test_killer_rules_only_run_on_shapes_with_cages() -> None:
    plain_jigsaw = jigsaw("".join("ABCDEFGHI"[(c // 9) // 3 * 3 + (c % 9) // 3] for c in range(81)), ["x"])
    assert not KILLER_IDS & {r.id for r in rules_for_shape(RULES, plain_jigsaw)}
    caged = _killer([(("r1c1", "r1c2"), 17)]).geometry
    assert {r.id for r in rules_for_shape(RULES, caged)} >= KILLER_IDS
    classic = Grid.empty(geometry(3, 3))
    assert all(next(r.find(classic), None) is None for r in TABLE if r.id in KILLER_IDS)


def _corpus(limit: int) -> list[str]:
    return [line for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()][:limit]


@pytest.mark.parametrize("line", _corpus(16), ids=lambda line: f"seed{line.split()[0]}")
def test_no_default_step_removes_a_solution_digit_on_a_counted_killer(line: str) -> None:
    _seed, grid, truth = read_corpus_line(line)
    assert cp_sat_solutions(grid.geometry) == [truth], "the corpus puzzle must have this one solution"
    killer_steps = 0
    for step, _after in itertools.islice(steps_with_grids(grid, RULES), 400):
        assert all(truth[c] != d for c, d in step.eliminations), step.explanation
        assert all(truth[c] == d for c, d in step.placements), step.explanation
        killer_steps += step.rule in KILLER_IDS
    assert killer_steps > 0
