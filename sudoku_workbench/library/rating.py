"""Ratings of library puzzles: computed once (solutions, SE, HoDoKu, hardest technique) and stored.

The rating of one puzzle is a module-level function of its line, so worker processes can run it;
:func:`save_rating` stores each result in its own transaction as it arrives, so a rating run that is
stopped or killed keeps every rating it finished and the next run starts from the puzzles left.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.library.database import Library
from sudoku_workbench.library.importing import now
from sudoku_workbench.logic.rating.hodoku_scale import hodoku_refusal, rate_hodoku
from sudoku_workbench.logic.rating.se_scale import rate_se, se_refusal
from sudoku_workbench.search.solve import first_solutions

__all__ = ["Rating", "rate_line", "save_rating"]


@dataclass(frozen=True)
class Rating:
    """What is stored of a puzzle's rating; SE and HoDoKu are None where they do not apply."""

    puzzle_id: int
    solutions: int
    se: float | None
    hodoku_score: int | None
    hodoku_level: str | None
    hardest: str | None


def rate_line(item: tuple[int, str]) -> Rating:
    """Worker: rate puzzle ``(id, line)``: solutions counted to 2; SE and HoDoKu for one solution only.

    SE's scale is defined for puzzles with one solution; HoDoKu's where its scale applies (classic).
    """
    puzzle_id, line = item
    grid = parse_puzzle(line, "<library>")
    found = first_solutions(grid, 2)
    if len(found) != 1:
        return Rating(puzzle_id, len(found), None, None, None, None)
    se = None if se_refusal(grid.geometry) else rate_se(grid, one_solution=True)
    score = level = None
    if hodoku_refusal(grid.geometry) is None:
        rated = rate_hodoku(grid, solution=found[0].values)
        score = rated.score
        level = rated.level.name.lower() if rated.status == "solved" else rated.status
    if se is None:
        return Rating(puzzle_id, 1, None, score, level, None)
    return Rating(puzzle_id, 1, round(se.difficulty, 1), score, level, se.hardest_rule or None)


def save_rating(library: Library, rating: Rating) -> None:
    """Store one rating (replacing what a row brought at import), in a transaction of its own."""
    with library.transaction() as db:
        _write(db, rating)


def _write(db: sqlite3.Connection, r: Rating) -> None:
    db.execute(
        "INSERT OR REPLACE INTO ratings (puzzle_id, solutions, se, hodoku_score, hodoku_level, hardest,"
        " rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (r.puzzle_id, r.solutions, r.se, r.hodoku_score, r.hodoku_level, r.hardest, now()),
    )
