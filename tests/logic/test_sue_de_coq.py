"""Sue de Coq: an exact hand-made case, one that must not fire, and the search against a plain one."""

from __future__ import annotations

import dataclasses
import itertools
import random

from sudoku_workbench.core import geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import steps_with_grids
from sudoku_workbench.logic.shared._positions import intersections
from sudoku_workbench.logic.singles import sue_de_coq
from tests.conftest import corpus
from tests.logic.conftest import grid_from
from tests.logic.test_single_digit_patterns import names, only_step

G9 = geometry(3, 3)


def test_sue_de_coq() -> None:
    # r1c1, r1c2 hold 1, 2, 3, 4; r1c7 in row 1 holds 1, 2; r3c3 in box 1 holds 3, 4. The four cells hold
    # exactly 1-4: 1 and 2 leave the rest of row 1, 3 and 4 the rest of box 1.
    grid = grid_from(G9, keep={"r1c1": "1234", "r1c2": "1234", "r1c7": "12", "r3c3": "34"})
    step = only_step(sue_de_coq.sue_de_coq(grid))
    assert step.rule == "sue_de_coq"
    row = {f"r1c{c}<>{d}" for c in (3, 4, 5, 6, 8, 9) for d in (1, 2)}
    box = {f"r{r}c{c}<>{d}" for r, c in ((1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)) for d in (3, 4)}
    assert names(G9, step.eliminations) == row | box
    assert step.explanation.startswith(
        "Sue de Coq: where row 1 meets box 1, r1c1 and r1c2 hold 1, 2, 3 and 4."
    )


def test_sue_de_coq_needs_disjoint_sides() -> None:
    grid = grid_from(G9, keep={"r1c1": "1234", "r1c2": "1234", "r1c7": "12", "r3c3": "23"})
    assert next(sue_de_coq.sue_de_coq(grid), None) is None


def _plain_patterns(grid: Grid) -> list[tuple[int, ...]]:
    """The cells of each Sue de Coq step, every core of every meeting tried with no test first."""
    geo, cands = grid.geometry, grid.candidates
    found = []
    for inter in intersections(geo):
        open_cells = [c for c in inter.cells if cands[c]]
        line_rest = [c for c in geo.units[inter.line] if c not in inter.cells and cands[c]]
        box_rest = [c for c in geo.units[inter.box] if c not in inter.cells and cands[c]]
        for size in range(2, len(open_cells) + 1):
            for core in itertools.combinations(open_cells, size):
                digits = sue_de_coq._union(cands, core)
                line_sets = sue_de_coq._almost_locked(cands, line_rest, digits)
                box_sets = sue_de_coq._almost_locked(cands, box_rest, digits)
                for (a, la), (d, ba) in itertools.product(line_sets, box_sets):
                    if digits.bit_count() < size + 2 or la & ba:
                        continue
                    if size + len(a) + len(d) != digits.bit_count():
                        continue
                    if sue_de_coq._step(grid, inter, core, (a, la), (d, ba), digits) is not None:
                        found.append((*core, *a, *d))
    return found


def test_the_meetings_passed_over_hold_no_step() -> None:
    # Randomly thinned positions of corpus solves hold many more: the search, which passes over a
    # meeting with no cell on a side holding only its digits, finds the same steps as trying every core.
    rng = random.Random(14)
    fired = 0
    for puzzle in corpus("top1465.txt", count=4, every=120):
        for _step, grid in itertools.islice(steps_with_grids(puzzle), 0, 80, 4):
            for _ in range(3):
                cands = [m & ~(1 << rng.randrange(9)) if m.bit_count() > 2 else m for m in grid.candidates]
                thinned = dataclasses.replace(grid, candidates=tuple(cands))
                steps = [step.highlights.cells for step in sue_de_coq.sue_de_coq(thinned)]
                assert steps == _plain_patterns(thinned)
                fired += len(steps)
    assert fired > 10
