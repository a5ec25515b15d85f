"""Symmetries keep the solution count: relabelling digits, transposing, swapping bands and stacks."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import BOX_SHAPES, Geometry, Grid, geometry
from sudoku_workbench.search.solve import count, search_count, solutions

#: Counting stops here; a capped count must be kept by a symmetry just as an exact one.
LIMIT = 12
SHAPES = sorted(BOX_SHAPES.values())


@functools.cache
def full_grid(geo: Geometry) -> tuple[int, ...]:
    return next(solutions(Grid.empty(geo), rng=random.Random(geo.n))).values


def relabel(values: list[int], permutation: list[int]) -> list[int]:
    return [permutation[v - 1] if v else 0 for v in values]


def transpose(values: list[int], n: int) -> list[int]:
    return [values[c * n + r] for r in range(n) for c in range(n)]


def swap_bands(values: list[int], geo: Geometry, a: int, b: int) -> list[int]:
    rows = [values[r * geo.n : (r + 1) * geo.n] for r in range(geo.n)]
    bands = [rows[i : i + geo.box_rows] for i in range(0, geo.n, geo.box_rows)]
    bands[a], bands[b] = bands[b], bands[a]
    return [v for band in bands for row in band for v in row]


def swap_stacks(values: list[int], geo: Geometry, a: int, b: int) -> list[int]:
    order = list(range(geo.n))
    stacks = [order[i : i + geo.box_cols] for i in range(0, geo.n, geo.box_cols)]
    stacks[a], stacks[b] = stacks[b], stacks[a]
    columns = [c for stack in stacks for c in stack]
    return [values[r * geo.n + c] for r in range(geo.n) for c in columns]


@st.composite
def puzzles_and_images(draw: st.DrawFn, shape: tuple[int, int]) -> tuple[Geometry, list[int], list[int]]:
    """A puzzle cut from a full grid, and its image under a random chain of symmetries."""
    geo = geometry(*shape)
    lowest = 0.2 if geo.n <= 9 else 0.55
    keep = draw(st.floats(lowest, 0.8))
    mask_rng = random.Random(draw(st.integers(0, 2**32)))
    puzzle = [v if mask_rng.random() < keep else 0 for v in full_grid(geo)]
    image = relabel(puzzle, draw(st.permutations(range(1, geo.n + 1))))
    bands, stacks = geo.n // geo.box_rows, geo.n // geo.box_cols
    image = swap_bands(image, geo, draw(st.integers(0, bands - 1)), draw(st.integers(0, bands - 1)))
    image = swap_stacks(image, geo, draw(st.integers(0, stacks - 1)), draw(st.integers(0, stacks - 1)))
    if geo.box_rows == geo.box_cols and draw(st.booleans()):
        image = transpose(image, geo.n)
    return geo, puzzle, image


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_symmetries_keep_the_solution_count(shape):
    examples = 12 if shape[0] * shape[1] <= 9 else 3

    @settings(max_examples=examples, deadline=None, derandomize=True)
    @given(puzzles_and_images(shape))
    def check(case: tuple[Geometry, list[int], list[int]]) -> None:
        geo, puzzle, image = case
        original = count(Grid.from_values(geo, puzzle), LIMIT)
        assert original >= 1  # cut from a full grid
        assert count(Grid.from_values(geo, image), LIMIT) == original
        if geo.n <= 9:
            assert search_count(Grid.from_values(geo, image), LIMIT) == original

    check()


def test_the_transforms_map_a_full_grid_to_a_full_grid():
    geo = geometry(3, 3)
    values = list(full_grid(geo))
    for image in (
        relabel(values, [2, 3, 4, 5, 6, 7, 8, 9, 1]),
        transpose(values, 9),
        swap_bands(values, geo, 0, 2),
        swap_stacks(values, geo, 1, 2),
    ):
        assert image != values
        assert Grid.from_values(geo, image).is_solved()
