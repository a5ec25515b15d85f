"""An independent solution counter for checking generated puzzles: Knuth's Algorithm X on dict-of-sets.

Deliberately shares nothing with the package's solver (no masks, no singles, no engine): Sudoku as an
exact-cover problem whose constraints are "cell filled", "digit in row", "digit in column", "digit in box"
(region), "digit in each variant house" (diagonals, windows, disjoint groups, from their definitions here)
and, as secondary columns, "not the same digit a knight's or king's move apart".
"""

from __future__ import annotations

from sudoku_workbench.core import Grid


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many completions the givens have, counting no further than ``limit``."""
    geo = grid.geometry
    n = geo.n
    houses = _variant_houses(geo)
    moves = _variant_moves(geo)
    choices: dict[tuple[int, int], list[tuple[object, ...]]] = {}
    for cell in range(geo.size):
        r, c, b = geo.row_of[cell], geo.col_of[cell], geo.region_of[cell]
        for d in range(1, n + 1):
            choices[(cell, d)] = [("cell", cell, 0), ("row", r, d), ("col", c, d), ("box", b, d)]
            choices[(cell, d)] += [("extra", i, d) for i, house in enumerate(houses) if cell in house]
            # at most one of two cells a move apart: a secondary column, never chosen to be covered
            choices[(cell, d)] += [("near", min(cell, o), max(cell, o), d) for o in moves[cell]]
    columns: dict[tuple[object, ...], set[tuple[int, int]]] = {}
    for choice, constraints in choices.items():
        for constraint in constraints:
            columns.setdefault(constraint, set()).add(choice)
    for cell, digit in enumerate(grid.givens):
        if digit:
            if (cell, digit) not in columns.get(("cell", cell, 0), ()):
                return 0  # clashes with an earlier given
            _select(columns, choices, (cell, digit))
    return _search(columns, choices, limit)


def _variant_houses(geo) -> list[set[int]]:
    """The variants' extra houses, worked out here from their definitions, not read from the geometry."""
    n = geo.n
    houses = []
    if "x" in geo.extras:
        houses += [{i * n + i for i in range(n)}, {i * n + n - 1 - i for i in range(n)}]
    if "windoku" in geo.extras:
        side = geo.box_rows
        tops = range(1, n, side + 1)[: side - 1]
        houses += [
            {(t + i) * n + s + j for i in range(side) for j in range(side)} for t in tops for s in tops
        ]
    if "disjoint" in geo.extras:
        rows, cols = geo.box_rows, geo.box_cols
        houses += [
            {c for c in range(n * n) if (c // n % rows, c % n % cols) == place}
            for place in [(i, j) for i in range(rows) for j in range(cols)]
        ]
    return houses


def _variant_moves(geo) -> list[list[int]]:
    n = geo.n
    steps = []
    if "antiknight" in geo.extras:
        steps += [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
    if "antiking" in geo.extras:
        steps += [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    return [
        [(r + a) * n + c + b for a, b in steps if 0 <= r + a < n and 0 <= c + b < n]
        for r, c in (divmod(cell, n) for cell in range(n * n))
    ]


def _search(columns, choices, limit: int) -> int:
    primary = [k for k in columns if k[0] != "near"]
    if not primary:
        return 1
    constraint = min(primary, key=lambda k: len(columns[k]))
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
