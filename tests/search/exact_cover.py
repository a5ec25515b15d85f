"""An independent solution counter for checking generated puzzles: Knuth's Algorithm X on dict-of-sets.

Deliberately shares nothing with the package's solver (no masks, no singles, no engine): Sudoku as an
exact-cover problem whose constraints are "cell filled", "digit in row", "digit in column", "digit in box".
"""

from __future__ import annotations

from sudoku_workbench.core import Grid


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many completions the givens have, counting no further than ``limit``."""
    geo = grid.geometry
    n = geo.n
    choices: dict[tuple[int, int], list[tuple[str, int, int]]] = {}
    for cell in range(geo.size):
        r, c, b = geo.row_of[cell], geo.col_of[cell], geo.box_of[cell]
        for d in range(1, n + 1):
            choices[(cell, d)] = [("cell", cell, 0), ("row", r, d), ("col", c, d), ("box", b, d)]
    columns: dict[tuple[str, int, int], set[tuple[int, int]]] = {}
    for choice, constraints in choices.items():
        for constraint in constraints:
            columns.setdefault(constraint, set()).add(choice)
    for cell, digit in enumerate(grid.givens):
        if digit:
            if (cell, digit) not in columns[("cell", cell, 0)]:
                return 0  # clashes with an earlier given
            _select(columns, choices, (cell, digit))
    return _search(columns, choices, limit)


def _search(columns, choices, limit: int) -> int:
    if not columns:
        return 1
    constraint = min(columns, key=lambda k: len(columns[k]))
    found = 0
    for choice in list(columns[constraint]):
        removed = _select(columns, choices, choice)
        found += _search(columns, choices, limit - found)
        _deselect(columns, choices, choice, removed)
        if found >= limit:
            break
    return found


def _select(columns, choices, choice):
    removed = []
    for constraint in choices[choice]:
        for other in columns[constraint]:
            for other_constraint in choices[other]:
                if other_constraint != constraint:
                    columns[other_constraint].discard(other)
        removed.append(columns.pop(constraint))
    return removed


def _deselect(columns, choices, choice, removed):
    for constraint in reversed(choices[choice]):
        columns[constraint] = removed.pop()
        for other in columns[constraint]:
            for other_constraint in choices[other]:
                if other_constraint != constraint:
                    columns[other_constraint].add(other)
