"""Killer cages as part of the shape: validation wording, peers, equality, pickling."""

from __future__ import annotations

import pickle
import re

import pytest

from sudoku_workbench.core.cages import Cage, cages_from_word, checked_cages, sum_combinations
from sudoku_workbench.core.geometry import ShapeError, geometry, jigsaw, shape_from_words, with_cages
from sudoku_workbench.core.grid import Grid, ProblemKind


def _digits(mask: int) -> set[int]:
    return {d for d in range(1, 10) if mask >> (d - 1) & 1}


def test_sum_combinations_are_the_distinct_digit_sets_with_that_sum() -> None:
    assert [_digits(m) for m in sum_combinations(9, 2, 17)] == [{8, 9}]
    assert [_digits(m) for m in sum_combinations(9, 2, 4)] == [{1, 3}]
    threes = [_digits(m) for m in sum_combinations(9, 3, 15)]
    assert all(sum(s) == 15 and len(s) == 3 for s in threes)
    assert len(threes) == 8
    assert sum_combinations(9, 9, 45) == (0x1FF,)
    assert sum_combinations(9, 2, 2) == ()


@pytest.mark.parametrize(
    ("cages", "words"),
    [
        ([Cage((), 3)], "no cells"),
        ([Cage((0, 81), 3)], "off the 9x9 grid"),
        ([Cage((0, 1), 50)], "cage at r1c1 (sum 50, 2 cells) cannot be made"),
        ([Cage((0, 1), 3), Cage((1, 2), 5)], "share r1c2"),
        ([Cage(tuple(range(10)), 45)], "more cells than a 9x9 grid has digits"),
        ([Cage((4, 4), 3)], "lists r1c5 twice"),
    ],
)
def test_impossible_cages_are_refused_by_name(cages: list[Cage], words: str) -> None:
    with pytest.raises(ShapeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        with_cages(geometry(3, 3), cages)


def test_cage_mates_are_peers_and_named_as_such() -> None:
    geo = with_cages(geometry(3, 3), [Cage((12, 2), 3), Cage((80,), None)])
    assert geo.cages == (Cage((2, 12), 3), Cage((80,), None))
    assert (geo.cage_of[2], geo.cage_of[12], geo.cage_of[80], geo.cage_of[4]) == (0, 0, 1, -1)
    assert geo.sees(2, 12)
    assert 12 in geo.neighbours[2]
    assert geo.move_name(2, 12) == "the same cage"
    assert (geo.classic, geo.plain, geo.has_sums) == (False, False, True)
    assert len(geo.units) == 27  # a cage is no house
    assert geo.cage_names[0] == "cage at r1c3 (sum 3, 2 cells)"
    assert "killer (2 cages)" in geo.label


def test_cages_are_part_of_equality_hashing_and_pickling() -> None:
    plain = geometry(3, 3)
    caged = with_cages(plain, [Cage((0, 1), 3)])
    assert caged != plain
    assert hash(caged) != hash(plain)
    assert caged == with_cages(plain, [Cage((1, 0), 3)])
    assert caged != with_cages(plain, [Cage((0, 1), 4)])
    assert pickle.loads(pickle.dumps(caged)) == caged
    assert caged.uncaged is plain
    assert with_cages(caged, []) is plain
    rows_as_regions = jigsaw("".join(letter * 9 for letter in "ABCDEFGHI"), ("x",))
    odd_caged = with_cages(rows_as_regions, [Cage((40, 41), None)])
    assert pickle.loads(pickle.dumps(odd_caged)) == odd_caged
    assert odd_caged.uncaged is rows_as_regions


def test_a_repeated_digit_in_a_cage_is_a_problem_named_by_the_cage() -> None:
    geo = with_cages(geometry(3, 3), [Cage((0, 40), None)])
    givens = [0] * 81
    givens[0] = givens[40] = 5
    grid = Grid.from_values(geo, givens)
    described = [p.describe(geo) for p in grid.problems() if p.kind is ProblemKind.DUPLICATE]
    assert described == ["5 appears twice in the cage at r1c1 (no sum, 2 cells): r1c1, r5c5"]
    assert not Grid.from_values(geo, [5] + [0] * 80).candidates[40] >> 4 & 1


def test_checked_cages_sorts_cells_and_cages() -> None:
    assert checked_cages(4, [Cage((5, 4), 3), Cage((1, 0), None)]) == (Cage((0, 1)), Cage((4, 5), 3))


def test_a_cage_whose_digits_miss_its_sum_is_a_problem() -> None:
    geo = with_cages(geometry(3, 3), [Cage((0, 1), 10), Cage((9, 10, 11), 24)])
    givens = [0] * 81
    givens[0], givens[1] = 3, 4  # full cage, 7 instead of 10
    givens[9], givens[10] = 9, 8  # 17 so far: still room for 7
    described = [
        p.describe(geo) for p in Grid.from_values(geo, givens).problems() if p.kind is ProblemKind.CAGE_SUM
    ]
    assert described == ["the cage at r1c1 (sum 10, 2 cells) has digits adding up to 7: r1c1, r1c2"]
    givens[9], givens[10] = 9, 16 - 9  # 16 of 24 with one cell left: fine (8 fits)
    sums = [p.cells for p in Grid.from_values(geo, givens).problems() if p.kind is ProblemKind.CAGE_SUM]
    assert sums == [(0, 1)]


def _word_cages(n: int, word: str) -> tuple[Cage, ...]:
    return cages_from_word(n, word)


def test_the_cage_word_reads_letters_joined_side_by_side_and_sums_in_first_cell_order() -> None:
    # 4x4: A (r1c1 r1c2), B (r1c3), A again (r1c4 r2c4: not joined to the first A), C below
    word = "cages:AABA" + "CC.A" + "...." + "DDDD" + ":3,4,5,-,10"
    cages = _word_cages(4, word)
    assert cages == (
        Cage((0, 1), 3),
        Cage((2,), 4),
        Cage((3, 7), 5),
        Cage((4, 5), None),
        Cage((12, 13, 14, 15), 10),
    )
    geo = with_cages(geometry(2, 2), cages)
    assert geo.shape_words[-1] == "cages:AABC" + "DD.C" + "...." + "EEEE" + ":3,4,5,-,10"
    assert shape_from_words(4, geo.shape_words) is geo


def test_the_cage_word_reuses_letters_past_52_cages_without_joining_neighbours() -> None:
    geo = with_cages(geometry(3, 3), [Cage((c,), None) for c in range(81)])
    word = geo.shape_words[-1]
    assert len(set(word.split(":")[1])) == 52
    assert shape_from_words(9, geo.shape_words) is geo


def test_a_cage_in_pieces_is_written_with_carets_and_read_back() -> None:
    geo = with_cages(geometry(3, 3), [Cage((0, 2, 80), 12), Cage((1,), 2), Cage((3, 4), None)])
    word = geo.shape_words[-1]
    assert word == "cages:ABACC" + "." * 75 + "A" + ":12,2,^,-,^"
    assert shape_from_words(9, geo.shape_words) is geo


def test_a_cage_in_pieces_among_more_than_52_cages_cannot_be_written_on_one_line() -> None:
    singles = [Cage((c,), None) for c in range(3, 81) if c != 5]
    geo = with_cages(geometry(3, 3), [Cage((0, 2), 4), Cage((1,), None), *singles])
    with pytest.raises(ShapeError, match=r"cage at r1c1 \(sum 4, 2 cells\) is in pieces"):
        Grid.empty(geo).to_line()


@pytest.mark.parametrize(
    ("word", "words"),
    [
        ("cages:AB", "should read cages:MAP:SUMS"),
        ("cages:" + "A" * 15 + ":10", "the map has 15 cells; a 4x4 grid has 16"),
        ("cages:#" + "A" * 15 + ":10", "'#' at r1c1 is no cage letter"),
        (
            "cages:" + "ABABBABA" * 2 + ":10",
            "the map has 16 pieces (cells of one letter joined side by side) but 1 sums",
        ),
        ("cages:" + "AABB" * 4 + ":10,x1", "'x1', the sum of the cage at r1c3, is no number"),
        ("cages:" + "AABB" * 4 + ":^,3", "the piece at r1c1 joins an earlier cage (^), but no earlier piece"),
        ("cages:" + "AABB" * 4 + ":10,99", "cage at r1c1 (sum 10, 8 cells) has more cells"),
        ("cages:" + "AB.." * 4 + ":10,40", "cage at r1c2 (sum 40, 4 cells) cannot be made"),
    ],
)
def test_a_bad_cage_word_is_refused_naming_the_fault(word: str, words: str) -> None:
    with pytest.raises(ShapeError, match=re.escape(words)):
        shape_from_words(4, [word])


def test_two_cage_words_are_refused() -> None:
    with pytest.raises(ShapeError, match="2 cage words"):
        shape_from_words(4, ["cages:" + "A" * 16 + ":-", "cages:" + "." * 16 + ":"])
