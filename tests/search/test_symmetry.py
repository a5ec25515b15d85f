"""Symmetries as cell permutations: groups, orbits, fitting to box shapes, and the checker."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import BOX_SHAPES, Grid, geometry
from sudoku_workbench.search.symmetry import (
    SYMMETRIES,
    SymmetryError,
    check_symmetry,
    fitting_symmetries,
    has_symmetry,
    orbits,
    symmetry_maps,
)

SQUARE_BOX_ONLY = {"rot90", "diagonal", "antidiagonal", "both_diagonals", "full"}


def test_square_boxes_accept_every_symmetry_and_oblong_boxes_refuse_the_transposing_ones(any_geometry):
    fitting = set(fitting_symmetries(any_geometry))
    if any_geometry.box_rows == any_geometry.box_cols:
        assert fitting == set(SYMMETRIES)
    else:
        assert fitting == set(SYMMETRIES) - SQUARE_BOX_ONLY


@pytest.mark.parametrize("name", SYMMETRIES)
def test_each_map_is_a_permutation_that_sends_units_to_units(any_geometry, name):
    geo = any_geometry
    if name not in fitting_symmetries(geo):
        pytest.skip("refused for this box shape (tested below)")
    units = {frozenset(u) for u in geo.units}
    perms = symmetry_maps(geo, name)
    assert perms[0] == tuple(range(geo.size))
    for perm in perms:
        assert sorted(perm) == list(range(geo.size))
        for unit in geo.units:
            assert frozenset(perm[c] for c in unit) in units
    # closed under composition: it is a group
    as_set = set(perms)
    for a in perms:
        for b in perms:
            assert tuple(a[b[c]] for c in range(geo.size)) in as_set


@pytest.mark.parametrize("name", SYMMETRIES)
def test_orbits_partition_the_cells_and_are_closed_under_the_maps(any_geometry, name):
    geo = any_geometry
    if name not in fitting_symmetries(geo):
        pytest.skip("refused for this box shape")
    found = orbits(geo, name)
    cells = [c for orbit in found for c in orbit]
    assert sorted(cells) == list(range(geo.size))
    group_size = len(symmetry_maps(geo, name))
    for orbit in found:
        assert group_size % len(orbit) == 0
        for perm in symmetry_maps(geo, name):
            assert {perm[c] for c in orbit} == set(orbit)


def test_orbit_sizes_on_9x9_match_hand_counts():
    geo = geometry(3, 3)
    assert len(orbits(geo, "none")) == 81
    assert len(orbits(geo, "rot180")) == 41  # 40 pairs and the centre
    assert len(orbits(geo, "rot90")) == 21  # 20 quadruples and the centre
    assert len(orbits(geo, "mirror_lr")) == 45  # 36 pairs and the 9 middle-column cells
    assert len(orbits(geo, "diagonal")) == 45
    assert len(orbits(geo, "full")) == 15


@pytest.mark.parametrize("name", sorted(SQUARE_BOX_ONLY))
@pytest.mark.parametrize("shape", [(2, 3), (2, 4), (3, 4)])
def test_transposing_symmetries_are_refused_on_oblong_boxes_with_a_clear_message(name, shape):
    geo = geometry(*shape)
    with pytest.raises(SymmetryError) as info:
        check_symmetry(geo, name)
    message = str(info.value)
    assert geo.label in message
    assert f"{shape[0]}x{shape[1]} boxes" in message
    assert "rot180" in message  # names the ones that do fit
    with pytest.raises(SymmetryError):
        orbits(geo, name)


def test_unknown_names_are_refused_naming_the_known_ones():
    with pytest.raises(SymmetryError, match=r"unknown symmetry 'spiral'.*rot180"):
        check_symmetry(geometry(3, 3), "spiral")


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sampled_from(sorted(BOX_SHAPES.values())),
    name=st.sampled_from(SYMMETRIES),
    data=st.data(),
)
def test_checker_accepts_unions_of_orbits_and_rejects_a_broken_orbit(shape, name, data):
    geo = geometry(*shape)
    if name not in fitting_symmetries(geo):
        assert not has_symmetry(Grid.empty(geo), name)
        return
    found = orbits(geo, name)
    chosen = data.draw(st.sets(st.integers(0, len(found) - 1)))
    givens = [0] * geo.size
    for i in chosen:
        for cell in found[i]:
            givens[cell] = 1  # any digit: the checker looks at the pattern, not at consistency
    grid = Grid(geo, tuple(givens), (0,) * geo.size, (0,) * geo.size)
    assert has_symmetry(grid, name)
    big = [i for i, orbit in enumerate(found) if len(orbit) > 1]
    if big:
        broken = list(givens)
        first = found[data.draw(st.sampled_from(big))][0]
        broken[first] = 0 if broken[first] else 1
        grid = Grid(geo, tuple(broken), (0,) * geo.size, (0,) * geo.size)
        assert not has_symmetry(grid, name)
