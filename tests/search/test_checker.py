"""The checker itself must be able to fail."""

from tests.search.checker import solution_faults

SOLVED_4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]


def test_a_correct_grid_passes():
    assert solution_faults(SOLVED_4, [0] * 16, 2, 2) == []


def test_swapped_cells_break_rows_columns_and_boxes():
    broken = SOLVED_4.copy()
    broken[0], broken[5] = broken[5], broken[0]  # r1c1 <-> r2c2: same box, different row and column
    faults = solution_faults(broken, [0] * 16, 2, 2)
    assert "row 1" in faults
    assert "column 1" in faults
    assert "box at row 1, column 1" not in faults


def test_a_changed_given_is_reported():
    puzzle = [0] * 16
    puzzle[3] = 3
    assert solution_faults(SOLVED_4, puzzle, 2, 2) == ["given at cell 3"]


def test_swapping_two_bands_keeps_a_grid_valid_but_a_wrong_digit_does_not():
    swapped = SOLVED_4[8:] + SOLVED_4[:8]
    assert solution_faults(swapped, [0] * 16, 2, 2) == []
    wrong = SOLVED_4.copy()
    wrong[15] = 5
    assert solution_faults(wrong, [0] * 16, 2, 2) == ["row 4", "column 4", "box at row 3, column 3"]
