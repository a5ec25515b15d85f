import itertools

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core import Cancelled, CancelToken, Grid, geometry
from sudoku_workbench.search.grid_count import REDUCTIONS, count_grids, standard_box_grids
from sudoku_workbench.search.grid_orbits import (
    burnside_count,
    count_essentially_different,
    structural_generators,
    structural_group,
)


def _brute_force_4x4() -> int:
    """Rows as permutations, columns and boxes checked by sets: shares no code with the counter."""
    rows = list(itertools.permutations(range(1, 5)))
    found = 0
    for grid in itertools.product(rows, repeat=4):
        if any(len({grid[r][c] for r in range(4)}) < 4 for c in range(4)):
            continue
        boxes = [{grid[r][c] for r in rr for c in cc} for rr in ((0, 1), (2, 3)) for cc in ((0, 1), (2, 3))]
        found += all(len(b) == 4 for b in boxes)
    return found


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_every_reduction_counts_288_shidoku(reduction):
    result = count_grids(geometry(2, 2), reduction)
    assert result.total == 288 == _brute_force_4x4()


def test_full_reduction_leaves_the_thesis_three_shidoku():
    assert count_grids(geometry(2, 2)).reduced == 3


@pytest.mark.parametrize(
    ("shape", "reduction"), [((2, 3), "box"), ((2, 3), "band"), ((2, 3), "column"), ((3, 2), "band")]
)
def test_6x6_counts_agree_across_reductions(shape, reduction):
    assert count_grids(geometry(*shape), reduction).total == 28_200_960


def test_6x6_fully_reduced_sum_is_the_thesis_816():
    result = count_grids(geometry(3, 2))
    assert result.reduced == 816
    assert [f for _, f in result.factors] == [720, 8, 6]


def test_standard_box_grids_are_distinct_valid_and_standardised():
    geo = geometry(2, 3)
    grids = standard_box_grids(geo)
    assert len(grids) == len(set(grids)) == 28_200_960 // 720
    for values in grids[::997]:
        assert Grid.from_values(geo, values).is_solved()
        assert [values[c] for c in geo.boxes[0]] == list(range(1, 7))


def test_count_reports_progress_and_can_be_cancelled():
    seen: list[int] = []
    count_grids(geometry(2, 3), "box", progress=seen.append)
    assert seen
    assert seen == sorted(seen)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        count_grids(geometry(2, 3), "box", cancel=token)


def test_structural_generators_map_grids_to_grids():
    for shape in [(2, 2), (2, 3)]:
        geo = geometry(*shape)
        grid = standard_box_grids(geo)[5]
        for perm in structural_generators(geo):
            assert sorted(perm) == list(range(geo.size))
            assert Grid.from_values(geo, [grid[p] for p in perm]).is_solved()


def test_structural_group_orders():
    assert len(set(structural_group(geometry(2, 2)))) == 128
    assert len(set(structural_group(geometry(2, 3)))) == 3456


def test_two_essentially_different_shidoku_by_both_methods():
    geo = geometry(2, 2)
    assert count_essentially_different(geo) == burnside_count(geo) == 2


def test_49_essentially_different_6x6_grids():
    assert count_essentially_different(geometry(2, 3)) == 49


def test_cli_counts_6x6(capsys):
    assert main(["count-grids", "--box", "2x3"]) == 0
    out = capsys.readouterr().out
    assert "28,200,960 grids" in out
    assert "816 reduced" in out


@pytest.mark.parametrize(
    ("box", "message"),
    [("2y3", "expected rows x columns"), ("2x5", "not supported"), ("3x3", "--force")],
)
def test_cli_refuses_bad_or_huge_shapes(capsys, box, message):
    assert main(["count-grids", "--box", box]) == 2
    assert message in capsys.readouterr().err
