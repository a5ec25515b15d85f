"""Which ink in a cell is a digit: a faint digit broken in two pieces still is, pencil marks are not.

No ``import cv2`` here: the package sets OpenCV's pixel bound before cv2's first import.
"""

from __future__ import annotations

import numpy as np

from sudoku_workbench.vision.cells import glyph_feature

SIDE = 80


def _cell(*boxes: tuple[int, int, int, int]) -> np.ndarray:
    """An 80-pixel cell's ink mask with filled rectangles (left, top, right, bottom) of ink."""
    cell = np.zeros((SIDE, SIDE), np.uint8)
    for left, top, right, bottom in boxes:
        cell[top : bottom + 1, left : right + 1] = 255
    return cell


def test_a_seven_broken_between_bar_and_leg_is_one_digit():
    bar, leg = (27, 20, 52, 31), (36, 37, 44, 62)  # 6 px apart, together 42 px tall
    assert glyph_feature(_cell(bar)) is None  # each piece alone is too short for a digit
    assert glyph_feature(_cell(bar, leg)) is not None


def test_a_two_with_its_foot_broken_off_is_one_digit():
    body, foot = (28, 15, 52, 42), (28, 49, 54, 56)  # a 27-pixel body, a flat foot 7 px below
    assert glyph_feature(_cell(body)) is None  # 0.34 of the cell: below a digit's height
    assert glyph_feature(_cell(body, foot)) is not None


def test_stacked_pencil_marks_are_not_a_digit():
    one, four = (33, 10, 44, 27), (33, 33, 44, 51)  # two upright marks 6 px apart, 42 px together
    assert glyph_feature(_cell(one, four)) is None


def test_pieces_too_far_apart_stay_apart():
    bar, leg = (27, 12, 52, 22), (36, 40, 44, 62)  # 18 px apart
    assert glyph_feature(_cell(bar, leg)) is None
