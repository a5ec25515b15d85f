"""The practice set: every shipped line is a unique puzzle whose default path uses its technique, and the
procedure that made it keeps, reproducibly, the puzzles where each technique comes earliest."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import solve_by_logic, steps_until_stuck
from sudoku_workbench.logic.reference.practice import practice_rules, read_practice_set
from sudoku_workbench.logic.rule_choice import choose_rules
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.search.generate import generate, puzzle_rng
from sudoku_workbench.search.practice_set import first_uses, make_practice_set
from tests.search.exact_cover import count_solutions

#: The checkout's own file (the installed package may be another checkout's).
SHIPPED = Path(__file__).resolve().parents[2] / "resources" / "puzzles" / "practice.tsv"


def _shipped_lines() -> list[tuple[int, str, str]]:
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    return [
        (number, *line.split("\t"))  # type: ignore[misc]
        for number, line in enumerate(lines, start=1)
        if line and not line.startswith("#")
    ]


@pytest.mark.parametrize(("number", "rule_id", "puzzle"), _shipped_lines(), ids=lambda value: str(value)[:20])
def test_every_shipped_puzzle_is_unique_and_its_path_uses_the_technique(
    number: int, rule_id: str, puzzle: str
) -> None:
    grid = parse_line(puzzle, "practice.tsv", number)
    assert count_solutions(grid, limit=2) == 1, f"line {number}: not exactly one solution"
    # Up to the first use only: what comes after it (forcing chains, on some) is not what is practised.
    used = any(step.rule == rule_id for step in steps_until_stuck(grid, choose_rules()))
    assert used, f"line {number}: the default rules never use {rule_id}"


def test_the_shipped_set_covers_twenty_techniques_three_times() -> None:
    found = read_practice_set(SHIPPED.read_text(encoding="utf-8"))
    assert sum(len(grids) >= 3 for grids in found.values()) >= 20
    # Techniques appear in the rule table's order, each once, so the chooser lists them as the table does.
    order = [rule.id for rule in TABLE if rule.id in found]
    assert list(found) == order


def test_the_procedure_keeps_the_earliest_first_uses_and_is_reproducible() -> None:
    geo = geometry_for_size(9)
    made = make_practice_set(geo, seed=5, count=12, per_rule=2)
    again = make_practice_set(geo, seed=5, count=12, per_rule=2)
    order = [rule.id for rule in TABLE]
    assert made.lines(order) == again.lines(order)
    # Recompute each puzzle's first uses independently and check the choice per technique.
    rules = practice_rules()
    drawn = [generate(geo, puzzle_rng(5, i), "rot180", rules=rules).grid for i in range(12)]
    best: dict[str, list[tuple[int, int]]] = {}
    for index, grid in enumerate(drawn):
        firsts: dict[str, int] = {}
        for number, step in enumerate(solve_by_logic(grid, rules).steps):
            firsts.setdefault(step.rule, number)
        assert first_uses(grid) == firsts
        for rule_id, number in firsts.items():
            best.setdefault(rule_id, []).append((number, index))
    for rule_id, kept in made.found.items():
        assert [(before, index) for before, index, _line in kept] == sorted(best[rule_id])[:2]
        assert all(line == drawn[index].to_line() for _before, index, line in kept)
    # What the procedure writes, the practice reader reads back.
    assert {rule: len(grids) for rule, grids in read_practice_set("\n".join(made.lines(order))).items()} == {
        rule: len(kept) for rule, kept in made.found.items()
    }
