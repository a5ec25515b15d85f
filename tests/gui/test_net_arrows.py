"""A forcing net's arrows leave the candidates under them readable (issue 44, item 10).

The board is drawn twice at one size, with the step's arrows and without them: every pixel of a
candidate's glyph (the ink of the picture without arrows) must be the same in both, while the arrows
themselves are drawn. A hundred opaque arrows from centre to centre covered the digits they joined.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.board.canvas import BoardCanvas
from sudoku_workbench.logic.engine import steps_with_grids
from tests.gui.conftest import board_pixels, candidate_ink

#: A forum-hardest puzzle whose first steps are forcing nets of 60 to 150 arrows.
HARDEST = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"


@pytest.fixture(scope="module")
def nets() -> list[tuple[Grid, Step]]:
    """The first three forcing nets of the puzzle, each with the position it was found on."""
    found: list[tuple[Grid, Step]] = []
    before = parse_line(HARDEST)
    for step, after in steps_with_grids(before):
        if step.rule == "forcing_net":
            found.append((before, step))
        if len(found) == 3:
            break
        before = after
    assert len(found) == 3
    return found


@pytest.mark.parametrize("index", range(3))
def test_the_candidates_under_a_nets_arrows_stay_readable(qtbot, nets, index):
    grid, step = nets[index]
    assert len(step.highlights.links) >= 50
    board = BoardCanvas()
    qtbot.addWidget(board)
    board.resize(560, 560)
    board.show()
    qtbot.waitExposed(board)
    board.set_grid(grid)
    board.set_step(dataclasses.replace(step, highlights=dataclasses.replace(step.highlights, links=())))
    plain = board_pixels(board)
    board.set_step(step)
    arrows = board_pixels(board)
    # The candidates' ink: dark pixels inside the empty cells, on the picture without arrows.
    ink = candidate_ink(board, grid.empty_cells, plain)
    assert ink.sum() > 1000  # the empty cells' candidates are there to be covered
    changed = np.abs(arrows - plain).sum(axis=2) > 60
    covered = (changed & ink).sum()
    assert covered <= ink.sum() * 0.002, f"{covered} of {ink.sum()} candidate pixels covered by arrows"
    assert changed.sum() > 2000  # and the arrows are drawn
