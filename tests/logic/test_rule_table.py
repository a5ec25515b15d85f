"""The rule table: every row has every field, typed, a page and an example; the readers agree with it."""

from __future__ import annotations

import dataclasses
from importlib import resources

import pytest

from sudoku_workbench.logic.engine import GRAPH_RULE_IDS, RULES, rules_assuming_unique
from sudoku_workbench.logic.hand_patterns import HAND_SOLVER_RULES
from sudoku_workbench.logic.rating import se_scale
from sudoku_workbench.logic.reference.techniques import _examples
from sudoku_workbench.logic.rule_table import BILOCATION, BIVALUE, TABLE
from sudoku_workbench.logic.rule_types import Family, Growth, Level, Rule, Se, Shape, Source
from sudoku_workbench.logic.shared.hodoku_steps import HODOKU_STEPS, Hodoku, HodokuLevel

UNIQUENESS = {
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_3",
    "unique_rectangle_4",
    "unique_rectangle_5",
    "unique_rectangle_6",
    "hidden_rectangle",
    "avoidable_rectangle_2",
    "avoidable_rectangle",
    "bug_plus_one",
}

FIELD_TYPES = {
    "id": str,
    "name": str,
    "family": Family,
    "level": Level,
    "se": Se,
    "hodoku": Hodoku,
    "source": Source,
    "one_solution": bool,
    "on": bool,
    "shape": Shape,
}


@pytest.mark.parametrize("rule", TABLE, ids=lambda rule: rule.id)
def test_every_row_has_every_field_typed(rule: Rule) -> None:
    assert {f.name for f in dataclasses.fields(Rule)} == {*FIELD_TYPES, "find", "graph"}
    for name, kind in FIELD_TYPES.items():
        assert isinstance(getattr(rule, name), kind), f"{rule.id}.{name}"
    assert rule.id
    assert rule.name
    assert rule.level < Level.NEEDS_SEARCH
    assert callable(rule.find)
    assert isinstance(rule.se.base, float)
    assert 1.0 <= rule.se.base <= 11.0
    assert isinstance(rule.se.growth, Growth)
    assert isinstance(rule.se.own, bool)
    assert rule.hodoku.step is HODOKU_STEPS[rule.hodoku.technique]
    assert isinstance(rule.hodoku.level, HodokuLevel)
    assert rule.hodoku.score > 0
    assert rule.graph in (None, BILOCATION, BIVALUE)


def test_ids_are_unique_and_levels_rise_in_the_default_order() -> None:
    assert len({rule.id for rule in TABLE}) == len(TABLE)
    levels = [rule.level for rule in TABLE]
    assert levels == sorted(levels)


def test_a_stand_in_for_a_technique_hodoku_lacks_says_why() -> None:
    stand_ins = {rule.id: rule.hodoku for rule in TABLE if rule.hodoku.closest}
    assert "wxyz_wing" in stand_ins
    assert "digit_matching" in stand_ins
    assert all(len(h.closest.split()) >= 5 for h in stand_ins.values())
    assert TABLE[0].hodoku.closest == ""  # the full house is HoDoKu's own


@pytest.mark.parametrize("rule", TABLE, ids=lambda rule: rule.id)
def test_every_row_has_a_page_an_example_and_a_picture(rule: Rule) -> None:
    folder = resources.files("sudoku_workbench.resources").joinpath("techniques")
    assert folder.joinpath(f"{rule.id}.md").is_file(), f"{rule.id} has no page"
    assert rule.id in _examples(), f"{rule.id} has no example"
    assert folder.joinpath(f"{rule.id}.png").is_file(), f"{rule.id} has no picture"


def test_the_default_set_and_the_uniqueness_set_are_read_off_the_rows() -> None:
    assert [r.id for r in RULES] == [r.id for r in TABLE if r.on and not r.one_solution]
    assert [r.id for r in rules_assuming_unique()] == [r.id for r in TABLE if r.on]
    assert {r.id for r in rules_assuming_unique()} - {r.id for r in RULES} == UNIQUENESS


