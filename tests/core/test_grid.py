import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_workbench.core import BOX_SHAPES, Grid, ProblemKind, Step, geometry, geometry_for_size
from sudoku_workbench.core.step import CLEAR, PENCIL


def test_candidates_are_what_the_peers_leave():
    geo = geometry_for_size(4)
    grid = Grid.from_values(geo, [1, 2, 0, 0] + [0] * 12)
    assert grid.candidates_of(2) == (3, 4)
    assert grid.candidates_of(4) == (3, 4)  # box 1 holds 1 and 2
    assert grid.candidates_of(8) == (2, 3, 4)  # column 1 holds 1
    assert grid.candidates_of(0) == ()


def test_place_removes_the_digit_from_peers_only():
    geo = geometry_for_size(9)
    grid = Grid.empty(geo).place(40, 5)
    assert grid.values[40] == 5
    assert all(5 not in grid.candidates_of(p) for p in geo.peers[40])
    assert 5 in grid.candidates_of(0)


def test_place_on_a_given_is_refused():
    geo = geometry_for_size(4)
    grid = Grid.from_values(geo, [1] + [0] * 15)
    with pytest.raises(ValueError, match="r1c1 holds a given"):
        grid.place(0, 2)


def test_problems_name_duplicates_empty_cells_and_unplaceable_digits():
    geo = geometry_for_size(4)
    dup = Grid.from_values(geo, [1, 1] + [0] * 14)
    kinds = {(p.kind, p.cells, p.digit) for p in dup.problems()}
    assert (ProblemKind.DUPLICATE, (0, 1), 1) in kinds
    assert "1 appears more than once in row 1: r1c1, r1c2" in [p.describe(geo) for p in dup.problems()]

    # r1c1: its row holds 2 and 3, its column 4 and 1, so no candidate is left
    stuck = Grid.from_values(geo, [0, 2, 3, 0, 4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
    no_cand = [p for p in stuck.problems() if p.kind is ProblemKind.NO_CANDIDATES]
    assert [p.cells for p in no_cand] == [(0,)]
    assert no_cand[0].describe(geo) == "r1c1 has no candidate left"

    # 1 sits in columns 1 and 2 lower down, and row 1 holds 2 and 3: no place for 1 in row 1 or box 1
    no_room = Grid.from_values(geo, [0, 0, 2, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0])
    no_place = {(p.unit, p.digit, p.cells) for p in no_room.problems() if p.kind is ProblemKind.NO_PLACE}
    assert (0, 1, (0, 1)) in no_place
    assert (8, 1, (0, 1, 4, 5)) in no_place


def test_a_consistent_position_has_no_problems():
    assert Grid.empty(geometry_for_size(9)).problems() == ()


def test_apply_places_then_eliminates_and_clear_restores():
    geo = geometry_for_size(9)
    grid = Grid.empty(geo)
    step = Step("naked_single", placements=((0, 3),), eliminations=((80, 9),))
    after = grid.apply(step)
    assert after.values[0] == 3
    assert 9 not in after.candidates_of(80)
    cleared = after.apply(Step(CLEAR, eliminations=((0, 3),)))
    assert cleared.values[0] == 0
    assert cleared.candidates_of(1) == tuple(range(1, 10))
    pencil = after.apply(Step(PENCIL, placements=((80, 9),)))
    assert 9 in pencil.candidates_of(80)


@given(st.sampled_from(sorted(BOX_SHAPES.values())), st.data())
def test_apply_never_adds_candidates(shape, data):
    geo = geometry(*shape)
    grid = Grid.empty(geo)
    for _ in range(data.draw(st.integers(0, 6))):
        empties = grid.empty_cells
        cell = data.draw(st.sampled_from(empties))
        digits = grid.candidates_of(cell)
        if not digits:
            break
        step = Step("test", placements=((cell, data.draw(st.sampled_from(digits))),))
        after = grid.apply(step)
        assert all(a & ~b == 0 for a, b in zip(after.candidates, grid.candidates, strict=True))
        grid = after


@given(st.one_of(st.integers(0, 1 << 11), st.integers(0, 1 << 625)))
def test_set_bits_lists_each_set_bit_lowest_first(mask):
    """Small masks come from a table, big ones from a walk: both must name the bits a reading does."""
    from sudoku_workbench.core.grid import set_bits

    assert list(set_bits(mask)) == [i for i in range(mask.bit_length()) if mask >> i & 1]
