"""Choosing rules: presets, enable, disable, the highest level, refusals, and what a stuck run lacks."""

from __future__ import annotations

from typing import Any

import pytest

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import RULES, rule_by_id, rules_assuming_unique, solve_by_logic
from sudoku_workbench.logic.reference.techniques import technique
from sudoku_workbench.logic.rule_choice import (
    PRESETS,
    RuleChoiceError,
    choose_rules,
    missing_rule,
    stuck_message,
)
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Family, Level, Rule, Source
from tests.conftest import corpus_lines

#: The default cascade as it was before the rule table, written out: the default preset must keep it.
OLD_ORDER = [
    "full_house",
    "naked_single",
    "hidden_single",
    "pointing",
    "claiming",
    "locked_pair",
    "locked_triple",
    "hidden_pair",
    "naked_pair",
    "naked_tuple",
    "x_wing",
    "swordfish",
    "jellyfish",
    "skyscraper",
    "two_string_kite",
    "turbot_fish",
    "empty_rectangle",
    "x_chain",
    "simple_colouring",
    "multi_colouring",
    "finned_x_wing",
    "finned_swordfish",
    "finned_jellyfish",
    "xy_wing",
    "xyz_wing",
    "w_wing",
    "remote_pair",
    "wxyz_wing",
    "xy_chain",
    "nice_loop",
    "als_xz",
    "als_xy_wing",
    "death_blossom",
    "sue_de_coq",
    "pile_exclusion",
    "chain_exclusion",
    "digit_matching",
    "unit_matching",
    "digit_template",
    "nonrepetitive_cycle",
    "repetitive_cycle",
    "conflicting_paths",
    "bivalue_cycle",
    "bivalue_repetitive_cycle",
    "bivalue_conflicting_paths",
    "mixed_conflicting_paths",
    "nonrepetitive_path",
    "forcing_contradiction",
    "contradiction_forcing_chain",
    "cell_forcing_chain",
    "unit_forcing_chain",
    "dynamic_forcing_chain",
    "forcing_net",
]
#: The rules the paper's experiment used before the table knew them (``experiment eppstein``).
OLD_PAPER = [
    "full_house",
    "naked_single",
    "hidden_single",
    "pointing",
    "claiming",
    "locked_triple",
    "hidden_pair",
    "naked_pair",
    "naked_tuple",
    "x_wing",
    "swordfish",
    "jellyfish",
    "xy_wing",
    "pile_exclusion",
    "chain_exclusion",
    "digit_matching",
    "unit_matching",
    "nonrepetitive_cycle",
    "repetitive_cycle",
    "conflicting_paths",
    "bivalue_cycle",
    "bivalue_repetitive_cycle",
    "bivalue_conflicting_paths",
    "mixed_conflicting_paths",
]


def _ids(rules: tuple[Rule, ...]) -> list[str]:
    return [rule.id for rule in rules]


#: Rules that join two steps of a rule of the old cascade into one, each just before that rule.
JOINING = {
    "dual_two_string_kite": "two_string_kite",
    "dual_empty_rectangle": "empty_rectangle",
    "siamese_fish": "finned_x_wing",
}
#: Rules added to the default set since, each just after the rule it follows.
ADDED = {
    "als_xy_chain": "als_xy_wing",
    # The generalized intersection and naked pair (left out on a classic grid).
    "generalized_intersection": "claiming",
    "generalized_naked_pair": "naked_pair",
    # The killer rules (they find nothing on a grid without cages).
    "cage_combinations": "claiming",
    "cage_house": "claiming",
    "rule_45": "claiming",
    # The thermometer, arrow, dot and XV rules (they find nothing on a grid without those).
    "mark_pairs": "claiming",
    "thermo_bounds": "claiming",
    "arrow_bounds": "claiming",
    "cage_forcing": "forcing_contradiction",
    "constraint_forcing": "forcing_contradiction",
}


def test_the_default_preset_is_the_old_cascade_and_takes_the_same_steps() -> None:
    # Franken and Mutant fish joined after the forcing rules; the dual patterns and siamese fish stand
    # just before the rule whose steps they join, ALS-XY-Chain after ALS-XY-Wing. Without those the
    # steps are the old cascade's.
    joined = [
        new
        for rule_id in OLD_ORDER
        for new in (
            *(k for k, v in JOINING.items() if v == rule_id),
            rule_id,
            *(k for k, v in ADDED.items() if v == rule_id),
        )
    ]
    assert _ids(choose_rules()) == [*joined, "franken_fish", "mutant_fish"]
    old = tuple(rule_by_id(rule_id) for rule_id in OLD_ORDER)
    for line in corpus_lines("top1465.txt", 150)[::50]:
        grid = parse_line(line)
        new_steps = solve_by_logic(grid, choose_rules(disable=[*JOINING, *ADDED])).steps
        assert new_steps == solve_by_logic(grid, old).steps
        assert new_steps


