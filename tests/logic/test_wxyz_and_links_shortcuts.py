"""The WXYZ-Wing's wing filter and the lazily built strong links against searches written plainly."""

from __future__ import annotations

import gc
import itertools
import weakref

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, Level, steps_with_grids
from sudoku_workbench.logic.shared._digit_links import digit_links
from sudoku_workbench.logic.shared._memos import forget_memos
from sudoku_workbench.logic.wings.wxyz_wing import wxyz_wing
from tests.conftest import corpus


def _positions() -> list[Grid]:
    rules = tuple(rule for rule in RULES if rule.level < Level.FORCING)
    found = []
    for puzzle in corpus("top1465.txt", 3, 41):
        found += [after for _step, after in steps_with_grids(puzzle, rules)][::4]
    return found


def _plain_wxyz(grid: Grid) -> set[tuple[int, int]]:
    """Every (z, cell) a WXYZ-Wing removes: a hinge and three of its peers, by brute force."""
    geo, cands = grid.geometry, grid.candidates
    found = set()
    for hinge in range(geo.size):
        peers = [p for p in geo.peers[hinge] if 2 <= cands[p].bit_count() <= 4]
        if not 2 <= cands[hinge].bit_count() <= 4:
            continue
        for trio in itertools.combinations(peers, 3):
            cells = (hinge, *trio)
            union = 0
            for c in cells:
                union |= cands[c]
            if union.bit_count() != 4:
                continue
            loose = [
                d
                for d in range(1, 10)
                if union >> (d - 1) & 1
                and any(
                    b not in geo.peers[a]
                    for a, b in itertools.combinations([c for c in cells if cands[c] >> (d - 1) & 1], 2)
                )
            ]
            if len(loose) != 1:
                continue
            z = loose[0]
            holding = [c for c in cells if cands[c] >> (z - 1) & 1]
            for cell in range(geo.size):
                if (
                    cell not in cells
                    and cands[cell] >> (z - 1) & 1
                    and all(cell in geo.peers[h] for h in holding)
                ):
                    found.add((z, cell))
    return found


def test_wxyz_wing_finds_what_a_plain_search_finds() -> None:
    positions = _positions()
    forget_memos()
    seen_any = False
    for grid in positions:
        got = {(d, c) for step in wxyz_wing(grid) for c, d in step.eliminations}
        assert got == _plain_wxyz(grid)
        seen_any |= bool(got)
    assert seen_any, "no WXYZ-Wing on the sample: the check would be empty"


def test_strong_links_are_the_units_with_two_places() -> None:
    for grid in _positions():
        geo, links = grid.geometry, digit_links(grid)
        for digit in range(1, geo.n + 1):
            bit = 1 << (digit - 1)
            expected: dict[int, list[tuple[int, int]]] = {}
            for unit, cells in enumerate(geo.units):
                places = [c for c in cells if grid.candidates[c] & bit]
                if len(places) == 2:
                    a, b = places
                    expected.setdefault(a, []).append((b, unit))
                    expected.setdefault(b, []).append((a, unit))
            assert links.strong[digit] == expected
            assert links.linked[digit] == sum(1 << c for c in expected)
            assert links.holders[digit] == sum(1 << c for c in range(geo.size) if grid.candidates[c] & bit)


def test_read_links_are_freed_without_the_garbage_collector() -> None:
    """The lazily built tables must not point back at their links: a cycle would keep every position's."""
    first, second = _positions()[:2]
    links = digit_links(first)
    assert links.strong[1] is links.strong[1]  # built once, then kept
    assert links.linked[2] == links.linked[2]
    kept = weakref.ref(links)
    del links
    gc.disable()
    try:
        digit_links(second)  # the module keeps only the latest position's links
        assert kept() is None
    finally:
        gc.enable()
