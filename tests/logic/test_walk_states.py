"""The digraph of forced candidates against nr(G): the same forced sets and the same closed walks.

The graph rules answer their questions on the small digraph (``logic/shared/_walk_states.py``) and
build nr(G) only to write a walk out, so both must agree on every position; here on the positions of
Logic's path through a spread of hard puzzles.
"""

from __future__ import annotations

import functools
import itertools

from sudoku_workbench.core import Candidate, Contradiction, Grid, geometry
from sudoku_workbench.graphs.links import UnitDigit, bivalue_cells
from sudoku_workbench.logic.engine import steps_with_grids
from sudoku_workbench.logic.shared._walk_states import closes_at_cell, closes_at_unit
from sudoku_workbench.logic.shared.chain_analysis import ChainAnalysis, Walks, analysis_of
from tests.conftest import spread_sample


@functools.cache
def _positions() -> tuple[Grid, ...]:
    """Every position of Logic's path through eight top1465 puzzles (a few hundred)."""
    found = []
    for puzzle in spread_sample("top1465.txt", 8):
        found += [grid for _, grid in steps_with_grids(puzzle)]
    return tuple(found)


def _gadget_forced(walks: Walks, grid: Grid, bivalue: bool) -> dict[Candidate, int]:
    """What each premise forces, read off nr(G) as the graph rules did before the small digraph."""
    nrg, size, cands = walks.graph, grid.geometry.size, grid.candidates

    def digit_of(cell: int, label: int) -> int:
        return (cands[cell] & ~(1 << (label - 1))).bit_length() if bivalue else label

    weights = {
        node: 1 << ((digit_of(v, x) - 1) * size + v)
        for v, x, node in nrg.in_ports()
        if not isinstance(v, UnitDigit)
    }
    closure = nrg.closure(weights)
    return {
        (v, digit_of(v, x)): closure[nrg.component[node]]
        for v, x, node in nrg.out_ports()
        if not isinstance(v, UnitDigit)
    }


def _analyses() -> list[ChainAnalysis]:
    found = []
    for grid in _positions():
        analysis = ChainAnalysis(grid)
        try:
            analysis.bilocation_walks  # noqa: B018 (raises on a pair with three labels)
        except Contradiction:
            continue
        found.append(analysis)
    return found


def test_forced_sets_match_the_gadget_closure() -> None:
    analyses = _analyses()
    assert len(analyses) > 200
    for analysis in analyses:
        grid = analysis.grid
        assert analysis.bilocation_forced == _gadget_forced(analysis.bilocation_walks, grid, bivalue=False)
        assert analysis.bivalue_forced == _gadget_forced(analysis.bivalue_walks, grid, bivalue=True)


def test_closed_walks_at_a_cell_match_nr_g() -> None:
    closed = 0
    for analysis in _analyses():
        walks, size = analysis.bilocation_walks, analysis.geo.size
        labels: dict[int, list[int]] = {}
        for cell, digit in sorted(walks.forced):
            labels.setdefault(cell, []).append(digit)
        for cell, digits in labels.items():
            for first, last in itertools.permutations(digits, 2):
                expected = walks.graph.on_cycle(cell, first, last)
                assert closes_at_cell(walks.states, size, cell, first, last) == expected
                closed += expected
    assert closed > 100  # the sample has closed walks to get right, not only open ones


def test_closed_walks_through_a_unit_match_nr_g() -> None:
    closed = 0
    for analysis in _analyses():
        walks, geo = analysis.bivalue_walks, analysis.geo
        cells = bivalue_cells(analysis.grid)
        for (a, mask), (b, other) in itertools.permutations(cells, 2):
            for unit in geo.shared_units(a, b):
                for bit in range(geo.n):
                    if mask & other & 1 << bit:
                        expected = walks.graph.on_cycle(UnitDigit(unit, bit + 1), a, b)
                        assert closes_at_unit(walks.states, geo.size, bit + 1, (a, mask), b) == expected
                        closed += expected
    assert closed > 20


def test_conflicts_are_remembered_per_geometry_and_per_order() -> None:
    """The memo gives what a fresh search gives, whichever way round and on whichever grid size."""
    for grid in _positions()[::25]:
        analysis = analysis_of(grid)
        sets = sorted(set(analysis.bilocation_forced.values()) | set(analysis.bivalue_forced.values()))[:30]
        for first, second in itertools.product(sets, repeat=2):
            fresh = ChainAnalysis(grid)._find_conflict(first, second)
            assert analysis.conflict(first, second) == fresh
            assert analysis.conflict(first, second) == fresh  # and again, from the memo
    # Digit 1 in cells 9 and 1: r2c1 and r1c2 share a box on 9x9, but r2c4 and r1c2 share nothing on 6x6.
    nine, six = ChainAnalysis(Grid.empty(geometry(3, 3))), ChainAnalysis(Grid.empty(geometry(2, 3)))
    for _ in range(2):
        assert nine.conflict(1 << 9, 1 << 1) is not None
        assert six.conflict(1 << 9, 1 << 1) is None
        assert six.conflict(1 << 1, 1 << 9) is None
