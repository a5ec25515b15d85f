"""``--assume-unique``: the uniqueness rules, only for puzzles that really have one solution.

Shared by the logic, rate and soundness commands: the puzzle's solutions are counted (limit 2, the
compiled search where built, else the SAT backend) and a puzzle with none or several is refused with a
message, never solved with rules whose premise it breaks.
"""

from __future__ import annotations

from typing import Any

from sudoku_workbench.cli._batch import Refusal
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.solve import count

__all__ = ["add_assume_unique", "solution_count", "unique_refusal"]


def add_assume_unique(parser: Any) -> None:
    """Add the ``--assume-unique`` flag to a subcommand."""
    parser.add_argument(
        "--assume-unique",
        action="store_true",
        help="also use unique rectangles, hidden and avoidable rectangles and BUG+1 "
        "(refused for a puzzle that has several solutions)",
    )


def solution_count(grid: Grid) -> int:
    """0, 1 or 2 (for several): the puzzle's solutions."""
    return count(grid.puzzle(), 2)


def unique_refusal(grid: Grid, assume_unique: bool) -> Refusal | None:
    """Why ``grid`` is refused when assuming one solution (None: not assuming, or it has one)."""
    if not assume_unique:
        return None
    found = solution_count(grid)
    if found == 0:
        return Refusal("--assume-unique refused: the puzzle has no solution")
    if found > 1:
        return Refusal(
            "--assume-unique refused: the puzzle has several solutions, "
            "so uniqueness rules could discard real ones"
        )
    return None
