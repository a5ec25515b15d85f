"""Sue de Coq: cells where a line meets a box, locked together with a set in the line and one in the box.

Take two or more open cells C where a line meets a box, holding digits V between them, at least two
more digits than cells. In the rest of the line take a set A of cells holding only digits of V, one
more digit than cells (an almost locked set), and in the rest of the box a set D likewise, with no
digit shared by A and D. If C, A and D together have as many cells as V has digits, they hold every
digit of V exactly once (C and A share the line, C and D the box, and A and D have no digit in
common). So each of A's digits is in A or C (inside the line), each of D's in D or C (inside the box),
and the others in C: A's digits leave the rest of the line, D's the rest of the box, and V's other
digits leave both.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from sudoku_workbench.core.cancel import checkpoint
from sudoku_workbench.core.geometry import Cell, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._positions import Intersection, cell_candidates, intersections
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = ["SUE_DE_COQ", "sue_de_coq"]

SUE_DE_COQ = "sue_de_coq"
#: Largest set looked for on either side of the meeting.
MAX_SIDE = 3


def _union(cands: tuple[int, ...], cells: tuple[Cell, ...]) -> int:
    mask = 0
    for cell in cells:
        mask |= cands[cell]
    return mask


def _within(cands: tuple[int, ...], cells: list[Cell], allowed: int) -> bool:
    """Whether one of ``cells`` holds only ``allowed`` digits."""
    return any(not cands[c] & ~allowed for c in cells)


@functools.cache
def _sides(geo: Geometry) -> tuple[tuple[Intersection, tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """Each line–box meeting with the rest of its line and the rest of its box."""
    return tuple(
        (
            inter,
            tuple(c for c in geo.units[inter.line] if c not in inter.cells),
            tuple(c for c in geo.units[inter.box] if c not in inter.cells),
        )
        for inter in intersections(geo)
    )


def _almost_locked(
    cands: tuple[int, ...], pool: list[Cell], allowed: int
) -> list[tuple[tuple[Cell, ...], int]]:
    """Sets of cells from ``pool`` holding only ``allowed`` digits, one more digit than cells."""
    usable = [c for c in pool if cands[c] and not cands[c] & ~allowed]
    found = []
    for size in range(1, MAX_SIDE + 1):
        for cells in itertools.combinations(usable, size):
            digits = _union(cands, cells)
            if digits.bit_count() == size + 1:
                found.append((cells, digits))
    return found


def sue_de_coq(grid: Grid) -> Iterator[Step]:
    """A line–box meeting locked with an almost locked set in the line and one in the box."""
    geo = grid.geometry
    cands = grid.candidates
    for inter, line_others, box_others in _sides(geo):
        open_cells = [c for c in inter.cells if cands[c]]
        if len(open_cells) < 2:
            continue
        # every side set holds only digits of the meeting cells: most meetings have none on a side
        meeting = _union(cands, tuple(open_cells))
        line_rest = [c for c in line_others if cands[c]]
        box_rest = [c for c in box_others if cands[c]]
        if not (_within(cands, line_rest, meeting) and _within(cands, box_rest, meeting)):
            continue
        for size in range(2, len(open_cells) + 1):
            for core in itertools.combinations(open_cells, size):
                checkpoint()
                digits = _union(cands, core)
                if digits.bit_count() < size + 2:
                    continue
                line_sets = _almost_locked(cands, line_rest, digits)
                if not line_sets:  # most cores: then the box side is not looked for
                    continue
                box_sets = _almost_locked(cands, box_rest, digits)
                for (a, la), (d, ba) in itertools.product(line_sets, box_sets):
                    if la & ba or size + len(a) + len(d) != digits.bit_count():
                        continue
                    step = _step(grid, inter, core, (a, la), (d, ba), digits)
                    if step is not None:
                        yield step


def _step(
    grid: Grid,
    inter: Intersection,
    core: tuple[Cell, ...],
    line_set: tuple[tuple[Cell, ...], int],
    box_set: tuple[tuple[Cell, ...], int],
    digits: int,
) -> Step | None:
    geo = grid.geometry
    (a, la), (d, ba) = line_set, box_set
    rest = digits & ~la & ~ba
    pattern = (*core, *a, *d)
    line_others = [c for c in geo.units[inter.line] if c not in pattern]
    box_others = [c for c in geo.units[inter.box] if c not in pattern]
    gone = dict.fromkeys(
        (
            *cell_candidates(grid, line_others, la | rest),
            *cell_candidates(grid, box_others, ba | rest),
        )
    )
    if not gone:
        return None
    line_name, box_name = geo.unit_name(inter.line), geo.unit_name(inter.box)
    return Step(
        SUE_DE_COQ,
        eliminations=tuple(gone),
        highlights=Highlights(
            cells=pattern, units=(inter.line, inter.box), pattern=cell_candidates(grid, pattern)
        ),
        explanation=(
            f"Sue de Coq: where {line_name} meets {box_name}, {cells_text(geo, core)} hold "
            f"{mask_text(digits)}. "
            f"In {line_name}, {cells_text(geo, a)} hold only {mask_text(la)}; in {box_name}, "
            f"{cells_text(geo, d)} hold only {mask_text(ba)}. These {len(pattern)} cells hold exactly the "
            f"{digits.bit_count()} digits {mask_text(digits)}, so {mask_text(la)} stay in {line_name} "
            f"within them, {mask_text(ba)} in {box_name}"
            f"{f', and {mask_text(rest)} in the meeting cells' if rest else ''}. "
            f"So {', '.join(f'{geo.cell_name(c)}<>{digit_char(d)}' for c, d in gone)}."
        ),
    )