def test_the_readers_use_the_rows() -> None:
    assert set(GRAPH_RULE_IDS) == {r.id for r in TABLE if r.family is Family.GRAPH}
    assert "skyscraper" in HAND_SOLVER_RULES
    assert "xy_wing" not in HAND_SOLVER_RULES
    assert {r.id: r.se.base for r in TABLE} == se_scale.SE_BASE
    assert {r.id for r in TABLE if not r.se.own} == se_scale.NOT_IN_SE


def test_se_growth_is_what_the_scale_applies() -> None:
    # A fixed rule's difficulty is its base whatever its highlights; a chain's grows with its length.
    from sudoku_workbench.core.step import Chain, Highlights, Link, Step

    links = tuple(Link((i, 1), (i + 1, 1), strong=i % 2 == 0) for i in range(12))
    long = Highlights(links=links, chains=(Chain(tuple(range(13)), (1,) * 12),))
    assert se_scale.step_difficulty(Step("sue_de_coq", highlights=long)) == 5.0
    assert se_scale.step_difficulty(Step("xy_chain", highlights=long)) == 7.3
    assert se_scale.step_difficulty(Step("bivalue_cycle", highlights=long)) == 7.0  # a walk counts double


def test_the_rule_pages_tables_are_the_rows() -> None:
    """The rule page's two tables are made from the rows at every build (docs/hooks.py), not pasted."""
    from sudoku_workbench.cli._rule_options import levels_markdown, rules_markdown
    from tests.docs_site import page, rendered

    source = page("reference/rules.md")
    assert "{{ rule_table }}" in source
    assert "{{ level_table }}" in source
    assert "| `full_house` |" not in source  # no pasted copy of the table beside the generated one
    shown = rendered("reference/rules.md")
    assert rules_markdown() in shown
    assert levels_markdown() in shown
    assert all(f"| `{rule.id}` |" in shown for rule in TABLE)
    assert "| hard | " in levels_markdown()
    assert "`naked_tuple` (medium)" in levels_markdown()  # HoDoKu's naked triple is Medium, ours hard


def test_every_count_of_rules_is_said_against_the_table() -> None:
    """The window's Preferences, the generator and the docs count with one function of the rows."""
    from sudoku_workbench.logic.rule_choice import rules_count

    unique = [r.id for r in TABLE if r.one_solution]
    assert rules_count([r.id for r in RULES]) == f"{len(RULES)} of the {len(TABLE)} rules"
    waiting = f"({len(unique)} of them only when the puzzle is assumed unique)"
    assert rules_count([r.id for r in TABLE]) == f"{len(TABLE)} of the {len(TABLE)} rules {waiting}"


def test_the_docs_counts_of_rules_are_the_tables() -> None:
    """Every count of the rules the pages show is the table's; a page says one only through a placeholder."""
    import re

    from sudoku_workbench.cli._rule_options import rules_markdown
    from tests.docs_site import page_paths, rendered

    pasted = re.compile(r"\b\d+ rules\b|\bof the \d+ (?:rules|rows)\b")
    written = {path.name: pasted.findall(path.read_text(encoding="utf-8")) for path in page_paths()}
    assert not any(written.values()), f"counts written by hand, not {{{{ rule_count }}}}: {written}"
    unique = sum(1 for r in TABLE if r.one_solution)
    compared = rendered("compared.md")
    assert (
        f"| Techniques | {len(TABLE)} rules ({unique} of them only when the puzzle is assumed unique"
        in compared
    )
    bold = rules_markdown().count("| **")
    assert bold > 0
    shown = rendered("reference/rules.md") + compared
    assert f": {bold} of the {len(TABLE)} rows." in shown
    wholes = {int(n) for n in re.findall(r"\bof the (\d+) (?:rules|rows)\b", shown)}
    assert wholes == {len(TABLE)}
