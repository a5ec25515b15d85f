"""Every rule runs on every supported size and stays sound against a known solution."""

from __future__ import annotations

import itertools
import random

from sudoku_workbench.core import Geometry, Grid
from sudoku_workbench.logic.engine import RULES, solve_by_logic
from tests.logic.conftest import assert_sound


def shuffled_solution(geo: Geometry, rng: random.Random) -> list[int]:
    """A valid full grid: the standard pattern with digits, bands, stacks and lines shuffled."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    digits = rng.sample(range(1, n + 1), n)
    rows = [b * br + i for b in rng.sample(range(n // br), n // br) for i in rng.sample(range(br), br)]
    cols = [s * bc + i for s in rng.sample(range(n // bc), n // bc) for i in rng.sample(range(bc), bc)]

    def pattern(r: int, c: int) -> int:
        return (bc * (r % br) + r // br + c) % n

    return [digits[pattern(rows[r], cols[c])] for r in range(n) for c in range(n)]


def test_rules_on_every_size(any_geometry: Geometry, rng: random.Random) -> None:
    geo = any_geometry
    solution = shuffled_solution(geo, rng)
    assert Grid.from_values(geo, solution).is_solved()
    fired = set()
    for holes in (0.5, 0.6):
        puzzle = Grid.from_values(geo, [v if rng.random() > holes else 0 for v in solution])
        for rule in RULES:
            for step in itertools.islice(rule.find(puzzle), 30):
                assert_sound(step, solution, f"{geo.label} {rule.id}: ")
                fired.add(rule.id)
        run = solve_by_logic(puzzle)
        assert run.status in {"solved", "stuck"}
        for step in run.steps:
            assert_sound(step, solution, f"{geo.label} run: ")
    assert "hidden_single" in fired
