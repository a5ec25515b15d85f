"""SE's path takes its singles from a tally: the same steps as the single rules' own scans give."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from pathlib import Path

import pytest

from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import RULES, Rule, singles_served
from sudoku_workbench.logic.rating.se_path import se_path
from sudoku_workbench.logic.rating.se_scale import rate_se, step_difficulty, step_floor

DATA = Path(__file__).resolve().parents[1] / "data"


def _wrapped(rule: Rule) -> Rule:
    def find(grid: Grid) -> Iterator[Step]:
        return rule.find(grid)

    return replace(rule, find=find)


def _scanned(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The same rules with each finder wrapped, so no driver recognises a single and asks a tally."""
    return tuple(_wrapped(rule) for rule in rules)


def _puzzles(name: str, count: int) -> list[Grid]:
    lines = (DATA / name).read_text().splitlines()
    return [parse_line(line) for line in islice((ln for ln in lines if ln.strip()), count)]


def _path(grid: Grid, rules: tuple[Rule, ...]) -> list[tuple[Step, Grid]]:
    return list(se_path(grid, rules, step_difficulty, step_floor))


def test_wrapped_finders_are_not_served_by_the_tally() -> None:
    assert [rule.id for rule in singles_served(RULES)] == ["full_house", "naked_single", "hidden_single"]
    assert singles_served(_scanned(RULES)) == ()


@pytest.mark.parametrize(("name", "count"), [("royle17.txt", 12), ("top1465.txt", 1)])
def test_the_tally_gives_the_steps_and_grids_the_scans_give(name: str, count: int) -> None:
    for grid in _puzzles(name, count):
        served = _path(grid, RULES)
        scanned = _path(grid, _scanned(RULES))
        assert [(s.rule, s.placements, s.eliminations, s.highlights) for s, _ in served] == [
            (s.rule, s.placements, s.eliminations, s.highlights) for s, _ in scanned
        ]
        assert [after for _, after in served] == [after for _, after in scanned]
        assert served[-1][1].is_complete()


def test_an_impossible_puzzle_is_refused_before_any_step() -> None:
    twice = "11" + "." * 79  # the digit 1 twice in row 1
    rating = rate_se(parse_line(twice))
    assert (rating.status, rating.step_count) == ("contradiction", 0)
    with pytest.raises(Contradiction, match="impossible"):
        _path(parse_line(twice), RULES)
