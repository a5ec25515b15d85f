"""Forcing contradiction's quick search agrees with its definition, scanned plainly, on random positions.

The search reads every unit of every digit at once (:mod:`~sudoku_workbench.logic.chains._unit_fields`)
and keeps each premise's cover by content; the definition below walks digits, cells and units one by
one on 4x4, 6x6, 9x9 and 16x16 positions.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Contradiction, digit_char
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.chains.forcing_rules import _premises, find_forcing_contradictions
from sudoku_workbench.logic.shared._cell_masks import unit_masks
from sudoku_workbench.logic.shared.chain_analysis import ChainAnalysis, analysis_of

DATA = Path(__file__).parents[1] / "data"
PUZZLES = {
    name: (DATA / name).read_text().split()[:20]
    for name in ("top1465.txt", "four_generated.txt", "sixbysix_generated.txt", "sixteen_generated.txt")
}


def _definition(
    analysis: ChainAnalysis, cell: int, digit: int, forced: int
) -> tuple[bool, int, int, tuple[int, int] | None] | None:
    """The premise's first contradiction: a cell forced to two digits, else a unit left with no place
    for a digit (digits in order, then units in order); or None.

    Given as (two digits?, digit, unit, the clashing cell and its first digit or None).
    """
    geo = analysis.geo

    def cells(d: int) -> int:
        return (forced >> ((d - 1) * geo.size)) & ((1 << geo.size) - 1)

    seen = 0
    for d in range(1, geo.n + 1):
        if seen & cells(d):
            clash = next(set_bits(seen & cells(d)))
            first = next(e for e in range(1, d) if cells(e) >> clash & 1)
            return True, d, geo.units_of[clash][0], (clash, first)
        seen |= cells(d)
    for d in range(1, geo.n + 1):
        covered = seen & ~cells(d)
        for c in set_bits(cells(d)):
            covered |= geo.peer_bits[c]
        if d == digit:
            covered |= 1 << cell
        holders = sum(1 << c for c, mask in enumerate(analysis.grid.candidates) if mask >> (d - 1) & 1)
        kept = (holders & ~covered) | cells(d)
        for unit, mask in enumerate(unit_masks(geo)):
            if holders & mask and not kept & mask:
                return False, d, unit, None
    return None


@pytest.mark.parametrize("corpus", sorted(PUZZLES))
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 19), st.floats(0.0, 0.5), st.randoms(use_true_random=False))
def test_the_search_finds_the_first_contradiction_of_each_premise(
    corpus: str, index: int, share: float, rng: random.Random
) -> None:
    """Random candidates taken from a puzzle's start (each cell keeps one), up to ``share`` of them,
    so that many premises force a contradiction (about one in six on 9x9): the same ones, in the same
    units, with the same cells.
    """
    grid = parse_line(PUZZLES[corpus][index % len(PUZZLES[corpus])])
    geo = grid.geometry
    kept = list(grid.candidates)
    for _ in range(int(share * geo.size * geo.n)):
        cell, digit = divmod(rng.randrange(geo.size * geo.n), geo.n)
        if kept[cell] & ~(1 << digit):
            kept[cell] &= ~(1 << digit)
    grid = Grid(geo, grid.givens, grid.entries, tuple(kept))
    analysis = analysis_of(grid)
    try:
        premises = _premises(analysis)
    except Contradiction:
        return  # a pair of cells with three labels: no analysis to compare
    steps = {step.placements[0]: step for step in find_forcing_contradictions(grid)}
    for premise in premises:
        found = steps.pop((premise.cell, premise.digit), None)
        expected = _definition(analysis, premise.cell, premise.digit, premise.forced)
        if expected is None:
            assert found is None
            continue
        assert found is not None
        two, digit, unit, clash = expected
        assert found.highlights.units == (unit,)
        if two:
            assert clash is not None
            first = geo.cell_name(clash[0])
            assert (
                f"Then {first} would be both {digit_char(clash[1])} and {digit_char(digit)}"
                in found.explanation
            )
        else:
            assert (
                f"Then {geo.unit_name(unit)} would have no place for {digit_char(digit)}" in found.explanation
            )
    assert not steps  # one step per premise at most
