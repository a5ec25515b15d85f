"""Redundant clues: each one found can go alone with the puzzle staying unique; the others cannot."""

from __future__ import annotations

from sudoku_workbench.core import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.minimize import redundant_clues
from sudoku_workbench.search.solve import count

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_each_clue_is_judged_by_removing_it():
    puzzle = parse_line(EASY)
    found = redundant_clues(puzzle)
    assert found
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            assert (count(puzzle.with_given(cell, 0), 2) == 1) == (cell in found)
    assert redundant_clues(Grid.empty(puzzle.geometry)) is None
