"""Forcing contradiction's quick search agrees with its definition, scanned plainly, on random positions."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Contradiction, digit_char
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.chains.forcing_rules import _empty_unit, _premises, _two_digits
from sudoku_workbench.logic.shared.chain_analysis import ChainAnalysis, peer_masks, unit_masks

PUZZLES = (Path(__file__).parents[1] / "data" / "top1465.txt").read_text().split()[:20]


def _definition(analysis: ChainAnalysis, cell: int, digit: int, forced: int) -> tuple[bool, int, int] | None:
    """The premise's first contradiction as (two digits?, digit, unit): a cell forced to two digits,
    else a unit left with no place for a digit (digits in order, then units in order); or None.
    """
    geo = analysis.geo

    def cells(d: int) -> int:
        return (forced >> ((d - 1) * geo.size)) & ((1 << geo.size) - 1)

    seen = 0
    for d in range(1, geo.n + 1):
        if seen & cells(d):
            return True, d, geo.units_of[next(set_bits(seen & cells(d)))][0]
        seen |= cells(d)
    for d in range(1, geo.n + 1):
        covered = seen & ~cells(d)
        for c in set_bits(cells(d)):
            covered |= peer_masks(geo)[c]
        if d == digit:
            covered |= 1 << cell
        holders = sum(1 << c for c, mask in enumerate(analysis.grid.candidates) if mask >> (d - 1) & 1)
        kept = (holders & ~covered) | cells(d)
        for unit, mask in enumerate(unit_masks(geo)):
            if holders & mask and not kept & mask:
                return False, d, unit
    return None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(PUZZLES) - 1), st.integers(0, 300), st.randoms(use_true_random=False))
def test_the_search_finds_the_first_contradiction_of_each_premise(
    index: int, count: int, rng: random.Random
) -> None:
    """Up to 300 random candidates taken from a puzzle's start (each cell keeps one), so that many
    premises force a contradiction (about one in six): the same ones, in the same units.
    """
    grid = parse_line(PUZZLES[index])
    kept = list(grid.candidates)
    for _ in range(count):
        cell, digit = divmod(rng.randrange(729), 9)
        if kept[cell] & ~(1 << digit):
            kept[cell] &= ~(1 << digit)
    grid = Grid(grid.geometry, grid.givens, grid.entries, tuple(kept))
    analysis = ChainAnalysis(grid)
    try:
        premises = _premises(analysis)
    except Contradiction:
        return  # a pair of cells with three labels: no analysis to compare
    for premise in premises:
        found = _two_digits(analysis, premise) or _empty_unit(analysis, premise)
        expected = _definition(analysis, premise.cell, premise.digit, premise.forced)
        if expected is None:
            assert found is None
            continue
        assert found is not None
        two, digit, unit = expected
        reasons, ending, found_unit = found
        assert found_unit == unit
        if two:
            assert reasons[1][1] == digit
            assert "would be both" in ending
        else:
            assert f"no place for {digit_char(digit)}" in ending
