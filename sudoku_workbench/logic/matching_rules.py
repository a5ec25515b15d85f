"""Eppstein's two matching rules, and the classic fish names for the first one.

* Digit rule: the places of one digit form a perfect matching between the rows and the columns that
  still lack it. A candidate on no perfect matching goes. Equivalently (Hall): if the digit's places in
  k rows all lie in k columns, it leaves those columns outside those rows. With k = 2, 3, 4 (counting
  from whichever side is smaller) this is the X-Wing, Swordfish and Jellyfish people know, and the step
  carries that name; other sizes are reported as the digit matching rule.
* Unit rule: the same on a unit's cells against its digits. If k digits can only go in k cells of a
  unit, only those digits may go there (and its mirror image, k cells with only k digits).

Both find, per removable candidate, the set that explains it (:func:`hall_closure`) and report all
eliminations that set gives as one step.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Candidate, Geometry
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.graphs.matching import analyse, digit_graph_masks, hall_closure, unit_graph_masks
from sudoku_workbench.logic._positions import cell_candidates
from sudoku_workbench.logic._text import and_list, cells_text, digits_text, mask_text

__all__ = [
    "DIGIT_MATCHING",
    "FISH_NAMES",
    "JELLYFISH",
    "SWORDFISH",
    "UNIT_MATCHING",
    "X_WING",
    "digit_matching",
    "forget_digit_steps",
    "jellyfish",
    "swordfish",
    "unit_matching",
    "x_wing",
]

X_WING = "x_wing"
SWORDFISH = "swordfish"
JELLYFISH = "jellyfish"
DIGIT_MATCHING = "digit_matching"
UNIT_MATCHING = "unit_matching"
#: Rule id by fish size (base lines); any other size is the plain digit matching rule.
FISH_NAMES = {2: X_WING, 3: SWORDFISH, 4: JELLYFISH}
_DISPLAY = {X_WING: "X-Wing", SWORDFISH: "Swordfish", JELLYFISH: "Jellyfish"}


def _lines(geo: Geometry, kind: str, indices: tuple[int, ...]) -> str:
    return f"{kind} {and_list([str(i + 1) for i in indices])}"


def _fish_step(grid: Grid, digit: int, rows: tuple[int, ...], base_rows: int, cover_cols: int) -> Step:
    """The step for: in rows ``base_rows`` the digit lies only in columns ``cover_cols``."""
    geo = grid.geometry
    bit = 1 << (digit - 1)
    cands = grid.candidates
    base = tuple(rows[i] for i in set_bits(base_rows))
    cover = tuple(set_bits(cover_cols))
    others = [r for r in rows if r not in base]
    eliminations = tuple(
        (geo.cell(r, c), digit) for c in cover for r in sorted(others) if cands[geo.cell(r, c)] & bit
    )
    # Name the fish from its smaller side: k rows inside k columns, or the other rows' complement.
    row_side = len(base) <= len(others)
    size = len(base) if row_side else len(others)
    rule = FISH_NAMES.get(size, DIGIT_MATCHING)
    if row_side:
        base_units = tuple(base)
        cover_units = tuple(geo.n + c for c in cover)
        sentence = (
            f"{digits_text([digit])} can go in {_lines(geo, 'rows', base)} only within "
            f"{_lines(geo, 'columns', cover)}"
        )
    else:
        free_cols = tuple(
            c for c in range(geo.n) if c not in cover and any(cands[geo.cell(r, c)] & bit for r in others)
        )
        base_units = tuple(geo.n + c for c in free_cols)
        cover_units = tuple(sorted(others))
        sentence = (
            f"{digits_text([digit])} can go in {_lines(geo, 'columns', free_cols)} only within "
            f"{_lines(geo, 'rows', tuple(sorted(others)))}"
        )
    base_cells = [c for u in base_units for c in geo.units[u] if cands[c] & bit]
    name = _DISPLAY.get(rule, "digit matching rule")
    count = len(base_units)
    return Step(
        rule,
        eliminations=eliminations,
        highlights=Highlights(
            cells=tuple(base_cells),
            units=base_units + cover_units,
            pattern=tuple((c, digit) for c in base_cells),
        ),
        explanation=(
            f"{sentence}: {count} lines whose {digits_text([digit])}s fill {count} crossing lines "
            f"({name}). So {digits_text([digit])} leaves the rest of those crossing lines: "
            f"{cells_text(geo, [c for c, _ in eliminations])}."
        ),
    )


@functools.lru_cache(maxsize=64)
def _digit_steps(grid: Grid) -> tuple[Step, ...]:
    """All steps of the digit rule on a grid (cached: four rules share them)."""
    steps = []
    for digit in range(1, grid.geometry.n + 1):
        rows, masks = digit_graph_masks(grid, digit)
        if len(rows) < 2:
            continue
        analysis = analyse(masks, ("digit", digit, rows))
        done: set[Candidate] = set()
        for row_index, col in analysis.removable:
            if (row_index, col) in done:
                continue
            base, cover = hall_closure(masks, analysis.mate, analysis.mate.index(col))
            for i in range(len(rows)):
                if not base >> i & 1:
                    done.update((i, c) for c in set_bits(masks[i] & cover))
            steps.append(_fish_step(grid, digit, rows, base, cover))
    return tuple(steps)


def forget_digit_steps() -> None:
    """Drop the digit-rule steps remembered per grid."""
    _digit_steps.cache_clear()


def x_wing(grid: Grid) -> Iterator[Step]:
    """A digit confined, in two rows (columns), to the same two columns (rows), leaves the rest of those."""
    return (s for s in _digit_steps(grid) if s.rule == X_WING)


def swordfish(grid: Grid) -> Iterator[Step]:
    """The X-Wing pattern on three rows and three columns."""
    return (s for s in _digit_steps(grid) if s.rule == SWORDFISH)


def jellyfish(grid: Grid) -> Iterator[Step]:
    """The X-Wing pattern on four rows and four columns."""
    return (s for s in _digit_steps(grid) if s.rule == JELLYFISH)


def digit_matching(grid: Grid) -> Iterator[Step]:
    """Eppstein's digit rule for the sizes without a fish name (one line, or five and more)."""
    return (s for s in _digit_steps(grid) if s.rule == DIGIT_MATCHING)


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
