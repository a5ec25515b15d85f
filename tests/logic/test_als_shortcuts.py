"""The ALS rules' shortcuts: packed victim tables and the tests that skip a search must never lose a step.

Positions are met while solving corpus puzzles by logic, and randomly thinned copies of them (a
candidate taken from some cells), which hold many more sets, wings and blossoms. Each shortcut is
checked against the plain search it stands for: a test that skips a stem or a pivot must only skip
those where the plain search finds nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
import random
from collections.abc import Iterator

import pytest

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.als import als, als_chain, death_blossom
from sudoku_workbench.logic.als._als_links import (
    SizePairs,
    in_every_field,
    other_digits,
    partners,
    restricted,
    victim_table,
)
from sudoku_workbench.logic.als._bivalue_wings import bivalue_wing_sizes, bivalue_wings_remove
from sudoku_workbench.logic.als.als_sets import MAX_CELLS, Als, almost_locked_sets, unit_sets
from sudoku_workbench.logic.engine import steps_with_grids
from sudoku_workbench.logic.shared._digit_links import bits_of, common_peers, digit_links
from tests.conftest import corpus, spread_sample


def _positions() -> Iterator[Grid]:
    """Positions of a few corpus solves, each followed by two randomly thinned copies."""
    rng = random.Random(30)
    for puzzle in corpus("top1465.txt", count=3, every=150):
        for _step, grid in itertools.islice(steps_with_grids(puzzle), 0, 60, 6):
            yield grid
            for _ in range(2):
                yield _thinned(grid, rng)


def _thinned(grid: Grid, rng: random.Random) -> Grid:
    """``grid`` with one candidate taken from about a third of its cells of three or more."""
    cands = list(grid.candidates)
    for cell, mask in enumerate(cands):
        if mask.bit_count() >= 3 and rng.random() < 0.35:
            cands[cell] = mask & ~(1 << rng.choice(list(bits_of(mask))))
    return dataclasses.replace(grid, candidates=tuple(cands))


def _plain_victims(grid: Grid, z: int, sets: tuple[Als, ...]) -> int:
    """Cells holding z outside the sets that see every z-cell of each: no table, no packing."""
    links = digit_links(grid)
    gone = links.holders[z]
    for s in sets:
        gone &= common_peers(links.peers, s.holders[z]) & ~s.cells
    return gone


def test_victim_table_is_each_sets_plain_victims() -> None:
    checked = 0
    for grid in itertools.islice(_positions(), 0, None, 4):
        size = grid.geometry.size
        for als_set, packed in zip(almost_locked_sets(grid), victim_table(grid), strict=True):
            for z in range(1, grid.geometry.n + 1):
                field = packed >> (z - 1) * size & ((1 << size) - 1)
                expected = _plain_victims(grid, z, (als_set,)) if als_set.digits >> (z - 1) & 1 else 0
                assert field == expected
                checked += 1
    assert checked > 10_000


def test_victim_table_among_some_sets_has_their_rows_and_zero_elsewhere() -> None:
    checked = 0
    for grid in itertools.islice(_positions(), 0, None, 4):
        among = sum(1 << i for i in range(0, len(almost_locked_sets(grid)), 3))
        for i, (row, full) in enumerate(zip(victim_table(grid, among), victim_table(grid), strict=True)):
            assert row == (full if among >> i & 1 else 0)
            checked += bool(full)
    assert checked > 100


def _plain_xz(grid: Grid, sizes: SizePairs = None) -> list[tuple[int, int]]:
    """ALS-XZ's (digit, cells) in order, each pair of sets (of ``sizes``) and digit tried in turn."""
    sets = almost_locked_sets(grid)
    done: list[tuple[int, int]] = []
    for i, j, x in restricted(grid):
        if (
            sizes is not None
            and tuple(sorted((sets[i].cells.bit_count(), sets[j].cells.bit_count()))) not in sizes
        ):
            continue
        for z in bits_of(sets[i].digits & sets[j].digits & ~(1 << (x - 1))):
            gone = _plain_victims(grid, z + 1, (sets[i], sets[j]))
            if gone and (z + 1, gone) not in done:
                done.append((z + 1, gone))
    return done


