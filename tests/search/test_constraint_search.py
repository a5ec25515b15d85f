"""Thermometers, arrows, dots and XV in every search: counts equal an independent CP-SAT model's."""

from __future__ import annotations

import pickle

import pytest

from sudoku_workbench.core.constraints import XV, Arrow, Dot, NoOtherDots, Thermo
from sudoku_workbench.core.errors import ShapeError
from sudoku_workbench.core.geometry import geometry, with_constraints
from sudoku_workbench.core.grid import Grid, ProblemKind
from sudoku_workbench.formats.dimacs import sudoku_col
from sudoku_workbench.search._kernel import kernel_search
from sudoku_workbench.search.solve import count, first_solutions, search_count
from tests.logic.constraint_puzzles import constraint_puzzle, cp_sat_count

SLOW = pytest.mark.slow
KIND_SETS = (
    pytest.param(("thermo",), marks=SLOW),
    pytest.param(("arrow",), marks=SLOW),
    pytest.param(("kropki",), marks=SLOW),
    pytest.param(("xv",), marks=SLOW),
    ("kropki", "negative"),
    pytest.param(("xv", "negative"), marks=SLOW),
    ("thermo", "arrow", "kropki", "xv"),
)


@pytest.mark.parametrize("kinds", KIND_SETS, ids="+".join)
def test_every_search_counts_as_cp_sat_does(kinds: tuple[str, ...]) -> None:
    grid, truth = constraint_puzzle(7, kinds)
    assert count(grid, 3) == search_count(grid, 3) == cp_sat_count(grid, 3) == 1
    assert first_solutions(grid, 1)[0].values == truth
    # Half the constraints gone: the searches must still agree, now on several solutions.
    loose = Grid.from_values(with_constraints(grid.geometry, grid.geometry.constraints[::2]), grid.givens)
    assert count(loose, 6) == search_count(loose, 6) == cp_sat_count(loose, 6)


def test_the_compiled_kernel_declines_constraints() -> None:
    grid = Grid.empty(with_constraints(geometry(2, 2), [Thermo((0, 1, 2))]))
    assert kernel_search(grid, 2) is None
    assert grid.geometry.has_arithmetic
    assert not grid.geometry.classic
    assert not grid.geometry.plain


def test_a_broken_constraint_leaves_no_solution_and_check_names_it() -> None:
    geo = with_constraints(geometry(2, 2), [Arrow((0,), (1, 5))])
    grid = Grid.from_values(geo, [1, 2, 0, 0, 0, 3] + [0] * 10)
    assert count(grid, 2) == search_count(grid, 2) == cp_sat_count(grid, 2) == 0
    (problem,) = [p for p in grid.problems() if p.kind is ProblemKind.CONSTRAINT]
    assert problem.describe(geo) == "the arrow r1c1→r1c2–r2c2 is broken: r1c1, r1c2, r2c2"


def test_a_multi_cell_bulb_is_read_as_a_number() -> None:
    # Bulb r1c1 r1c2 reads 12 at least, the shaft r2c1 r3c2 r4c3 of a 4x4 adds up to 12 at most.
    geo = with_constraints(geometry(2, 2), [Arrow((1, 0), (4, 9, 14))])
    grid = Grid.empty(geo)
    assert count(grid, 500) == search_count(grid, 500) == cp_sat_count(grid, 500) > 0
    for solution in first_solutions(grid, 5):
        assert [solution.values[c] for c in (0, 1, 4, 9, 14)] == [1, 2, 4, 4, 4]


@pytest.mark.parametrize(
    ("item", "words"),
    [
        (Thermo((0, 1, 0)), "thermometer r1c1–r1c1 runs through r1c1 twice"),
        (Thermo((0, 2)), "jumps from r1c1 to r1c3"),
        (Thermo((0,)), "fewer than 2 cells"),
        (Dot(0, 10, False), "white dot r1c1–r2c2 is not between two cells side by side"),
        (XV(0, 1, 7), "asks for a total of 7"),
        (Arrow((0,), ()), "an arrow has an empty shaft"),
        (Arrow((0,), (5,)), "starts its shaft away from the bulb"),
        (Arrow((0,), (1, 2, 3, 4, 5, 6, 7, 8, 17, 16)), "shaft longer than its bulb can total"),
        (Thermo((0, 81)), "off the 9x9 grid"),
    ],
)
def test_bad_constraints_are_named(item: object, words: str) -> None:
    with pytest.raises(ShapeError, match=words):
        with_constraints(geometry(3, 3), [item])  # type: ignore[list-item]


def test_two_dots_on_one_pair_are_refused() -> None:
    with pytest.raises(ShapeError, match="white dot r1c1–r1c2 and the black dot r1c1–r1c2"):
        with_constraints(geometry(3, 3), [Dot(0, 1, True), Dot(1, 0, False)])


def test_constraints_are_part_of_the_shape() -> None:
    geo = with_constraints(geometry(3, 3), [XV(1, 0, 10), Thermo((9, 10)), NoOtherDots()])
    assert geo.constraints == (Thermo((9, 10)), XV(0, 1, 10), NoOtherDots())
    assert geo == with_constraints(geometry(3, 3), reversed(geo.constraints))
    assert geo != geometry(3, 3)
    assert geo.unconstrained is geometry(3, 3)
    assert pickle.loads(pickle.dumps(geo)) == geo
    with pytest.raises(ShapeError, match="thermometers, arrows, dots or XV"):
        sudoku_col(Grid.empty(geo))
