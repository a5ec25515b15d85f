"""graphs.matching: maximum matchings, edges on no perfect matching, Hall closures (vs brute force)."""

from __future__ import annotations

import functools
import itertools
import operator

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.graphs.matching import (
    analyse,
    bipartite_graph,
    digit_graph_masks,
    hall_closure,
    has_removable_edge,
    is_perfect,
    maximum_matching,
    unit_graph_masks,
)


def perfect_matchings(masks: tuple[int, ...]) -> list[tuple[int, ...]]:
    n = len(masks)
    return [p for p in itertools.permutations(range(n)) if all(masks[i] >> p[i] & 1 for i in range(n))]


square_masks = st.integers(2, 5).flatmap(
    lambda n: st.lists(st.integers(1, (1 << n) - 1), min_size=n, max_size=n).map(tuple)
)


@settings(max_examples=100, deadline=None)
@given(square_masks)
def test_removable_edges_are_exactly_those_on_no_perfect_matching(masks: tuple[int, ...]) -> None:
    analysis = analyse(masks)
    matchings = perfect_matchings(masks)
    assert analysis.perfect == bool(matchings)
    if not matchings:
        return
    assert analysis.mate in matchings
    used = {(i, p[i]) for p in matchings for i in range(len(masks))}
    edges = {(i, j) for i, m in enumerate(masks) for j in range(len(masks)) if m >> j & 1}
    assert set(analysis.removable) == edges - used


#: Graphs of 1 to 6 left nodes with up to 7 right nodes (not always square: a unit may miss a digit).
any_masks = st.integers(1, 6).flatmap(
    lambda n: st.lists(st.integers(1, (1 << 7) - 1), min_size=n, max_size=n).map(tuple)
)


@settings(max_examples=300, deadline=None)
@given(any_masks)
def test_has_removable_edge_agrees_with_brute_force(masks: tuple[int, ...]) -> None:
    matchings = [
        p
        for p in itertools.permutations(range(7), len(masks))
        if all(m >> j & 1 for m, j in zip(masks, p, strict=True))
    ]
    digits = functools.reduce(operator.or_, masks).bit_count()
    used = {(i, p[i]) for p in matchings for i in range(len(masks))}
    edges = {(i, j) for i, m in enumerate(masks) for j in range(7) if m >> j & 1}
    expected = bool(matchings) and digits == len(masks) and bool(edges - used)
    assert has_removable_edge(masks) is expected


def test_has_removable_edge_on_a_naked_pair() -> None:
    assert has_removable_edge((0b011, 0b011, 0b111))  # 1 and 2 leave the third cell
    assert not has_removable_edge((0b011, 0b011, 0b011))  # no perfect matching
    assert not has_removable_edge((0b011, 0b011, 0b100))  # nothing to remove


@settings(max_examples=100, deadline=None)
@given(square_masks, st.data())
def test_hall_closure_is_tight(masks: tuple[int, ...], data: st.DataObject) -> None:
    mate = maximum_matching(masks)
    if not is_perfect(masks, mate):
        return
    start = data.draw(st.integers(0, len(masks) - 1))
    left, right = hall_closure(masks, mate, start)
    assert left >> start & 1
    assert left.bit_count() == right.bit_count()
    for i in range(len(masks)):
        if left >> i & 1:
            assert not masks[i] & ~right


def test_graph_and_hint_reuse() -> None:
    masks = (0b011, 0b011, 0b111)
    graph = bipartite_graph(masks)
    assert graph.number_of_edges() == 7
    first = maximum_matching(masks, key="unit-x")
    assert maximum_matching((0b011, 0b011, 0b100), key="unit-x") == first
    assert analyse(masks).removable == ((2, 0), (2, 1))
    assert not analyse((0b01, 0b01)).perfect


def test_unit_and_digit_graphs_of_a_grid() -> None:
    geo = geometry(2, 2)
    grid = Grid.from_values(geo, [1, 2, 0, 0] + [0] * 12)
    cells, masks = unit_graph_masks(grid, 0)
    assert cells == (2, 3)
    assert masks == (0b1100, 0b1100)
    rows, row_masks = digit_graph_masks(grid, 1)
    assert rows == (1, 2, 3)
    assert row_masks[0] == 0b1100


def test_forget_matchings_empties_the_caches() -> None:
    from sudoku_workbench.graphs.matching import forget_matchings, removable_edges

    analyse((0b01, 0b10), key="unit-y")
    assert removable_edges.cache_info().currsize > 0
    forget_matchings()
    assert removable_edges.cache_info().currsize == 0
