"""The status line's words: the whole puzzle's rating apart from the position shown."""

from __future__ import annotations

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.session.status_line import position_text, puzzle_text, rate_puzzle
from sudoku_workbench.logic.engine import Level
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel
from tests.gui.test_editing import NEWSPAPER


def test_a_puzzle_with_one_solution_is_rated_three_ways():
    solutions, ratings = rate_puzzle(parse_line(NEWSPAPER))
    assert solutions == 1
    assert ratings is not None
    level, se, hodoku = ratings
    assert hodoku is not None
    assert level.level == Level.EASY
    assert hodoku.level == HodokuLevel.EASY
    text = puzzle_text((solutions, ratings))
    assert text.startswith(f"Puzzle: level Easy (our path: {level.step_count} steps, hardest ")
    assert f"; SE {se.difficulty:.1f} (SE's path: {se.step_count} steps, hardest " in text
    assert f"; HoDoKu Easy {hodoku.score} (HoDoKu's path: {hodoku.step_count} steps, hardest " in text


def test_a_puzzle_with_several_or_no_solutions_is_not_rated():
    several = parse_line("." * 81)
    assert rate_puzzle(several) == (2, None)
    assert puzzle_text((2, None)) == "Puzzle: several solutions (not rated)"
    assert puzzle_text((0, None)) == "Puzzle: no solution"


def test_the_position_names_its_step_and_the_count():
    assert position_text(0, 51, None) == "showing the start (51 steps recorded)"
    assert position_text(0, 1, None) == "showing the start (1 step recorded)"
    assert position_text(31, 88, "naked_single") == "showing step 31 of 88: Naked single"


def test_a_puzzle_of_another_size_than_9x9_has_no_hodoku_rating():
    """HoDoKu rates only 9x9 puzzles: a 4x4 one gets its level and SE's number, not HoDoKu's."""
    solutions, ratings = rate_puzzle(parse_line("1.....1..2.....3"))
    assert solutions == 1
    assert ratings is not None
    assert ratings[2] is None
    assert "HoDoKu" not in puzzle_text((solutions, ratings))