def _plain_wing(grid: Grid) -> list[tuple[int, int]]:
    """ALS-XY-Wing's (digit, cells) in order, every two wings of every pivot tried."""
    sets = almost_locked_sets(grid)
    done: list[tuple[int, int]] = []
    linked = partners(grid)
    for pivot in linked.order:
        for (i, x), (j, y) in itertools.combinations(linked.of_set[pivot], 2):
            if x == y or i == j or sets[i].cells & sets[j].cells:
                continue
            for z in bits_of(sets[i].digits & sets[j].digits & ~(1 << (x - 1) | 1 << (y - 1))):
                gone = _plain_victims(grid, z + 1, (sets[i], sets[j])) & ~sets[pivot].cells
                if gone and (z + 1, gone) not in done:
                    done.append((z + 1, gone))
    return done


def _removed(steps: Iterator[Step]) -> list[tuple[int, int]]:
    """Each step's (digit, cells): the ALS-XZ and ALS-XY-Wing steps remove one digit each."""
    found = []
    for step in steps:
        (z,) = {d for _, d in step.eliminations}
        found.append((z, sum(1 << c for c, _ in step.eliminations)))
    return found


def test_als_xz_and_wing_remove_what_the_plain_searches_do() -> None:
    fired = {"xz": 0, "wing": 0}
    for grid in _positions():
        xz = _removed(als.als_xz(grid))
        assert xz == _plain_xz(grid)
        wing = _removed(als.als_xy_wing(grid))
        assert wing == _plain_wing(grid)
        fired["xz"] += len(xz)
        fired["wing"] += len(wing)
    assert all(count > 20 for count in fired.values()), fired


def test_als_xz_of_some_sizes_removes_what_the_plain_search_does_with_those_sets() -> None:
    sizes = frozenset({(1, 3), (1, 4)})  # SE's wing-shaped ALS-XZ
    fired = 0
    for grid in _positions():
        xz = _removed(als.als_xz(grid, sizes))
        assert xz == _plain_xz(grid, sizes)
        fired += len(xz)
    assert fired > 5, fired


def _corpus_positions() -> Iterator[Grid]:
    """Positions of solves of a few puzzles from several corpora, each with a randomly thinned copy."""
    rng = random.Random(31)
    for name in ("top1465.txt", "forum_hardest_1106.txt", "se_rated_sudokuexchange_sample50.txt"):
        for puzzle in spread_sample(name, 4):
            for _step, grid in itertools.islice(steps_with_grids(puzzle), 0, 80, 4):
                yield grid
                yield _thinned(grid, rng)


@pytest.mark.parametrize("larger", [frozenset({3, 4}), frozenset({2}), frozenset({2, 3, 4, 5})], ids=str)
def test_the_bivalue_wing_check_agrees_with_the_plain_search(larger: frozenset[int]) -> None:
    # ALS-XZ of a bivalue cell and larger sets searches only where this check says yes: a wrong "no"
    # would lose steps, a wrong "yes" the time saved.
    sizes = frozenset((1, large) for large in larger)
    said = {True: 0, False: 0}
    for grid in _corpus_positions():
        removes = bivalue_wings_remove(grid, larger)
        assert removes == bool(_plain_xz(grid, sizes))
        said[removes] += 1
    assert min(said.values()) > 20, said


def _every_unit_set(grid: Grid, unit: int) -> set[tuple[int, int, tuple[int, ...]]]:
    """(cells, digits, holders) of each ALS of the unit, every cell combination tried."""
    cands, n = grid.candidates, grid.geometry.n
    open_cells = [c for c in grid.geometry.units[unit] if cands[c]]
    found = set()
    for size in range(1, MAX_CELLS + 1):
        for combo in itertools.combinations(open_cells, size):
            digits = functools.reduce(operator.or_, (cands[c] for c in combo))
            if digits.bit_count() == size + 1:
                holders = tuple(
                    sum(1 << c for c in combo if cands[c] >> d - 1 & 1) if d else 0 for d in range(n + 1)
                )
                found.add((sum(1 << c for c in combo), digits, holders))
    return found


