"""The engine leaves out a rule only where the rules it names (rule_table.COVERED_BY) come first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.logic.engine import RULES, Rule, asked_rules, next_step, rule_by_id
from sudoku_workbench.logic.rule_types import Shape

G9 = geometry(3, 3)
#: A filled 9x9 grid: row r is the digits shifted by 3r + r // 3.
SOLUTION = tuple((3 * (cell // 9) + cell // 27 + cell % 9) % 9 + 1 for cell in range(81))
COVERED = tuple(rule_by_id(rule_id) for rule_id in ("naked_single", "chain_exclusion", "unit_matching"))


def _ids(rules: tuple[Rule, ...]) -> list[str]:
    return [rule.id for rule in rules]


def _first_step(grid: Grid, rules: tuple[Rule, ...]) -> Step | None:
    """The cascade's first step, every rule asked in order (nothing left out)."""
    return next((step for rule in rules for step in rule.find(grid)), None)


def test_the_default_cascade_leaves_unit_matching_out() -> None:
    assert "unit_matching" in _ids(RULES)
    assert "unit_matching" not in _ids(asked_rules(RULES, G9))
    variant_only = sum(rule.shape is Shape.SIGHT for rule in RULES)  # left out on a classic grid
    assert len(asked_rules(RULES, G9)) == len(RULES) - 1 - variant_only


def test_unit_matching_stays_without_chain_exclusion_before_it() -> None:
    single, chain, unit = COVERED
    assert _ids(asked_rules((single, unit), G9)) == ["naked_single", "unit_matching"]
    assert _ids(asked_rules((single, unit, chain), G9)) == [
        "naked_single",
        "unit_matching",
        "chain_exclusion",
    ]
    assert _ids(asked_rules((chain, unit), G9)) == ["chain_exclusion", "unit_matching"]
    assert _ids(asked_rules((chain, single, unit), G9)) == ["chain_exclusion", "naked_single"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.booleans(), min_size=9, max_size=9),
    st.lists(st.integers(0, 511), min_size=9, max_size=9),
)
def test_leaving_unit_matching_out_keeps_the_first_step(open_cells: list[bool], extra: list[int]) -> None:
    """Random first rows of a filled grid: each open cell keeps its solution digit and random others of
    the row's missing digits, so the row has a perfect matching and often a candidate on none (about
    two in five draws; one in six has no naked single, and Chain Exclusion must find the step).
    """
    is_open = open_cells + [False] * 72
    missing = sum(1 << (digit - 1) for flag, digit in zip(is_open, SOLUTION, strict=True) if flag)
    givens = tuple(0 if flag else digit for flag, digit in zip(is_open, SOLUTION, strict=True))
    candidates = tuple(
        (extra[cell] | 1 << (SOLUTION[cell] - 1)) & missing if flag else 0
        for cell, flag in enumerate(is_open)
    )
    grid = Grid(G9, givens, (0,) * 81, candidates)
    for rules in (COVERED, COVERED[1:]):  # without the naked single, a two-cell row needs unit matching
        assert next_step(grid, rules) == _first_step(grid, rules)
