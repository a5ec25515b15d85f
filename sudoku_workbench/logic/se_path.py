"""The solve path Sudoku Explainer rates: at every position the easiest step on SE's scale.

Logic takes the first rule in the table that finds something; SE instead looks for the hint with the
lowest difficulty (a short chain before a long one, a hidden quad before any chain), and a puzzle's
rating is the hardest hint on that path. Rating our table's path would charge a puzzle for a chain
where SE had an easier way, so :func:`se_path` walks SE's path with our rules: rules are tried in order
of the least difficulty they can have, and the search for a position stops as soon as no rule left can
beat the best step found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import Rule
from sudoku_workbench.logic.solve_memory import SolveMemory, remembering

__all__ = ["se_path"]

#: How many steps of one rule are weighed per position (its first ones are its shortest chains).
_LOOK_AHEAD = 4


def se_path(
    grid: Grid,
    rules: tuple[Rule, ...],
    difficulty: Callable[[Step], float],
    floor: Callable[[Rule], float],
    cancel: CancelToken | None = None,
) -> Iterator[tuple[Step, Grid]]:
    """Each easiest step (by ``difficulty``) with the grid after it, until solved or stuck.

    ``floor(rule)`` is the least difficulty any step of that rule can have; ``cancel`` is checked
    before every rule is asked.

    Raises:
        Contradiction: when the position is impossible.
        Cancelled: when ``cancel`` was cancelled.
    """
    problems = grid.problems()
    if problems:
        raise Contradiction(f"the position is impossible: {problems[0].describe(grid.geometry)}", ())
    order = sorted(rules, key=floor)
    memory = SolveMemory()
    while not grid.is_complete():
        with remembering(memory):
            best = _easiest(grid, order, difficulty, floor, cancel)
        if best is None:
            return
        grid = grid.apply(best)
        yield best, grid


def _easiest(
    grid: Grid,
    order: list[Rule],
    difficulty: Callable[[Step], float],
    floor: Callable[[Rule], float],
    cancel: CancelToken | None,
) -> Step | None:
    """The easiest step of the position, asking ``order``'s rules until none left can beat it."""
    best: tuple[float, Step] | None = None
    for rule in order:
        if best is not None and floor(rule) >= best[0]:
            break
        if cancel is not None:
            cancel.check()
        for index, step in enumerate(rule.find(grid)):
            rated = difficulty(step)
            if best is None or rated < best[0]:
                best = (rated, step)
            if index + 1 >= _LOOK_AHEAD or rated <= floor(rule):
                break
    return None if best is None else best[1]
