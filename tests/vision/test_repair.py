import numpy as np

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.solve import count
from sudoku_workbench.vision.repair import repaired

# A newspaper puzzle with one solution (image1 of the photo set's labels).
PUZZLE = "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4..."


def _probs(values, misread):
    geo = geometry_for_size(9)
    probs = np.full((81, 10), 0.001)
    for cell, value in enumerate(values):
        probs[cell, value] = 0.99
    for cell, (wrong, p) in misread.items():
        probs[cell, wrong] = p
        probs[cell, values[cell]] = 0.95 - p
    return geo, probs


def test_a_misread_given_is_put_right_from_its_second_choice():
    values = [0 if ch == "." else int(ch) for ch in PUZZLE]
    # r1c4 read as 1 (a duplicate of nothing, but the puzzle then has no solution) and r2c2 as empty.
    geo, probs = _probs(values, {3: (1, 0.6), 10: (0, 0.5)})
    assert count(Grid.from_values(geo, [int(v) for v in probs.argmax(axis=1)]), 2) != 1
    chosen, changed = repaired(geo, probs, count)
    assert chosen == values
    assert changed
    assert set(changed) <= {3, 10}


def test_a_sure_unique_reading_is_kept_unchanged():
    values = [0 if ch == "." else int(ch) for ch in PUZZLE]
    geo, probs = _probs(values, {})
    assert repaired(geo, probs, count) == (values, [])
