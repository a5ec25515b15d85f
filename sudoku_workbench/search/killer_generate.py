"""Unique killer puzzles without givens: cages cut from a random solution grid until one solution is left.

A random solution grid is cut into random connected cages (mostly two to five cells, digits never
repeated); each cage gets the sum of its digits. While the puzzle has a second solution, a cage where
the two solutions differ is split in two (smaller cages say more). Then, with ``merge=True``, pairs of
neighbouring cages are joined again wherever the puzzle stays unique, which leaves fewer and larger
cages (a harder puzzle). Every draw comes from ``rng``, so a seed gives the same puzzle.

Proving a merge keeps the puzzle unique is nearly all the time (the cutting and splitting take
milliseconds), and a few merges make a puzzle that takes the search hundreds of thousands of nodes.
So a merge is proved by the compiled search within :data:`MERGE_NODE_BUDGET` nodes, and one it cannot
prove within them is not made: the puzzle stays unique, a seed still gives the same puzzle (nodes, not
seconds, are counted), and the merges given up are the ones a hand-solver would find hardest too.
Without the compiled search every merge is proved by :func:`~sudoku_workbench.search.solve.count`.

:func:`rated_killer` draws killers until the chosen logic rules solve one (of a given level, if asked):
what ``generate --killer`` writes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from sudoku_workbench.core.cages import Cage, connected_piece
from sudoku_workbench.core.geometry import Geometry, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import Level, Rating, Rule, rate
from sudoku_workbench.search._engine import OutOfBudget
from sudoku_workbench.search._kernel import kernel_search
from sudoku_workbench.search.solve import count, first_solutions, solutions

__all__ = ["cage_grid", "cut_cages", "generate_killer", "rated_killer"]

#: Cage sizes drawn when cutting, with their weights (newspaper killers are mostly pairs and triples).
_SIZES = (2, 3, 4, 5)
_WEIGHTS = (4, 5, 3, 1)

#: Search nodes a merge may take to be proved unique (the kernel looks every 2048 nodes); the
#: median merged puzzle needs about 20.
MERGE_NODE_BUDGET = 4096


def _sides(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [
        x
        for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1), (cell - 1, c > 0), (cell + 1, c < n - 1))
        if ok
    ]


def cut_cages(solution: Sequence[int], n: int, rng: random.Random) -> list[list[int]]:
    """A random partition of the grid into connected cages whose digits (in ``solution``) differ."""
    free = set(range(n * n))
    cages: list[list[int]] = []
    while free:
        start = rng.choice(sorted(free))
        cage, digits = [start], {solution[start]}
        free.discard(start)
        wanted = rng.choices(_SIZES, _WEIGHTS)[0]
        while len(cage) < wanted:
            grow = sorted({x for c in cage for x in _sides(c, n) if x in free and solution[x] not in digits})
            if not grow:
                break
            cell = rng.choice(grow)
            cage.append(cell)
            digits.add(solution[cell])
            free.discard(cell)
        cages.append(cage)
    return cages


def cage_grid(base: Geometry, cages: Sequence[Sequence[int]], solution: Sequence[int]) -> Grid:
    """The empty killer puzzle of these cages, each summed from the solution."""
    geo = with_cages(base, [Cage(tuple(c), sum(solution[x] for x in c)) for c in cages])
    return Grid.empty(geo)


def _split(cage: list[int], at: int, n: int, rng: random.Random) -> list[list[int]]:
    """The cage cut in two connected pieces, one of them holding ``at``."""
    if len(cage) == 1:
        return [cage]
    inside = set(cage)
    for _ in range(20):
        piece, todo = {at}, [at]
        want = rng.randint(1, len(cage) - 1)
        while todo and len(piece) < want:
            cell = todo.pop(rng.randrange(len(todo)))
            for x in _sides(cell, n):
                if x in inside and x not in piece and len(piece) < want:
                    piece.add(x)
                    todo.append(x)
        rest = inside - piece
        if rest and _connected(rest, n):
            return [sorted(piece), sorted(rest)]
    return [[x] for x in cage]


def _connected(cells: set[int], n: int) -> bool:
    return len(connected_piece(next(iter(cells)), cells, n)) == len(cells)


def _two(grid: Grid) -> list[Grid]:
    """The first two solutions (one: the puzzle is unique)."""
    return first_solutions(grid, 2)


def _proved_unique(grid: Grid) -> bool:
    """The puzzle has one solution, proved within the merge budget (False: not proved, or not unique)."""
    try:
        found = kernel_search(grid, 2, budget=MERGE_NODE_BUDGET)
    except OutOfBudget:
        return False
    return (count(grid, 2) if found is None else found.count) == 1


def generate_killer(base: Geometry, rng: random.Random, merge: bool = True) -> Grid:
    """A killer puzzle on ``base``'s shape with no givens and exactly one solution."""
    solution = next(iter(solutions(Grid.empty(base.uncaged), rng=rng))).values
    n = base.n
    cages = cut_cages(solution, n, rng)
    while True:
        grid = cage_grid(base.uncaged, cages, solution)
        found = _two(grid)
        if len(found) < 2:
            break
        first, other = found
        differ = [c for c in range(n * n) if first.values[c] != other.values[c]]
        at = rng.choice(differ)
        index = next(i for i, cage in enumerate(cages) if at in cage)
        cages[index : index + 1] = _split(cages[index], at, n, rng)
    if merge:
        cages = _merged(base.uncaged, cages, solution, rng)
    return cage_grid(base.uncaged, cages, solution)


def _merged(
    base: Geometry, cages: list[list[int]], solution: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Join neighbouring cages (distinct digits, at most N cells) wherever the puzzle stays unique."""
    n = base.n
    pairs = [
        (i, j)
        for i in range(len(cages))
        for j in range(i + 1, len(cages))
        if any(x in cages[j] for c in cages[i] for x in _sides(c, n))
    ]
    rng.shuffle(pairs)
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    groups = {i: list(cage) for i, cage in enumerate(cages)}
    for a, b in pairs:
        ga, gb = owner[cages[a][0]], owner[cages[b][0]]
        if ga == gb:
            continue
        joined = groups[ga] + groups[gb]
        if len(joined) > 5 or len({solution[c] for c in joined}) < len(joined):
            continue
        trial = [g for k, g in groups.items() if k not in (ga, gb)] + [joined]
        if _proved_unique(cage_grid(base, trial, solution)):
            groups[ga] = joined
            del groups[gb]
            for c in joined:
                owner[c] = ga
    return list(groups.values())


def rated_killer(
    draw: Callable[[random.Random], Geometry],
    rng: random.Random,
    rules: tuple[Rule, ...],
    level: Level | None = None,
    budget: float = 5.0,
) -> tuple[Grid, Rating]:
    """A unique no-givens killer the ``rules`` solve (at ``level`` if given), with its rating.

    Killers on shapes from ``draw(rng)`` are made until one fits; when ``budget`` seconds pass first,
    the closest one made (solved, then nearest in level) is given.
    """
    deadline = time.monotonic() + budget
    best: tuple[tuple[int, int], Grid, Rating] | None = None
    while True:
        grid = generate_killer(draw(rng), rng)
        rating = rate(grid, rules)
        stuck = rating.level is Level.NEEDS_SEARCH
        key = (int(stuck), 0 if level is None else abs(rating.level - level))
        if key == (0, 0):
            return grid, rating
        if best is None or key < best[0]:
            best = (key, grid, rating)
        if time.monotonic() >= deadline:
            return best[1], best[2]
