"""A puzzle's ratings in words, each figure with the path it comes from.

Our level, Sudoku Explainer's number and HoDoKu's score are read off three different solve paths
(our rules simplest first, SE's easiest step each time, HoDoKu's order), which may differ in length
and in their hardest step. So each figure is said with its own path's step count and hardest step:
our path's hardest step named beside SE's number reads as if SE had rated that step.
"""

from __future__ import annotations

from sudoku_workbench.logic.engine import Rating, step_name
from sudoku_workbench.logic.rating.hodoku_scale import GUESS, HodokuRating
from sudoku_workbench.logic.rating.se_scale import SeRating

__all__ = ["rating_text"]


def _path(whose: str, steps: int, hardest_rule: str) -> str:
    """``(SE's path: 49 steps, hardest Hidden single)``: where a figure comes from."""
    count = f"{steps} step{'s' if steps != 1 else ''}"
    hardest = f", hardest {step_name(hardest_rule)}" if hardest_rule else ""
    return f"({whose} path: {count}{hardest})"


def rating_text(rating: Rating, se: SeRating | None = None, hodoku: HodokuRating | None = None) -> str:
    """``level Easy (our path: …); SE 1.2 (SE's path: …); HoDoKu Easy 196 (HoDoKu's path: …)``.

    SE's and HoDoKu's figures are given only when their path solved the puzzle.
    """
    level = rating.level.name.replace("_", " ").title()
    parts = [f"level {level} " + _path("our", rating.step_count, rating.hardest_rule)]
    if se is not None and se.status == "solved":
        parts.append(f"SE {se.difficulty:.1f} " + _path("SE's", se.step_count, se.hardest_rule))
    if hodoku is not None and hodoku.status == "solved":
        hardest = "guess" if hodoku.hardest == GUESS else hodoku.hardest_rule
        figure = f"HoDoKu {hodoku.level.name.title()} {hodoku.score} "
        parts.append(figure + _path("HoDoKu's", hodoku.step_count, hardest))
    return "; ".join(parts)
