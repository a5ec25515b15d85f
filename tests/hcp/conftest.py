"""Fixtures for the HCP tests: sample puzzles of every size up to 16 with their solutions."""

from __future__ import annotations

import random

import pytest

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.regions import random_jigsaw
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus
from tests.hcp.helpers import pattern_grid


def _blanked(n: int, seed: int) -> Grid:
    """A valid 8x8 or 12x12 grid by the row-shift pattern with about half its cells blanked."""
    geo = geometry_for_size(n)
    values = pattern_grid(geo)
    chooser = random.Random(seed)
    return Grid.from_values(geo, [v if chooser.random() < 0.5 else 0 for v in values])


def _samples() -> list[tuple[str, Grid]]:
    picks = [
        ("4x4", corpus("four_vu100.txt", 2, every=37)),
        ("6x6", corpus("sixbysix_2x3_examples.txt", 2)),
        ("9x9", corpus("royle17.txt", 2, every=9001)),
        ("16x16", corpus("sixteen_vu100.txt", 1)),
    ]
    named = [(f"{label}-{i}", grid) for label, grids in picks for i, grid in enumerate(grids)]
    named += [("8x8-0", _blanked(8, 1)), ("12x12-0", _blanked(12, 2))]
    # Irregular regions as blocks: the block gadget needs only each block to hold each digit once.
    for n in (9, 7):
        rng = random.Random(n)
        named.append(
            (f"jigsaw{n}x{n}-0", generate_eppstein(random_jigsaw(n, rng, symmetric=True), rng, "none"))
        )
    return named


SAMPLES = _samples()


@pytest.fixture(params=SAMPLES, ids=[name for name, _ in SAMPLES], scope="session")
def solved(request: pytest.FixtureRequest) -> tuple[Grid, Grid]:
    """A sample puzzle and a solution of it."""
    puzzle = request.param[1]
    solution = solve(puzzle)
    assert solution is not None
    return puzzle, solution