def test_every_preset_resolves_to_rows_of_the_table() -> None:
    for name in PRESETS:
        chosen = choose_rules(name, assume_unique=True)
        assert chosen, name
        assert set(chosen) <= set(TABLE)
        assert len(set(chosen)) == len(chosen)


def test_the_presets_say_what_they_promise() -> None:
    assert _ids(choose_rules("singles")) == ["full_house", "naked_single", "hidden_single"]
    assert _ids(choose_rules("eppstein")) == OLD_PAPER
    pads = choose_rules("pads")
    assert set(OLD_PAPER) < set(_ids(pads))
    assert {"digit_template", "nonrepetitive_path", "forcing_contradiction"} <= set(_ids(pads))
    assert all(rule.source in (Source.PAPER, Source.PADS) for rule in pads)
    no_chains = choose_rules("no-chains")
    assert not {Family.CHAINS, Family.GRAPH, Family.FORCING} & {rule.family for rule in no_chains}
    assert "als_xz" in _ids(no_chains)
    assert all(rule.se.own for rule in choose_rules("se"))
    assert "death_blossom" not in _ids(choose_rules("se"))


def test_the_hodoku_preset_follows_hodokus_default_order_and_switches() -> None:
    chosen = choose_rules("hodoku", assume_unique=True)
    ids = _ids(chosen)
    assert ids[:7] == [
        "full_house",
        "naked_single",
        "hidden_single",
        "locked_pair",
        "locked_triple",
        "pointing",
        "claiming",
    ]
    assert ids.index("bug_plus_one") < ids.index("skyscraper") < ids.index("w_wing") < ids.index("xy_wing")
    orders = [rule.hodoku.step.order for rule in chosen]
    assert orders == sorted(orders)
    assert "death_blossom" not in ids  # off by default in HoDoKu
    assert "digit_template" not in ids  # HoDoKu's template steps are off by default
    assert "wxyz_wing" not in ids  # HoDoKu has no such technique


def test_enable_disable_and_max_level() -> None:
    chosen = _ids(choose_rules("singles", enable=["skyscraper", "pointing"]))
    assert chosen == ["full_house", "naked_single", "hidden_single", "pointing", "skyscraper"]
    assert "nice_loop" not in _ids(choose_rules(disable=["nice_loop"]))
    assert max(rule.level for rule in choose_rules(max_level="hard")) == Level.HARD
    assert _ids(choose_rules(max_level="easy")) == ["full_house", "naked_single", "hidden_single"]
    # A rule enabled into a preset of another order goes after the last rule before it in the table.
    hodoku = _ids(choose_rules("hodoku", enable=["digit_template"]))
    assert hodoku.index("digit_template") == hodoku.index("contradiction_forcing_chain") - 1


def test_rules_that_need_one_solution_run_only_when_it_is_assumed() -> None:
    assert choose_rules() == RULES
    assert choose_rules(assume_unique=True) == rules_assuming_unique()
    with pytest.raises(RuleChoiceError, match=r"bug_plus_one holds only .* --assume-unique"):
        choose_rules(enable=["bug_plus_one"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"preset": "newspaper"}, "unknown rule preset 'newspaper'; the presets are default, hodoku"),
        ({"enable": ["skyscrapper"]}, "--enable: unknown rule id 'skyscrapper'; the rule ids are full_house"),
        ({"disable": ["x"]}, "--disable: unknown rule id 'x'"),
        (
            {"max_level": "expert"},
            "unknown level 'expert'; the levels are easy, medium, hard, very_hard, forcing",
        ),
        ({"enable": ["x_wing"], "disable": ["x_wing"]}, "x_wing is both enabled and disabled"),
    ],
)
def test_unknown_names_are_refused_naming_the_bad_word_and_the_good_ones(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(RuleChoiceError) as refused:
        choose_rules(**kwargs)
    assert message in str(refused.value)


def test_a_stuck_run_names_the_rule_it_lacks() -> None:
    example = technique("skyscraper").example
    assert example is not None
    before = tuple(RULES[: _ids(RULES).index("skyscraper")])
    run = solve_by_logic(example, before)
    assert run.status == "stuck"
    needed = missing_rule(run.grid, before)
    assert needed is not None
    assert stuck_message(needed, "--enable skyscraper") == (
        "the next step needs Skyscraper, which is off (--enable skyscraper)"
    )
    assert missing_rule(run.grid, RULES) is None  # nothing is off that the next step needs
