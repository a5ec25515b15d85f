"""Rules that remember their per-digit answers give, on every position, what a cold search gives."""

from __future__ import annotations

import pytest

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.chains import bivalue_chains
from sudoku_workbench.logic.digit_patterns import single_digit
from sudoku_workbench.logic.engine import RULES, Level, rule_by_id, steps_with_grids
from sudoku_workbench.logic.shared._memos import forget_memos
from tests.conftest import corpus

#: The rules whose searches go through ``per_digit`` or a cache keyed by a unit's candidates.
REMEMBERING = (
    "empty_rectangle",
    "skyscraper",
    "two_string_kite",
    "turbot_fish",
    "x_chain",
    "simple_colouring",
    "multi_colouring",
    "naked_pair",
    "naked_tuple",
    "wxyz_wing",
    "xy_chain",
    "forcing_contradiction",
    "nice_loop",
)


def _positions() -> list[Grid]:
    """Positions along hard solves, where the rules are asked again and again."""
    rules = tuple(rule for rule in RULES if rule.level < Level.FORCING)
    found = []
    for puzzle in corpus("top1465.txt", 4, 97):
        found += [after for _step, after in steps_with_grids(puzzle, rules)][::3]
    return found


@pytest.mark.parametrize("rule_id", REMEMBERING)
def test_remembered_answers_are_the_searched_ones(rule_id: str) -> None:
    find = rule_by_id(rule_id).find
    forget_memos()
    warm = [list(find(grid)) for grid in _positions()]
    cold = []
    for grid in _positions():
        forget_memos()
        single_digit._chains.cache_clear()  # the four chain rules also share one search per grid
        bivalue_chains._xy_chains.cache_clear()  # and so do the XY-chains
        cold.append(list(find(grid)))
    assert warm == cold
    assert any(warm), f"{rule_id} found nothing on the sample: the check would be empty"


def test_forgetting_empties_every_content_cache() -> None:
    """A benchmark pass must start cold: the caches keyed by a unit's or a digit's content go too."""
    from sudoku_workbench.logic.als import _als_links, als_sets
    from sudoku_workbench.logic.digit_patterns import templates
    from sudoku_workbench.logic.engine import forget_caches, solve_by_logic
    from sudoku_workbench.logic.fish import basic_fish, finned_fish
    from sudoku_workbench.logic.shared import _memos
    from sudoku_workbench.logic.singles import exclusion

    caches = (
        als_sets.first_met,
        _als_links.geometry_seers,
        templates._explored,
        exclusion._unit_chains,
        finned_fish._fish_sizes,
        basic_fish._digit_fish,
    )
    for puzzle in corpus("top1465.txt", 3, 89):  # not the puzzles above: their grids' own caches would answer
        solve_by_logic(puzzle, tuple(rule for rule in RULES if rule.level < Level.FORCING))
    assert all(cache.cache_info().currsize for cache in caches)
    assert any(_memos._MEMOS), "no memo kept anything: the check below would be empty"
    forget_caches()
    assert not any(cache.cache_info().currsize for cache in caches)
    assert not any(_memos._MEMOS)


def test_a_content_memo_keeps_none_answers_until_forgotten() -> None:
    """None is an answer ("no conflict"): asked again, it is looked up, not searched again."""
    from sudoku_workbench.logic.shared._memos import by_content

    asked: list[tuple[int, int]] = []

    def conflict(first: int, second: int) -> None:
        asked.append((first, second))

    remembered = by_content(conflict)
    assert remembered(3, 5) is None
    assert remembered(3, 5) is None
    assert asked == [(3, 5)]
    forget_memos()
    remembered(3, 5)
    assert asked == [(3, 5), (3, 5)], "forget_memos() left the answer in place"
