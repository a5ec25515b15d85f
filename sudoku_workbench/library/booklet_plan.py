"""What a booklet holds for each puzzle: number, the rating line under it, solution, path in words.

Qt-free, so the command line computes the content in worker processes and the window the same way;
``gui/collection/booklet.py`` only paints it. Everything is plain text (puzzle lines, step sentences), so an
item travels between processes as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.fpuzzles import format_link
from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.library.rating import PuzzleRating, rate_puzzle
from sudoku_workbench.logic.engine import solve_by_logic, step_name
from sudoku_workbench.search.solve import first_solutions

__all__ = ["BookletItem", "booklet_item", "caption", "puzzle_text"]


@dataclass(frozen=True)
class BookletItem:
    """One puzzle of a booklet; ``solution`` is empty when the puzzle has not exactly one."""

    number: int
    puzzle: str
    caption: str
    solution: str
    steps: tuple[str, ...] = ()


def caption(rating: PuzzleRating) -> str:
    """``SE 7.2 · HoDoKu extreme (2140) · X-Chain``, or why there is no rating."""
    if rating.solutions != 1:
        return "no solution" if rating.solutions == 0 else "several solutions"
    parts = [f"SE {rating.se:.1f}" if rating.se is not None else ""]
    if rating.hodoku_level is not None:
        parts.append(f"HoDoKu {rating.hodoku_level} ({rating.hodoku_score})")
    if rating.hardest:
        parts.append(step_name(rating.hardest))  # the reader's words, not the rule's id
    return " · ".join(p for p in parts if p)


def puzzle_text(grid: Grid) -> str:
    """The puzzle as one line that keeps its whole shape.

    An f-puzzles link when it has thermometers, arrows, dots or X/V (the one-line form cannot write
    them), else the usual line.
    """
    return format_link(grid) if grid.geometry.constraints else grid.to_line()


def booklet_item(job: tuple[int, str, bool, bool]) -> BookletItem:
    """Worker: the item of puzzle ``(number, line, rated, explained)``.

    ``rated``: the caption gives SE, HoDoKu and the hardest rule; ``explained``: the logic path's steps.
    """
    number, line, rated, explained = job
    grid = parse_puzzle(line, "<booklet>")
    found = first_solutions(grid, 2)
    solution = found[0].to_line() if len(found) == 1 else ""
    text = caption(rate_puzzle(grid)) if rated else ""
    steps: tuple[str, ...] = ()
    if explained and solution:
        steps = tuple(
            f"{step_name(s.rule)}: {' '.join(s.explanation.split())}" for s in solve_by_logic(grid).steps
        )
    return BookletItem(number, puzzle_text(grid), text, solution, steps)
