"""Digit templates: Eppstein's whole-grid rule for one digit (PADS ``Sudoku.py`` calls it "nishio").

A *template* of a digit is one full placement of its N copies: one in every row, every column and every
box, each on a cell that can still hold it. The true solution contains one, so a candidate of the digit
that lies on no template is false. This is the digit matching rule (rows × columns) with the boxes
added: it sees every fish, and also the patterns where boxes and lines together confine a digit, which
the row–column matching cannot. The *template set* (HoDoKu's) is the other face: a cell that every
template of a digit uses holds that digit, and such cells are taken from the other digits' templates
in turn until nothing changes; the cells left to every template of a digit get it.

The templates are not listed one by one. Rows are taken in order and the search state is the set of
columns used so far plus the stacks (box columns) used in the current band, so equal states are
explored once and each remembers which cells some and every completion use. A state budget keeps large, almost
empty grids from costing much; a digit that runs over it is simply skipped (no deduction, never wrong).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_workbench.core.cancel import checkpoint
from sudoku_workbench.core.geometry import Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._memos import forgettable
from sudoku_workbench.logic.shared._text import cells_text

__all__ = ["DIGIT_TEMPLATE", "TEMPLATE_SET", "digit_template", "template_set", "template_spread"]

DIGIT_TEMPLATE = "digit_template"
TEMPLATE_SET = "template_set"

#: Search states one digit may explore before it is skipped (an empty 16x16 grid needs about 10,000).
STATE_BUDGET = 20_000
#: Search states one call of the rule may explore over all digits, so a big grid stays quick.
CALL_BUDGET = 60_000


class _OverBudget(Exception):
    """Raised inside the search when a digit needs more states than :data:`STATE_BUDGET`."""


def _row_options(grid: Grid, digit: Digit) -> tuple[int, ...]:
    """Per row, the columns (bit mask) where the digit is a candidate or already placed."""
    geo = grid.geometry
    n = geo.n
    bit = 1 << (digit - 1)
    cands, values = grid.candidates, grid.values
    options = []
    for row in range(n):
        start = row * n
        mask = 0
        for col in range(n):
            cell = start + col
            if values[cell] == digit or (not values[cell] and cands[cell] & bit):
                mask |= 1 << col
        options.append(mask)
    return tuple(options)


def template_spread(
    geo: Geometry, options: tuple[int, ...], budget: int = STATE_BUDGET
) -> tuple[int, int] | None:
    """The cells (bit ``row * n + col``) on some template and on every template, given each row's columns.

    Returns (0, 0) when the digit has no template at all (the position is impossible) and None when
    the search needed more than ``budget`` states.
    """
    return _search(geo, options, budget)[0]


def _search(geo: Geometry, options: tuple[int, ...], budget: int) -> tuple[tuple[int, int] | None, int]:
    """The cells on some template and on every template ((0, 0): none), and the states explored.

    None instead of the cells when the search needed more than ``budget`` states. Searches within
    :data:`STATE_BUDGET` are remembered by the digit's row options, which most digits keep from one
    position to the next: the search runs the same whatever the budget until the budget stops it, so
    the remembered one says which budgets it would have finished under.
    """
    if budget > STATE_BUDGET:
        return _explore(geo, options, budget)[:2]
    cells, states, least = _explored(geo, options)
    if cells is None or least > budget:
        return None, budget
    return cells, states


@forgettable
@functools.lru_cache(maxsize=4096)
def _explored(geo: Geometry, options: tuple[int, ...]) -> tuple[tuple[int, int] | None, int, int]:
    """:func:`_explore` within :data:`STATE_BUDGET`, remembered."""
    return _explore(geo, options, STATE_BUDGET)


def _explore(geo: Geometry, options: tuple[int, ...], budget: int) -> tuple[tuple[int, int] | None, int, int]:
    """:func:`_search`, and the least budget under which it finishes (more than ``budget`` when it did not).

    Rows are taken in order; equal states (columns used, stacks used in the current band) are explored once.
    """
    n, band, stack_width = geo.n, geo.box_rows, geo.box_cols
    memo: dict[tuple[int, int, int], tuple[int, int] | None] = {}
    least = 0  # one more than the states finished at the latest budget check

    def completions(row: int, used: int, stacks: int) -> tuple[int, int] | None:
        """Cells used by some and by every completion from ``row`` on; None when there is none."""
        nonlocal least
        if row == n:
            return 0, 0
        key = (row, used, stacks)
        if key in memo:
            return memo[key]
        if len(memo) >= budget:
            raise _OverBudget
        least = len(memo) + 1
        some, every, found = 0, -1, False
        free = options[row] & ~used
        while free:
            low = free & -free
            free ^= low
            col = low.bit_length() - 1
            stack = 1 << (col // stack_width)
            if stacks & stack:
                continue
            next_stacks = 0 if (row + 1) % band == 0 else stacks | stack
            rest = completions(row + 1, used | low, next_stacks)
            if rest is not None:
                here = 1 << (row * n + col)
                found, some, every = True, some | rest[0] | here, every & (rest[1] | here)
        memo[key] = (some, every) if found else None
        return memo[key]

    try:  # the recursion is one level per row, at most 25 deep
        return completions(0, 0, 0) or (0, 0), len(memo), least
    except _OverBudget:
        return None, budget, budget + 1


def digit_template(grid: Grid) -> Iterator[Step]:
    """A candidate of a digit that lies on no full placement of that digit (one per row, column, box) goes."""
    geo = grid.geometry
    cands, values = grid.candidates, grid.values
    left = CALL_BUDGET
    for digit in range(1, geo.n + 1):
        checkpoint()
        bit = 1 << (digit - 1)
        open_cells = [c for c in range(geo.size) if not values[c] and cands[c] & bit]
        if not open_cells or left <= 0:
            continue
        spread, states = _search(geo, _row_options(grid, digit), min(STATE_BUDGET, left))
        left -= states
        covered = spread[0] if spread else 0
        if not covered:
            continue  # over budget, or no template: the engine reports an impossible position itself
        gone = [c for c in open_cells if not covered >> c & 1]
        if gone:
            yield _template_step(grid, digit, open_cells, gone)


def _template_step(grid: Grid, digit: Digit, open_cells: list[int], gone: list[int]) -> Step:
    geo = grid.geometry
    kept = tuple(c for c in open_cells if c not in gone)
    d = digit_char(digit)
    return Step(
        DIGIT_TEMPLATE,
        eliminations=tuple((c, digit) for c in gone),
        highlights=Highlights(cells=kept, pattern=tuple((c, digit) for c in kept)),
        explanation=(
            f"Every way to place all {geo.n} copies of {d} — one in each row, column and box, each on a "
            f"cell that can still hold {d} — leaves {cells_text(geo, gone)} empty of {d}. The solution "
            f"is one of those ways, so {d} leaves {'that cell' if len(gone) == 1 else 'those cells'} "
            f"(digit templates)."
        ),
    )


def _musts(grid: Grid) -> list[int]:
    """Per digit (index = digit), the cells on every template once the other digits' such cells are off.

    A cell every template of digit k uses holds k in the solution, so no other digit's template may
    use it (HoDoKu's refinement): the digits are searched again with those cells taken until nothing
    changes. A digit over the budget, or without a template, keeps no cells (no deduction from it).
    """
    geo = grid.geometry
    n, row_mask = geo.n, geo.full_mask
    base = [(), *(_row_options(grid, digit) for digit in range(1, n + 1))]
    musts = [0] * (n + 1)
    searched_with = [-1] * (n + 1)  # the cells taken from each digit when it was last searched
    left, changed = CALL_BUDGET, True
    while changed and left > 0:
        changed = False
        for digit in range(1, n + 1):
            taken = 0
            for other, cells in enumerate(musts):
                taken |= 0 if other == digit else cells
            if taken == searched_with[digit] or left <= 0:
                continue
            searched_with[digit] = taken
            options = tuple(cols & ~(taken >> (row * n)) & row_mask for row, cols in enumerate(base[digit]))
            spread, states = _search(geo, options, min(STATE_BUDGET, left))
            left -= states
            every = spread[1] if spread and spread[0] else 0
            if every != musts[digit]:
                musts[digit], changed = every, True
    return musts


def template_set(grid: Grid) -> Iterator[Step]:
    """A digit goes in every open cell that all its full placements (one per row, column, box) use."""
    geo = grid.geometry
    values = grid.values
    for digit, must in enumerate(_musts(grid)):
        placed = [c for c in range(geo.size) if must >> c & 1 and not values[c]]
        if placed:
            yield _set_step(grid, digit, placed)


def _set_step(grid: Grid, digit: Digit, placed: list[int]) -> Step:
    geo = grid.geometry
    d = digit_char(digit)
    return Step(
        TEMPLATE_SET,
        placements=tuple((c, digit) for c in placed),
        highlights=Highlights(cells=tuple(placed), pattern=tuple((c, digit) for c in placed)),
        explanation=(
            f"Every way to place all {geo.n} copies of {d} — one in each row, column and box, each on a "
            f"cell that can still hold {d} and that no other digit takes in all of its own ways — puts "
            f"a {d} in {cells_text(geo, placed)}. The solution is one of those ways, so {d} goes "
            f"{'there' if len(placed) == 1 else 'in each of them'} (template set)."
        ),
    )
