"""The solve path Sudoku Explainer rates: at every position the easiest step on SE's scale.

Logic takes the first rule in the table that finds something; SE instead looks for the hint with the
lowest difficulty (a short chain before a long one, a hidden quad before any chain), and a puzzle's
rating is the hardest hint on that path. Rating our table's path would charge a puzzle for a chain
where SE had an easier way, so :func:`se_path` walks SE's path with our rules: rules are tried in order
of the least difficulty they can have, and the search for a position stops as soon as no rule left can
beat the best step found.

The singles, the first rules in that order and most of the path's steps, come from a
:class:`~sudoku_workbench.logic.singles_tally.SinglesTally` that follows the path, as in Logic: it gives
the step each single rule's scan would give first, and that step is the easiest of the position (a
single rule's first step rates its floor, or a hidden single in a line 1.5 when no box has one, and
no later rule starts lower). A step that may have broken the position ends the tally's part: the rules
then scan every position themselves, as they would on an impossible one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sudoku_workbench.core.cancel import CancelToken, checked_by
from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic._tally_kernel import new_tally
from sudoku_workbench.logic.engine import Rule, singles_served
from sudoku_workbench.logic.shared._positions import remember_unit_positions
from sudoku_workbench.logic.shared.solve_memory import SolveMemory, remembering

__all__ = ["rated_se_path", "se_path"]

#: A step's difficulty in the position it was found in (``None`` where the position is not needed).
PositionedDifficulty = Callable[[Step, Grid | None], float]

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
    for _rated, step, _open in rated_se_path(grid, rules, lambda s, _at: difficulty(s), floor, cancel):
        grid = grid.apply(step)
        yield step, grid


def rated_se_path(
    grid: Grid,
    rules: tuple[Rule, ...],
    difficulty: PositionedDifficulty,
    floor: Callable[[Rule], float],
    cancel: CancelToken | None = None,
) -> Iterator[tuple[float, Step, int]]:
    """As :func:`se_path`, each step with its difficulty and the empty cells left after it.

    No grid is built for a step the singles tally answers (most of them): a rating needs only the
    difficulties and whether the path ended with the grid full. ``difficulty`` is given the position
    a scanned step was found in (``None`` for the tally's singles, which need none): SE rates some
    steps by what they lead to there (its direct techniques).
    """
    tally = new_tally(grid)
    problems = grid.problems() if tally.suspect else ()  # the tally notes every kind of problem
    if problems:
        raise Contradiction(f"the position is impossible: {problems[0].describe(grid.geometry)}", ())
    order = sorted(rules, key=floor)
    floors = [floor(rule) for rule in order]  # asked of every rule at every position: worked out once
    singles = tuple(tally.finder(rule.id) for rule in singles_served(order)) if not tally.suspect else ()
    memory = SolveMemory()
    while tally.open_cells:
        if cancel is not None:
            cancel.check()
        best, start = _easiest_single(singles, difficulty)
        if best is None or (start < len(order) and floors[start] < best[0]):
            grid = tally.grid()
            if singles:
                remember_unit_positions(grid, tally.unit_positions())
            with remembering(memory):
                best = _easiest(grid, order, floors, start, difficulty, cancel, best)
        if best is None:
            return
        if tally.follow(best[1]):
            singles = ()
        yield best[0], best[1], tally.open_cells


def _easiest_single(
    singles: tuple[Callable[[], Step | None], ...], difficulty: PositionedDifficulty
) -> tuple[tuple[float, Step] | None, int]:
    """The tally's first single by the rules' order, rated, and the index of the next rule to ask."""
    for index, single in enumerate(singles):
        step = single()
        if step is not None:
            return (difficulty(step, None), step), index + 1
    return None, len(singles)


def _easiest(
    grid: Grid,
    order: list[Rule],
    floors: list[float],
    start: int,
    difficulty: PositionedDifficulty,
    cancel: CancelToken | None,
    best: tuple[float, Step] | None,
) -> tuple[float, Step] | None:
    """The easiest step of the position and its rating: ``best`` unless a rule of ``order`` beats it.

    The rules from ``order[start]`` on (``floors`` holds their floors) are asked in order until none
    left can beat the best step found.
    """
    for rule, least in zip(order[start:], floors[start:], strict=True):
        if best is not None and least >= best[0]:
            break
        if cancel is not None:
            cancel.check()
        with checked_by(cancel):
            for index, step in enumerate(rule.find(grid)):
                rated = difficulty(step, grid)
                if best is None or rated < best[0]:
                    best = (rated, step)
                if index + 1 >= _LOOK_AHEAD or rated <= least:
                    break
    return best
