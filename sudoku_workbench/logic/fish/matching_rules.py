"""Eppstein's two matching rules.

* Digit rule: the places of one digit form a perfect matching between the rows and the columns that
  still lack it. A candidate on no perfect matching goes. Equivalently (Hall): if the digit's places in
  k rows all lie in k columns, it leaves those columns outside those rows. With k = 2, 3, 4 (counting
  from whichever side is smaller) this is the X-Wing, Swordfish and Jellyfish people know, which
  :mod:`~sudoku_workbench.logic.fish.basic_fish` finds directly; this rule reports the other sizes, and skips
  the networkx analysis of a digit that cannot have one.
* Unit rule: the same on a unit's cells against its digits. If k digits can only go in k cells of a
  unit, only those digits may go there (and its mirror image, k cells with only k digits).

Both find, per removable candidate, the set that explains it (:func:`hall_closure`) and report all
eliminations that set gives as one step.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_workbench.core.geometry import Candidate
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.graphs.matching import analyse, digit_graph_masks, hall_closure, unit_graph_masks
from sudoku_workbench.logic.fish.basic_fish import FISH_NAMES, fish_step
from sudoku_workbench.logic.shared._positions import cell_candidates, unit_positions
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = ["DIGIT_MATCHING", "UNIT_MATCHING", "digit_matching", "unit_matching"]

DIGIT_MATCHING = "digit_matching"
UNIT_MATCHING = "unit_matching"
#: Hall sets with both sides at least this big are beyond the fish sizes (12x12 grids and up).
_PAST_FISH = max(FISH_NAMES) + 1


def _digit_step(grid: Grid, digit: int, rows: tuple[int, ...], base_rows: int, cover_cols: int) -> Step:
    """The step for: in rows ``base_rows`` the digit lies only in columns ``cover_cols``.

    It is named from the smaller side: k rows inside k columns, or the other rows' complement.
    """
    geo = grid.geometry
    bit = 1 << (digit - 1)
    cands = grid.candidates
    base = tuple(rows[i] for i in set_bits(base_rows))
    cover = tuple(set_bits(cover_cols))
    others = tuple(r for r in rows if r not in base)
    if len(base) <= len(others):
        return fish_step(grid, digit, True, base, cover, FISH_NAMES.get(len(base), DIGIT_MATCHING))
    free_cols = tuple(
        c for c in range(geo.n) if c not in cover and any(cands[geo.cell(r, c)] & bit for r in others)
    )
    return fish_step(grid, digit, False, free_cols, others, FISH_NAMES.get(len(others), DIGIT_MATCHING))


def _digit_steps(grid: Grid, digit: int) -> Iterator[Step]:
    """The digit rule's steps for one digit, one per Hall set that explains a removable candidate."""
    rows, masks = digit_graph_masks(grid, digit)
    if len(rows) < 2:
        return
    analysis = analyse(masks, ("digit", digit, rows))
    done: set[Candidate] = set()
    for row_index, col in analysis.removable:
        if (row_index, col) in done:
            continue
        base, cover = hall_closure(masks, analysis.mate, analysis.mate.index(col))
        for i in range(len(rows)):
            if not base >> i & 1:
                done.update((i, c) for c in set_bits(masks[i] & cover))
        yield _digit_step(grid, digit, rows, base, cover)


def _beyond_fish(grid: Grid, digit: int) -> bool:
    """Whether the digit can have a Hall set whose smaller side is not 2-4 lines (the fish rules' part).

    That needs a line with a single place, or five or more lines on both sides (12x12 and up).
    """
    where = unit_positions(grid)
    n = grid.geometry.n
    counts = [where[line][digit - 1].bit_count() for line in range(2 * n)]
    return 1 in counts or sum(1 for c in counts[:n] if c) >= 2 * _PAST_FISH


def digit_matching(grid: Grid) -> Iterator[Step]:
    """Eppstein's digit rule for the sizes without a fish name (one line, or five and more)."""
    for digit in range(1, grid.geometry.n + 1):
        if _beyond_fish(grid, digit):
            yield from (s for s in _digit_steps(grid, digit) if s.rule == DIGIT_MATCHING)


def unit_matching(grid: Grid) -> Iterator[Step]:
    """Eppstein's unit rule: a cell–digit pair on no perfect matching of its unit goes."""
    geo = grid.geometry
    for unit in range(len(geo.units)):
        cells, masks = unit_graph_masks(grid, unit)
        analysis = analyse(masks, cells)
        done: set[tuple[int, int]] = set()
        for index, col in analysis.removable:
            if (index, col) in done:
                continue
            tight, digits = hall_closure(masks, analysis.mate, analysis.mate.index(col))
            inside = [cells[i] for i in set_bits(tight)]
            eliminations = cell_candidates(grid, (c for c in cells if c not in inside), digits)
            done.update((cells.index(c), d - 1) for c, d in eliminations)
            hidden = [c for c in cells if c not in inside]
            yield Step(
                UNIT_MATCHING,
                eliminations=eliminations,
                highlights=Highlights(
                    cells=tuple(inside),
                    units=(unit,),
                    pattern=cell_candidates(grid, inside),
                    matching=tuple((c, m + 1) for c, m in zip(cells, analysis.mate, strict=True)),
                ),
                explanation=(
                    f"In {geo.unit_name(unit)}, no way of filling the unit puts "
                    f"{mask_text(digits)} outside {cells_text(geo, inside)}: those {len(inside)} cells can "
                    f"only take these {len(inside)} digits, so the other cells "
                    f"({cells_text(geo, hidden)}) must share the remaining digits (unit matching rule)."
                ),
            )
