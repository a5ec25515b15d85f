"""Unique rectangle types 3, 5 and 6, avoidable rectangle type 2, BUG+1 and corners that lost a digit.

Each rule is checked on hand-built positions (blank grids whose named cells keep chosen candidates)
for its exact eliminations and for the near misses it must leave alone, then on real puzzles for
soundness: no step removes a digit of the one solution.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable

import pytest

from sudoku_workbench.core.geometry import Candidate, Cell, geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import Level, next_step, rules_assuming_unique, solve_by_logic
from sudoku_workbench.logic.rating.se_path import se_path
from sudoku_workbench.logic.rating.se_scale import NOT_IN_SE, step_difficulty, step_floor
from sudoku_workbench.logic.reference import techniques
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Family
from sudoku_workbench.logic.uniqueness import uniqueness, uniqueness_more
from sudoku_workbench.search.solve import count
from tests.conftest import REPO, corpus
from tests.logic.conftest import assert_sound, grid_from, solution_of, without

G9 = geometry(3, 3)
FINDERS = {rule.id: rule.find for rule in TABLE if rule.family is Family.UNIQUENESS}
#: A puzzle from test_cli whose SE path (easiest step first) reaches a BUG+1 (SE rates it 5.6 for that).
BUG_PUZZLE = "24.9....1..5.74..9.......8..1..2...5.3.4.5.6.8...1..4..2.......7..34.5..4....2.78"


def cell(name: str) -> Cell:
    row, col = name[1:].split("c")
    return G9.cell(int(row) - 1, int(col) - 1)


def cells(*names: str) -> list[Cell]:
    return [cell(name) for name in names]


def effects(steps: Iterable[Step]) -> list[set[Candidate]]:
    """Each step's eliminations as a set."""
    return [set(step.eliminations) for step in steps]


# --- unique rectangle type 3 -------------------------------------------------------------------


def test_type_3_roof_and_one_cell_make_a_naked_pair_in_their_row() -> None:
    grid = grid_from(G9, keep={"r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12", "r1c5": "34"})
    steps = list(uniqueness_more.unique_rectangle_3(grid))
    row_rest = cells("r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9")
    assert effects(steps) == [{(c, d) for c in row_rest for d in (3, 4)}]
    assert "naked pair" in steps[0].explanation
    assert set(steps[0].highlights.cells) >= {cell("r1c5"), cell("r1c1")}


def test_type_3_subset_inside_the_box_clears_the_box_too() -> None:
    # r1c3 {3,4} lies in row 1 and box 1 with the roof: the pair clears both houses.
    grid = grid_from(G9, keep={"r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12", "r1c3": "34"})
    steps = list(uniqueness_more.unique_rectangle_3(grid))
    houses = cells("r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9")
    houses += cells("r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3")
    assert effects(steps) == [{(c, d) for c in houses for d in (3, 4)}]


def test_type_3_needs_as_many_digits_as_cells() -> None:
    # {3, 4} from the roof and {3, 5} in r1c5: three digits over two "cells" is no subset.
    grid = grid_from(G9, keep={"r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12", "r1c5": "35"})
    assert next(uniqueness_more.unique_rectangle_3(grid), None) is None


def test_type_3_cells_holding_a_rectangle_digit_are_no_part_of_the_subset() -> None:
    grid = grid_from(G9, keep={"r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12", "r1c5": "134"})
    assert next(uniqueness_more.unique_rectangle_3(grid), None) is None


# --- unique rectangle types 2 and 5 ------------------------------------------------------------


def test_type_5_diagonal_extra_corners_clear_the_cells_seeing_both() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "123", "r4c1": "123", "r4c2": "12"})
    steps = list(uniqueness_more.unique_rectangle_5(grid))
    assert effects(steps) == [{(c, 3) for c in cells("r2c1", "r3c1", "r5c2", "r6c2")}]
    assert next(uniqueness.unique_rectangle_2(grid), None) is None  # diagonal: not type 2


def test_type_5_three_extra_corners() -> None:
    # r1c1, r1c2, r4c1 hold {1, 2, 3}: the cells seeing all three are r2c1 and r3c1 (box 1, column 1).
    grid = grid_from(G9, keep={"r1c1": "123", "r1c2": "123", "r4c1": "123", "r4c2": "12"})
    steps = list(uniqueness_more.unique_rectangle_5(grid))
    assert effects(steps) == [{(c, 3) for c in cells("r2c1", "r3c1")}]


