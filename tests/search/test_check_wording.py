"""Check words the puzzle apart from the position: the puzzle's count of solutions, then what it means
for the entries and pencil marks on the board (the window and the ``check`` command print these lines)."""

from __future__ import annotations

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.check import check_position
from sudoku_workbench.search.solve import solve

NEWSPAPER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_a_wrong_entry_is_named_after_the_puzzles_verdict() -> None:
    puzzle = parse_line(NEWSPAPER)
    solution = solve(puzzle)
    assert solution is not None
    # a digit its peers allow that the solution does not have, and that leaves the position no problem
    wrong = next(
        d for d in puzzle.candidates_of(2) if d != solution.values[2] and not puzzle.place(2, d).problems()
    )
    grid = puzzle.place(2, wrong)
    report = check_position(grid)
    assert report.lines(grid) == ["the puzzle has one solution; your entry r1c3 disagrees with it"]
    assert report.cells() == (2,)


def test_right_entries_agree_and_no_entries_say_nothing_more() -> None:
    puzzle = parse_line(NEWSPAPER)
    solution = solve(puzzle)
    assert solution is not None
    grid = puzzle.place(2, solution.values[2])
    assert check_position(grid).lines(grid) == [
        "the puzzle has one solution; every entry of yours agrees with it"
    ]
    assert check_position(puzzle).lines(puzzle) == ["the puzzle has one solution"]
    assert not check_position(puzzle).faulty


def test_a_struck_out_candidate_the_solution_needs_is_named() -> None:
    puzzle = parse_line(NEWSPAPER)
    solution = solve(puzzle)
    assert solution is not None
    needed = (2, solution.values[2])
    grid = puzzle.eliminate([needed])
    report = check_position(grid)
    assert report.faulty
    assert report.lines(grid) == [
        "the puzzle has one solution",
        f"the solution needs candidates you struck out: r1c3:{solution.values[2]}",
    ]
    assert report.cells() == (2,)


def test_several_solutions_without_entries_is_one_plain_line() -> None:
    line = "." * 20 + NEWSPAPER[20:]
    grid = parse_line(line)
    assert check_position(grid).lines(grid) == ["the puzzle has several solutions"]
