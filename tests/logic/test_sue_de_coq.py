"""Sue de Coq: an exact hand-made case and one that must not fire."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.singles import sue_de_coq
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