def test_type_2_keeps_the_aligned_case_and_type_5_leaves_it() -> None:
    grid = grid_from(G9, keep={"r1c1": "123", "r1c2": "123", "r4c1": "12", "r4c2": "12"})
    assert next(uniqueness_more.unique_rectangle_5(grid), None) is None
    step = next(uniqueness.unique_rectangle_2(grid))
    assert {cell("r1c5"), cell("r2c3")} <= {c for c, _ in step.eliminations}


def test_type_5_needs_one_extra_digit() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "123", "r4c1": "124", "r4c2": "12"})
    assert next(uniqueness_more.unique_rectangle_5(grid), None) is None


# --- unique rectangle type 6 -------------------------------------------------------------------


def _type_6_grid() -> Grid:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "125", "r4c1": "126", "r4c2": "12"})
    lines = {c for r, k in ((0, 0), (3, 1)) for c in (*G9.units[r], *G9.units[G9.n + k])}
    return without(grid, lines - set(cells("r1c1", "r1c2", "r4c1", "r4c2")), 1)


def test_type_6_x_wing_inside_the_rectangle_clears_the_extra_corners() -> None:
    steps = list(uniqueness_more.unique_rectangle_6(_type_6_grid()))
    assert effects(steps) == [{(cell("r1c2"), 1), (cell("r4c1"), 1)}]


def test_type_6_needs_the_digit_confined_in_every_line() -> None:
    grid = _type_6_grid().restore([(cell("r7c1"), 1)])
    assert next(uniqueness_more.unique_rectangle_6(grid), None) is None


# --- avoidable rectangle type 2 ----------------------------------------------------------------


def _solved_corners(given: bool) -> Grid:
    """r1c1 = 1 and r1c2 = 2 solved (or given); r4c2 {1, 7} and r4c1 {2, 7} across from them."""
    values = [0] * G9.size
    values[cell("r1c1")], values[cell("r1c2")] = 1, 2
    grid = Grid.from_values(G9, values) if given else Grid.from_values(G9, [0] * G9.size, values)
    cands = list(grid.candidates)
    cands[cell("r4c2")], cands[cell("r4c1")] = 0b1000001, 0b1000010
    return Grid(G9, grid.givens, grid.entries, tuple(cands))


def test_avoidable_type_2_clears_x_from_the_cells_seeing_both_open_corners() -> None:
    steps = list(uniqueness_more.avoidable_rectangle_2(_solved_corners(given=False)))
    seeing_both = cells("r4c3", "r4c4", "r4c5", "r4c6", "r4c7", "r4c8", "r4c9")
    seeing_both += cells("r5c1", "r5c2", "r5c3", "r6c1", "r6c2", "r6c3")
    assert effects(steps) == [{(c, 7) for c in seeing_both}]


def test_avoidable_type_2_never_uses_givens() -> None:
    assert next(uniqueness_more.avoidable_rectangle_2(_solved_corners(given=True)), None) is None


# --- corners that lost a digit (HoDoKu's "missing candidates") ---------------------------------


def test_type_1_fires_when_the_fourth_corner_lost_one_of_the_pair() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "235"})
    step = next(uniqueness.unique_rectangle_1(grid))
    assert step.eliminations == ((cell("r2c4"), 2),)


def test_a_pair_a_filled_cell_keeps_off_a_corner_is_no_rectangle() -> None:
    # r2c4 lost 1 because r2c9 holds it: the corners can never hold {1, 2} as a deadly pattern.
    grid = grid_from(G9, keep={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "235"})
    grid = grid.with_given(cell("r2c9"), 1)
    assert next(uniqueness.unique_rectangle_1(grid), None) is None


# --- BUG+1 -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bug_position() -> Grid:
    """The position where :data:`BUG_PUZZLE`'s SE path takes its BUG+1 step."""
    grid = parse_line(BUG_PUZZLE)
    rules = tuple(r for r in rules_assuming_unique() if r.level < Level.FORCING and r.id not in NOT_IN_SE)
    for step, after in se_path(grid, rules, step_difficulty, step_floor):
        if step.rule == uniqueness.BUG_PLUS_ONE:
            return grid
        grid = after
    raise AssertionError("the SE path took no BUG+1 step")


