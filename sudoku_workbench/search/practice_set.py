"""The shipped practice set: puzzles from our own generator whose logic path uses a technique early.

Practise a technique (Puzzle → Practise…) plays a puzzle up to the first use of the chosen technique,
so each technique needs a few puzzles whose path under the default rules reaches it. This module makes
them, reproducibly: puzzle ``i`` of seed ``s`` is the generator's (:func:`~.generate.generate`, Unique,
graded with the practice rules so no unique puzzle is dropped), its path is the default rules' path,
and for every technique on that path the puzzle is a candidate, ranked by how early the technique
first comes (a short way to the question), then by ``i``. The result is plain lines,
``rule_id<TAB>puzzle``, so another way of finding such puzzles (generation by target) can replace this
one without touching the reader (:mod:`~sudoku_workbench.logic.reference.practice`).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sudoku_workbench.core import CancelToken, Geometry, Grid
from sudoku_workbench.logic.engine import solve_by_logic
from sudoku_workbench.logic.reference.practice import practice_rules
from sudoku_workbench.search.generate import generate, puzzle_rng

__all__ = ["PracticeSet", "first_uses", "make_practice_set"]


def first_uses(grid: Grid) -> dict[str, int]:
    """Each technique on the default rules' path of ``grid``, with the steps before its first use."""
    firsts: dict[str, int] = {}
    for number, step in enumerate(solve_by_logic(grid, practice_rules()).steps):
        firsts.setdefault(step.rule, number)
    return firsts


@dataclass
class PracticeSet:
    """For each technique, the best puzzles found so far: (steps before its first use, index, puzzle line)."""

    per_rule: int
    found: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)

    def offer(self, index: int, grid: Grid) -> None:
        """Keep the puzzle for every technique where it is among the ``per_rule`` earliest first uses."""
        line = grid.to_line()
        for rule_id, before in first_uses(grid).items():
            kept = self.found.setdefault(rule_id, [])
            bisect.insort(kept, (before, index, line))
            del kept[self.per_rule :]

    def lines(self, order: Iterable[str]) -> list[str]:
        """``rule_id<TAB>puzzle`` lines, the techniques in ``order`` (the rule table's), each's best first."""
        kept = self.found
        return [f"{rule_id}\t{line}" for rule_id in order for _before, _index, line in kept.get(rule_id, ())]


def make_practice_set(
    geo: Geometry,
    seed: int,
    count: int,
    per_rule: int = 3,
    symmetry: str = "rot180",
    progress: Callable[[int, PracticeSet], None] | None = None,
    cancel: CancelToken | None = None,
) -> PracticeSet:
    """Draw puzzles ``0 … count-1`` of ``seed`` and keep, per technique, the ``per_rule`` best.

    The same arguments give the same set on every machine (no time budget is involved).
    ``progress(done, set_so_far)`` is called after each puzzle.

    Raises:
        Cancelled: when the token is cancelled.
    """
    chosen = PracticeSet(per_rule)
    rules = practice_rules()
    for index in range(count):
        made = generate(geo, puzzle_rng(seed, index), symmetry, unique=True, rules=rules, cancel=cancel)
        chosen.offer(index, made.grid)
        if progress is not None:
            progress(index + 1, chosen)
    return chosen