def test_each_unit_has_every_almost_locked_set_once() -> None:
    # The search grows a cell set only while it can still become an ALS: it must not lose one.
    checked = 0
    for grid in itertools.islice(_corpus_positions(), 0, None, 5):
        cands = grid.candidates
        for unit, cells in enumerate(grid.geometry.units):
            sets = unit_sets(grid.geometry.n, unit, cells, tuple(cands[c] for c in cells))
            got = [(s.cells, s.digits, s.holders) for s in sets]
            assert len(set(got)) == len(got)
            assert set(got) == _every_unit_set(grid, unit)
            checked += len(got)
    assert checked > 10_000, checked


def test_the_sets_of_a_position_are_each_units_sets_with_those_of_earlier_units_left_out() -> None:
    # Only a column's single cells and a box's sets along one line are left out as met before:
    # the plain way keeps the first of each cell set met, unit by unit.
    checked = 0
    for grid in itertools.islice(_corpus_positions(), 0, None, 3):
        cands, geo = grid.candidates, grid.geometry
        first: dict[int, Als] = {}
        for unit, cells in enumerate(geo.units):
            for als_set in unit_sets(geo.n, unit, cells, tuple(cands[c] for c in cells)):
                first.setdefault(als_set.cells, als_set)
        assert almost_locked_sets(grid) == tuple(first.values())
        checked += len(first)
    assert checked > 10_000, checked


def test_only_pairs_with_a_bivalue_cell_are_checked_from_the_bivalue_cells() -> None:
    assert bivalue_wing_sizes(frozenset({(1, 3), (1, 4)})) == frozenset({3, 4})
    assert bivalue_wing_sizes(frozenset({(1, 3), (2, 3)})) is None
    assert bivalue_wing_sizes(frozenset({(1, 1)})) is None
    assert bivalue_wing_sizes(None) is None


def test_a_pivot_skipped_has_no_two_wings_that_remove_anything() -> None:
    skipped = kept = 0
    for grid in _positions():
        sets, packed, others = almost_locked_sets(grid), victim_table(grid), other_digits(grid.geometry)
        linked = partners(grid)
        for pivot in linked.order:
            links, outside = linked.of_set[pivot], ~in_every_field(grid.geometry, sets[pivot].cells)
            if als._may_pair(links, packed, others, outside):
                kept += 1
                continue
            skipped += 1
            for (i, x), (j, y) in itertools.combinations(links, 2):
                if x == y:
                    continue
                for z in bits_of(sets[i].digits & sets[j].digits & ~(1 << (x - 1) | 1 << (y - 1))):
                    assert not _plain_victims(grid, z + 1, (sets[i], sets[j])) & ~sets[pivot].cells
    assert skipped > 100, kept
    assert kept > 100, skipped


def test_a_stem_ruled_out_has_no_blossom_even_without_a_budget() -> None:
    ruled_out = bloomed = 0
    for grid in _positions():
        packed = victim_table(grid)
        for stem, stem_mask, masks in death_blossom._stems(grid):
            found = next(death_blossom._stem_blossoms(grid, stem, stem_mask, masks, [1 << 60]), None)
            if death_blossom._may_bloom(grid.geometry, packed, stem_mask, masks):
                bloomed += found is not None
            else:
                assert found is None
                ruled_out += 1
    assert ruled_out > 100, bloomed
    assert bloomed > 5, ruled_out


def test_a_chain_start_passed_over_has_no_end_set() -> None:
    passed = walked = 0
    for grid in _positions():
        graph = als_chain._graph(grid)
        ends = als_chain._Ends(grid)
        starts = {a for a, _, _ in als_chain._end_pairs(grid, graph)}
        for a, start in enumerate(almost_locked_sets(grid)):
            if not graph.first[a]:
                continue
            far = als_chain._far_ends(graph, a, start, ends)  # the walk, with no test before it
            if a in starts:
                walked += 1
            else:
                assert not far
                passed += 1
    assert passed > 1000, walked
    assert walked > 20, passed