def test_bug_plus_one_removes_all_but_the_true_digit_of_the_three_candidate_cell(bug_position: Grid) -> None:
    solution = solution_of(bug_position)
    assert solution is not None
    (three,) = [c for c in range(G9.size) if bug_position.candidates[c].bit_count() == 3]
    step = next(uniqueness.bug_plus_one(bug_position))
    expected = {(three, d) for d in bug_position.candidates_of(three) if d != solution[three]}
    assert len(expected) == 2
    assert set(step.eliminations) == expected


def test_bug_plus_one_needs_the_grave_in_every_unit(bug_position: Grid) -> None:
    # Swap one digit of a far bivalue cell for another: still one three-candidate cell and its digit
    # still three times in each of its units, but elsewhere a digit now has one place or three.
    (three,) = [c for c in range(G9.size) if bug_position.candidates[c].bit_count() == 3]
    far = next(
        c for c in range(G9.size) if bug_position.candidates[c] and c != three and c not in G9.peers[three]
    )
    kept, dropped = bug_position.candidates_of(far)
    other = next(d for d in range(1, 10) if d not in (kept, dropped))
    cands = list(bug_position.candidates)
    cands[far] = (1 << (kept - 1)) | (1 << (other - 1))
    broken = Grid(G9, bug_position.givens, bug_position.entries, tuple(cands))
    assert next(uniqueness.bug_plus_one(broken), None) is None


def test_bug_plus_one_needs_a_single_three_candidate_cell(bug_position: Grid) -> None:
    two = next(c for c in range(G9.size) if bug_position.candidates[c].bit_count() == 2)
    extra = next(d for d in range(1, 10) if not bug_position.candidates[two] >> (d - 1) & 1)
    assert next(uniqueness.bug_plus_one(bug_position.restore([(two, extra)])), None) is None


# --- soundness on real puzzles -----------------------------------------------------------------

#: ``make test`` checks a few puzzles; the slow run about 650 (over 40,000 positions, every finder).
SOUNDNESS = [
    ("top1465.txt", 6, 240),
    pytest.param("top1465.txt", 300, 5, marks=pytest.mark.slow),
    pytest.param("royle17.txt", 300, 160, marks=pytest.mark.slow),
    pytest.param("se_rated_sudokuexchange_sample50.txt", 50, 1, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("name", "count", "every"), SOUNDNESS)
def test_every_uniqueness_step_keeps_the_solution(name: str, count: int, every: int) -> None:
    """At each position of a logic run (up to the hard rules), every uniqueness finder is sound."""
    rules = tuple(rule for rule in rules_assuming_unique() if rule.level < Level.FORCING)
    fired: set[str] = set()
    for number, puzzle in enumerate(corpus(name, count, every), 1):
        solution = solution_of(puzzle)
        assert solution is not None
        grid = puzzle
        for index, step in enumerate(solve_by_logic(puzzle, rules).steps):
            for rule_id, find in FINDERS.items():
                for found in itertools.islice(find(grid), 20):
                    assert found.rule == rule_id
                    assert found.eliminations
                    assert_sound(found, solution, f"{name} #{number} step {index}: ")
                    fired.add(rule_id)
            grid = grid.apply(step)
    assert fired, "no uniqueness rule fired on the sample"


# --- pages and examples ------------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", list(FINDERS))
def test_each_uniqueness_rule_has_a_page_and_an_example_where_it_fires_soundly(rule_id: str) -> None:
    # The reference (logic.reference.techniques) lists the default table only: the files are read here
    # directly.
    folder = REPO / "resources" / "techniques"
    text = (folder / f"{rule_id}.md").read_text(encoding="utf-8")
    assert len(text.split()) >= 20
    assert "\nSource: " in text
    examples = json.loads((folder / "examples.json").read_text(encoding="utf-8"))["examples"]
    (record,) = [r for r in examples if r["rule"] == rule_id]
    example, solution = techniques._grid(record, "values"), techniques._grid(record, "solution")
    assert count(example.puzzle(), limit=2) == 1
    step = next(FINDERS[rule_id](example))
    assert step.rule == rule_id
    assert_sound(step, solution.values, f"{rule_id} example: ")
    if record["engine_first"]:
        assert next_step(example, rules_assuming_unique()) == step
