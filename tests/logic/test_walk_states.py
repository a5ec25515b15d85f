"""The digraph of forced candidates against nr(G): the same forced sets and the same closed walks.

The graph rules answer their questions on the small digraph (``logic/shared/_walk_states.py``) and
build nr(G) only to write a walk out, so both must agree on every position; here on the positions of
Logic's path through a spread of hard puzzles.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator

from sudoku_workbench.core import Candidate, Chain, Contradiction, Grid, Step, geometry
from sudoku_workbench.graphs.links import UnitDigit, bivalue_cells
from sudoku_workbench.logic.chains.bivalue_rules import _bivalue_cycle_step, _seeing_both, find_bivalue_cycles
from sudoku_workbench.logic.chains.cycles import _cycle_step, find_bilocation_cycles
from sudoku_workbench.logic.chains.forcing_rules import _path_ends
from sudoku_workbench.logic.engine import steps_with_grids
from sudoku_workbench.logic.shared._walk_states import WalkStates, closes_at_cell, closes_at_unit
from sudoku_workbench.logic.shared.chain_analysis import (
    ChainAnalysis,
    Walks,
    _find_conflict,
    analysis_of,
    bivalue_chain,
)
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


def _on_closed_walks(walks: Walks, grid: Grid, bivalue: bool) -> int:
    """The candidates nr(G)'s closed walks reach, read off its in ports' components."""
    nrg, size, cands = walks.graph, grid.geometry.size, grid.candidates
    members = Counter(nrg.component)
    bits = 0
    for cell, label, node in nrg.in_ports():
        if not isinstance(cell, UnitDigit) and members[nrg.component[node]] > 1:
            digit = (cands[cell] & ~(1 << (label - 1))).bit_length() if bivalue else label
            bits |= 1 << (digit - 1) * size + cell
    return bits


def test_candidates_on_closed_walks_match_nr_g() -> None:
    on_some = 0
    for analysis in _analyses():
        grid = analysis.grid
        assert analysis.bilocation_walks.states.cyclic == _on_closed_walks(
            analysis.bilocation_walks, grid, False
        )
        assert analysis.bivalue_walks.states.cyclic == _on_closed_walks(analysis.bivalue_walks, grid, True)
        on_some += analysis.bivalue_walks.states.cyclic != 0
    assert on_some > 20


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


def test_conflicts_are_those_a_fresh_search_finds() -> None:
    """Kept per pair of walks and per pair of forced sets, they are what each premise's search gives."""
    for grid in _positions()[::10]:
        analysis = analysis_of(grid)
        walks = (analysis.bilocation_walks, analysis.bivalue_walks)
        for first, second in itertools.product(walks, repeat=2):
            others = second.forced
            expected = []
            for premise, forced in sorted(first.forced.items()):
                found = _find_conflict(grid.geometry, forced, others[premise]) if premise in others else None
                if found is not None:
                    expected.append((premise, found))
            assert analysis.conflicts(first, second) == tuple(expected)
            assert analysis.conflicts(first, second) == tuple(expected)  # and again, remembered


def _one_premise(forced: int) -> Walks:
    """Walks in which the one premise, r1c2 is not 1, forces exactly the candidate ``forced``."""
    node = forced.bit_length() - 1
    return Walks(36, WalkStates([node], [[]], {(1, 1): [0]}), list)


def test_conflicts_are_remembered_per_geometry() -> None:
    # Digit 1 in cells 12 and 1 of a 6x6 grid: r3c1 and r1c2 share a box when boxes are 3 rows by
    # 2 columns, and nothing when they are 2 rows by 3 columns.
    first, second = _one_premise(1 << 12), _one_premise(1 << 1)
    tall, wide = ChainAnalysis(Grid.empty(geometry(3, 2))), ChainAnalysis(Grid.empty(geometry(2, 3)))
    for _ in range(2):
        assert [premise for premise, _ in tall.conflicts(first, second)] == [(1, 1)]
        assert wide.conflicts(first, second) == ()


def _cycles_on_nr_g(grid: Grid) -> Iterator[Step]:
    """The nonrepetitive-cycle steps as found on nr(G) alone: its cyclic edges, then each pair of labels."""
    nrg = analysis_of(grid).bilocation_walks.graph
    cyclic: dict[int, set[int]] = {}
    for u, w, label, _ in nrg.cyclic_edges():
        cyclic.setdefault(u, set()).add(label)
        cyclic.setdefault(w, set()).add(label)
    for cell in sorted(cyclic):
        for first, last in itertools.combinations(sorted(cyclic[cell]), 2):
            if grid.candidates[cell] & ~(1 << (first - 1) | 1 << (last - 1)) and nrg.on_cycle(
                cell, first, last
            ):
                hops = nrg.shortest_cycle(cell, first, last)
                assert hops is not None
                yield _cycle_step(
                    grid, Chain(tuple(h.start for h in hops), tuple(h.start_label for h in hops), True)
                )


def _bivalue_cycles_on_nr_g(grid: Grid) -> Iterator[Step]:
    """The bivalue-cycle steps as found on nr(G) alone."""
    nrg = analysis_of(grid).bivalue_walks.graph
    cyclic: dict[UnitDigit, set[int]] = {}
    for u, w, _, _ in nrg.cyclic_edges():
        node, cell = (u, w) if isinstance(u, UnitDigit) else (w, u)
        cyclic.setdefault(node, set()).add(cell)
    for node in sorted(cyclic):
        for a, b in itertools.combinations(sorted(cyclic[node]), 2):
            if _seeing_both(grid, a, b, node.digit) and nrg.on_cycle(node, a, b):
                hops = nrg.shortest_cycle(node, a, b)
                assert hops is not None
                yield _bivalue_cycle_step(grid, bivalue_chain(hops, closed=True))


def test_cycle_rules_give_the_steps_nr_g_gives_in_its_order() -> None:
    """Only cells and digits on closed walks are tried, and the steps come in nr(G)'s order."""
    found = 0
    for analysis in _analyses()[::3]:
        grid = analysis.grid
        expected = list(_cycles_on_nr_g(grid))
        assert list(find_bilocation_cycles(grid)) == expected
        expected_bivalue = list(_bivalue_cycles_on_nr_g(grid))
        assert list(find_bivalue_cycles(grid)) == expected_bivalue
        found += bool(expected) + bool(expected_bivalue)
    assert found > 50


def test_path_ends_are_the_other_cells_each_premise_forces_to_its_digit() -> None:
    ends_seen = 0
    for analysis in _analyses():
        size = analysis.geo.size
        forced = dict(analysis.bilocation_forced)
        for premise, bits in analysis.bivalue_forced.items():
            forced[premise] = forced.get(premise, 0) | bits
        expected = []
        for (cell, digit), bits in sorted(forced.items()):
            ends = (bits >> (digit - 1) * size) & ((1 << size) - 1) & ~(1 << cell)
            if ends:
                expected.append((cell, digit, ends))
        found = _path_ends(size, analysis.bilocation_walks, analysis.bivalue_walks)
        assert [(p.cell, p.digit, ends) for p, ends in found] == expected
        ends_seen += len(expected)
    assert ends_seen > 100
