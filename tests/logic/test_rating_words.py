"""The ratings in words: each scale's figure is said with its own path's steps and hardest step."""

from __future__ import annotations

from sudoku_workbench.formats.files import read_file
from sudoku_workbench.logic.engine import rate, step_name
from sudoku_workbench.logic.rating.hodoku_scale import rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.logic.rating.words import rating_text
from sudoku_workbench.search.solve import solve
from tests.conftest import REPO


def test_each_figure_names_the_hardest_step_of_its_own_path() -> None:
    """On the newspaper puzzle SE's path ends harder at a hidden single, ours at a naked single."""
    puzzle = read_file(REPO / "resources" / "puzzles" / "newspaper-easy.sdk")
    ours, se = rate(puzzle), rate_se(puzzle, one_solution=True)
    solution = solve(puzzle)
    assert solution is not None
    hodoku = rate_hodoku(puzzle, solution=solution.values)
    assert ours.hardest_rule != se.hardest_rule  # the case the old wording mixed up
    level, se_part, hodoku_part = rating_text(ours, se, hodoku).split("; ")
    assert level == (
        f"level {ours.level.name.title()} (our path: {ours.step_count} steps, "
        f"hardest {step_name(ours.hardest_rule)})"
    )
    assert se_part == (
        f"SE {se.difficulty:.1f} (SE's path: {se.step_count} steps, hardest {step_name(se.hardest_rule)})"
    )
    assert hodoku_part.startswith(f"HoDoKu {hodoku.level.name.title()} {hodoku.score} (HoDoKu's path: ")
    assert hodoku_part.endswith(f"hardest {step_name(hodoku.hardest_rule)})")


def test_a_scale_whose_path_did_not_solve_the_puzzle_gives_no_figure() -> None:
    puzzle = read_file(REPO / "resources" / "puzzles" / "newspaper-easy.sdk")
    se = rate_se(puzzle, one_solution=True)
    stuck = type(se)(se.difficulty, se.hardest_rule, se.step_count, "stuck")
    assert "SE" not in rating_text(rate(puzzle), stuck)
