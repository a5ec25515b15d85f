"""Ratings of collection puzzles: computed once (solutions, SE, HoDoKu, techniques) and stored.

The rating of one puzzle is a module-level function of its line, so worker processes can run it;
:func:`save_rating` stores each result in its own transaction as it arrives, so a rating run that is
stopped or killed keeps every rating it finished and the next run starts from the puzzles left.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.library.database import Library
from sudoku_workbench.library.importing import now
from sudoku_workbench.logic.engine import RULES, Rule
from sudoku_workbench.logic.rating.hodoku_scale import hodoku_refusal, rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se, se_refusal
from sudoku_workbench.search.solve import first_solutions

__all__ = ["IMPOSSIBLE", "PuzzleRating", "Rating", "rate_line", "rate_puzzle", "save_rating"]

#: HoDoKu's "level" of a puzzle whose rules found a contradiction (its one solution notwithstanding).
IMPOSSIBLE = "impossible"


@dataclass(frozen=True)
class PuzzleRating:
    """A puzzle's ratings as every collection shows them; None where a scale does not apply.

    ``solutions`` is counted to 2 (2: several). SE and HoDoKu are rated for one solution only: SE's
    scale is defined there, HoDoKu's where its rules apply (classic grids). ``hodoku_level`` is the
    level's name, or how HoDoKu's path ended when it did not solve the puzzle (``stuck``,
    ``impossible``). ``techniques`` are the rules SE's path took, in the order of first use.
    """

    solutions: int
    se: float | None = None
    hodoku_score: int | None = None
    hodoku_level: str | None = None
    hardest: str | None = None
    techniques: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rating:
    """What is stored of a library puzzle's rating."""

    puzzle_id: int
    rated: PuzzleRating


def rate_puzzle(grid: Grid, rules: tuple[Rule, ...] = RULES) -> PuzzleRating:
    """A puzzle's solutions, SE rating, HoDoKu score and level, and the techniques SE's path took.

    The one rating of a collection's puzzle, for the library and for the window's collection table.
    """
    found = first_solutions(grid, 2)
    if len(found) != 1:
        return PuzzleRating(len(found))
    try:
        se = None if se_refusal(grid.geometry) else rate_se(grid, rules, one_solution=True)
    except Contradiction:
        return PuzzleRating(1, hodoku_level=IMPOSSIBLE)
    score = level = None
    if hodoku_refusal(grid.geometry) is None:
        try:
            rated = rate_hodoku(grid, rules, solution=found[0].values)
        except Contradiction:
            level = IMPOSSIBLE
        else:
            score = rated.score
            level = rated.level.name.lower() if rated.status == "solved" else rated.status
    if se is None:
        return PuzzleRating(1, None, score, level)
    return PuzzleRating(1, round(se.difficulty, 1), score, level, se.hardest_rule or None, se.rules_used)


def rate_line(item: tuple[int, str]) -> Rating:
    """Worker: rate library puzzle ``(id, line)`` with the default rules."""
    puzzle_id, line = item
    return Rating(puzzle_id, rate_puzzle(parse_puzzle(line, "<library>")))


def save_rating(library: Library, rating: Rating) -> None:
    """Store one rating (replacing what a row brought at import), in a transaction of its own."""
    with library.transaction() as db:
        _write(db, rating)


def _write(db: sqlite3.Connection, rating: Rating) -> None:
    r = rating.rated
    db.execute(
        "INSERT OR REPLACE INTO ratings (puzzle_id, solutions, se, hodoku_score, hodoku_level, hardest,"
        " techniques, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            rating.puzzle_id,
            r.solutions,
            r.se,
            r.hodoku_score,
            r.hodoku_level,
            r.hardest,
            ",".join(r.techniques) or None,
            now(),
        ),
    )
