"""Shapes as data: jigsaw region maps, the variants' houses and moves, and what a shape is equal to."""

from __future__ import annotations

import pickle
import random

import pytest

from sudoku_workbench.core.geometry import NotBoxed, ShapeError, geometry, jigsaw, shape_from_words
from sudoku_workbench.search.regions import random_jigsaw, random_regions

BOXES9 = [c // 9 // 3 * 3 + c % 9 // 3 for c in range(81)]


def test_a_jigsaw_of_the_boxes_is_the_classic_grid_itself():
    assert jigsaw(BOXES9) is geometry(3, 3)
    assert jigsaw(BOXES9, ["x"]) is geometry(3, 3, ("x",))


def test_region_maps_that_cannot_be_are_refused_with_the_region_and_cell():
    swapped = BOXES9[:]
    swapped[0], swapped[80] = swapped[80], swapped[0]
    with pytest.raises(ShapeError, match=r"region 1 is in pieces: r7c7 is not joined to r1c1"):
        jigsaw(swapped)
    grown = BOXES9[:]
    grown[3] = 0
    with pytest.raises(ShapeError, match=r"the region map has 9 regions|region 1 .* has 10 cells"):
        jigsaw(grown)
    with pytest.raises(ShapeError, match="80 cells is no square grid"):
        jigsaw(BOXES9[:80])
    with pytest.raises(ShapeError, match="has 1 regions"):
        jigsaw([0] * 81)


def test_a_jigsaw_has_regions_but_no_box_arithmetic():
    geo = random_jigsaw(9, random.Random(4))
    assert not geo.classic
    assert geo.plain
    assert geo.box is None
    assert geo.unit_name(2 * 9) == "region 1"
    with pytest.raises(NotBoxed):
        geo.box_rows  # noqa: B018 - the property must refuse
    for region in geo.regions:
        assert len(region) == 9


def test_extras_add_the_houses_and_moves_of_their_definitions():
    x = geometry(3, 3, ("x",))
    assert [x.units[u] for u in x.houses_of("x")] == [tuple(range(0, 81, 10)), tuple(range(8, 73, 8))]
    assert x.unit_name(27) == "the main diagonal"
    assert x.units_of[40] == (4, 13, 22, 27, 28)  # the centre is on both diagonals
    windoku = geometry(3, 3, ("windoku",))
    windows = {frozenset(windoku.units[u]) for u in windoku.windows}
    expected = {
        frozenset((t + i) * 9 + s + j for i in range(3) for j in range(3)) for t in (1, 5) for s in (1, 5)
    }
    assert windows == expected
    # the implied groups: each crossing of the row sets {0,4,8}, {1,2,3}, {5,6,7} with the column sets
    sets = [(0, 4, 8), (1, 2, 3), (5, 6, 7)]
    implied = {frozenset(r * 9 + c for r in rows for c in cols) for rows in sets for cols in sets} - expected
    assert len(implied) == 5
    assert {frozenset(windoku.units[u]) for u in windoku.houses_of("windoku")} == expected | implied
    disjoint = geometry(3, 3, ("disjoint",))
    first = disjoint.units[disjoint.houses_of("disjoint")[0]]
    assert first == (0, 3, 6, 27, 30, 33, 54, 57, 60)
    knight = geometry(3, 3, ("antiknight",))
    assert set(knight.neighbours[40]) == {21, 23, 29, 33, 47, 51, 57, 59}
    assert knight.sees(40, 21)
    assert not geometry(3, 3).sees(40, 21)
    assert knight.move_name(40, 21) == "knight's move"
    king = geometry(3, 3, ("antiking",))
    assert set(king.neighbours[20]) == {12, 28, 30}  # the other king steps from r3c3 share a house


def test_extras_that_do_not_fit_are_refused():
    with pytest.raises(ShapeError, match="windoku needs square boxes"):
        geometry(2, 3, ("windoku",))
    with pytest.raises(ShapeError, match="disjoint groups need rectangular boxes"):
        jigsaw(random_regions(9, random.Random(1)), ["disjoint"])
    with pytest.raises(ShapeError, match="unknown variant"):
        geometry(3, 3, ("nonconsecutive",))


def test_equal_shapes_are_equal_and_pickle_back_to_the_shared_geometry():
    regions = random_regions(9, random.Random(7), symmetric=True)
    geo = jigsaw(regions, ["x"])
    assert geo == jigsaw([r + 10 for r in regions], ["x"])  # labels do not matter
    assert hash(geo) == hash(jigsaw(regions, ["x"]))
    assert geo != jigsaw(regions)
    assert pickle.loads(pickle.dumps(geo)) is geo
    assert pickle.loads(pickle.dumps(geometry(3, 3, ("antiknight",)))) is geometry(3, 3, ("antiknight",))


def test_shape_words_round_trip():
    for geo in (random_jigsaw(7, random.Random(2), extras=("antiking",)), geometry(3, 3, ("x", "windoku"))):
        assert shape_from_words(geo.n, geo.shape_words) is geo
    assert geometry(3, 3).shape_words == ()
    with pytest.raises(ShapeError, match="has no boxes"):
        shape_from_words(7, [])


@pytest.mark.parametrize("n", [4, 6, 7, 9, 12])
@pytest.mark.parametrize("symmetric", [False, True])
def test_random_region_maps_are_connected_and_as_symmetric_as_asked(n, symmetric):
    rng = random.Random(n)
    regions = random_regions(n, rng, symmetric)
    geo = jigsaw(regions)  # refuses a map that is not N connected regions of N cells
    assert len(geo.regions) == n
    if symmetric:
        last = n * n - 1
        pairing = {regions[c]: regions[last - c] for c in range(n * n)}
        assert all(pairing[regions[c]] == regions[last - c] for c in range(n * n))
    if n >= 6:
        assert not geo.box, "the shuffle left the start map unchanged"
