import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_workbench.core import BOX_SHAPES, digit_char, digit_from_char, geometry, geometry_for_size

shapes = st.sampled_from(sorted(BOX_SHAPES.values()))


def test_nine_by_nine_has_27_units_and_20_peers_a_cell():
    geo = geometry_for_size(9)
    assert len(geo.units) == 27
    assert {len(p) for p in geo.peers} == {20}
    assert geo.cell_name(80) == "r9c9"
    assert geo.unit_name(26) == "box 9"


@given(shapes)
def test_every_unit_is_a_permutation_of_the_cells_it_should_hold(shape):
    geo = geometry(*shape)
    n = geo.n
    assert len(geo.units) == 3 * n
    for unit in geo.units:
        assert len(set(unit)) == n
    for kind in range(3):
        cells = sorted(c for unit in geo.units[kind * n : (kind + 1) * n] for c in unit)
        assert cells == list(range(n * n))


@given(shapes, st.data())
def test_peers_are_exactly_the_cells_that_share_a_unit(shape, data):
    geo = geometry(*shape)
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    cell = data.draw(st.integers(0, n * n - 1))
    r, c = divmod(cell, n)
    expected = {
        other
        for other in range(n * n)
        if other != cell
        and (other // n == r or other % n == c or (other // n // br, other % n // bc) == (r // br, c // bc))
    }
    assert set(geo.peers[cell]) == expected
    assert len(geo.peers[cell]) == 3 * n - br - bc - 1
    assert all(geo.sees(cell, p) for p in geo.peers[cell])


def test_size_lookup_and_refusal():
    assert (geometry_for_size(6).box_rows, geometry_for_size(6).box_cols) == (2, 3)
    assert geometry_for_size(12).label == "12x12 (3x4 boxes)"
    with pytest.raises(ValueError, match="unsupported grid size 7"):
        geometry_for_size(7)


@given(st.integers(1, 25))
def test_digit_text_round_trips(digit):
    assert digit_from_char(digit_char(digit)) == digit
    assert digit_from_char(digit_char(digit).lower()) == digit
