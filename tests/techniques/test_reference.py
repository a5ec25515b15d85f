"""The techniques reference covers every rule, and each example is a real, sound case of its rule."""

from __future__ import annotations

import pytest

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, Level, next_step, rule_by_id, rules_assuming_unique
from sudoku_workbench.logic.reference.techniques import (
    Technique,
    TechniqueError,
    picture,
    technique,
    techniques,
)
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.search.solve import count

RULE_IDS = [rule.id for rule in TABLE]


@pytest.fixture(scope="module")
def reference() -> dict[str, Technique]:
    return {entry.rule_id: entry for entry in techniques()}


def test_every_rule_has_text_source_and_example(reference: dict[str, Technique]) -> None:
    assert list(reference) == RULE_IDS
    for entry in reference.values():
        assert len(entry.text.split()) >= 20, entry.rule_id
        assert entry.source, entry.rule_id
        assert entry.example is not None, f"{entry.rule_id} has no example position"
        assert picture(entry.rule_id) is not None, f"{entry.rule_id} has no rendered picture"


def test_an_unknown_or_undocumented_rule_is_an_error() -> None:
    with pytest.raises(KeyError):
        technique("no_such_rule")


def test_a_rule_without_text_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_workbench.logic.reference import techniques as module

    monkeypatch.setattr(module, "_split_text", lambda _text: ("", ""))
    real_folder = module._folder()
    monkeypatch.setattr(module, "_folder", lambda: real_folder.joinpath("no-such-folder"))
    with pytest.raises(TechniqueError, match="no text for rule 'full_house'"):
        technique("full_house")


def _consistent(position: Grid, solution: Grid) -> bool:
    """The solution keeps every given and entry of the position and each open cell's true digit."""
    for cell, value in enumerate(position.values):
        true = solution.values[cell]
        if value and value != true:
            return False
        if not value and not position.candidates[cell] >> (true - 1) & 1:
            return False
    return True


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_the_rule_fires_soundly_on_its_example(reference: dict[str, Technique], rule_id: str) -> None:
    entry = reference[rule_id]
    assert entry.example is not None
    assert entry.solution is not None
    example, solution = entry.example, entry.solution
    assert solution.is_solved()
    assert solution.givens == example.givens
    assert count(example.puzzle(), limit=2) == 1, "the example puzzle must have one solution"
    assert _consistent(example, solution), "the stored position already contradicts the solution"
    step = next(rule_by_id(rule_id).find(example), None)
    assert step is not None, f"{rule_id} finds nothing on its own example"
    assert step.rule == rule_id
    truth = solution.values
    assert all(truth[cell] == digit for cell, digit in step.placements), "a wrong placement"
    assert all(truth[cell] != digit for cell, digit in step.eliminations), "a true digit removed"
    assert _consistent(example.apply(step), solution)
    if entry.engine_first:
        engine = next_step(example, rules_assuming_unique() if rule_by_id(rule_id).one_solution else RULES)
        assert engine is not None
        assert engine.rule == rule_id


def test_examples_prefer_small_grids(reference: dict[str, Technique]) -> None:
    sizes = {entry.rule_id: entry.example.geometry.n for entry in reference.values() if entry.example}
    assert all(sizes[r.id] <= 6 for r in RULES if r.level == Level.EASY)
    assert min(sizes.values()) == 4


def test_an_example_names_its_variant_and_an_unknown_one_is_an_error(reference: dict[str, Technique]) -> None:
    from sudoku_workbench.core.errors import FormatError
    from sudoku_workbench.logic.reference import techniques as module

    example = reference["generalized_naked_pair"].example
    assert example is not None
    assert example.geometry.extras == ("antiknight",)
    record = dict(module._examples()["generalized_naked_pair"], extras=["antibishop"])
    with pytest.raises(FormatError, match="extras"):
        module._grid(record, "values")
